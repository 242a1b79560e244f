"""A promotional-products order: each product on a row of its own (quantity, SKU, name, no
prices), its details under it as notes, and the one row that prices it: a variant (its
size) printing the same quantity, a price and an extension, no SKU. A charge ("• Setup
Charge") is a line of its own, its text opened by a list bullet."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor

_HEADER = [(420, 70, "PO #5001-2"), (420, 86, "Date: 2025-08-14"), (40, 130, "SUPPLIER")]
_HEADER += [(40, 144, "Acme Pens Inc.")]
_TITLES = [(74, 200, "QTY"), (160, 200, "SKU"), (185, 200, "DESCRIPTION")]
_TITLES += [(456, 200, "UNIT PRICE"), (527, 200, "EXTENSION")]


def _pdf(rows: list[tuple[float, float, str]], totals: list[tuple[float, float, str]]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((250, 40), "PURCHASE ORDER", fontname="hebo", fontsize=12)
    for x, y, text in _HEADER + _TITLES + rows + totals:
        page.insert_text((x, y), text, fontname="helv", fontsize=9)
    return doc.tobytes()


_PRODUCT = [(74, 222, "250"), (152, 222, "T949"), (185, 222, "Mini Sticky Notebook")]
_PRODUCT += [(185, 238, "Color: Khaki")]
_VARIANT = [(74, 254, "250"), (185, 254, "Size: 3 x 3"), (472, 254, "0.834")]
_VARIANT += [(539, 254, "208.50")]
_CHARGE = [(83, 270, "1"), (188, 270, "•"), (196, 270, "Setup Charge"), (472, 270, "48.00")]
_CHARGE += [(543, 270, "48.00")]
_TOTALS = [(459, 320, "Subtotal"), (534, 320, "$256.50"), (472, 336, "Total")]
_TOTALS += [(534, 336, "$256.50")]


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "p")).order


def test_the_variant_row_prices_the_product_over_it():
    order = _read(_pdf(_PRODUCT + _VARIANT + _CHARGE, _TOTALS))
    product, charge = order.items
    assert (product.item_code, product.description, product.quantity) == (
        "T949",
        "Mini Sticky Notebook",
        Decimal(250),
    )
    assert (product.unit_price, product.line_total) == (Decimal("0.834"), Decimal("208.50"))
    assert (charge.item_code, charge.description, charge.line_total) == (
        None,
        "Setup Charge",
        Decimal("48.00"),
    )
    assert order.total == Decimal("256.50")


def test_two_variant_rows_of_the_products_quantity_are_not_guessed_between():
    """Which of two rows printing the product's quantity prices it is not told."""
    second = [(74, 286, "250"), (185, 286, "Size: 4 x 4"), (472, 286, "0.834")]
    second += [(539, 286, "208.50")]
    totals = [(x, y + 32, t) for x, y, t in _TOTALS]
    totals = [(x, y, "$465.00" if t == "$256.50" else t) for x, y, t in totals]
    with pytest.raises(ExtractionDeclined):
        _read(_pdf(_PRODUCT + _VARIANT + _CHARGE + second, totals))


def test_a_list_bullet_opening_a_lines_text_is_no_word_of_it():
    priced = [(74, 222, "2"), (152, 222, "P100"), (188, 222, "•"), (196, 222, "Ballpoint Pen")]
    priced += [(472, 222, "1.50"), (543, 222, "3.00")]
    totals = [(459, 320, "Subtotal"), (534, 320, "$3.00"), (472, 336, "Total")]
    totals += [(534, 336, "$3.00")]
    [item] = _read(_pdf(priced, totals)).items
    assert (item.item_code, item.description) == ("P100", "Ballpoint Pen")
