"""A unit titled under the quantity ("Menge" over "ME") and printed under each item's
quantity: the item is its two lines, the text under them its long text; and a tax line
whose label states its base and rate before the amount ("davon Netto 795,60 EUR mit MwSt.
19,00%")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _ITEMS,
    _header,
    _page,
    _read,
    _titles,
    _totals,
)

# Titles of one line but the quantity's, with the unit's title stacked under it.
_STACKED_TITLES = [
    (50, 140, "Article"),
    (120, 140, "Description"),
    (-330, 140, "Quantity"),
    (-330, 152, "Unit"),
    (-440, 140, "Price"),
    (-540, 140, "Amount"),
]


def _stacked_item(y: float, code: str, qty: str, price: str, total: str, unit: str = "pcs"):
    return [
        (50, y, code),
        (120, y, "Shrink sleeve"),
        (-330, y, qty),
        (-440, y, price),
        (-540, y, total),
        (120, y + 12, f"Type {code}-S"),
        (-330, y + 12, unit),
        (120, y + 24, "Shrink sleeve 750 mm"),
        (120, y + 36, "before shrinking: 53 mm"),
    ]


def test_the_unit_under_the_quantity_ends_the_item_at_its_line():
    lines = _stacked_item(170, "A-100", "10", "2.50", "25.00") + _stacked_item(
        230, "B-200", "4", "1.25", "5.00"
    )
    page = _header() + _STACKED_TITLES + lines + _totals(290, [("Total", "30.00")])
    order = _read(_page(page)[0]).order
    assert [(i.item_code, i.description, i.unit) for i in order.items] == [
        ("A-100", "Shrink sleeve Type A-100-S", "pcs"),
        ("B-200", "Shrink sleeve Type B-200-S", "pcs"),
    ]


def _tax_line(label: str, amount: str):
    totals = _totals(200, [("Subtotal", "30.00"), (label, amount), ("Total", "36.00")])
    return _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order


def test_a_label_stating_base_and_rate_names_the_tax_its_rate_gives():
    order = _tax_line("of which net 30.00 with VAT 20%", "6.00")
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.00"),
        Decimal("36.00"),
    )


def test_a_stated_base_and_rate_not_giving_the_amount_name_no_tax():
    with pytest.raises(ExtractionDeclined):
        _tax_line("of which net 30.00 with VAT 19%", "6.00")
