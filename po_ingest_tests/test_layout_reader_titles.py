"""Column titles as ERPs print them beyond the plain word: its amount as a "Sum", an
apostrophe for an accent ("QUANTITA'"), the buyer's and the seller's
code side by side ("NS.CODICE" is the buyer's, the item code), a rate's sign first ("% SC"); and a totals
label printed over its amount."""

from __future__ import annotations

import pymupdf

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _right(x: float, y: float, text: str) -> tuple[float, float, str]:
    return x - pymupdf.get_text_length(text, fontname="helv", fontsize=9), y, text


def _read(lines: list[tuple[float, float, str]], title: str):
    content, _ = drawn_page(lines, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


_ORDER_HEADER = [(300, 80, "Order No.: 2812"), (300, 92, "Order Date: 2025-06-13")]


def _english(price_title: str, amount_title: str):
    titles = [(40, 150, "Nr."), (70, 150, "Description"), (260, 150, price_title)]
    titles += [(330, 150, "Quantity"), (390, 150, "Unit"), (440, 150, amount_title)]
    item = [(40, 170, "1"), (70, 170, "Heat shrink tube"), _right(300, 170, "810,00")]
    item += [_right(370, 170, "3"), (390, 170, "pcs"), _right(500, 170, "2 430,00")]
    totals = [(300, 200, "Total EUR"), _right(500, 200, "2 430,00")]
    return _read(_ORDER_HEADER + titles + item + totals, "Purchase Order")


def test_sum_titles_the_lines_amount():
    order = _english("Unit price", "Sum")
    assert [(i.quantity, i.line_total) for i in order.items] == [(3, 2430)]


_ITALIAN_HEADER = [(300, 80, "Numero ordine: 25001350"), (300, 92, "Data: 14/07/2025")]


def _italian(total: list[tuple[float, float, str]]):
    titles = [(30, 150, "NS.CODICE"), (115, 150, "VS.CODICE"), (180, 150, "DESCRIZIONE")]
    titles += [(320, 150, "U.M."), (345, 150, "QUANTITA'"), (394, 150, "PREZZO UNIT.")]
    titles += [(470, 150, "% SC"), (520, 150, "IMPORTO")]
    item = [(30, 170, "CON11VICSE.M2"), (115, 170, "3-1534799-1"), (180, 170, "CONNETTORE 11V")]
    item += [(320, 170, "NR"), _right(385, 170, "250"), _right(430, 170, "0,5000")]
    item += [_right(490, 170, "20"), _right(560, 170, "100,00")]
    return _read(_ITALIAN_HEADER + titles + item + total, "ORDINE ACQUISTO")


def test_italian_titles_with_an_apostrophe_our_code_beside_yours_and_a_rate_sign_first():
    order = _italian([(400, 220, "TOTALE ORDINE"), _right(560, 220, "100,00")])
    (item,) = order.items
    assert (item.item_code, item.description, item.quantity) == (
        "CON11VICSE.M2",
        "CONNETTORE 11V",
        250,
    )
    # 250 × 0,50 less 20 % is 100,00: the price before the discount is not the line's.
    assert (item.unit, item.unit_price, item.line_total) == ("NR", None, 100)


def test_a_totals_label_over_its_amount_names_it():
    """ "TOTALE ORDINE (Iva esclusa)" over "EUR 100,00", a box of the totals row."""
    total = [(30, 220, "OSSERVAZIONI"), (470, 220, "TOTALE ORDINE (Iva esclusa)")]
    total += [(480, 232, "EUR"), _right(560, 232, "100,00")]
    order = _italian(total)
    assert (order.total, order.currency) == (100, "EUR")
