"""The layout reader on Brazilian order forms (EDI portals' prints, ERP forms): the labels
they print ("Número Pedido", "Valor Total Mercadorias") and a date set with a space either
side of its slashes. Each page drawn word by word."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _header(date: str = "06/01/2026"):
    return [(50, 80, "Número do Pedido:"), (160, 80, "06654993-0000")] + [
        (50, 95, "Data de Emissão:"),
        (160, 95, date),
    ]


def _titles():
    return [
        (40, 140, "Código"),
        (130, 140, "Descrição"),
        (260, 140, "Unidade"),
        (-360, 140, "Qtde"),
        (-450, 140, "Preço"),
        (-540, 140, "Valor Total"),
    ]


def _line(y: float, code: str, text: str, quantity: str, price: str, amount: str):
    return [(40, y, code), (130, y, text), (260, y, "Caixa")] + [
        (-360, y, quantity),
        (-450, y, price),
        (-540, y, amount),
    ]


_LINES = _line(160, "7898686876711", "Sabonete neutro", "117,00", "26,36", "3.084,12")
_LINES += _line(174, "7898686876728", "Sabonete erva doce", "90,00", "26,36", "2.372,40")
_TOTALS = [(300, 200, "Valor Total Mercadorias"), (-540, 200, "5.456,52")]
_TOTALS += [(300, 214, "Valor Total Pedido"), (-540, 214, "5.456,52")]


def _read(lines):
    content, _ = drawn_page(lines, title="PEDIDO DE COMPRA")
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_date_set_with_a_space_either_side_of_its_slashes_is_read():
    """ "06 / 01 / 2026", as an EDI portal fills its form: day first in Portuguese."""
    order = _read(_header(date="06 / 01 / 2026") + _titles() + _LINES + _TOTALS)
    assert order.order_date == dt.date(2026, 1, 6)


def test_numero_pedido_labels_the_order_number():
    """Set right of the buyer's block, where no number under the title stands for it."""
    header = [(300, 80, "Número Pedido:"), (410, 80, "06654993-0000")]
    header += [(300, 95, "Data de Emissão:"), (410, 95, "06/01/2026")]
    order = _read(header + _titles() + _LINES + _TOTALS)
    assert order.po_number == "06654993-0000"


def test_valor_total_of_the_goods_and_of_the_ipi_are_subtotal_and_tax():
    """ "Valor Total Mercadorias" and "Valor Total IPI" over "Valor Total Pedido": neither
    is a total above the order's total."""
    totals = _TOTALS[:2] + [(300, 214, "Valor Total IPI"), (-540, 214, "0,00")]
    totals += [(300, 228, "Valor Total Pedido"), (-540, 228, "5.456,52")]
    order = _read(_header() + _titles() + _LINES + totals)
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("5456.52"),
        Decimal("0.00"),
        Decimal("5456.52"),
    )


def test_a_date_with_a_two_digit_year_and_spaced_slashes_is_no_date():
    """Only a four-digit year makes "06 / 01 / 26" a date and not a ratio or a fraction."""
    with pytest.raises(ExtractionDeclined, match="order date"):
        _read(_header(date="06 / 01 / 26") + _titles() + _LINES + _TOTALS)
