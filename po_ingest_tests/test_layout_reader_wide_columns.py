"""The layout reader on columns wider than their titles: a short title set at the column's
left, its numbers right-aligned at the far end, past the usual slack; and the details an
item prints under its text (its measurements). Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest_tests.test_layout_reader import _header, _page, _read, _totals


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontname="helv", fontsize=9)


def test_an_amount_set_past_its_title_is_not_the_next_columns():
    """ "Amount" set at its column's left, "8,66" right-aligned 30 pt past its end, a
    delivery date's title right after: the amount is the line's, the date the next
    column's, though the amount lies nearer the date's title."""
    amount_end = 470 + _width("Amount") + 30
    titles = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    titles += [(-440, 140, "Unit Price"), (470, 140, "Amount"), (amount_end + 4, 140, "Due date")]
    item = [(50, 160, "AB-100"), (120, 160, "Steel bolts"), (-330, 160, "1")]
    item += [(-440, 160, "8,66"), (-amount_end, 160, "8,66"), (amount_end + 4, 160, "03/04/26")]
    content, _ = _page(_header() + titles + item + _totals(200, [("Total", "8,66")]))
    [line] = _read(content).order.items
    assert (line.quantity, line.line_total) == (Decimal(1), Decimal("8.66"))


@pytest.mark.parametrize("text", ["*BORNA SECCIONABLE", "TOPE FINAL UNIVERSAL"])
def test_a_quantity_set_past_its_title_and_run_into_the_text_is_the_quantity(text):
    """A fixed-width print's "200,00 TOPE FINAL UNIVERSAL": the quantity right-aligned 28 pt
    past "Qty", the description one space after it, starting left of its own title; its
    first short word is no unit (the text does not start under a title)."""
    quantity_end = 150 + _width("Qty") + 28
    titles = [(50, 140, "Code"), (150, 140, "Qty"), (260, 140, "Description")]
    titles += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    run = f"200,00 {text}"
    item = [(50, 160, "AB-100"), (quantity_end - _width("200,00"), 160, run)]
    item += [(-440, 160, "1,50"), (-540, 160, "300,00")]
    content, _ = _page(_header() + titles + item + _totals(200, [("Total", "300,00")]))
    [line] = _read(content).order.items
    assert (line.quantity, line.description, line.unit) == (Decimal(200), text, None)


def test_labelled_measurements_under_an_item_are_not_its_description():
    """ "Alt. 20,00   Larg. 184,00   Prof. 120,00" under the text: the item's size."""
    titles = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    titles += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    item = [(50, 160, "AB-100"), (120, 160, "Steel bracket"), (-330, 160, "2")]
    item += [(-440, 160, "4,00"), (-540, 160, "8,00"), (120, 172, "grey RAL 7035")]
    x = 120.0
    for text in ("Alt.", "20,00", "Larg.", "184,00", "Prof.", "120,00"):
        item.append((x, 184, text))
        x += _width(text) + 10  # each a cell of its own
    content, _ = _page(_header() + titles + item + _totals(220, [("Total", "8,00")]))
    [line] = _read(content).order.items
    assert line.description == "Steel bracket grey RAL 7035"


def test_a_long_number_under_no_title_is_a_code_beside_the_text_not_a_quantity():
    """A manufacturer's part number of digits alone set right of the description, under
    no title ("Acme Corp.   168557048002025"): text of the item's
    details, not a row with a quantity (an item of its own)."""
    titles = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    titles += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    item = [(50, 160, "AB-100"), (120, 160, "Steel bolts"), (-330, 160, "10")]
    item += [(-440, 160, "2,50"), (-540, 160, "25,00"), (120, 172, "Delivery date: 11.01.2026")]
    item += [(120, 184, "Manufacturer Part Number:")]
    item += [(120, 196, "Acme Corp."), (190, 196, "168557048002025")]
    content, _ = _page(_header() + titles + item + _totals(230, [("Total", "25,00")]))
    [line] = _read(content).order.items
    assert (line.description, line.quantity) == ("Steel bolts", Decimal(10))
