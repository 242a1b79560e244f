"""A payment term's abbreviation that is also a currency code ("CAD": cash against
documents) in a payment-terms line is no second currency of an order printing its own."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals

_ITEMS = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + _item(
    174, "CD-200", "Washers", "4", "1.25", "5.00"
)


def _order_with(total_label: str, terms: str):
    lines = _totals(200, [(total_label, "30.00")]) + [(50, 240, terms)]
    content, _ = _page(_header() + _titles() + _ITEMS + lines)
    return _read(content)


@pytest.mark.parametrize(
    "terms",
    [
        "Terms of payment: 8 days before ETA / CAD - 2.5 % BC",
        "Zahlungsbedingungen: CAD / 30 Tage netto",
    ],
)
def test_cash_against_documents_in_the_payment_terms_is_no_currency(terms):
    order = _order_with("Total net value excl. tax EUR", terms).order
    assert (order.currency, order.total) == ("EUR", Decimal("30.00"))


def test_a_currency_code_beside_an_amount_in_the_payment_terms_is_money():
    with pytest.raises(ExtractionDeclined, match="prints two currencies, EUR and CAD"):
        _order_with("Total net value excl. tax EUR", "Payment terms: deposit CAD 30.00, net 30")


def test_the_code_outside_a_payment_terms_line_is_still_a_second_currency():
    with pytest.raises(ExtractionDeclined, match="prints two currencies, EUR and CAD"):
        _order_with("Total net value excl. tax EUR", "Delivery: 8 days before ETA / CAD - 2.5 % BC")


def test_an_order_whose_currency_is_a_sign_alone_still_declines():
    """Read from "£" (or a "$" that could be the Canadian dollar) the order's currency is not
    printed as a code: the terms' code is left to say otherwise."""
    lines = [(380, 200, "Total"), (-X["total"], 200, "£30.00")]
    lines += [(50, 240, "Terms of payment: 8 days before ETA / CAD - 2.5 % BC")]
    content, _ = _page(_header() + _titles() + _ITEMS + lines)
    with pytest.raises(ExtractionDeclined, match="two currencies, GBP and CAD"):
        _read(content)


def test_a_payment_term_is_never_read_as_the_orders_currency():
    """An order printing no money of its own gets the default currency, not "CAD"."""
    result = _order_with("Total", "Terms of payment: 8 days before ETA / CAD - 2.5 % BC")
    assert (result.order.currency, result.provenance["currency"]) == ("EUR", None)
