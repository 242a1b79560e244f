"""Values the near-miss audit (`python -m po_ingest_tests.near_misses`) found read wrong on
declined dev orders, each read right or declined where the misreading starts."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.test_layout_reader import (
    _ITEMS,
    _PLAIN_TOTALS,
    X,
    _header,
    _page,
    _read,
    _titles,
)


def test_a_blank_form_lines_zero_amount_under_the_items_is_no_subtotal():
    # A form prints "$ 0.00" in its blank lines' amount column under the items: a bare
    # amount right under the amounts is read as their sum, but zero sums no priced line.
    blank = [(-X["total"], 188, "0.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + blank + _PLAIN_TOTALS)
    order = _read(content).order
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("36.00"))
