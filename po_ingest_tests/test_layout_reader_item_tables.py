"""Item tables and totals blocks the reader first missed: a count of lines or of the
order's quantity among the totals, and a second code column printing its code where the
description starts."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.test_layout_reader import _ITEMS, _header, _page, _read, _titles, _totals


def test_counts_of_lines_and_quantity_among_the_totals_are_no_totals():
    totals = _totals(
        200, [("Total Order Qty", "14.000"), ("Total", "30.00"), ("Total line items:", "2")]
    )
    order = _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order
    assert order.total == Decimal("30.00")
    assert [i.line_total for i in order.items] == [Decimal("25.00"), Decimal("5.00")]


# Two code titles: the buyer's item number, then the maker's product number.
_CODE_TITLES = [
    (40, 140, "Line"),
    (70, 140, "Item #"),
    (150, 140, "Product #"),
    (230, 140, "Description"),
    (-400, 140, "Qty"),
    (-480, 140, "Unit Price"),
    (-560, 140, "Amount"),
]


def _line(y: float, number: str, item: str, product: str, text: str, qty, price, total):
    words = [(40, y, number), (70, y, item), (230, y, text)]
    words += [(150, y, product)] if product else []
    return words + [(-400, y, qty), (-480, y, price), (-560, y, total)]


def _codes(first_product: str, second_product: str) -> list[tuple[str | None, str | None]]:
    lines = _line(
        160, "1", "SUPPLIES", first_product, "B4840A 48 x 40 BLOCK PALLETS", "10", "4.50", "45.00"
    ) + _line(174, "2", "SPARES", second_product, "C2020X corner boards", "4", "1.25", "5.00")
    page = _header() + _CODE_TITLES + lines + _totals(200, [("Total", "50.00")])
    order = _read(_page(page)[0]).order
    return [(i.item_code, i.description) for i in order.items]


def test_a_code_under_the_description_of_an_empty_second_code_column_is_that_columns():
    assert _codes("", "") == [
        ("SUPPLIES", "48 x 40 BLOCK PALLETS"),
        ("SPARES", "corner boards"),
    ]


def test_a_second_code_column_printing_codes_leaves_the_descriptions_whole():
    assert _codes("P-100", "P-200") == [
        ("SUPPLIES", "B4840A 48 x 40 BLOCK PALLETS"),
        ("SPARES", "C2020X corner boards"),
    ]
