"""An item's description cell holding a code alone on a line of its own: the article's code
under its text (every line printing one so), read as the item's code."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_POSITION = 55
_TITLES = [
    (_POSITION, 140, "Pos."),
    (X["description"], 140, "Description"),
    (-X["quantity"], 140, "Qty"),
    (X["unit"], 140, "Unit"),
    (-X["unit_price"], 140, "Unit Price"),
    (-X["total"], 140, "Amount"),
]


def _line(y: float, position: str, text: str, qty: str, price: str, total: str):
    return [
        (_POSITION, y, position),
        (X["description"], y, text),
        (-X["quantity"], y, qty),
        (X["unit"], y, "pcs"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _codes_under_text(first: str, second: str, code_gap: float = 28):
    """Two lines, each with a code under its text: right under the first, set off a
    little further under the second (`code_gap` points)."""
    lines = _line(160, "1", first, "1", "227.00", "227.00")
    lines += [(X["description"], 172, "659547-6")]
    lines += _line(200, "2", second, "600", "0.50", "300.00")
    lines += [(X["description"], 200 + code_gap, "1SNA110251R0500")]
    content, _ = _page(_header() + _TITLES + lines + _totals(270, [("Total", "527.00")]))
    return [(i.item_code, i.description) for i in _read(content).order.items]


def test_a_code_alone_under_every_lines_text_is_the_items_code():
    assert _codes_under_text("Cutting blade", "DR4/6") == [
        ("659547-6", "Cutting blade"),
        ("1SNA110251R0500", "DR4/6"),
    ]


def test_codes_under_codes_alone_are_not_taken_for_text_over_code():
    """ "M10/10.P" over its code and "DR4/6" over its: which is the article's code the
    words do not say; a code set off under the text is then none of the item's."""
    with pytest.raises(ExtractionDeclined, match="description is a code alone"):
        _codes_under_text("M10/10.P", "DR4/6")


def test_a_code_further_under_the_item_than_three_lines_is_none_of_its():
    with pytest.raises(ExtractionDeclined, match="description is a code alone"):
        _codes_under_text("Cutting blade", "DR4/6", code_gap=40)
