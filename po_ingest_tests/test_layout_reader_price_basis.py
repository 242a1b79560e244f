"""The layout reader on prices per 100, 1 000 or 10 000 units: the line is read as quantity
× price ÷ basis = amount, checked to the cent, and keeps no unit price (the order has no
price basis to say what it is per)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.price_basis import labelled_basis
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _titles, _totals

_COLUMNS = [
    Column("description", 120, 200),
    Column("quantity", 300, 330),
    Column("unit_price", 400, 440),
    Column("line_total", 500, 540),
]


def _line(y: float, price: str, total: str, unit: str = "pcs", qty: str = "3.000"):
    return [
        (X["code"], y, "LS-420"),
        (X["description"], y, "Contact pin"),
        (-X["quantity"], y, qty),
        (X["unit"], y, unit),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


@pytest.mark.parametrize("price", ["19,92 /100 PC", "19,92/100", "199,20/1.000"])
def test_a_price_per_hundred_or_thousand_units_is_checked_and_left_out(price):
    lines = _header() + _titles() + _line(160, price, "597,60")
    content, _ = _page(lines + _totals(200, [("Gesamt", "597,60")]))
    [item] = _read(content).order.items
    assert (item.quantity, item.unit, item.unit_price, item.line_total) == (
        Decimal(3000),
        "pcs",
        None,
        Decimal("597.60"),
    )


def test_a_price_per_ten_thousand_run_into_the_unit_is_read_as_the_price():
    """SAP's "piece 68.161,71/10.000" set left of the price title, in the unit's cell."""
    line = _line(160, "", "4.771,32", unit="piece    68.161,71/10.000", qty="700,00")
    content, _ = _page(_header() + _titles() + line + _totals(200, [("Gesamt", "4.771,32")]))
    [item] = _read(content).order.items
    assert (item.unit, item.unit_price, item.line_total) == ("piece", None, Decimal("4771.32"))


def test_a_price_per_hundred_that_does_not_give_the_amount_is_declined():
    lines = _header() + _titles() + _line(160, "19,92 /100 PC", "59,76")
    content, _ = _page(lines + _totals(200, [("Gesamt", "59,76")]))
    with pytest.raises(ExtractionDeclined, match="price per 100"):
        _read(content)


def test_a_price_per_some_other_count_is_no_price_basis():
    """ "/12" is no round basis: the line stays unread rather than guessed."""
    lines = _header() + _titles() + _line(160, "19,92 /12 PC", "4.980,00")
    content, _ = _page(lines + _totals(200, [("Gesamt", "4.980,00")]))
    with pytest.raises(ExtractionDeclined):
        _read(content)


@pytest.mark.parametrize(
    ("label", "basis", "price"),
    [("Preiseinheit", "100", None), ("Price unit", "1", Decimal("19.92"))],
)
def test_a_labelled_price_basis_under_the_price_is_read_as_its_basis(label, basis, price):
    """ "Preiseinheit 100" printed under "19,92": per 100 units; "1" leaves a unit price."""
    total = "597,60" if basis == "100" else "59.760,00"
    under = [(X["unit"] + 20, 172, label), (-X["unit_price"], 172, basis)]
    lines = _header() + _titles() + _line(160, "19,92", total) + under
    content, _ = _page(lines + _totals(200, [("Gesamt", total)]))
    [item] = _read(content).order.items
    assert (item.description, item.unit_price, item.line_total) == (
        "Contact pin",
        price,
        Decimal(total.replace(".", "").replace(",", ".")),
    )


def test_a_description_mixing_two_printed_lines_is_declined():
    """A line's words standing less than half a line under another's, over the same place:
    two printed lines read as one, in an order no one printed."""
    lines = _header() + _titles() + _line(160, "19,92 /100 PC", "597,60")
    lines += [(X["description"], 165, "Ihre"), (X["description"] + 30, 165, "40.A711")]
    content, _ = _page(lines + _totals(200, [("Gesamt", "597,60")]))
    with pytest.raises(ExtractionDeclined, match="mixes two printed lines"):
        _read(content)


def test_a_basis_on_a_row_with_its_own_quantity_is_no_basis_of_the_item_above():
    """ "per 100" beside a quantity is an item of its own, not the line above's basis."""
    label, basis = Word(380, 100, 395, 110, "per"), Word(425, 100, 440, 110, "100")
    quantity = Word(310, 100, 330, 110, "20")
    assert labelled_basis(Row(0, [label, basis]), _COLUMNS) == [label, basis]
    assert labelled_basis(Row(0, [quantity, label, basis]), _COLUMNS) is None


