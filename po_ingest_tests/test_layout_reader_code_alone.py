"""An item's description cell holding a code alone on a line of its own: the article's code
under its text (every line printing one so), read as the item's code."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_POSITION = 55
_TITLES = [
    (_POSITION, 140, "Pos."),
    (X["description"], 140, "Description"),
    (-X["quantity"], 140, "Qty"),
    (X["unit"], 140, "Unit"),
    (-X["unit_price"], 140, "Unit Price"),
    (-X["total"], 140, "Amount"),
]


def _line(y: float, position: str, text: str, qty: str, price: str, total: str):
    return [
        (_POSITION, y, position),
        (X["description"], y, text),
        (-X["quantity"], y, qty),
        (X["unit"], y, "pcs"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _codes_under_text(first: str, second: str, code_gap: float = 28):
    """Two lines, each with a code under its text: right under the first, set off a
    little further under the second (`code_gap` points)."""
    lines = _line(160, "1", first, "1", "227.00", "227.00")
    lines += [(X["description"], 172, "659547-6")]
    lines += _line(200, "2", second, "600", "0.50", "300.00")
    lines += [(X["description"], 200 + code_gap, "1SNA110251R0500")]
    content, _ = _page(_header() + _TITLES + lines + _totals(270, [("Total", "527.00")]))
    return [(i.item_code, i.description) for i in _read(content).order.items]


def test_a_code_alone_under_every_lines_text_is_the_items_code():
    assert _codes_under_text("Cutting blade", "DR4/6") == [
        ("659547-6", "Cutting blade"),
        ("1SNA110251R0500", "DR4/6"),
    ]


def test_codes_under_codes_alone_are_not_taken_for_text_over_code():
    """ "M10/10.P" over its code and "DR4/6" over its: which is the article's code the
    words do not say; a code set off under the text is then none of the item's."""
    with pytest.raises(ExtractionDeclined, match="description is a code alone"):
        _codes_under_text("M10/10.P", "DR4/6")


def test_a_code_further_under_the_item_than_three_lines_is_none_of_its():
    with pytest.raises(ExtractionDeclined, match="description is a code alone"):
        _codes_under_text("Cutting blade", "DR4/6", code_gap=40)


_CODE_TEXT = 80
_REFERENCE = 250
_COMPOUND_TITLES = [
    (_POSITION, 140, "Pos."),
    (_CODE_TEXT, 140, "Code / Description"),
    (-X["quantity"], 140, "Qty"),
    (-X["unit_price"], 140, "Unit Price"),
    (-X["total"], 140, "Amount"),
]


