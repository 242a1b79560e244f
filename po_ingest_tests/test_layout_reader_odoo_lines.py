"""Item lines of small ERPs' orders: the code in square brackets before the product's name
in one "Reference / Description" cell, the name wrapped under the code; a unit, a date
and a price set so close they run together; a date or code wider than its column's
title; a header whose titles wrap onto a second line; a part number alone over its text,
a price titled "EUR / PE", a net sum as the only total."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_FRENCH_TITLES = [
    (X["code"], 140, "Référence / Désignation"),
    (-X["quantity"], 140, "Quantité"),
    (X["unit"], 140, "U"),
    (-X["unit_price"], 140, "Pu net"),
    (-X["total"], 140, "Montant € HT"),
]
_FRENCH_TOTALS = _totals(
    220, [("Total HT", "30,00 €"), ("TVA 20%", "6,00 €"), ("Total TTC", "36,00 €")]
)


def _french_line(y: float, cell: str, qty: str, price: str, total: str):
    return [
        (X["code"], y, cell),
        (-X["quantity"], y, qty),
        (X["unit"], y, "U"),
        (-X["unit_price"], y, price),
        (-X["total"], y, f"{total} €"),
    ]


def _french_items(first: str, wrapped: list[tuple[float, float, str]]):
    lines = _french_line(160, first, "10", "2,50", "25,00") + wrapped
    lines += _french_line(190, "[CD-200] Rondelles", "4", "1,25", "5,00")
    content, _ = _page(_header() + _FRENCH_TITLES + lines + _FRENCH_TOTALS, title="COMMANDE")
    return [(i.item_code, i.description, i.line_total) for i in _read(content).order.items]


def test_a_code_in_square_brackets_before_the_name_is_the_items_code():
    assert _french_items("[AB-100] Boulons acier M8", []) == [
        ("AB-100", "Boulons acier M8", Decimal("25.00")),
        ("CD-200", "Rondelles", Decimal("5.00")),
    ]


def test_a_line_wrapped_under_the_code_of_a_code_and_name_cell_continues_the_name():
    wrapped = [(X["code"], 172, "zingués M8")]
    assert _french_items("AB-100 Boulons acier", wrapped)[0] == (
        "AB-100",
        "Boulons acier zingués M8",
        Decimal("25.00"),
    )


_DUE = 375  # a short title, narrower than the dates printed under it
_TITLES = [
    (X["code"], 140, "Code"),
    (X["description"], 140, "Description"),
    (-X["quantity"], 140, "Qty"),
    (_DUE, 140, "Due"),
    (-X["unit_price"], 140, "Price"),
    (-X["total"], 140, "Amount"),
]


def _dated(y: float, code: str, text: str, qty: str, price: str, total: str):
    return [
        (X["code"], y, code),
        (X["description"], y, text),
        (-X["quantity"], y, qty),
        (_DUE - 10, y, "30/06/2026"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _two_items(titles: list[tuple[float, float, str]], line, y: float = 160) -> list:
    """The items read from two lines drawn by `line` under `titles`."""
    lines = line(y, "AB-100", "Steel bolts", "10", "2.50", "25.00")
    lines += line(y + 14, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + titles + lines + _totals(y + 40, [("Total", "30.00")]))
    return _read(content).order.items


def test_a_date_wider_than_its_title_and_centred_under_it_is_that_columns():
    items = _two_items(_TITLES, _dated)
    assert [(i.item_code, i.quantity, i.line_total) for i in items] == [
        ("AB-100", Decimal("10"), Decimal("25.00")),
        ("CD-200", Decimal("4"), Decimal("5.00")),
    ]


def test_a_unit_a_date_and_a_price_run_together_are_each_their_columns():
    """ "pcs 30/06/2026 2.50" set a space apart: one run of words, no phrase."""
    titles = [*_TITLES[:3], (X["unit"], 140, "Unit"), *_TITLES[3:]]

    def line(y: float, code: str, text: str, qty: str, price: str, total: str):
        return [
            (X["code"], y, code),
            (X["description"], y, text),
            (-X["quantity"], y, qty),
            (X["unit"], y, "pcs"),
            (_DUE - 10, y, "30/06/2026"),
            (415, y, price),
            (-X["total"], y, total),
        ]

    items = _two_items(titles, line)
    assert [(i.unit, i.unit_price, i.line_total) for i in items] == [
        ("pcs", Decimal("2.50"), Decimal("25.00")),
        ("pcs", Decimal("1.25"), Decimal("5.00")),
    ]


def test_a_header_wrapped_onto_two_lines_reads_so_when_that_leaves_no_title_unknown():
    """ "Référence" over "interne" is the buyer's own reference, not the item's code, and
    "Arrivée" over "prévue le" a date: read as one line, "Référence" would title the code
    column, "Arrivée" nothing known."""
    titles = [
        (X["code"], 140, "Désignation"),
        (200, 140, "Référence"),
        (-X["quantity"], 140, "Qty"),
        (370, 140, "Arrivée"),
        (-X["unit_price"], 140, "Price"),
        (-X["total"], 140, "Amount"),
        (200, 151, "interne"),
        (370, 151, "prévue le"),
    ]

    def line(y: float, code: str, text: str, qty: str, price: str, total: str):
        return [
            (X["code"], y, text),
            (200, y, f"INT-{code}"),
            (-X["quantity"], y, qty),
            (370, y, "30/06/2026"),
            (-X["unit_price"], y, price),
            (-X["total"], y, total),
        ]

    items = _two_items(titles, line, y=170)
    assert [(i.item_code, i.description) for i in items] == [
        (None, "Steel bolts"),
        (None, "Washers"),
    ]


def test_a_code_wider_than_its_title_and_run_into_the_quantity_is_that_columns():
    """ "REV-2026-A1" centred under "Rev.", set a space from the quantity: not more of the
    description left of it."""
    titles = [t for t in _TITLES if t[2] != "Due"] + [(275, 140, "Rev.")]

    def line(y: float, code: str, text: str, qty: str, price: str, total: str):
        right = X["quantity"] - pymupdf.get_text_length(qty, fontname="helv", fontsize=9) - 3
        revision = "REV-2026-A1"
        start = right - pymupdf.get_text_length(revision, fontname="helv", fontsize=9)
        return [
            (X["code"], y, code),
            (X["description"], y, text),
            (start, y, revision),
            (-X["quantity"], y, qty),
            (-X["unit_price"], y, price),
            (-X["total"], y, total),
        ]

    items = _two_items(titles, line)
    assert [(i.item_code, i.description) for i in items] == [
        ("AB-100", "Steel bolts"),
        ("CD-200", "Washers"),
    ]


_GERMAN_TITLES = [
    (55, 140, "Pos."),
    (-X["quantity"] + 60, 140, "Menge"),
    (X["description"] + 60, 140, "Bezeichnung"),
    (-X["total"], 140, "Termin"),
]


def _german_order(price_title: list[tuple[float, float, str]], net: str = "Summe netto"):
    """One position: its part number alone under "Bezeichnung", two lines of text flush
    under it, a blank line, then a longer note; the price under "EUR / PE", no amount."""
    x = X["description"] + 60
    lines = [
        (60, 160, "1"),
        (-X["quantity"] + 60, 160, "18 Stk"),
        (x, 160, "MXSU-6171"),
        (-390, 160, "180,00"),
        (-X["total"], 160, "13.10.26"),
        (x, 171, "Verbindungsmuffe 30kV für"),
        (x, 182, "Kunststoffkabel 800 mm²"),
        (x, 205, "Zum Einsatz an geschirmten Einleiterkabeln"),
    ]
    titles = _GERMAN_TITLES + price_title
    content, _ = _page(
        [(50, 80, "Bestellung Nr."), (150, 80, "4711"), (50, 95, "Datum:"), (150, 95, "05.03.2026")]
        + titles
        + lines
        + [(X["description"] + 60, 240, net), (-390, 240, "3.240,00")],
        title="BESTELLUNG",
    )
    return _read(content).order


def test_a_title_run_starting_with_a_slash_continues_the_one_left_of_it():
    order = _german_order([(360, 140, "EUR"), (390, 140, "/ PE")])
    assert [(i.quantity, i.unit_price) for i in order.items] == [(Decimal("18"), Decimal("180.00"))]


def test_the_lines_flush_under_a_part_numbers_text_go_on_with_it_up_to_a_blank_line():
    order = _german_order([(360, 140, "EUR / PE")])
    assert [(i.item_code, i.description) for i in order.items] == [
        ("MXSU-6171", "Verbindungsmuffe 30kV für Kunststoffkabel 800 mm²")
    ]


def test_a_net_sum_printed_alone_is_the_orders_total():
    assert _german_order([(360, 140, "EUR / PE")]).total == Decimal("3240.00")


def test_a_bracketed_code_left_in_the_description_declines():
    """ "[AB-100] Steel bolts M8" beside another column's "TYCAB-100" (a reference whose title
    is missing, taken for the code column): the bracketed code is the product's own."""
    titles = [(X["code"], 140, "Code"), (X["description"], 140, "Désignation")]
    titles += _FRENCH_TITLES[1:]
    lines = _french_line(160, "TYCAB-100", "10", "2,50", "25,00")
    lines += [(X["description"], 160, "[AB-100] Boulons acier M8")]
    lines += _french_line(174, "TYCCD-200", "4", "1,25", "5,00")
    lines += [(X["description"], 174, "[CD-200] Rondelles")]
    content, _ = _page(_header() + titles + lines + _FRENCH_TOTALS, title="COMMANDE")
    with pytest.raises(ExtractionDeclined, match="bracketed code"):
        _read(content)