@pytest.mark.parametrize("basis", ["EUR/1.000", "/1.000", "pro 1.000 ST", "per /1.000"])
def test_a_basis_alone_under_the_price_is_read_as_its_basis(basis):
    """SAP's "EUR/1.000" printed on the row under "199,20": the price is per 1 000 units,
    and the line is checked as 3 000 × 199,20 ÷ 1 000 = 597,60."""
    under = [(-X["unit_price"], 172, basis)]
    lines = _header() + _titles() + _line(160, "199,20", "597,60") + under
    content, _ = _page(lines + _totals(200, [("Gesamt", "597,60")]))
    [item] = _read(content).order.items
    assert (item.description, item.unit_price, item.line_total) == (
        "Contact pin",
        None,
        Decimal("597.60"),
    )


def test_a_basis_alone_that_does_not_give_the_amount_is_declined():
    under = [(-X["unit_price"], 172, "EUR/1.000")]
    lines = _header() + _titles() + _line(160, "199,20", "59,76") + under
    content, _ = _page(lines + _totals(200, [("Gesamt", "59,76")]))
    with pytest.raises(ExtractionDeclined, match="price per 1000"):
        _read(content)


def test_a_basis_alone_away_from_the_price_is_no_basis():
    """ "/100" under the description is text, not the price's basis."""
    aside, under = Word(120, 100, 150, 110, "/100"), Word(410, 100, 440, 110, "EUR/1.000")
    assert labelled_basis(Row(0, [aside]), _COLUMNS) is None
    assert labelled_basis(Row(0, [under]), _COLUMNS) == [under]


def _unit_set_apart(unit: str) -> list[tuple[float, float, str]]:
    """Titles and a line whose unit's cell stands well right of the quantity."""
    titles = [t for t in _titles() if t[2] != "Unit"] + [(372, 140, "Unit")]
    line = [t for t in _line(160, "19,92", "") if t[0] != X["unit"]] + [(372, 160, unit)]
    return titles + [t for t in line if t[2]]


@pytest.mark.parametrize(
    ("unit", "total", "price"),
    [("100 pcs", "597,60", None), ("1 pcs", "59.760,00", Decimal("19.92"))],
)
def test_a_basis_printed_before_the_unit_in_its_cell_is_the_price_basis(unit, total, price):
    """ "100 Stck" under "Einheit": the price is per 100 of the unit; "1 Stck" per one."""
    lines = _header() + _unit_set_apart(unit) + [(-X["total"], 160, total)]
    content, _ = _page(lines + _totals(200, [("Gesamt", total)]))
    [item] = _read(content).order.items
    assert (item.unit, item.unit_price) == ("pcs", price)


def test_a_count_before_the_unit_that_is_no_basis_declines_the_line():
    lines = _header() + _unit_set_apart("12 pcs") + [(-X["total"], 160, "4.980,00")]
    content, _ = _page(lines + _totals(200, [("Gesamt", "4.980,00")]))
    with pytest.raises(ExtractionDeclined):
        _read(content)


@pytest.mark.parametrize(
    ("price", "total", "unit_price"),
    [
        ("19,92 C", "597,60", None),
        ("199,20 M", "597,60", None),
        ("19,92 E", "59.760,00", Decimal("19.92")),
    ],
)
def test_a_price_unit_letter_after_the_price_is_its_basis(price, total, unit_price):
    """A wholesaler's "19,92 C": the price is per 100 units ("M" per 1 000, "E" per one),
    checked as 3 000 × 19,92 ÷ 100 = 597,60."""
    lines = _header() + _titles() + _line(160, price, total)
    content, _ = _page(lines + _totals(200, [("Gesamt", total)]))
    [item] = _read(content).order.items
    assert (item.unit, item.unit_price, item.line_total) == (
        "pcs",
        unit_price,
        Decimal(total.replace(".", "").replace(",", ".")),
    )


def test_a_price_unit_letter_in_a_column_of_its_own_is_its_basis():
    """The letter under its own "UV" title right of the price, as Spanish wholesalers print."""
    titles = _titles() + [(448, 140, "UV")]
    lines = _header() + titles + _line(160, "19,92", "597,60") + [(448, 160, "C")]
    content, _ = _page(lines + _totals(200, [("Gesamt", "597,60")]))
    [item] = _read(content).order.items
    assert (item.unit_price, item.line_total) == (None, Decimal("597.60"))


def test_a_price_unit_letter_that_does_not_give_the_amount_is_declined():
    lines = _header() + _titles() + _line(160, "19,92 M", "597,60")
    content, _ = _page(lines + _totals(200, [("Gesamt", "597,60")]))
    with pytest.raises(ExtractionDeclined, match="price per 1000"):
        _read(content)
