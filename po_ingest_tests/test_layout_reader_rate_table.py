"""A table of the tax by rate (rate, taxable base, tax) printed left of the totals box, its
lines falling between the box's ("Aliquota | Imponibile | Imposta" beside "Totale merce",
"Totale IVA", "Totale documento"): no lines of the totals, read only when its arithmetic
holds."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _ITEMS, _header, _page, _read, _titles


def _rate_table_beside_totals(second_tax: str = "0.50", total_tax: str = "5.50"):
    """Lines of 25.00 at 20 % and 5.00 at 10 %; the box's total is its subtotal and tax."""
    total = f"{Decimal('30.00') + Decimal(total_tax):.2f}"
    table = [
        (50, 220, "Code"),
        (90, 220, "Rate"),
        (230, 220, "Net"),
        (320, 220, "VAT"),
        (50, 238, "S"),
        (90, 238, "VAT 20%"),
        (-260, 238, "25.00"),
        (-350, 238, "5.00"),
        (50, 256, "R"),
        (90, 256, "VAT 10%"),
        (-260, 256, "5.00"),
        (-350, 256, second_tax),
    ]
    box = [
        (380, 220, "Goods total"),
        (-545, 220, "30.00"),
        (380, 229, "Taxable total"),
        (-545, 229, "30.00"),
        (380, 247, "Total VAT"),
        (-545, 247, total_tax),
        (380, 256, "Total"),
        (-545, 256, total),
    ]
    return _page(_header() + _titles() + _ITEMS + table + box)[0]


def test_a_tax_table_by_rate_beside_the_totals_box_is_no_line_of_it():
    order = _read(_rate_table_beside_totals()).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("5.50"),
        Decimal("35.50"),
    )


@pytest.mark.parametrize(
    ("second_tax", "total_tax", "reason"),
    [
        ("0.60", "5.60", "tax lines do not add up"),  # 10 % of 5.00 is not 0.60: not set apart
        ("0.50", "5.60", "tax by rate does not add up to the totals"),  # nor the box's tax
    ],
)
def test_a_tax_table_that_does_not_add_up_is_declined(second_tax, total_tax, reason):
    with pytest.raises(ExtractionDeclined, match=reason):
        _read(_rate_table_beside_totals(second_tax, total_tax))
