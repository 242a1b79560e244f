"""The layout reader where the vocabulary does not name the columns: an item table found by
its rows' arithmetic (quantity × price = amount), and header titles it knows only in part."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _PLAIN_TOTALS,
    X,
    _header,
    _item,
    _page,
    _read,
    _titles,
    _totals,
)

# Swedish titles, none of them in the vocabulary.
_UNKNOWN_TITLES = [
    (X["code"], 140, "Kod"),
    (X["description"], 140, "Benämning"),
    (-X["quantity"], 140, "Antal"),
    (X["unit"], 140, "Enh"),
    (-X["unit_price"], 140, "À-pris"),
    (-X["total"], 140, "Belopp"),
]


def test_a_table_whose_titles_the_vocabulary_does_not_know_is_found_by_its_arithmetic():
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + _item(
        174, "CD-200", "Washers", "4", "1.25", "5.00"
    )
    content, _ = _page(_header() + _UNKNOWN_TITLES + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.description, i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        ("Steel bolts M8", Decimal("10"), Decimal("2.50"), Decimal("25.00")),
        ("Washers", Decimal("4"), Decimal("1.25"), Decimal("5.00")),
    ]
    assert order.total == Decimal("36.00")


def test_the_arithmetic_names_the_price_left_of_the_quantity_by_which_is_whole():
    """Price printed before the count: the factor with cents is the price."""
    titles = [t for t in _UNKNOWN_TITLES if t[2] not in ("Antal", "À-pris")] + [
        (-X["quantity"], 140, "À-pris"),
        (-X["unit_price"], 140, "Antal"),
    ]
    items = _item(160, "AB-100", "Steel bolts M8", "2.50", "10", "25.00") + _item(
        174, "CD-200", "Washers", "1.25", "4", "5.00"
    )
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.quantity, i.unit_price) for i in order.items] == [
        (Decimal("10"), Decimal("2.50")),
        (Decimal("4"), Decimal("1.25")),
    ]


def test_untitled_factors_that_are_both_whole_numbers_are_declined():
    """3 × 5 = 15: nothing tells the count from the price, so nothing is guessed."""
    items = _item(160, "AB-100", "Steel bolts M8", "3", "5", "15.00") + _item(
        174, "CD-200", "Washers", "2", "4", "8.00"
    )
    totals = _totals(200, [("Subtotal", "23.00"), ("Total", "23.00")])
    content, _ = _page(_header() + _UNKNOWN_TITLES + items + totals)
    with pytest.raises(ExtractionDeclined, match="no line-item table found"):
        _read(content)


def test_a_discount_rate_between_price_and_amount_is_found_by_the_arithmetic():
    titles = [t for t in _UNKNOWN_TITLES if t[2] != "Belopp"] + [
        (-490, 140, "Avdr."),
        (-X["total"], 140, "Belopp"),
    ]
    lines = [
        part
        for y, code, text, qty, price, rate, total in (
            (160, "AB-100", "Steel bolts M8", "10", "2.50", "10", "22.50"),
            (174, "CD-200", "Washers", "4", "1.25", "0", "5.00"),
        )
        for part in _item(y, code, text, qty, price, total) + [(-490, y, rate)]
    ]
    totals = _totals(200, [("Subtotal", "27.50"), ("Total", "27.50")])
    content, _ = _page(_header() + titles + lines + totals)
    order = _read(content).order
    assert [(i.description, i.line_total) for i in order.items] == [
        ("Steel bolts M8", Decimal("22.50")),
        ("Washers", Decimal("5.00")),
    ]
    assert order.total == Decimal("27.50")


def test_titles_of_two_words_each_naming_the_same_column_are_one_title():
    """ "Qty. Ordered" ("Qty." and "Ordered" both a quantity) and "Line #" read as one
    column each: the header is the vocabulary's (the arithmetic alone would not know the
    position's column)."""
    titles = [(14, 140, "Line #")] + [
        (x, y, "Qty. Ordered" if text == "Qty" else text) for x, y, text in _titles()
    ]
    items = (
        [(14, 160, "1")]
        + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
        + [(14, 174, "2")]
        + _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    )
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.quantity) for i in order.items] == [
        (1, "AB-100", Decimal("10")),
        (2, "CD-200", Decimal("4")),
    ]


def test_a_zero_discount_and_the_total_repeated_under_the_total_change_nothing():
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    totals = _totals(
        190, [("Gross Total:", "25.00"), ("Discount:", "0.00"), ("Net Total", "25.00")]
    )
    content, _ = _page(_header() + _UNKNOWN_TITLES + items + totals)
    assert _read(content).order.total == Decimal("25.00")


def test_a_discount_under_the_total_that_changes_it_is_still_declined():
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    totals = _totals(
        190, [("Gross Total:", "25.00"), ("Discount:", "5.00"), ("Net Total", "20.00")]
    )
    content, _ = _page(_header() + _UNKNOWN_TITLES + items + totals)
    with pytest.raises(ExtractionDeclined, match="allowances line under the total"):
        _read(content)


