"""A label or column title the reader does not know (or that is not printed) must not make it
return another value: it reads the order right or declines. The cases come from
`python -m po_ingest_tests.ablation`, which removes each such word of the dev orders in turn."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _ITEMS,
    _PLAIN_TOTALS,
    X,
    _header,
    _item,
    _page,
    _read,
    _titles,
    _totals,
)
from po_ingest_tests.test_layout_reader_leading_codes import _line


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


def _total_read(totals: list[tuple[float, float, str]]):
    """The total the reader accepts, or None when it declines."""
    try:
        return _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order.total
    except ExtractionDeclined:
        return None


@pytest.mark.parametrize(
    "under_total",
    [
        [("After rebate", "30.00")],  # an amount under a label the vocabulary lacks
        [("Special rebate", "0.00"), ("Total after rebate", "")],  # a total's amount missing
    ],
)
def test_a_tax_and_grand_total_below_a_row_it_cannot_name_still_end_the_block(under_total):
    rows = [("Total", "30.00"), *under_total, ("VAT 20%", "6.00"), ("Grand Total", "36.00")]
    totals = [part for part in _totals(200, rows) if part[2]]  # no amount: not printed
    assert _total_read(totals) in (None, Decimal("36.00"))


def test_a_labelled_number_that_is_not_the_one_under_the_title_is_declined():
    header = [
        (50, 60, "No. 4509367961"),
        (50, 95, "Date:"),
        (150, 95, "2026-03-05"),
        (300, 80, "Bill-to"),
        (300, 95, "PO 5833"),
    ]
    with pytest.raises(ExtractionDeclined, match="two purchase-order numbers"):
        _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0])


def test_two_labelled_order_dates_that_disagree_are_declined():
    # "SHIP COMPLETE BY DATE: 10/1/2026" with the words before "DATE:" set apart.
    header = _header() + [(300, 110, "SHIP COMPLETE"), (420, 110, "DATE: 2026-10-01")]
    with pytest.raises(ExtractionDeclined, match="two order dates"):
        _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0])


def test_the_order_date_printed_twice_agrees():
    header = _header() + [(300, 110, "Date:"), (380, 110, "2026-03-05")]
    assert str(_read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order.order_date) == (
        "2026-03-05"
    )


def test_a_digit_under_a_price_printed_with_its_cents_is_no_wrapped_end_of_it():
    # "677,84" over "per 1" with "per" not read: the "1" is the price basis, not a digit more.
    items = _ITEMS + [(X["unit_price"] - 6, 166, "1")]
    items = [(x, y + 8 if y == 174 else y, t) for x, y, t in items]
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    try:
        prices = [i.unit_price for i in _read(content).order.items]
    except ExtractionDeclined:
        return
    assert prices == [Decimal("2.50"), Decimal("1.25")]


@pytest.mark.parametrize(
    ("code", "description", "reason"),
    [
        ("AW-14-", "Triumph Bra 38D", "item code is cut short"),  # its rest wrapped elsewhere
        ("AB-100", "10", "description is a number alone"),  # a position in its cell
    ],
)
def test_a_code_cut_at_a_hyphen_or_a_number_for_a_description_declines(code, description, reason):
    items = _item(160, code, description, "10", "2.50", "25.00") + _item(
        174, "CD-200", "Washers", "4", "1.25", "5.00"
    )
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match=reason):
        _read(content)


def test_a_code_padded_with_hyphens_is_read_whole():
    items = _item(160, "05AVAR1380----", "Steel bolts M8", "10", "2.50", "25.00") + _item(
        174, "CD-200", "Washers", "4", "1.25", "5.00"
    )
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    assert _read(content).order.items[0].item_code == "05AVAR1380----"


@pytest.mark.parametrize("first", ["Shielded", "INDUCTION"])
def test_a_code_that_runs_on_into_the_description_is_the_texts_first_word(first):
    titles = [t for t in _titles() if t[2] != "Description"]
    items = _line(160, f"{first} angle plug", "10", "2.50", "25.00")
    items += _line(174, "Steel washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="item code is the first word of its text"):
        _read(content)


def test_a_wrapped_description_under_its_translated_title_is_read_whole():
    # The header's second line in another language, one of its titles not printed: it is
    # read as a line of titles under the header, and "Bezeichnung" names the description.
    second = [
        (X["code"], 150, "Artikel"),
        (X["description"], 150, "Bezeichnung"),
        (X["unit"], 150, "Einheit"),
        (-X["unit_price"], 150, "Preis"),
        (-X["total"], 150, "Betrag"),
    ]
    items = _item(165, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    items += [(X["description"], 176, "zinc plated DIN 933")]
    items += _item(190, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + second + items + _PLAIN_TOTALS)
    assert [i.description for i in _read(content).order.items] == [
        "Steel bolts M8 zinc plated DIN 933",
        "Washers",
    ]


def test_a_code_cut_at_a_hyphen_before_another_line_of_the_cell_declines():
    # "55-F-2M-" over "BHARAT": a text's words in the code's cell, its title not printed.
    items = _item(160, "55-F-2M-", "Induction motor", "10", "2.50", "25.00")
    items += [(X["code"], 170, "BHARAT")]
    items += _item(186, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="item code is cut short"):
        _read(content)


@pytest.mark.parametrize(("title", "positions"), [([(22, 140, "#")], [9, 10]), ([], None)])
def test_a_position_wrapped_in_an_untitled_column_is_not_read_in_part(title, positions):
    # "10" printed as "1" over "0" in a narrow column: without its "#", "1" follows 9.
    items = [(22, 160, "9")] + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    items += [(22, 174, "1"), (22, 182, "0")] + _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + title + items + _PLAIN_TOTALS)
    if positions is None:
        with pytest.raises(ExtractionDeclined, match="position 1 does not follow 9"):
            _read(content)
    else:
        assert [i.line_number for i in _read(content).order.items] == positions


@pytest.mark.parametrize("ending", ["LFC No.", "Lot #"])
def test_a_description_ending_on_a_numbers_label_declines(ending):
    # "PALLET - CHEP" over "LFC No. 300000237", the number not read: the label is no text.
    items = _item(160, "AB-100", f"Steel bolts {ending}", "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="description ends on a label"):
        _read(content)
