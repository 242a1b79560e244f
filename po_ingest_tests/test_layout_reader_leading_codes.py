"""Code and description in one cell, under a "Product" title with no code column: each
line's first word is its code when every line opens with a code of its own."""

from __future__ import annotations

from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_TITLES = [
    (X["code"], 140, "Product"),
    (-X["quantity"], 140, "Qty"),
    (X["unit"], 140, "Unit"),
    (-X["unit_price"], 140, "Unit Price"),
    (-X["total"], 140, "Amount"),
]


def _line(y: float, product: str, qty: str, price: str, total: str):
    return [
        (X["code"], y, product),
        (-X["quantity"], y, qty),
        (X["unit"], y, "pcs"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _items(first: str, second: str) -> list[tuple[str | None, str]]:
    lines = _line(160, first, "10", "2.50", "25.00") + _line(174, second, "4", "1.25", "5.00")
    content, _ = _page(_header() + _TITLES + lines + _totals(200, [("Total", "30.00")]))
    return [(item.item_code, item.description) for item in _read(content).order.items]


def test_every_line_opening_with_a_code_of_its_own_gives_the_codes():
    assert _items("01994888 Ice cream chocolate 500ML", "01998996 Ice cream hazelnut 500ML") == [
        ("01994888", "Ice cream chocolate 500ML"),
        ("01998996", "Ice cream hazelnut 500ML"),
    ]


def test_a_line_opening_with_words_leaves_every_description_whole():
    assert _items("01994888 Ice cream chocolate", "Ice cream hazelnut 500ML") == [
        (None, "01994888 Ice cream chocolate"),
        (None, "Ice cream hazelnut 500ML"),
    ]


def test_the_same_first_word_on_every_line_is_no_code():
    assert _items("M8X20 bolt zinc plated", "M8X20 bolt stainless") == [
        (None, "M8X20 bolt zinc plated"),
        (None, "M8X20 bolt stainless"),
    ]


def test_codes_set_apart_from_their_text_by_a_dash_on_every_line_give_the_codes():
    """Xero's "LAB-GEN - General site operative": the dash parts code and text, and a code
    of capitals joined needs no digit."""
    assert _items("LAB-GEN - General site operative", "SKP-10 - Skip hire 10 m3") == [
        ("LAB-GEN", "General site operative"),
        ("SKP-10", "Skip hire 10 m3"),
    ]
