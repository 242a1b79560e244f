"""The layout reader on what an item's checks once declined: GST broken down on rows under
each item (the line's amount its taxable value plus those taxes), descriptions opening with
their line's "1)", a second line of titles reprinted on a later page, a part number over its
own reference ("Your #:") over the description."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals
from po_ingest_tests.test_layout_reader_next_page import _pdf


def _gst_order(igst: tuple[str, str], total: str) -> bytes:
    """Each item's taxable value, its GST rate and amount left empty on its line, its
    gross amount; under it, SAP India's "CGST 0.00 0.00" and "IGST 5.00 …" rows."""
    titles = [(30, 140, "Code"), (90, 140, "Description"), (-250, 140, "Qty"), (260, 140, "UM")]
    titles += [(-330, 140, "Rate"), (-400, 140, "Taxable Value"), (-450, 140, "GST Rate")]
    titles += [(-500, 140, "GST Amt"), (-560, 140, "Amount")]
    lines = []
    for y, code, text, amount, gross in (
        (160, "AB-100", "Steel bolts M8", "200.00", "210.00"),
        (210, "CD-200", "Washers", "100.00", igst[1]),
    ):
        lines += [(30, y, code), (90, y, text), (-250, y, "1.00"), (260, y, "EA")]
        lines += [(-330, y, amount), (-400, y, amount), (-560, y, gross)]
        lines += [(380, y + 14, "CGST"), (-450, y + 14, "0.00"), (-500, y + 14, "0.00")]
        tax = "10.00" if code == "AB-100" else igst[0]
        lines += [(380, y + 28, "IGST"), (-450, y + 28, "5.00"), (-500, y + 28, tax)]
    lines += [(30, 270, "Grand Total"), (-250, 270, "2.00"), (-560, 270, total)]
    content, _ = _page(_header() + titles + lines)
    return content


def test_an_items_tax_broken_down_under_it_leaves_its_taxable_value_as_its_amount():
    order = _read(_gst_order(("5.00", "105.00"), "315.00")).order
    assert [(i.item_code, i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        ("AB-100", Decimal("1"), Decimal("200.00"), Decimal("200.00")),
        ("CD-200", Decimal("1"), Decimal("100.00"), Decimal("100.00")),
    ]
    assert (order.tax, order.total) == (Decimal("15.00"), Decimal("315.00"))


def test_a_gross_amount_the_taxes_under_it_do_not_give_is_declined():
    with pytest.raises(ExtractionDeclined, match="does not add up with the tax"):
        _read(_gst_order(("5.00", "106.00"), "316.00"))


def test_every_description_opening_with_its_number_in_parenthesis_gives_the_positions():
    items = [(50, 160, "Code"), (120, 160, "Description"), (-330, 160, "Qty")]
    items += [(345, 160, "Unit"), (-440, 160, "Unit Price"), (-540, 160, "Amount")]
    for y, number, code, text, quantity, price, amount in (
        (180, "1)", "AB-100", "Steel bolts M8", "10", "2.50", "25.00"),
        (194, "2)", "CD-200", "Washers", "4", "1.25", "5.00"),
    ):
        items += [(50, y, code), (120, y, f"{number} {text}"), (-330, y, quantity)]
        items += [(345, y, "pcs"), (-440, y, price), (-540, y, amount)]
    content, _ = _page(_header() + items + [(380, 220, "Total"), (-540, 220, "30.00")])
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "AB-100", "Steel bolts M8"),
        (2, "CD-200", "Washers"),
    ]


def _page_of_items(number: int, text: str, codes: str, last: bool) -> list:
    """A page of an order whose header's second line of titles ("Art.No. EAN-Code") is
    reprinted on every page: each item's codes are printed under it, under those titles."""
    lines = _header() if number == 1 else []
    lines += [(50, 140, "Article"), (-330, 140, "Quantity"), (345, 140, "Unit")]
    lines += [(-440, 140, "Price"), (-540, 140, "Amount"), (50, 151, "Art.No.")]
    lines += [(200, 151, "EAN-Code")]
    lines += [(50, 170, f"{number}) {text}"), (-330, 170, "10"), (345, 170, "pcs")]
    lines += [(-440, 170, "2.50"), (-540, 170, "25.00")]
    lines += [(50, 181, codes.split()[0]), (200, 181, codes.split()[1])]
    return lines + ([(380, 220, "Total"), (-540, 220, "50.00")] if last else [])


def test_a_second_line_of_titles_reprinted_on_a_later_page_keeps_its_values_out_of_the_text():
    content = _pdf(
        [
            _page_of_items(1, "Steel bolts M8", "21158669 6412989342677", last=False),
            _page_of_items(2, "Washers", "21204784 6412989762987", last=True),
        ]
    )
    order = _read(content).order
    assert [(i.line_number, i.description) for i in order.items] == [
        (1, "Steel bolts M8"),
        (2, "Washers"),
    ]


