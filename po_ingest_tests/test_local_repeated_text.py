"""Near misses the audit (`po_ingest_tests/near_misses.py`) found on dev orders declined for
another reason: a line's text misread in a way nothing else declines."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests import test_layout_reader as plain


def _order(first_text: str) -> bytes:
    items = plain._item(160, "AB-100", first_text, "10", "2.50", "25.00") + plain._item(
        174, "CD-200", "Washers", "4", "1.25", "5.00"
    )
    return plain._page(plain._header() + plain._titles() + items + plain._PLAIN_TOTALS)[0]


def test_reads_the_plain_order_these_start_from():
    assert plain._read(_order("Steel bolts M8")).order.items[0].description == "Steel bolts M8"


def test_declines_a_description_that_is_one_text_twice():
    """The text and another column's copy of it (the supplier's text), read as one."""
    with pytest.raises(ExtractionDeclined, match="one text twice"):
        plain._read(_order("Steel bolts M8 Steel bolts M8"))


def test_declines_a_description_holding_the_french_label_of_the_suppliers_article_number():
    with pytest.raises(ExtractionDeclined, match="holds a reference"):
        plain._read(_order("Votre numéro article LV847-A Steel bolts M8"))
