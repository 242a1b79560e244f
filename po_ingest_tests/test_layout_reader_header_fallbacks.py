"""The layout reader on headers that name their number or date without the usual label: the
buyer's "Our Reference". Each page drawn word by word, one test one change."""

from __future__ import annotations

import datetime as dt

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page
from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _titles

_COMMA_ITEMS = [(x, y, t.replace(".", ",")) for x, y, t in _ITEMS]
_COMMA_TOTALS = [(x, y, t.replace(".", ",")) for x, y, t in _PLAIN_TOTALS]


def _order(lines, title="PURCHASE ORDER", large=(), comma=False):
    items, totals = (_COMMA_ITEMS, _COMMA_TOTALS) if comma else (_ITEMS, _PLAIN_TOTALS)
    content, _ = drawn_page(lines + _titles() + items + totals, title=title, large=large)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_the_buyers_own_reference_is_the_po_number_when_nothing_else_names_one():
    lines = [(50, 80, "Order Date"), (50, 92, "05-03-2026"), (400, 80, "Our Reference")]
    lines += [(-460, 92, "2313"), (50, 110, "Lisbaan 17, 2908 LN Capelle, Nederland")]
    order = _order(lines)
    assert (order.po_number, order.order_date) == ("2313", dt.date(2026, 3, 5))


def test_a_labelled_po_number_comes_before_the_buyers_reference():
    lines = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042"), (50, 95, "Date:")]
    lines += [(150, 95, "2026-03-05"), (300, 80, "Our Reference:"), (400, 80, "REQ-77")]
    assert _order(lines).po_number == "PO-2026-0042"
