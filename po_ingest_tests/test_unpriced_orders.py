"""Orders that print goods and quantities but no prices: taken only where nothing could
have been misread, since no total checks them (`local/unpriced.py`)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page

_HEADER = [
    (50, 80, "Orden de compra #"),
    (150, 80, "26"),
    (50, 95, "Fecha:"),
    (150, 95, "2026-03-05"),
]
_TITLES = [
    (50, 140, "Referencia"),
    (150, 140, "Producto"),
    (260, 140, "Descripción"),
    (-520, 140, "Unidades"),
]


def _line(y: float, code: str, product: str, text: str, quantity: str):
    return [(50, y, code), (150, y, product), (260, y, text), (-520, y, quantity)]


_LINES = _line(160, "af0f33c1", "Laptop", "15 pulgadas", "15") + _line(
    188, "2e60033f", "Escritorio", "de roble", "3"
)


def _read(lines, title="ORDEN DE COMPRA"):
    content, _ = drawn_page(lines, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b"))


def test_an_order_without_prices_is_read_when_its_fields_are_labelled_and_lines_whole():
    after = [(50, 210, "Fecha de entrega: 2026-03-20")]
    result = _read(_HEADER + _TITLES + _LINES + after)
    order = result.order
    assert (order.po_number, order.order_date, order.total) == ("26", dt.date(2026, 3, 5), None)
    assert [(i.item_code, i.description, i.quantity, i.unit_price) for i in order.items] == [
        ("af0f33c1", "Laptop 15 pulgadas", Decimal("15"), None),
        ("2e60033f", "Escritorio de roble", Decimal("3"), None),
    ]
    assert result.warnings == ["currency_not_printed"]


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ([(30, 174, "Entregar todo en el almacén 3")], "a row among its lines"),
        ([(50, 202, "Unidades"), (150, 202, "pedidas"), (-520, 202, "18")], "no code or position"),
        ([(380, 210, "Total"), (-520, 210, "18")], "amounts printed"),
        ([(50, 210, "Moneda de pago: Pesos")], "currency is named"),
    ],
)
def test_an_order_without_prices_is_declined_where_something_may_be_misread(extra, reason):
    with pytest.raises(ExtractionDeclined, match=reason):
        _read(_HEADER + _TITLES + _LINES + extra)


def test_an_order_without_prices_needs_its_number_labelled():
    header = [(50, 65, "26"), (50, 95, "Fecha:"), (150, 95, "2026-03-05")]
    with pytest.raises(ExtractionDeclined, match="needs its po_number labelled"):
        _read(header + _TITLES + _LINES)


def test_an_order_without_prices_with_a_column_it_does_not_know_is_declined():
    titles = _TITLES[:2] + [(260, 140, "Embalaje")] + _TITLES[3:]
    with pytest.raises(ExtractionDeclined, match="column it does not know"):
        _read(_HEADER + titles + _LINES)


def test_a_misspelt_description_title_is_known_on_an_order_without_prices():
    """ "Descripsión", one letter off a long title: the column it misspells, not an unknown
    one (`columns._misspelt`)."""
    titles = _TITLES[:2] + [(260, 140, "Descripsión")] + _TITLES[3:]
    plain = _read(_HEADER + _TITLES + _LINES).order.items
    assert _read(_HEADER + titles + _LINES).order.items == plain


def test_dollars_named_in_spanish_are_us_dollars():
    after = [(50, 210, "Moneda de pago: Dólares")]
    result = _read(_HEADER + _TITLES + _LINES + after)
    assert (result.order.currency, result.warnings) == ("USD", [])


# SAP's release order against a contract (Coca-Cola's YMEDRUCK form): prices titled, none printed.
_US_ADDRESS = [(278, 60, "ORLANDO FL 32819-9030"), (278, 70, "USA")]
_RELEASE_HEADER = [(50, 80, "Purchase order No:"), (160, 80, "4508694394")]
_RELEASE_HEADER += [(50, 95, "Issue Date:"), (160, 95, "01/11/2021"), (400, 95, "Currency: USD")]
_RELEASE_TITLES = [(21, 140, "Item"), (57, 140, "Material #"), (118, 140, "Vendor Matl#")]
_RELEASE_TITLES += [(-215, 140, "Tgt Qty"), (230, 140, "Unit"), (290, 140, "Description")]
_RELEASE_TITLES += [(-480, 140, "Price per unit"), (-560, 140, "Net Value")]


def _release_line():
    return [(21, 160, "00010"), (57, 160, "1237583"), (-215, 160, "532.000"), (230, 160, "each")]


def _release(lines, address=_US_ADDRESS, date="01/11/2021"):
    header = [(x, y, date if t == "01/11/2021" else t) for x, y, t in _RELEASE_HEADER]
    return _read(address + header + _RELEASE_TITLES + lines, title="PURCHASE ORDER")


def test_prices_titled_but_printed_on_no_line_make_an_order_without_prices():
    """A target quantity, a vendor's material number column left blank, a US order's
    quantity with three decimals ("532.000"), and no price nor amount under their titles."""
    order = _release(_release_line() + [(290, 160, "PLT 48 X 40 CHEP")]).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (10, "1237583", "PLT 48 X 40 CHEP")
    ]
    assert [(i.quantity, i.unit, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal("532"), "each", None, None)
    ]
    assert (order.currency, order.total) == ("USD", None)


def test_an_amount_in_a_line_without_prices_declines_it():
    with pytest.raises(ExtractionDeclined, match="prints an amount in a line"):
        _release(_release_line() + [(290, 160, "PLT 48 X 40 CHEP 12.50")])


def test_a_quantity_with_three_decimals_outside_the_us_is_not_guessed():
    with pytest.raises(ExtractionDeclined, match="line 1 is incomplete"):
        _release(_release_line() + [(290, 160, "PLT 48 X 40 CHEP")], [], "2021-01-11")


# A merchant's order form: its product code, the supplier's code set aside, free notes.
_FORM_HEADER = [(380, 60, "Raised Date:"), (480, 60, "28 Aug 2025")]
_FORM_HEADER += [(380, 80, "Document Ref:"), (480, 80, "5091/JT1")]
_FORM_TITLES = [(32, 140, "Product Code"), (100, 140, "Supplier Code"), (265, 140, "Description")]
_FORM_TITLES += [(-500, 140, "Qty"), (520, 140, "Notes")]


def _form_line(y: float, note: str):
    return [(44, y, "CJ1266"), (100, y, "CRSM-198/55"), (265, y, "REPAIR SLEEVE")] + [
        (-500, y, "20"),
        (520, y, note),
    ]


def test_an_order_without_prices_sets_the_suppliers_code_and_notes_aside():
    order = _read(_FORM_HEADER + _FORM_TITLES + _form_line(160, "urgent"), "PURCHASE ORDER").order
    assert (order.po_number, order.order_date) == ("5091/JT1", dt.date(2025, 8, 28))
    assert [(i.item_code, i.description, i.quantity) for i in order.items] == [
        ("CJ1266", "REPAIR SLEEVE", Decimal("20"))
    ]


def test_a_price_in_the_notes_of_an_order_without_prices_declines_it():
    """ "£69.93" in the notes: a price that no amount checks."""
    with pytest.raises(ExtractionDeclined, match="prints an amount in a line"):
        _read(_FORM_HEADER + _FORM_TITLES + _form_line(160, "£69.93"), "PURCHASE ORDER")
