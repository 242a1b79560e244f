"""Items whose line prints no description, its text on the line under it: SAP's
"Material/Beschreibung" holds the material number on the numbers' line and the
description printed under it as one line of text running on across the quantity's and the
price's columns, spaced out to a word far right ("… :ERNI 354094            RoHS")."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor

_HEADER = [(310, 60, "Belegnummer"), (480, 60, "4500000001"), (310, 72, "Belegdatum")]
_HEADER += [(480, 72, "18.08.2025")]
_TITLES = [(69, 130, "Pos"), (102, 130, "Material/Beschreibung"), (307, 130, "Menge")]
_TITLES += [(343, 130, "Einheit"), (382, 130, "Preis pro Einheit"), (494, 130, "Nettobetrag")]
_TEXT = "Steckerleiste gew. RM1,27 L=10mm, Rastnase 0,75mm gerade Ausführung 354094"
_SPACED = _TEXT + " " * 26 + "RoHS"  # one line of text, spaced out to a word far right


def _draw(doc: pymupdf.Document, title: tuple[float, float, str] | None, lines: list) -> None:
    """A page of `lines` (x, y, text), under a title set large where given."""
    page = doc.new_page(width=595, height=842)
    if title:
        page.insert_text(title[:2], title[2], fontname="hebo", fontsize=12)
    for x, y, text in lines:
        page.insert_text((x, y), text, fontname="helv", fontsize=9)


def _pdf(description: list[tuple[float, str]]) -> bytes:
    doc = pymupdf.open()
    lines = _HEADER + _TITLES
    lines += [(69, 150, "10"), (102, 150, "4080225401"), (300, 150, "1.120,00")]
    lines += [(353, 150, "ST"), (423, 150, "1,25"), (487, 150, "1.400,00")]
    lines += [(102, 164, text) for _, text in description[:1]]
    lines += [(x, 164, text) for x, text in description[1:]]
    lines += [(102, 178, "Ihre Materialnummer:"), (208, 178, "354094-E")]
    lines += [(234, 210, "Gesamtnettowert ohne Mwst"), (487, 210, "1.400,00")]
    _draw(doc, (305, 40, "Bestellung"), lines)
    return doc.tobytes()


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_line_of_text_across_the_columns_describes_the_item_over_it():
    [item] = _read(_pdf([(102, _SPACED)])).items
    assert (item.line_number, item.item_code, item.description) == (
        10,
        "4080225401",
        _TEXT + " RoHS",
    )
    assert (item.quantity, item.unit, item.unit_price, item.line_total) == (
        Decimal(1120),
        "ST",
        Decimal("1.25"),
        Decimal("1400.00"),
    )


def test_a_word_drawn_apart_from_the_line_is_not_taken_for_its_text():
    """The same words, the far one drawn on its own: a cell beside the description (a
    flag, a warehouse), no word of it."""
    [item] = _read(_pdf([(102, _TEXT), (502, "RoHS")])).items
    assert item.description == _TEXT


# SAP's English form: "Item  Material  Description" over "Order qty.  Unit  Price per unit
# Net value", the item's text line on one page, its amounts line on the next, under the
# titles repeated there, each value set left of its title.
_SAP_HEADER = [(295, 164, "PO number/date"), (295, 176, "4503000001 /"), (364, 176, "01/27/2021")]
_SAP_HEADER += [(28, 350, "Vendor Ordering Address"), (28, 362, "ACME PALLETS INC")]
_SAP_HEADER += [(468, 625, "Currency USD")]
_SAP_TITLES = [(28, 649, "Item"), (72, 649, "Material"), (208, 649, "Description")]
_SAP_TITLES += [
    (113, 661, "Order qty. Unit"),
    (309, 661, "Price per unit"),
    (490, 661, "Net value"),
]


def _sap_pdf(amounts: list[tuple[float, str]]) -> bytes:
    doc = pymupdf.open()
    lines = _SAP_HEADER + _SAP_TITLES
    lines += [(28, 709, "00010"), (72, 709, "1979135"), (208, 709, "HT BLUE PALLET")]
    lines += [(26, 763, "ADDITIONAL TERMS AND CONDITIONS ARE FOUND ON THE REVERSE SIDE")]
    _draw(doc, (295, 137, "Purchase order"), lines)
    lines = [(31, 194, "PO number/date 4503000001 /"), (161, 194, "01/27/2021")]
    lines += [(499, 194, "Page 2 OF 2")]
    lines += [(x, y - 414, text) for x, y, text in _SAP_TITLES]
    lines += [(x, 270, text) for x, text in amounts]
    lines += [(244, 318, "Total net value excl. tax USD"), (492, 318, "934.70")]
    _draw(doc, None, lines)
    return doc.tobytes()


def test_an_amounts_line_set_off_from_its_titles_on_the_next_page_completes_the_item():
    order = _read(_sap_pdf([(67, "130"), (86, "Unit"), (275, "7,190.00/1,000"), (445, "934.70")]))
    [item] = order.items
    assert (item.line_number, item.item_code, item.description) == (10, "1979135", "HT BLUE PALLET")
    assert (item.quantity, item.unit, item.unit_price, item.line_total) == (
        Decimal(130),
        "Unit",
        None,  # a price per 1,000: checked, left out
        Decimal("934.70"),
    )
    assert (order.po_number, order.total) == ("4503000001", Decimal("934.70"))
    assert order.supplier_name != "Ordering Address"  # a heading's words, no name


def test_an_amounts_line_with_a_word_more_than_its_titles_is_not_guessed():
    with pytest.raises(ExtractionDeclined):
        _read(
            _sap_pdf(
                [(67, "130"), (86, "Unit"), (150, "B"), (275, "7,190.00/1,000"), (445, "934.70")]
            )
        )


def test_a_value_spaced_out_on_the_line_is_no_word_of_the_description():
    """A store and its number far right on the same line of text: a value beside the
    description, not its last words; the line's numbers leave the item incomplete."""
    with pytest.raises(ExtractionDeclined, match="incomplete"):
        _read(_pdf([(102, _TEXT + " " * 22 + "Lager 01")]))
