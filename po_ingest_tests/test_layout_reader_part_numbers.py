"""Lines whose description is the maker's part number, beside the buyer's own code."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _PLAIN_TOTALS,
    X,
    _header,
    _item,
    _page,
    _read,
    _titles,
)


def _order(first: tuple[str, str], second: tuple[str, str]) -> bytes:
    items = _item(160, first[0], first[1], "10", "2.50", "25.00")
    items += _item(174, second[0], second[1], "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    return content


def test_a_description_column_of_part_numbers_beside_item_codes_is_read():
    order = _read(_order(("CR6078-011", "RSTI-6952"), ("CM3709-076", "POLJ-42/1X630"))).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("CR6078-011", "RSTI-6952"),
        ("CM3709-076", "POLJ-42/1X630"),
    ]


def test_one_code_alone_among_described_lines_is_still_declined():
    with pytest.raises(ExtractionDeclined, match="description is a code alone: 'RSTI-6952'"):
        _read(_order(("CR6078-011", "RSTI-6952"), ("CD-200", "Washers")))


def test_a_column_of_codes_without_item_codes_of_their_own_is_declined():
    with pytest.raises(ExtractionDeclined, match="description is a code alone"):
        _read(_order(("", "RSTI-6952"), ("", "POLJ-42/1X630")))


def test_a_dotted_position_in_front_of_the_code_is_the_line_number():
    items = [(X["code"] - 14, 160, "1.")] + _item(
        160, "AB-100", "Steel bolts", "10", "2.50", "25.00"
    )
    items += [(X["code"] - 14, 174, "2.")] + _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.line_number, i.item_code) for i in order.items] == [(1, "AB-100"), (2, "CD-200")]


def test_a_column_of_bare_digit_numbers_is_declined_as_no_part_numbers():
    with pytest.raises(ExtractionDeclined, match="description is a code alone: '5006903590'"):
        _read(_order(("CR6078-011", "5006903590"), ("CM3709-076", "5006850359")))
