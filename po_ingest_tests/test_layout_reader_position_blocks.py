"""SAP items printed as position blocks: "Part number" over "Your part number  Quantity
Total price", each block "Position 0001" over its line (short text from the margin, the
code, "800 items"), its texts and dates, and last its price condition ("Price per 1 PC
4,28  3.424,00"); a letterhead's side column runs beside the table."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor

_FONT = {"fontname": "helv", "fontsize": 9}
_HEADER = [(300, 60, "Purchase order number:"), (420, 60, "4500012345")]
_HEADER += [(300, 72, "Date:"), (420, 72, "26.08.2025"), (300, 84, "Currency:"), (420, 84, "EUR")]
_SIDE = [(475, y, text) for y, text in ((205, "Managing board:"), (240, "Dr. A. Example"))]


def _right(x1: float, y: float, text: str) -> tuple[float, float, str]:
    return x1 - pymupdf.get_text_length(text, **_FONT), y, text


# Amounts and their titles right-aligned on one edge.
_TITLES = [(258, 200, "Part number"), _right(451, 200, "Conditions")]
_TITLES += [(300, 211, "Your part number"), (356, 211, "Quantity"), _right(451, 211, "Total price")]


def _block(y: float, position: str, line: tuple[str, str, str], price: tuple[str, str] | None):
    text, code, quantity = line
    parts = [(37, y, f"Position {position}"), (37, y + 12, text), (277, y + 12, code)]
    parts += [(356, y + 12, quantity), (380, y + 12, "items"), (311, y + 24, "364767-E")]
    parts += [(37, y + 36, "Material certificate UL"), (37, y + 48, "Delivery date")]
    parts += [(297, y + 48, "30.03.2026")]
    if price:
        parts += [(37, y + 60, "Price per 1 PC"), _right(351, y + 60, price[0])]
        parts += [_right(451, y + 60, price[1])]
    return parts, y + 84


def _pdf(*pages: list[tuple[float, float, str]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=595, height=842)
        page.insert_text((300, 40), "Purchase order", fontname="hebo", fontsize=12)
        for x, y, text in lines:
            page.insert_text((x, y), text, **_FONT)
    return doc.tobytes()


def _order(second_price=("1,50", "150,00"), totals_overleaf: bool = False) -> bytes:
    first, y = _block(240, "0001", ("Flange plug", "738071", "800"), ("4,28", "3.424,00"))
    second, y = _block(y, "0002", ("Socket housing", "738072", "100"), second_price)
    totals = [(31, y, "Total net value without VAT in EUR"), _right(451, y, "3.574,00")]
    if not totals_overleaf:
        return _pdf(_HEADER + _TITLES + _SIDE + first + second + totals)
    # The next page repeats the letterhead's fields and the titles over the totals.
    overleaf = _HEADER + _TITLES + [(31, 240, totals[0][2]), _right(451, 240, "3.574,00")]
    return _pdf(_HEADER + _TITLES + _SIDE + first + second, overleaf)


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


@pytest.mark.parametrize("totals_overleaf", [False, True])
def test_position_blocks_read_with_their_price_condition(totals_overleaf):
    order = _read(_order(totals_overleaf=totals_overleaf))
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "738071", "Flange plug"),
        (2, "738072", "Socket housing"),
    ]
    assert [(i.quantity, i.unit, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal(800), "items", Decimal("4.28"), Decimal("3424.00")),
        (Decimal(100), "items", Decimal("1.50"), Decimal("150.00")),
    ]
    assert order.total == Decimal("3574.00")


def test_a_block_without_its_price_condition_is_not_guessed():
    with pytest.raises(ExtractionDeclined):
        _read(_order(second_price=None))
