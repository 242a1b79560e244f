"""The layout reader on habits of European ERP prints (SAP and others, in German, French,
Spanish, …): net totals named as one word, prices per one unit by code, bank footers, tax
numbers and dates under the totals. Each page drawn word by word, one test one change."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest_tests.test_layout_reader import _header, _item, _page, _read, _titles, _totals

_COMMA_ITEMS = _item(160, "AB-100", "Schrauben M8", "10", "2,50", "25,00") + _item(
    174, "CD-200", "Scheiben", "4", "1,25", "5,00"
)


@pytest.mark.parametrize(
    "label",
    [
        "Gesamtnettowert ohne USt in EUR",
        "Gesamtnettobetrag",
        "Total neto sin IVA",
        "Total neto",
        "Totale netto",
        "Totaal netto",
    ],
)
def test_a_net_total_and_nothing_more_is_the_orders_total(label):
    content, _ = _page(_header() + _titles() + _COMMA_ITEMS + _totals(200, [(label, "30,00")]))
    order = _read(content).order
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("30.00"))


def test_a_price_per_one_unit_named_by_its_code_keeps_the_lines_own_unit():
    """SAP's "32,00 EUR/1 ST" on a line counted in "Stück" (here "pcs")."""
    items = _item(160, "AB-100", "Schrauben M8", "10", "2,50 EUR/1 ST", "25,00") + _item(
        174, "CD-200", "Scheiben", "4", "1,25 EUR/1 ST", "5,00"
    )
    content, _ = _page(_header() + _titles() + items + _totals(200, [("Gesamt", "30,00")]))
    order = _read(content).order
    assert [(i.unit_price, i.unit) for i in order.items] == [
        (Decimal("2.50"), "pcs"),
        (Decimal("1.25"), "pcs"),
    ]


def test_a_date_line_under_the_items_leaves_the_net_total_the_orders_total():
    """ "Delivery date: 02.03.2026" names a charge's word, but prints a date, not an amount."""
    lines = _totals(200, [("Gesamtnettowert", "30,00")])
    lines += [(50, 240, "Delivery date:"), (150, 240, "02.03.2026")]
    content, _ = _page(_header() + _titles() + _COMMA_ITEMS + lines)
    assert _read(content).order.total == Decimal("30.00")


def test_a_bank_account_in_another_currency_is_no_second_currency_of_the_order():
    header = _header() + [(50, 110, "Currency:"), (150, 110, "EUR")]
    footer = [
        (50, 300, "Commerzbank"),
        (150, 300, "USD"),
        (200, 300, "DE61 7508 0003 0195 2304 00"),
    ]
    totals = _totals(200, [("Gesamt", "30,00")])
    content, _ = _page(header + _titles() + _COMMA_ITEMS + totals + footer)
    assert _read(content).order.currency == "EUR"
