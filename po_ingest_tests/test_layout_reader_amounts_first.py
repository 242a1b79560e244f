"""SAP's German two-line items with the amounts line first: "Pos.  Menge  Einheit  Preis"
over "Material  Bezeichnung", each item's amounts line over its text line, notes under
the text ("Ihre Materialnummer: …") or between ("*** … ***")."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor

_HEADER = [(310, 60, "Bestellnummer:"), (412, 60, "4505000001"), (310, 72, "Datum:")]
_HEADER += [(412, 72, "27.08.2025")]
_TITLES = [(45, 130, "Pos."), (74, 130, "Menge"), (145, 130, "Einheit")]
_TITLES += [(336, 130, "Preis/Einheit"), (480, 130, "Nettowert")]
_TITLES += [(207, 130, "Liefertermin"), (74, 142, "Material"), (207, 142, "Bezeichnung")]


def _item(y: float, position: str, amounts: tuple[str, str, str], text: list[tuple[float, str]]):
    """The amounts line, then the text line's runs and a note under them."""
    quantity, price, amount = amounts
    parts = [(45, y, position), (74, y, quantity), (145, y, "ST"), (207, y, "11.09.2025")]
    parts += [(336, y, price)]
    parts += [(480, y, amount)]
    parts += [(x, y + 14, words) for x, words in text]
    parts += [(74, y + 28, "Ihre Materialnummer:"), (180, y + 28, "T-4711")]
    return parts, y + 48


def _pdf(lines: list[tuple[float, float, str]]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((310, 40), "Bestellung", fontname="hebo", fontsize=12)
    for x, y, text in lines:
        page.insert_text((x, y), text, fontname="helv", fontsize=9)
    return doc.tobytes()


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def _order(second_text=((74, "1521262"), (207, "Mutter M8"))):
    first, y = _item(160, "001", ("3", "2,50", "7,50"), [(74, "1521261"), (207, "Schraube M8")])
    second, y = _item(y, "002", ("10", "1,20", "12,00"), list(second_text))
    totals = [(145, y, "Gesamtnettowert"), (480, y, "19,50")]
    return _pdf(_HEADER + _TITLES + first + second + totals)


def test_amounts_line_over_text_line():
    order = _read(_order())
    assert [(i.item_code, i.description) for i in order.items] == [
        ("1521261", "Schraube M8"),
        ("1521262", "Mutter M8"),
    ]
    assert [(i.quantity, i.unit, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal(3), "ST", Decimal("2.50"), Decimal("7.50")),
        (Decimal(10), "ST", Decimal("1.20"), Decimal("12.00")),
    ]
    assert order.total == Decimal("19.50")


def test_amounts_without_their_text_line_are_not_guessed():
    with pytest.raises(ExtractionDeclined):
        _read(_order(second_text=((150, "Mutter M8"),)))
