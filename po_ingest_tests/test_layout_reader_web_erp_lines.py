"""Item lines as web ERPs print them: the quantity and its unit in one cell ("67.00
Units" under "Qty"), a tax cell beside them ("VAT 20%" under "Taxes"), the product's
reference in square brackets before its name (Odoo's "[SCF-T-40] Scaffold tube"); the
unit in small type under the quantity, and the item's code on a labelled line under its
name (Zoho's "SKU: RB-14-12000")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_ODOO_TITLES = [
    (X["code"], 140, "Description"),
    (200, 140, "Taxes"),
    (-X["quantity"], 140, "Qty"),
    (-X["unit_price"], 140, "Unit Price"),
    (-X["total"], 140, "Amount"),
]
_UNTAXED_TOTALS = _totals(
    200, [("Untaxed Amount", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")]
)


def _odoo_line(y: float, text: str, qty: str, price: str, total: str, tax: str = "VAT 20%"):
    return [
        (X["code"], y, text),
        (200, y, tax),
        (-X["quantity"], y, qty),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _odoo_items(first: list, second: list):
    content, _ = _page(_header() + _ODOO_TITLES + first + second + _UNTAXED_TOTALS)
    return _read(content).order.items


def test_a_quantity_printed_with_its_unit_in_the_quantity_cell_is_both():
    """ "120.00 Pallets" right-aligned under "Qty": the number stands too far left of the
    short title to line up with it; the cell does, and no unit column is titled."""
    items = _odoo_items(
        _odoo_line(160, "Steel bolts M8", "12.00 Pallets", "2.00", "24.00", tax=""),
        _odoo_line(174, "Washers", "4.00 Units", "1.50", "6.00", tax=""),
    )
    assert [(i.description, i.quantity, i.unit) for i in items] == [
        ("Steel bolts M8", Decimal("12"), "Pallets"),
        ("Washers", Decimal("4"), "Units"),
    ]


def test_an_area_or_volume_unit_abbreviated_with_a_dot_is_the_quantitys_unit():
    """Tally's "57 Sq.M" and "19.5 Cu.M" under "Quantity": units of two abbreviations."""
    items = _odoo_items(
        _odoo_line(160, "Geotextile 200 g", "12.00 Sq.M", "2.00", "24.00", tax=""),
        _odoo_line(174, "Ready-mix concrete", "4.00 Cu.M", "1.50", "6.00", tax=""),
    )
    assert [(i.quantity, i.unit) for i in items] == [
        (Decimal("12"), "Sq.M"),
        (Decimal("4"), "Cu.M"),
    ]


def test_a_tax_cell_on_an_items_line_does_not_end_the_table():
    """ "VAT 20%" opens a cell of the line as it opens the totals' tax line: the line's
    quantity × price is its amount, a currency sign before the amount or a unit after the
    quantity being no other number."""
    items = _odoo_items(
        _odoo_line(160, "Steel bolts M8", "12", "2.00", "£ 24.00"),
        _odoo_line(174, "Washers", "4.00 Units", "1.50", "6.00"),
    )
    assert [(i.description, i.quantity, i.line_total) for i in items] == [
        ("Steel bolts M8", Decimal("12"), Decimal("24.00")),
        ("Washers", Decimal("4"), Decimal("6.00")),
    ]


def test_a_reference_in_square_brackets_opening_the_description_is_the_items_code():
    """With no code column: Odoo's "[AB-100] Steel bolts M8"; a product without a
    reference prints its name alone."""
    items = _odoo_items(
        _odoo_line(160, "[HDL-PAL] Pallet handling in/out", "12", "2.00", "24.00", tax=""),
        _odoo_line(174, "Washers", "4", "1.50", "6.00", tax=""),
    )
    assert [(i.item_code, i.description) for i in items] == [
        ("HDL-PAL", "Pallet handling in/out"),
        (None, "Washers"),
    ]


_ZOHO_TITLES = [
    (35, 140, "#"),
    (X["code"] + 10, 140, "Item & Description"),
    (-X["quantity"], 140, "Qty"),
    (-X["unit_price"], 140, "Rate"),
    (-X["total"], 140, "Amount"),
]


def _zoho_item(y: float, n: str, text: str, qty: str, price: str, total: str, under: list):
    """The item's line, then `under` as (x, text) on the line under it; x < 0 right-aligned."""
    line = [
        (35, y, n),
        (X["code"] + 10, y, text),
        (-X["quantity"], y, qty),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]
    return line + [(x, y + 11, text) for x, text in under]