def _code_reference_order(second_reference: str) -> bytes:
    """Oracle's "Part Number and Description": the part number and "PPS:007" a line over the
    item's numbers, "Your #:" and the number on their line, the description under it."""
    lines = [(30, 134, "Line"), (80, 134, "Part Number and"), (80, 147, "Description")]
    lines += [(240, 134, "Delivery"), (240, 147, "Date"), (-330, 134, "Quantity")]
    lines += [(345, 134, "UOM"), (-440, 134, "Unit"), (-440, 147, "Price")]
    lines += [(-540, 134, "Amount")]
    for y, number, code, reference, text, amount in (
        (185, "1", "790065004", "790065004", "Tubing FEP Heat Shrink 9F", "25.00"),
        (235, "2", "790065006", second_reference, "Tubing FEP Heat Shrink 12F", "5.00"),
    ):
        lines += [(80, y - 10, code), (170, y - 10, "PPS:007"), (30, y, number)]
        lines += [(80, y, f"Your #: {reference}"), (80, y + 10, text), (-330, y, "1")]
        lines += [(345, y, "Each"), (-440, y, amount), (-540, y, amount)]
    content, _ = _page(_header() + lines + [(380, 285, "Total"), (-540, 285, "30.00")])
    return content


def test_a_part_number_over_its_own_reference_is_the_code_and_the_text_under_them_describes():
    order = _read(_code_reference_order("790065006")).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "790065004", "Tubing FEP Heat Shrink 9F"),
        (2, "790065006", "Tubing FEP Heat Shrink 12F"),
    ]


def test_a_reference_to_another_number_than_the_code_over_it_is_declined():
    with pytest.raises(ExtractionDeclined, match="holds a reference"):
        _read(_code_reference_order("ABC-99"))


@pytest.mark.parametrize(
    ("description", "declined"),
    [
        ("Steel bolts M8", None),
        ("Supplier", "is a label alone"),
        ("- Steel bolts M8", "opens on a code's dash"),
        ("pieces", "is a unit alone"),
        ("BL", "is two letters or fewer"),
        ("Ihre", "is the first word of a reference's label"),
        ("Nummer: 50-0041-000-100", "holds a reference"),
        ("Distribution board Yes", "ends on a flag's yes or no"),
        ("Fuel surcharge 1 EA / 1 EA", "ends on a count of units per units"),
    ],
)
def test_a_description_left_over_from_missing_words_is_declined(description, declined):
    """ "Supplier" is a label whose value ("Item:SMOE-62542") was not read; "- Steel bolts"
    the rest of a "AB-100 - Steel bolts" cell parted at the wrong place; "pieces" the unit's
    column, "BL" another column's code, "Ihre" a reference's label ("Ihre Materialnummer")
    read as the description when the words naming their columns are missing; "Yes" a
    "Drop-Ship" flag's, "1 EA / 1 EA" SAP's price count under the text."""
    from po_ingest_tests.test_layout_reader import _PLAIN_TOTALS, _item, _titles

    items = _item(160, "AB-100", description, "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    if declined is None:
        assert _read(content).order.items[0].description == description
    else:
        with pytest.raises(ExtractionDeclined, match=declined):
            _read(content)


def test_a_line_under_the_text_spelling_the_items_code_in_pieces_is_declined():
    """ "Vendor Product No. RPM 777 526/02000" without its "No.": no longer a reference under
    the item, it would join the description; the code it spells shows what it is."""
    items = _item(160, "RPM777/02", "Power cable", "10", "2.50", "25.00")
    items += [(X["description"], 172, "Vendor Product Number RPM 777/02")]
    items += _item(188, "CD-200", "Washers", "4", "1.25", "5.00")
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    with pytest.raises(ExtractionDeclined, match="its item code again, set in pieces"):
        _read(content)


@pytest.mark.parametrize(("under", "declined"), [("10.363.02", True), ("10.363", False)])
def test_a_line_under_the_text_holding_the_code_less_its_prefix_is_declined(under, declined):
    """ "10.363.02" under the text of the code "821.10.363.02": the supplier's number, the
    buyer's prefix left off, in a reference column whose title is missing. One group of it
    ("10.363", a series) is the item's text."""
    items = _item(160, "821.10.363.02", "Connector housing", "10", "2.50", "25.00")
    items += [(X["description"] + 30, 171, under)]
    items += _item(188, "CD-200", "Washers", "4", "1.25", "5.00")
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    if declined:
        with pytest.raises(ExtractionDeclined, match="item code again, less its prefix"):
            _read(content)
    else:
        assert _read(content).order.items[0].description == f"Connector housing {under}"
