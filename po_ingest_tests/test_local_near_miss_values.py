"""Values the near-miss audit (`python -m po_ingest_tests.near_misses`) found read wrong on
declined dev orders, each read right or declined where the misreading starts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests import test_layout_reader as drawn


def test_a_blank_form_lines_zero_amount_under_the_items_is_no_subtotal():
    # A form prints "$ 0.00" in its blank lines' amount column under the items: a bare
    # amount right under the amounts is read as their sum, but zero sums no priced line.
    blank = [(-drawn.X["total"], 188, "0.00")]
    content, _ = drawn._page(
        drawn._header() + drawn._titles() + drawn._ITEMS + blank + drawn._PLAIN_TOTALS
    )
    order = drawn._read(content).order
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("36.00"))


def test_a_country_named_in_a_sentence_does_not_make_a_bare_dollar_its_money():
    # "$" amounts and no address: a note's sentence naming Mexico is about a shipment, not
    # where the order is placed; the "$" stays the US dollar, not the peso.
    items = drawn._item(160, "AB-100", "Steel bolts M8", "10", "$2.50", "$25.00") + drawn._item(
        174, "CD-200", "Washers", "4", "$1.25", "$5.00"
    )
    note = [(50, 260, "A prior shipment was held at the Texas-Mexico border crossing for a week.")]
    totals = drawn._totals(200, [("Total", "$30.00")])
    content, _ = drawn._page(drawn._header() + drawn._titles() + items + totals + note)
    assert drawn._read(content).order.currency == "USD"


@pytest.mark.parametrize(
    "reference", ["quote 5006903590", "AGREEMENT IT_R_TUB_IDT", "Angebot Nr. 2024-118"]
)
def test_another_documents_reference_under_the_items_text_is_declined(reference):
    # The line the item is ordered under, printed under its text: not what the item is.
    items = drawn._item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    items += [(drawn.X["description"], 172, reference)]
    items += drawn._item(186, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = drawn._page(
        drawn._header() + drawn._titles() + items + drawn._totals(210, [("Total", "30.00")])
    )
    with pytest.raises(ExtractionDeclined, match="another document's reference"):
        drawn._read(content)
