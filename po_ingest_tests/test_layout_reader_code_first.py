"""The layout reader on a code printed first in its text's cell: an "Item Code - Description"
cell whose code starts left of its title, wrapping under the code; a code alone under a
code-and-description title with other columns beside it, described on the lines below;
wrapped lines a little closer than the items; a "Total" row printing the sums of two
columns over the order's total; a two-digit position a space from the code; bank accounts headed by the currency they take payments in."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _PLAIN_TOTALS,
    X,
    _header,
    _page,
    _read,
    _titles,
    _totals,
)


def _amounts(y: float, qty: str, price: str, total: str):
    return [
        (-X["quantity"], y, qty),
        (X["unit"], y, "pcs"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _code_first_order() -> bytes:
    """A "Sl No." title, then "Item Code - Description": each item's code set left of the title,
    in line with the position's title, then " - " and its text, which wraps under the code
    and ends in a dash alone."""
    titles = [(20, 140, "Sl No."), (90, 140, "Item Code - Description")]
    titles += [t for t in _titles() if t[2] not in ("Code", "Description")]
    items = [(24, 160, "1"), (50, 160, "AB1234 - Steel bolts M8"), (50, 172, "zinc plated -")]
    items += _amounts(160, "10", "2.50", "25.00")
    items += [(24, 186, "2"), (50, 186, "CD5678 - Washers")] + _amounts(186, "4", "1.25", "5.00")
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + titles + items + totals)
    return content


def test_a_code_left_of_its_code_and_description_title_opens_the_cell():
    """The code is the item's, the title's " - " no part of the text, the line under the
    code the description's next line, its dangling dash dropped."""
    order = _read(_code_first_order()).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "AB1234", "Steel bolts M8 zinc plated"),
        (2, "CD5678", "Washers"),
    ]


def _padded_order() -> bytes:
    """Items a little further apart (16 pt) than their wrapped lines (14.5 and 15.1 pt)."""
    items = [(X["code"], 160, "AB-100"), (X["description"], 160, "Steel bolts")]
    items += [(X["description"], 174.5, "zinc plated")] + _amounts(160, "10", "2.50", "25.00")
    items += [(X["code"], 190.5, "CD-200"), (X["description"], 190.5, "Washers")]
    items += [(X["description"], 205.6, "stainless")] + _amounts(190.5, "4", "1.25", "5.00")
    totals = _totals(240, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    return content


def test_a_line_nearer_the_wrapped_lines_step_than_the_items_wraps():
    order = _read(_padded_order()).order
    assert [i.description for i in order.items] == [
        "Steel bolts zinc plated",
        "Washers stainless",
    ]


def _column_sums_order(grand_total: str, over: list[tuple[float, float, str]] = ()) -> bytes:
    """A row "Total  6.60  30.00" under the tax and amount columns, the lines' sums, then
    the order's total further down; `over`: lines between the items and the sums."""
    items = [(X["code"], 160, "AB-100"), (X["description"], 160, "Steel bolts")]
    items += _amounts(160, "10", "2.50", "25.00")
    items += [(X["code"], 174, "CD-200"), (X["description"], 174, "Washers")]
    items += _amounts(174, "4", "1.25", "5.00")
    sums = [(380, 200, "Total"), (-X["unit_price"], 200, "6.60"), (-X["total"], 200, "30.00")]
    sums += [(50, 230, "Total amount in words: thirty-six and 60/100")]
    sums += _totals(244, [("Grand Total", grand_total)])
    content, _ = _page(_header() + _titles() + items + list(over) + sums)
    return content


def test_a_total_row_of_column_sums_is_the_lines_and_their_tax_under_the_orders_total():
    """The amounts' sum is the subtotal, the sum that gives the total under it with them
    the tax."""
    order = _read(_column_sums_order("36.60")).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.60"),
        Decimal("36.60"),
    )


def test_a_total_beside_another_columns_sum_that_gives_no_total_under_it_is_declined():
    """Which of the sums is the order's total is told neither by the row nor by the total
    under it (neither sum added to the amounts' gives 40.00)."""
    with pytest.raises(ExtractionDeclined, match="column's sum"):
        _read(_column_sums_order("40.00"))


def test_column_sums_under_a_subtotal_of_their_own_are_declined():
    """A subtotal printed over the sums row that differs from the amounts' sum: the row
    would hide it."""
    with pytest.raises(ExtractionDeclined, match="column's sum"):
        _read(_column_sums_order("36.60", _totals(188, [("Subtotal", "25.00")])))


def test_a_two_digit_position_set_a_space_from_the_code_opening_its_cell():
    """ "10" right-aligned under "Sl No.", ending a space left of "CD5678 - Washers": the
    position, then the code and its text."""
    titles = [(20, 140, "Sl No."), (90, 140, "Item Code - Description")]
    titles += [t for t in _titles() if t[2] not in ("Code", "Description")]
    items = [(-44, 160, "9"), (48, 160, "AB1234 - Steel bolts M8")]
    items += _amounts(160, "10", "2.50", "25.00")
    items += [(-44, 174, "10"), (48, 174, "CD5678 - Washers")] + _amounts(174, "4", "1.25", "5.00")
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (9, "AB1234", "Steel bolts M8"),
        (10, "CD5678", "Washers"),
    ]


def test_a_code_alone_under_a_code_and_description_title_beside_other_columns():
    """The item's line prints its code alone under "Code / Description", its revision
    beside it; the lines under the code, flush with it, are its description, the second
    (a bracketed number) too."""
    titles = [(50, 140, "Code / Description"), (190, 140, "Rev")]
    titles += [t for t in _titles() if t[2] not in ("Code", "Description")]
    items = [(50, 160, "FZ00080"), (190, 160, "BL")] + _amounts(160, "10", "2.50", "25.00")
    items += [(50, 172, "TERMINAL, RING TONGUE"), (50, 184, "(1860.7)")]
    items += [(50, 200, "FZ00094"), (190, 200, "BK")] + _amounts(200, "4", "1.25", "5.00")
    items += [(50, 212, "CONNECTOR")]
    totals = _totals(236, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("FZ00080", "TERMINAL, RING TONGUE (1860.7)"),
        ("FZ00094", "CONNECTOR"),
    ]


def test_bank_accounts_headed_by_their_payments_currency_are_not_the_orders():
    """A footer of accounts "EUR Payments:" and "USD Payments:" on an order in EUR."""
    footer = [(50, 300, "EUR Payments:"), (250, 300, "USD Payments:")]
    footer += [(50, 312, "Deutsche Bank AG"), (250, 312, "Deutsche Bank AG")]
    items = [(X["code"], 160, "AB-100"), (X["description"], 160, "Steel bolts M8")]
    items += _amounts(160, "10", "2.50", "25.00")
    items += [(X["code"], 174, "CD-200"), (X["description"], 174, "Washers")]
    items += _amounts(174, "4", "1.25", "5.00")
    currency = [(50, 110, "Currency:"), (150, 110, "EUR")]
    content, _ = _page(_header() + currency + _titles() + items + _PLAIN_TOTALS + footer)
    order = _read(content).order
    assert (order.currency, order.total) == ("EUR", Decimal("36.00"))