def _zoho_items(first_under: list, second_under: list):
    lines = _zoho_item(160, "1", "Rebar B500B 14 mm", "2.00", "12.00", "24.00", first_under)
    lines += _zoho_item(184, "2", "Washers", "4.00", "1.50", "6.00", second_under)
    totals = _totals(214, [("Sub Total", "30.00"), ("VAT (20%)", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _ZOHO_TITLES + lines + totals)
    return _read(content).order.items


def test_a_unit_printed_under_each_quantity_with_no_title_of_its_own_is_the_items_unit():
    items = _zoho_items([(-X["quantity"], "t")], [(-X["quantity"], "pcs")])
    assert [(i.description, i.quantity, i.unit) for i in items] == [
        ("Rebar B500B 14 mm", Decimal("2"), "t"),
        ("Washers", Decimal("4"), "pcs"),
    ]


@pytest.mark.parametrize("label", ["SKU:", "Item code:", "Art.-Nr.:", "Réf. :", "Part No."])
def test_a_labelled_code_under_the_items_name_is_its_code(label):
    code = [(X["code"] + 10, f"{label} RB-14-12000")]
    items = _zoho_items(code, [(X["code"] + 10, f"{label} WS-8")])
    assert [(i.item_code, i.description) for i in items] == [
        ("RB-14-12000", "Rebar B500B 14 mm"),
        ("WS-8", "Washers"),
    ]


def test_of_two_labelled_codes_under_an_items_name_neither_is_its_code():
    """ "SKU: …" over "Part no.: …": which is the item's own is not told."""
    two = [(X["code"] + 10, "SKU: RB-14-12000")]
    lines = _zoho_item(160, "1", "Rebar B500B 14 mm", "2.00", "12.00", "24.00", two)
    lines += [(X["code"] + 10, 182, "Part no.: 88-1400")]
    lines += _zoho_item(200, "2", "Washers", "4.00", "1.50", "6.00", [])
    totals = _totals(230, [("Sub Total", "30.00"), ("VAT (20%)", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _ZOHO_TITLES + lines + totals)
    assert [i.item_code for i in _read(content).order.items] == [None, None]


def test_a_labelled_code_beside_a_unit_under_the_quantity_is_no_row_of_titles():
    """ "SKU: LAB-GEN" beside "hrs": a code's label and an hours' title, yet one is a label
    with its value, not a title; the table goes on under it."""
    items = _zoho_items(
        [(X["code"] + 10, "SKU: LAB-GEN"), (-X["quantity"], "hrs")],
        [(X["code"] + 10, "SKU: WS-8"), (-X["quantity"], "pcs")],
    )
    assert [(i.item_code, i.unit, i.line_total) for i in items] == [
        ("LAB-GEN", "hrs", Decimal("24.00")),
        ("WS-8", "pcs", Decimal("6.00")),
    ]


def test_a_deduction_marked_minus_in_brackets_before_its_amount_is_taken_off():
    """Zoho's "Discount (10%)  (-) 3.00": the "(-)" says the amount is deducted."""
    lines = _zoho_item(160, "1", "Rebar B500B 14 mm", "2.00", "12.00", "24.00", [])
    lines += _zoho_item(184, "2", "Washers", "4.00", "1.50", "6.00", [])
    totals = _totals(
        214,
        [
            ("Sub Total", "30.00"),
            ("Discount (10%)", "(-) 3.00"),
            ("VAT (20%)", "5.40"),
            ("Total", "32.40"),
        ],
    )
    order = _read(_page(_header() + _ZOHO_TITLES + lines + totals)[0]).order
    assert (order.subtotal, order.allowances, order.total) == (
        Decimal("30.00"),
        Decimal("3.00"),
        Decimal("32.40"),
    )


@pytest.mark.parametrize("sign", ["£", "EUR"])
def test_a_currency_before_the_price_in_its_cell_is_the_prices_not_the_units(sign):
    """ "£ 12.00" right-aligned under a short "Price": the sign stands left of the title,
    past the unit's column, yet belongs to the amount it opens."""
    titles = [(X["code"], 140, "Description"), (-300, 140, "Qty"), (310, 140, "Unit")]
    titles += [(-440, 140, "Price"), (-X["total"], 140, "Amount")]
    lines = [(X["code"], 160, "Steel bolts M8"), (-300, 160, "12"), (310, 160, "kg")]
    lines += [(-440, 160, f"{sign} 12.00"), (-X["total"], 160, f"{sign} 144.00")]
    lines += [(X["code"], 174, "Washers"), (-300, 174, "4"), (310, 174, "pcs")]
    lines += [(-440, 174, f"{sign} 1.50"), (-X["total"], 174, f"{sign} 6.00")]
    totals = _totals(200, [("Subtotal", "150.00"), ("VAT 20%", "30.00"), ("Total", "180.00")])
    content, _ = _page(_header() + titles + lines + totals)
    items = _read(content).order.items
    assert [(i.unit, i.unit_price, i.line_total) for i in items] == [
        ("kg", Decimal("12.00"), Decimal("144.00")),
        ("pcs", Decimal("1.50"), Decimal("6.00")),
    ]
