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
    titles = _TITLES[:2] + [(260, 140, "Descripsión")] + _TITLES[3:]
    with pytest.raises(ExtractionDeclined, match="column it does not know"):
        _read(_HEADER + titles + _LINES)


def test_dollars_named_in_spanish_are_us_dollars():
    after = [(50, 210, "Moneda de pago: Dólares")]
    result = _read(_HEADER + _TITLES + _LINES + after)
    assert (result.order.currency, result.warnings) == ("USD", [])
