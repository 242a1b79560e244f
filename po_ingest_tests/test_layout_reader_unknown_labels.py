"""Header values whose label the vocabulary does not know (`unknown_labels.py`): a date or a
number set as a label's value is read when nothing else could be the order's, else the
order is declined."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _ITEMS,
    _PLAIN_TOTALS,
    _page,
    _read,
    _titles,
    _totals,
)

_NUMBER = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042")]
_DATE = [(50, 95, "Date:"), (150, 95, "2026-03-05")]


def _order(header):
    return _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order


def test_a_date_beside_a_label_nobody_taught_is_the_orders_date():
    order = _order(_NUMBER + [(50, 95, "Contract Zorbel:"), (150, 95, "2026-03-05")])
    assert order.order_date == dt.date(2026, 3, 5)


def test_a_date_under_a_label_nobody_taught_is_the_orders_date():
    header = [(50, 70, "PO Number:"), (150, 70, "PO-2026-0042")]
    header += [(150, 85, "Zorbel"), (150, 97, "05/03/2026"), (300, 85, "Delivery Date")]
    header += [(300, 97, "20/03/2026")]
    assert _order(header).order_date == dt.date(2026, 3, 5)


def test_a_date_of_an_unknown_label_away_from_the_orders_number_is_not_taken():
    header = [(50, 70, "PO Number:"), (150, 70, "PO-2026-0042")]
    header += [(300, 85, "Zorbel"), (300, 97, "05/03/2026")]
    with pytest.raises(ExtractionDeclined, match="order date"):
        _order(header)


@pytest.mark.parametrize(
    "other",
    [
        [(50, 110, "Zorbel Quorvex:"), (150, 110, "2026-03-20")],  # another unknown label
        [(300, 60, "2026-03-20")],  # a date without a label: it could be the order's
    ],
)
def test_a_date_of_an_unknown_label_is_not_taken_when_another_could_be_the_orders(other):
    header = _NUMBER + [(50, 95, "Zorbel:"), (150, 95, "2026-03-05")] + other
    with pytest.raises(ExtractionDeclined, match="order date"):
        _order(header)


def test_a_date_of_an_unknown_label_is_not_taken_when_a_known_label_prints_no_date():
    header = _NUMBER + [(50, 95, "Date:"), (150, 95, "tbc"), (300, 95, "Zorbel:")]
    header += [(380, 95, "2026-03-05")]
    with pytest.raises(ExtractionDeclined, match="order date"):
        _order(header)


def test_a_code_beside_an_unknown_label_ending_in_a_number_word_is_the_po_number():
    header = [(50, 80, "Voucher Zorbel No.:"), (150, 80, "VO-7731"), (300, 80, "Customer No.:")]
    header += [(400, 80, "C-2231")] + _DATE
    assert _order(header).po_number == "VO-7731"


def test_a_number_of_an_unknown_label_is_not_taken_when_another_could_be_the_orders():
    header = [(50, 80, "Zorbel No.:"), (150, 80, "VO-7731"), (300, 80, "Quorvex No.:")]
    header += [(400, 80, "QX-1180")] + _DATE
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _order(header)


def _totals_order(lines):
    return _read(_page(_NUMBER + _DATE + _titles() + _ITEMS + _totals(200, lines))[0]).order


@pytest.mark.parametrize("label", ["Zorbel 20%", "TOTAL Zorbel 20 %"])
def test_a_totals_line_whose_amount_is_its_rate_of_the_subtotal_is_a_tax(label):
    order = _totals_order([("Subtotal", "30.00"), (label, "6.00"), ("Total", "36.00")])
    assert (order.tax, order.total) == (Decimal("6.00"), Decimal("36.00"))


def test_a_rate_of_the_subtotal_whose_words_name_a_charge_is_no_tax():
    with pytest.raises(ExtractionDeclined, match="do not add up"):
        _totals_order([("Subtotal", "30.00"), ("Zorbel surcharge 10%", "3.00"), ("Total", "33.00")])


def test_a_line_under_the_totals_read_that_they_add_up_to_is_the_total():
    order = _totals_order([("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Zorbel", "36.00")])
    assert order.total == Decimal("36.00")


def test_a_line_under_the_totals_read_that_they_do_not_add_up_to_is_no_total():
    with pytest.raises(ExtractionDeclined, match="no total"):
        _totals_order([("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Zorbel", "35.00")])


def test_a_number_of_an_unknown_label_is_not_taken_beside_a_code_of_a_label_without_one():
    header = [(50, 80, "Purchase Zorbel"), (150, 80, "PO-00884"), (300, 80, "Reference#")]
    header += [(400, 80, "P-2025-245")] + _DATE
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _order(header)
