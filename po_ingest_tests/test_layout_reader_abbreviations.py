"""The layout reader on abbreviations Indian and French order programs print: a unit the
vocabulary names closed by a dot ("2.00 Cu.Mtr." in the quantity's cell), a serial number's
title "S.N.", a discount's title "Rem. %". Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _read(lines, title: str):
    content, _ = drawn_page(lines, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def _indian_order(quantity: str):
    header = [(50, 80, "P.O. No."), (130, 80, ": SIPL/PO/25-26/0677")]
    header += [(50, 94, "Dated"), (130, 94, ": 22-02-2026")]
    titles = [(50, 140, "S.N."), (90, 140, "Description of Goods"), (-360, 140, "Qty.")]
    titles += [(-440, 140, "Price"), (-540, 140, "Amount (Rs.)")]
    lines = [(50, 160, "1."), (90, 160, "Rebar B500B 25 mm"), (-360, 160, "6.75 MT")]
    lines += [(-440, 160, "1,000.00"), (-540, 160, "6,750.00")]
    lines += [(50, 174, "2."), (90, 174, "Ready-mix concrete C25/30"), (-360, 174, quantity)]
    lines += [(-440, 174, "9,840.00"), (-540, 174, "19,680.00")]
    totals = [(-300, 200, "Sub Total"), (-540, 200, "26,430.00")]
    return header + titles + lines + totals + [(-300, 214, "Grand Total"), (-540, 214, "26,430.00")]


def test_a_named_unit_closed_by_a_dot_in_the_quantity_cell_is_the_unit():
    """ "Cu.Mtr." is the vocabulary's "cu.mtr" with an abbreviation's dot: no second number
    in the quantity's cell, but its unit."""
    order = _read(_indian_order("2.00 Cu.Mtr."), "PURCHASE ORDER")
    assert (order.items[1].quantity, order.items[1].unit) == (Decimal("2.00"), "Cu.Mtr.")


def test_s_n_titles_the_line_numbers():
    order = _read(_indian_order("2.00 Nos."), "PURCHASE ORDER")
    assert [item.line_number for item in order.items] == [1, 2]


def test_rem_percent_titles_the_line_discount():
    """ "Rem." over "%" (remise): the line's amount is its quantity × price less it."""
    header = [(50, 80, "N° de commande"), (170, 80, "CF26008480")]
    header += [(50, 94, "Date de commande"), (170, 94, "27/02/2026"), (50, 108, "Devise EUR")]
    titles = [(50, 140, "Réf."), (130, 140, "Désignation"), (-370, 140, "Qté")]
    titles += [(-430, 140, "P.U. HT"), (-470, 134, "Rem."), (-470, 146, "%")]
    titles += [(-540, 140, "Montant HT")]
    lines = [(50, 166, "RB-16-6000"), (130, 166, "Rebar B500B 16 mm"), (-370, 166, "2,200")]
    lines += [(-430, 166, "860,00"), (-470, 166, "15,00"), (-540, 166, "1 608,20")]
    lines += [(50, 180, "PVC-110-5"), (130, 180, "PVC-U sewer pipe"), (-370, 180, "98,000")]
    lines += [(-430, 180, "15,35"), (-540, 180, "1 504,30")]
    totals = [(330, 206, "Total HT"), (-540, 206, "3 112,50 EUR")]
    totals += [(330, 220, "Total TVA"), (-540, 220, "622,50 EUR")]
    totals += [(330, 234, "Total TTC"), (-540, 234, "3 735,00 EUR")]
    order = _read(header + titles + lines + totals, "BON DE COMMANDE")
    assert [item.line_total for item in order.items] == [Decimal("1608.20"), Decimal("1504.30")]