def test_a_description_holding_a_number_stays_whole_under_its_centred_title():
    """The description's title centred over text that starts left of it; "304" inside the
    words is the description's, not a number of a column."""
    titles = [
        (X["code"], 140, "Kod"),
        (200, 140, "Benämning"),
        *[t for t in _UNKNOWN_TITLES if t[2] in ("Antal", "Enh", "À-pris", "Belopp")],
    ]
    items = _item(160, "AB-100", "Stainless steel 304 hex bolts M8", "10", "2.50", "25.00")
    totals = _totals(190, [("Subtotal", "25.00"), ("Total", "25.00")])
    content, _ = _page(_header() + titles + items + totals)
    [item] = _read(content).order.items
    assert item.description == "Stainless steel 304 hex bolts M8"


def test_an_untitled_column_of_dates_is_not_taken_for_the_description():
    titles = [*_UNKNOWN_TITLES, (230, 140, "Förfallodag")]
    items = _item(160, "AB-100", "Bolts M8", "10", "2.50", "25.00") + [(230, 160, "09-Apr-2026")]
    totals = _totals(190, [("Subtotal", "25.00"), ("Total", "25.00")])
    content, _ = _page(_header() + titles + items + totals)
    [item] = _read(content).order.items
    assert item.description == "Bolts M8"


def _order_without_cents(currency: str, price: str, total: str):
    items = _item(160, "AB-100", "Steel bolts M8", "2", price, total)
    totals = _totals(190, [(f"Total {currency}".strip(), total)])
    content, _ = _page(_header() + _titles() + items + totals)
    return content


def test_amounts_without_cents_in_no_known_currency_are_not_guessed():
    """'28.000' is 28 000 Chilean pesos or 28 of something: nothing on the page says which."""
    with pytest.raises(ExtractionDeclined):
        _read(_order_without_cents("", "28.000", "56.000"))


@pytest.mark.parametrize(
    ("currency", "price", "expected"),
    [("CLP", "28.000", Decimal("28000")), ("KWD", "2.150", Decimal("2.150"))],
)
def test_a_currency_without_cents_or_with_three_decimals_decides_the_grouping(
    currency, price, expected
):
    total = {"CLP": "56.000", "KWD": "4.300"}[currency]
    order = _read(_order_without_cents(currency, price, total)).order
    assert (order.currency, order.items[0].unit_price) == (currency, expected)


def test_a_description_centred_on_its_numbers_half_a_line_above_and_below_is_whole():
    """An HTML table's middle alignment: the cell's two lines stand half a line above and
    below the numbers' line, which holds none of them."""
    lines = []
    for y, code, above, below, qty, price, total in (
        (164, "AB-100", "Aluminium angle", "bar 40 mm", "10", "2.50", "25.00"),
        (194, "CD-200", "Stainless steel", "sheet 2 mm", "4", "1.25", "5.00"),
    ):
        numbers = [t for t in _item(y, code, "", qty, price, total) if t[2]]
        lines += numbers + [(X["description"], y - 6, above), (X["description"], y + 6, below)]
    totals = _totals(230, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + lines + totals)
    order = _read(content).order
    assert [i.description for i in order.items] == [
        "Aluminium angle bar 40 mm",
        "Stainless steel sheet 2 mm",
    ]


def test_a_supplier_heading_is_no_name_and_a_name_wrapped_before_its_legal_form_is_whole():
    header = _header() + [
        (50, 110, "SUPPLIER INFORMATION"),
        (50, 124, "Supplier"),
        (50, 136, "Quenet Communication"),
        (50, 146, "Systems Installation LLC"),
    ]
    titles = [(x, y + 40, t) for x, y, t in _titles()]
    items = _item(200, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    totals = _totals(230, [("Subtotal", "25.00"), ("Total", "25.00")])
    content, _ = _page(header + titles + items + totals)
    assert _read(content).order.supplier_name == "Quenet Communication Systems Installation LLC"


def test_a_tax_after_a_zero_discount_under_the_first_total_is_added_to_it():
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    totals = _totals(
        190,
        [
            ("Total", "25.00"),
            ("Special Discount", "0.00"),
            ("Total After Discount", "25.00"),
            ("VAT(5.00%)", "1.25"),
            ("Grand Total", "26.25"),
        ],
    )
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("25.00"),
        Decimal("1.25"),
        Decimal("26.25"),
    )


def test_a_price_per_piece_to_five_decimal_places_is_kept_as_printed():
    """24 000 connectors at 0.04579 = 1 098.96: the price is not rounded to fit."""
    items = _item(160, "AB-100", "Connector 2mm 4pol", "24000", "0.04579", "1098.96")
    totals = _totals(200, [("Subtotal", "1098.96"), ("Total", "1098.96")])
    content, _ = _page(_header() + _titles() + items + totals)
    [line] = _read(content).order.items
    assert (line.quantity, line.unit_price, line.line_total) == (
        Decimal("24000"),
        Decimal("0.04579"),
        Decimal("1098.96"),
    )


def test_a_price_with_its_basis_run_into_it_multiplies_as_the_price_of_one():
    """SAP's "2.50/1" (per one unit) under titles the vocabulary does not know."""
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50/1", "25.00") + _item(
        174, "CD-200", "Washers", "4", "1.25/1", "5.00"
    )
    content, _ = _page(_header() + _UNKNOWN_TITLES + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal("10"), Decimal("2.50"), Decimal("25.00")),
        (Decimal("4"), Decimal("1.25"), Decimal("5.00")),
    ]
