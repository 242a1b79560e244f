"""A currency code printed among a totals label's words ("Total EUR Excl. VAT") names no
line: the label is read without it."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.local.totals_kinds import kind_of
from po_ingest_tests.test_layout_reader import _ITEMS, _header, _read, _titles, _totals


@pytest.mark.parametrize(
    ("label", "kind"),
    [("Total EUR Excl. VAT", "subtotal"), ("Total EUR Incl. VAT", "total"), ("Total EUR", "total")],
)
def test_a_currency_code_inside_a_label_names_no_line(label, kind):
    assert kind_of([label]) == kind


def test_a_net_total_naming_its_currency_at_a_page_foot_is_no_total():
    """The net total ends the first page; the tax and the total open the second: the
    order's total is the one including the tax."""
    doc = pymupdf.open()
    first = [*_header(), *_titles(), *_ITEMS, *_totals(200, [("Total EUR Excl. VAT", "30.00")])]
    second = _totals(60, [("VAT Amount", "6.00"), ("Total EUR Incl. VAT", "36.00")])
    for number, lines in enumerate((first, second)):
        page = doc.new_page(width=595, height=842)
        if number == 0:
            page.insert_text((50, 50), "PURCHASE ORDER", fontname="hebo", fontsize=18)
        for x, y, text in lines:
            if x < 0:
                x = -x - pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            page.insert_text((x, y), text, fontname="helv", fontsize=9)
    order = _read(doc.tobytes()).order
    assert (order.subtotal, order.tax, order.total) == tuple(
        map(Decimal, ("30.00", "6.00", "36.00"))
    )
