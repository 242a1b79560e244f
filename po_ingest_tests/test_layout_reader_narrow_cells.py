"""Cells a web page's table sets a narrow padding apart: a description's last word a few
points left of the next column's first word, closer than the gap that splits cells."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals


def _unit_first_order(unit_title: str, unit_x: float, text_end: float) -> bytes:
    """The unit's column before the quantity's; the first line's description right-aligned
    at `text_end`, its unit "bag" at `unit_x`."""
    titles = [(X["code"], 140, "Description"), (300, 140, unit_title)]
    titles += [(-420, 140, "Qty"), (-480, 140, "Price"), (-X["total"], 140, "Amount")]
    lines = [(-text_end, 160, "Portland cement 25 kg"), (unit_x, 160, "bag")]
    lines += [(-420, 160, "10"), (-480, 160, "2.50"), (-X["total"], 160, "25.00")]
    lines += [(X["code"], 174, "Washers"), (300, 174, "pcs")]
    lines += [(-420, 174, "4"), (-480, 174, "1.25"), (-X["total"], 174, "5.00")]
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _page(_header() + titles + lines + totals)[0]


def test_a_word_flush_with_a_left_aligned_titles_start_is_that_columns_cell():
    """ "… 25 kg" ends six points before "bag", set flush under "Unit": two cells, the
    text's end no word of the unit's column."""
    items = _read(_unit_first_order("Unit", 300, 294)).order.items
    assert [(i.description, i.unit, i.quantity) for i in items] == [
        ("Portland cement 25 kg", "bag", Decimal("10")),
        ("Washers", "pcs", Decimal("4")),
    ]


def test_a_texts_word_under_an_empty_columns_title_is_declined():
    """ "bag" six points after "… 25 kg", wholly under "Unit of Measure" yet not flush with
    it, the unit's column empty on the line: the unit run into the text, or the text's own
    word; not guessed."""
    with pytest.raises(ExtractionDeclined, match="under the unit title"):
        _read(_unit_first_order("Unit of Measure", 312, 306))
