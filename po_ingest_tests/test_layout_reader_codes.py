"""The general layout reader on small hand-made pages: codes and numbers read from where a
form puts them (a "Product" column of codes, a number under the title, a blank project)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page

_HEADER = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042"), (50, 95, "Date:")]
_HEADER += [(150, 95, "2026-03-05")]


def _read(lines, title: str = "PURCHASE ORDER"):
    content, _ = drawn_page(lines, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b"))


def _product_table(first: str, second: str):
    """ "Pos | Product | Description | Qty | Unit | Unit Price", no amounts: the position set
    right against the code in the "Product" column, the total under the table."""
    titles = [(30, 140, "Pos"), (85, 140, "Product"), (200, 140, "Description")]
    titles += [(-330, 140, "Qty"), (345, 140, "Unit"), (-440, 140, "Unit Price")]
    lines = []
    for n, (y, code, text, qty, price) in enumerate(
        [(160, first, "Steel bolts M8", "10", "2.50"), (174, second, "Washers", "4", "1.25")],
        start=1,
    ):
        lines += [(-52, y, str(n)), (56, y, code), (150, y, text), (-330, y, qty)]
        lines += [(345, y, "pcs"), (-440, y, price)]
    return titles + lines + [(380, 200, "Total"), (-440, 200, "30.00")]


def test_a_product_column_of_codes_beside_the_description_holds_the_item_codes():
    order = _read(_HEADER + _product_table("AB1000", "CD2000")).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "AB1000", "Steel bolts M8"),
        (2, "CD2000", "Washers"),
    ]
    assert order.total == Decimal("30.00")


def test_a_product_column_holding_a_name_is_no_code():
    with pytest.raises(ExtractionDeclined):
        _read(_HEADER + _product_table("AB1000", "Washer"))


def test_a_project_code_of_zeros_is_none():
    lines = _HEADER + [(50, 110, "Project:"), (150, 110, "000000")]
    lines += [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    lines += [(50, 160, "AB-100"), (120, 160, "Steel bolts M8"), (-330, 160, "10")]
    lines += [(-440, 160, "2.50"), (-540, 160, "25.00"), (380, 190, "Total"), (-540, 190, "25.00")]
    assert _read(lines).order.project_code is None


def test_a_number_label_beside_a_value_under_the_title_labels_the_po_number():
    """ "Document  Purchase Order" over "No.  20250006705-3": the value sits under the
    title, its bare number label left of it."""
    lines = [(300, 80, "Document"), (386, 80, "Purchase Order"), (300, 95, "No.")]
    lines += [(386, 95, "20250006705-3"), (300, 110, "Date:"), (386, 110, "2026-03-05")]
    lines += [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    lines += [(50, 160, "AB-100"), (120, 160, "Steel bolts M8"), (-330, 160, "10")]
    lines += [(-440, 160, "2.50"), (-540, 160, "25.00"), (380, 190, "Total"), (-540, 190, "25.00")]
    assert _read(lines, title="ACME Ltd").order.po_number == "20250006705-3"


def test_a_number_ending_a_description_near_the_quantity_is_the_description_s():
    """ "FS5972-130-35 EMC FILTER VS-F7 E7 40", one run of words under "Description" alone,
    its last number a few points left of the quantity's title: the description's word."""
    lines = _HEADER + [(50, 140, "Code"), (120, 140, "Description"), (-360, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    lines += [(50, 160, "AB-100"), (165, 160, "FS5972-130-35 EMC FILTER VS-F7 E7 40")]
    lines += [(-360, 160, "10"), (-440, 160, "2.50"), (-540, 160, "25.00")]
    lines += [(380, 190, "Total"), (-540, 190, "25.00")]
    (item,) = _read(lines).order.items
    assert (item.description, item.quantity) == ("FS5972-130-35 EMC FILTER VS-F7 E7 40", 10)
