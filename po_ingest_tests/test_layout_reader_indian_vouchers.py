"""The layout reader on what Indian voucher programs print: totals lines that say they are
added ("Add : CGST @ 9 %", "Add : Freight & Forwarding"), whose words after "Add" name what
is added, so freight is a charge and only a named tax is tax; a unit the vocabulary names
closed by a dot in the quantity's cell ("2.00 Cu.Mtr."); serial numbers titled "S.N.".
Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _read(lines):
    content, _ = drawn_page(lines, title="PURCHASE ORDER")
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def _voucher(added: str = "Freight & Forwarding", quantity: str = "20.00"):
    header = [(50, 80, "P.O. No."), (130, 80, ": SIPL/PO/25-26/0076")]
    header += [(50, 94, "Dated"), (130, 94, ": 22-10-2025")]
    titles = [(50, 140, "S.N."), (90, 140, "Description of Goods"), (-360, 140, "Qty.")]
    titles += [(-440, 140, "Price"), (-540, 140, "Amount (Rs.)")]
    lines = [(50, 160, "1."), (90, 160, "Rebar B500B 12 mm"), (-360, 160, "10.00")]
    lines += [(-440, 160, "1,000.00"), (-540, 160, "10,000.00")]
    lines += [(50, 174, "2."), (90, 174, "Ready-mix concrete C25/30"), (-360, 174, quantity)]
    lines += [(-440, 174, "50.00"), (-540, 174, "1,000.00")]
    totals = [(-300, 200, "Sub Total"), (-540, 200, "11,000.00")]
    totals += [(-300, 214, f"Add : {added}"), (330, 214, "9965"), (-540, 214, "500.00")]
    totals += [(-300, 228, "Add : CGST"), (-440, 228, "9 %"), (-540, 228, "990.00")]
    totals += [(-300, 242, "Add : SGST"), (-440, 242, "9 %"), (-540, 242, "990.00")]
    totals += [(-300, 256, "Grand Total"), (-540, 256, "Rs. 13,480.00")]
    return header + titles + lines + totals


def test_an_added_line_naming_freight_is_a_charge_not_tax():
    """ "Add" says only that the amount is added: "Freight & Forwarding" after it names a
    charge, and the tax is the two GST components alone."""
    order = _read(_voucher())
    assert (order.subtotal, order.charges, order.tax, order.total) == (
        Decimal("11000.00"),
        Decimal("500.00"),
        Decimal("1980.00"),
        Decimal("13480.00"),
    )


def test_an_added_line_naming_nothing_known_is_not_folded_into_tax():
    """Words after "Add" the vocabulary does not know name no tax: the amount is left
    unplaced, and the order declines rather than count it as tax."""
    with pytest.raises(ExtractionDeclined, match="do not add up"):
        _read(_voucher(added="Loading & Unloading"))


def test_a_named_unit_closed_by_a_dot_in_the_quantity_cell_is_the_unit():
    """ "Cu.Mtr." is the vocabulary's "cu.mtr" with an abbreviation's dot: no second number
    in the quantity's cell, but its unit."""
    order = _read(_voucher(quantity="20.00 Cu.Mtr."))
    assert (order.items[1].quantity, order.items[1].unit) == (Decimal("20.00"), "Cu.Mtr.")


def test_s_n_titles_the_line_numbers():
    assert [item.line_number for item in _read(_voucher()).items] == [1, 2]
