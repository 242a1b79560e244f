"""Text set up the page's edge (a Spanish company's registry line in the left margin, a web
address along the side) is in no row of the page: its words are no item's."""

from __future__ import annotations

import pymupdf

from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _header, _read, _titles

_MARGIN_TEXT = "www.example-supplier.com"


def _order_with_margin_text() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 50), "PURCHASE ORDER", fontname="hebo", fontsize=18)
    for x, y, text in _header() + _titles() + _ITEMS + _PLAIN_TOTALS:
        if x < 0:
            x = -x - pymupdf.get_text_length(text, fontname="helv", fontsize=9)
        page.insert_text((x, y), text, fontname="helv", fontsize=9)
    # Turned up the left margin, its middle level with the first item's line.
    length = pymupdf.get_text_length(_MARGIN_TEXT, fontname="helv", fontsize=7)
    page.insert_text((20, 157 + length / 2), _MARGIN_TEXT, fontname="helv", fontsize=7, rotate=90)
    return doc.tobytes()


def test_text_turned_up_the_margin_is_no_part_of_an_item():
    order = _read(_order_with_margin_text()).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("AB-100", "Steel bolts M8"),
        ("CD-200", "Washers"),
    ]
