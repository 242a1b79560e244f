"""Where the item table goes on: over a page under a header reprinted with other titles, and
into wrapped lines set at the same pitch as the items."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals


def _pdf(pages: list[list[tuple[float, float, str]]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=595, height=842)
        page.insert_text((50, 50), "PURCHASE ORDER", fontname="hebo", fontsize=18)
        for x, y, text in lines:
            if x < 0:
                x = -x - pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            page.insert_text((x, y), text, fontname="helv", fontsize=9)
    return doc.tobytes()


def _other_titles(y: float, amount_x: float = X["total"]):
    return [
        (X["code"], y, "Pos"),
        (X["description"], y, "Article"),
        (-X["quantity"], y, "Qty"),
        (X["unit"], y, "Unit"),
        (-X["unit_price"], y, "Unit Price"),
        (-amount_x, y, "Amount"),
    ]


def _over_two_pages(second_titles):
    first = _header() + _titles() + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    second = second_titles + _item(160, "CD-200", "Washers", "4", "1.25", "5.00")
    return _pdf([first, second + _totals(200, [("Total", "30.00")])])


def test_a_header_reprinted_under_other_titles_on_the_next_page_carries_the_table_on():
    """Page 2 titles the code column "Pos" and the description "Article", its quantity,
    price and amount titles where page 1 set them: the same table, read as on page 1."""
    order = _read(_over_two_pages(_other_titles(140))).order
    assert [(i.item_code, i.description, i.line_total) for i in order.items] == [
        ("AB-100", "Steel bolts M8", Decimal("25.00")),
        ("CD-200", "Washers", Decimal("5.00")),
    ]


def test_a_header_of_other_titles_with_its_amounts_elsewhere_is_another_table():
    with pytest.raises(ExtractionDeclined):
        _read(_over_two_pages(_other_titles(140, amount_x=X["total"] + 30)))


def test_wrapped_lines_set_at_the_items_pitch_continue_their_items():
    """Each item's second line 16 points under it and the next item 16 points further: the
    step to the next item is the line pitch, no grid's padding."""
    lines = _item(160, "AB-100", "Steel bolts", "10", "2.50", "25.00")
    lines += [(X["description"], 176, "M8 zinc plated")]
    lines += _item(192, "CD-200", "Washers", "4", "1.25", "5.00")
    lines += [(X["description"], 208, "M8 flat")]
    content, _ = _page(_header() + _titles() + lines + _totals(232, [("Total", "30.00")]))
    assert [i.description for i in _read(content).order.items] == [
        "Steel bolts M8 zinc plated",
        "Washers M8 flat",
    ]


def test_a_tax_number_in_the_first_page_footer_does_not_end_the_table():
    """ "USt (VAT) ID DE 128 960 627" in the footer under the first page's items is the
    buyer's tax number, not a tax line of the totals: the table goes on over the page."""
    first = _header() + _titles() + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    first += [(50, 190, "Amtsgericht Frankfurt"), (50, 200, "USt (VAT) ID DE 128 960 627")]
    second = _titles(140) + _item(160, "CD-200", "Washers", "4", "1.25", "5.00")
    order = _read(_pdf([first, second + _totals(200, [("Total", "30.00")])])).order
    assert [i.item_code for i in order.items] == ["AB-100", "CD-200"]


def _page_sum_order(first_page_foot: list[tuple[float, float, str]], second_titles=None) -> bytes:
    first = _header() + _titles() + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    second = (second_titles or _titles(140)) + _item(160, "CD-200", "Washers", "4", "1.25", "5.00")
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _pdf([first + first_page_foot, second + totals])


def test_a_running_sum_at_a_page_foot_does_not_end_the_table():
    """ "Zwischensumme 25.00" under page 1's items adds them up, and page 2 reprints the
    header over more items: a running sum, the order's totals come on the last page."""
    order = _read(_page_sum_order(_totals(190, [("Zwischensumme", "25.00")]))).order
    assert [i.item_code for i in order.items] == ["AB-100", "CD-200"]
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("36.00"))


def test_a_subtotal_with_more_totals_under_it_closes_the_table():
    """A subtotal, then a tax and a total on the same page: the order's totals block, the
    page after it another copy or table, even with its header reprinted."""
    foot = _totals(190, [("Subtotal", "25.00"), ("VAT 20%", "5.00"), ("Total", "30.00")])
    order = _read(_page_sum_order(foot)).order
    assert [i.item_code for i in order.items] == ["AB-100"]
    assert order.total == Decimal("30.00")


def test_a_total_alone_at_a_page_foot_is_the_orders_with_a_copy_after_it():
    """ "Total 25.00" under page 1's items, the same header and more lines on page 2: the
    order's total, the page after it a copy or another table, not a running sum."""
    order = _read(_page_sum_order(_totals(190, [("Total", "25.00")]))).order
    assert [i.item_code for i in order.items] == ["AB-100"]


def test_a_running_sum_then_the_header_reprinted_under_other_titles_carries_the_table_on():
    """Page 2 titles the code "Pos" and the text "Article" under the running sum of page 1:
    the same table's header, as when page 1 ends with no sum."""
    foot = _totals(190, [("Zwischensumme", "25.00")])
    order = _read(_page_sum_order(foot, _other_titles(140))).order
    assert [i.item_code for i in order.items] == ["AB-100", "CD-200"]


@pytest.mark.parametrize("count", ["1 of 2", "1 von 2"])
def test_a_pages_count_alone_under_the_amounts_pauses_the_table_till_the_next_page(count):
    """NetSuite prints "1 of 2" at the foot of the page, under the amount column: no sum of
    the amounts above, the table goes on under the next page's header."""
    first = _header() + _titles() + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    second = _titles() + _item(160, "CD-200", "Washers", "4", "1.25", "5.00")
    pdf = _pdf([first + [(-X["total"], 180, count)], second + _totals(200, [("Total", "30.00")])])
    assert [i.line_total for i in _read(pdf).order.items] == [Decimal("25.00"), Decimal("5.00")]


def test_a_price_titles_third_line_reprinted_on_the_next_page_is_no_row_of_sums():
    """ "Unit" / "Price" / "(net)" over the price column, on both pages: page 2's "(net)",
    a word alone under the price's title, sums nothing and the table goes on."""

    def titles(y: float):
        lines = [(X["code"], y, "Code"), (X["description"], y, "Description")]
        lines += [(-X["quantity"], y, "Qty"), (X["unit"], y, "Unit"), (-X["total"], y, "Amount")]
        lines += [(-X["unit_price"], y, "Unit"), (-X["unit_price"], y + 10, "Price")]
        return lines + [(-X["unit_price"], y + 20, "(net)")]

    first = _header() + titles(120) + _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    second = titles(120) + _item(160, "CD-200", "Washers", "4", "1.25", "5.00")
    order = _read(_pdf([first, second + _totals(200, [("Total", "30.00")])])).order
    assert [(i.item_code, i.line_total) for i in order.items] == [
        ("AB-100", Decimal("25.00")),
        ("CD-200", Decimal("5.00")),
    ]
