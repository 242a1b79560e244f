"""A label or column title the reader does not know (or that is not printed) must not make it
return another value: it reads the order right or declines. The cases come from
`python -m po_ingest_tests.ablation`, which removes each such word of the dev orders in turn."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _header, _page, _read, _titles


def test_a_currency_code_standing_under_an_unknown_label_is_the_orders_currency():
    header = _header() + [(50, 110, "Monnaie de paiement"), (50, 122, "USD")]
    result = _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0])
    assert result.order.currency == "USD"
    assert result.warnings == []


def test_two_labels_of_the_purchase_order_number_that_disagree_are_declined():
    # "PO Box 1402" with its "Box" unknown (or left out): a second order number above the real.
    header = [(300, 60, "PO 1402")] + _header()
    with pytest.raises(ExtractionDeclined, match="two purchase-order numbers: 1402 and"):
        _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0])


def test_the_number_printed_again_with_its_prefix_agrees():
    header = _header() + [(300, 110, "Order No. 2026-0042")]
    assert _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order.po_number == (
        "PO-2026-0042"
    )


def test_a_label_that_is_all_one_fields_is_no_other_fields_label_and_value():
    # "Order" labels the number, "Order Date" the date: its date is no second number.
    header = _header(date_label="Order Date") + [(300, 60, "Order date"), (380, 60, "5 March 2026")]
    assert _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order.po_number == (
        "PO-2026-0042"
    )
