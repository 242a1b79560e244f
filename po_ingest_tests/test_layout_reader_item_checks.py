"""The layout reader on what an item's checks once declined: GST broken down on rows under
each item (the line's amount its taxable value plus those taxes)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _header, _page, _read


def _gst_order(igst: tuple[str, str], total: str) -> bytes:
    """Each item's taxable value, its GST rate and amount left empty on its line, its
    gross amount; under it, SAP India's "CGST 0.00 0.00" and "IGST 5.00 …" rows."""
    titles = [(30, 140, "Code"), (90, 140, "Description"), (-250, 140, "Qty"), (260, 140, "UM")]
    titles += [(-330, 140, "Rate"), (-400, 140, "Taxable Value"), (-450, 140, "GST Rate")]
    titles += [(-500, 140, "GST Amt"), (-560, 140, "Amount")]
    lines = []
    for y, code, text, amount, gross in (
        (160, "AB-100", "Steel bolts M8", "200.00", "210.00"),
        (210, "CD-200", "Washers", "100.00", igst[1]),
    ):
        lines += [(30, y, code), (90, y, text), (-250, y, "1.00"), (260, y, "EA")]
        lines += [(-330, y, amount), (-400, y, amount), (-560, y, gross)]
        lines += [(380, y + 14, "CGST"), (-450, y + 14, "0.00"), (-500, y + 14, "0.00")]
        tax = "10.00" if code == "AB-100" else igst[0]
        lines += [(380, y + 28, "IGST"), (-450, y + 28, "5.00"), (-500, y + 28, tax)]
    lines += [(30, 270, "Grand Total"), (-250, 270, "2.00"), (-560, 270, total)]
    content, _ = _page(_header() + titles + lines)
    return content


def test_an_items_tax_broken_down_under_it_leaves_its_taxable_value_as_its_amount():
    order = _read(_gst_order(("5.00", "105.00"), "315.00")).order
    assert [(i.item_code, i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        ("AB-100", Decimal("1"), Decimal("200.00"), Decimal("200.00")),
        ("CD-200", Decimal("1"), Decimal("100.00"), Decimal("100.00")),
    ]
    assert (order.tax, order.total) == (Decimal("15.00"), Decimal("315.00"))


def test_a_gross_amount_the_taxes_under_it_do_not_give_is_declined():
    with pytest.raises(ExtractionDeclined, match="does not add up with the tax"):
        _read(_gst_order(("5.00", "106.00"), "316.00"))
