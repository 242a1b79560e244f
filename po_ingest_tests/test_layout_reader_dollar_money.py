"""A bare "$" on an order every address of which is in one country that prints its own
money "$" (New Zealand, Canada, Australia): that money, not the US dollar."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest_tests.test_layout_reader import _ITEMS, _header, _page, _read, _titles, _totals

_DOLLAR_TOTALS = _totals(200, [("Subtotal", "$30.00"), ("GST 15%", "$4.50"), ("Total", "$34.50")])


def _read_with(places: list[str], totals=_DOLLAR_TOTALS):
    """The order with `places` (addresses, e-mail lines) printed under its header."""
    lines = [(50, 105 + 10 * n, text) for n, text in enumerate(places)]
    return _read(_page(_header() + lines + _titles() + _ITEMS + totals)[0])


@pytest.mark.parametrize(
    ("places", "currency"),
    [
        (["Email: purchasing@kauricoast.co.nz", "Lower Hutt 5010, New Zealand"], "NZD"),
        (["Email: purchasing@kauricoast.co.nz"], "NZD"),
        (["Ship to: 12 Harbour Rd, Vancouver BC, Canada"], "CAD"),
        (["Unit 4, 18 George St, Sydney NSW 2000, Australia", "www.acme.com.au"], "AUD"),
    ],
)
def test_a_bare_dollar_from_one_country_printing_its_own_dollar_is_that_money(
    places, currency, monkeypatch
):
    monkeypatch.setenv("PO_INGEST_DEFAULT_CURRENCY", "EUR")
    result = _read_with(places)
    assert (result.order.currency, result.order.total) == (currency, Decimal("34.50"))
    assert result.warnings == []


@pytest.mark.parametrize(
    "places",
    [
        ["Bill to: Lower Hutt 5010, New Zealand", "Supplier: 12 Main St, Tualatin, OR 97062"],
        ["Ship to: Vancouver BC, Canada", "Ship from: 9 Orchard Rd, Singapore"],
        ["Lower Hutt 5010, New Zealand", "Email: sales@stahlbau.de"],
    ],
)
def test_a_bare_dollar_placed_in_two_countries_stays_the_flagged_us_dollar(places, monkeypatch):
    """The US, or two countries: which money "$" is, the page does not say."""
    monkeypatch.setenv("PO_INGEST_DEFAULT_CURRENCY", "EUR")
    result = _read_with(places)
    assert (result.order.currency, result.warnings) == ("USD", ["currency_from_dollar_sign"])


def test_a_code_printed_beside_the_dollar_wins_over_the_countrys_money():
    totals = _totals(200, [("Subtotal", "$30.00"), ("GST 15%", "$4.50"), ("Total USD", "$34.50")])
    order = _read_with(["Lower Hutt 5010, New Zealand"], totals).order
    assert order.currency == "USD"
