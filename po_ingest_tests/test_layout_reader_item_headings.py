"""The layout reader on SAP's item headings: the position and the short text on a row of
their own, over the item's long text and the row of its numbers, which repeats the
position. Each page drawn word by word."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _header, _page, _read, _totals

_TITLES = [(50, 140, "Item"), (120, 140, "Code"), (-330, 140, "Qty")]
_TITLES += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]


def _numbers(y: float, position: str = "00010"):
    return [(50, y, position), (120, y, "30980289"), (-330, y, "10"), (-440, y, "2.50")] + [
        (-540, y, "25.00")
    ]


def test_an_item_heading_starting_with_its_position_is_its_description():
    """ "00010 STEEL BOLTS M8" over the long text and "00010  30980289  10  2.50  25.00":
    the heading's text describes the item; the long text between is left out."""
    rows = [(50, 160, "00010 STEEL BOLTS M8"), (50, 172, "Hex head bolts, zinc plated")]
    content, _ = _page(
        _header() + _TITLES + rows + _numbers(190) + _totals(220, [("Total", "25.00")])
    )
    [item] = _read(content).order.items
    assert (item.line_number, item.item_code, item.description) == (
        10,
        "30980289",
        "STEEL BOLTS M8",
    )


def test_a_heading_with_another_position_does_not_describe_the_item():
    rows = [(50, 160, "00020 STEEL BOLTS M8"), (50, 172, "Hex head bolts, zinc plated")]
    content, _ = _page(
        _header() + _TITLES + rows + _numbers(190) + _totals(220, [("Total", "25.00")])
    )
    with pytest.raises(ExtractionDeclined, match="incomplete"):
        _read(content)