def _code_line(y: float, position: str, code: str, qty: str, price: str, total: str):
    return [
        (_POSITION, y, position),
        (_CODE_TEXT, y, code),
        (-X["quantity"], y, qty),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _described_under_codes(
    second_reference: str = "CSJA-24D/1XU", german: bool = False, detail: str | None = None
):
    """Two lines printing their codes alone, described under them; `german`: positions
    and amounts as a decimal-comma order prints them ("1,0", "25.371,00"); `detail`, a
    line flush under the first description."""
    numbers = (
        [("1,0", "140,95", "25.371,00"), ("2,0", "5,75", "230,00"), ("25.601,00",)]
        if german
        else [("1", "140.95", "25371.00"), ("2", "5.75", "230.00"), ("25601.00",)]
    )
    lines = _code_line(160, numbers[0][0], "281748", "180", *numbers[0][1:])
    lines += [(_CODE_TEXT, 171, "Cable joint 24kV"), (_REFERENCE, 171, "CJ9877-005")]
    lines += [(_CODE_TEXT, 182, "for shielded cables"), (_REFERENCE, 182, second_reference)]
    lines += [(_CODE_TEXT, 193, detail)] if detail else []
    lines += _code_line(204, numbers[1][0], "283524", "40", *numbers[1][1:])
    lines += [(_CODE_TEXT, 215, "Shrink joint"), (_REFERENCE, 215, "CY8282-000")]
    totals = _totals(250, [("Total", numbers[2][0])])
    content, _ = _page(_header() + _COMPOUND_TITLES + lines + totals)
    return [(i.line_number, i.item_code, i.description) for i in _read(content).order.items]


@pytest.mark.parametrize("german", [False, True])
def test_the_lines_under_a_code_alone_are_its_description_without_the_references_beside(german):
    assert _described_under_codes(german=german) == [
        (1, "281748", "Cable joint 24kV for shielded cables"),
        (2, "283524", "Shrink joint"),
    ]


@pytest.mark.parametrize("detail", ["Lot: A-7", "Order no. 4711"])
def test_a_labelled_detail_under_a_description_under_its_code_is_none_of_it(detail):
    assert _described_under_codes(detail=detail)[0] == (
        1,
        "281748",
        "Cable joint 24kV for shielded cables",
    )


def test_words_of_text_beside_the_description_under_a_code_decline_the_line():
    """ "for shielded cables   see note 4": no reference's one word beside the text; where
    the description ends is not told, and it is not cut short."""
    with pytest.raises(ExtractionDeclined, match="line 1's text may go on in a line not read"):
        _described_under_codes(second_reference="see note 4")


def _sap_items(second_title: str = "Material/Description"):
    """SAP's English form: "Item  Order qty.  Unit  Price per unit  Net value" over
    `second_title` starting between "Item" and "Order qty.", under the latter; each item's
    amounts line, then its material number, then its text."""
    titles = [
        (50, 140, "Item"),
        (110, 140, "Order qty."),
        (200, 140, "Unit"),
        (-X["unit_price"], 140, "Price per unit"),
        (-X["total"], 140, "Net value"),
        (80, 151, second_title),
    ]
    lines = []
    for y, position, code, text, qty, price, total in [
        (175, "00010", "GCE0045320P0100", "heat-shrinkable tube", "60", "22.36", "1341.60"),
        (219, "00020", "XPSN22506B", "Steel bolts M8", "4", "1.25", "5.00"),
    ]:
        lines += [
            (50, y, position),
            (-150, y, qty),
            (200, y, "m"),
            (-X["unit_price"], y, price),
            (-X["total"], y, total),
            (80, y + 11, code),
            (80, y + 22, text),
        ]
    content, _ = _page(_header() + titles + lines + _totals(270, [("Total", "1346.60")]))
    return [(i.line_number, i.item_code, i.description) for i in _read(content).order.items]


def test_a_text_title_under_the_amounts_titles_heads_the_lines_under_each_item():
    assert _sap_items() == [
        (10, "GCE0045320P0100", "heat-shrinkable tube"),
        (20, "XPSN22506B", "Steel bolts M8"),
    ]


def test_another_title_under_the_amounts_titles_heads_no_text_column():
    """ "Delivery date" there titles no item's text: the lines under the items are not
    read as descriptions, and "Item" over 00010 alone describes nothing."""
    with pytest.raises(ExtractionDeclined, match="description is a code alone: '00010'"):
        _sap_items("Delivery date")


_DELIVERY = 250
_DATED_TITLES = _COMPOUND_TITLES[:2] + [(_DELIVERY, 140, "Delivery Date")] + _COMPOUND_TITLES[2:]


def _detailed_under_codes(detail: str, text: str | None = "High voltage joint kit 95 mm"):
    """Oracle's print: a line's code alone, then under it, flush with it, a labelled value
    with the delivery date beside it in its column, then the description (`text`)."""
    lines = _code_line(160, "1", "024901", "40", "146.18", "5847.20")
    lines += [(_DELIVERY, 160, "Required By:"), (_CODE_TEXT, 172, detail)]
    lines += [(_DELIVERY, 172, "08-OCT-2025")] + ([(_CODE_TEXT, 184, text)] if text else [])
    lines += _code_line(204, "2", "027127", "2", "35.22", "70.44")
    lines += [(_DELIVERY, 204, "Required By:"), (_DELIVERY, 216, "15-OCT-2025")]
    lines += [(_CODE_TEXT, 228, "LV joint kit 3 core")]
    content, _ = _page(_header() + _DATED_TITLES + lines + _totals(260, [("Total", "5917.64")]))
    return [(i.item_code, i.description) for i in _read(content).order.items]


def test_a_labelled_value_under_a_code_alone_is_a_detail_and_the_line_under_it_its_text():
    assert _detailed_under_codes("Supplier Item:SMOE-62542") == [
        ("024901", "High voltage joint kit 95 mm"),
        ("027127", "LV joint kit 3 core"),
    ]


def test_a_labelled_value_under_a_code_alone_with_no_text_under_it_declines_the_line():
    with pytest.raises(ExtractionDeclined, match="line 1 is incomplete"):
        _detailed_under_codes("Supplier Item:SMOE-62542", text=None)
