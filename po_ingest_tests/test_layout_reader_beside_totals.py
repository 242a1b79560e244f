"""The layout reader on a totals block printed beside a column of text (a delivery address,
the terms), as Flemish accounting programs print an order: lines of that text between the
block's lines are no end of the block, and the block's own words ("Totaal goederen" over
"Korting", "Maatstaf van heffing", "Btw", "Totaal te betalen") name its lines. Each page
drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _read(lines):
    content, _ = drawn_page(lines, title="BESTELBON")
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def _order(titles, totals):
    header = [(50, 80, "Bestelbonnummer:"), (170, 80, "BLEV-2026-0937")]
    header += [(50, 94, "Datum:"), (170, 94, "26 april 2026"), (50, 108, "Munt: EUR")]
    lines = [(50, 160, "BIT-V60"), (120, 160, "Bitumen sheet V60"), (-380, 160, "117,00 st")]
    lines += [(-470, 160, "42,00"), (-545, 160, "4.914,00")]
    lines += [(50, 174, "EXC-14"), (120, 174, "Excavator 14 t"), (-380, 174, "42,50 uur")]
    lines += [(-470, 174, "95,00"), (-545, 174, "4.037,50")]
    return header + titles + lines + totals


def _titles():
    titles = [(50, 140, "Artikel"), (120, 140, "Omschrijving"), (-380, 140, "Aantal")]
    return titles + [(-470, 140, "Prijs"), (-545, 140, "Bedrag")]


def _beside_text(first_label: str):
    """The block's first line beside an address, a line of the address alone under it."""
    totals = [(50, 204, "Leveringsadres: Werf Nieuw Zuid, poort 3,")]
    totals += [(350, 204, first_label), (-545, 204, "8.951,50")]
    totals += [(50, 216, "2018 Antwerpen")]
    totals += [(350, 222, "Korting 2 %"), (-545, 222, "-179,03")]
    totals += [(50, 234, "Betalingsvoorwaarden: 30 dagen netto")]
    totals += [(350, 240, "Btw 21 %"), (-545, 240, "1.842,22")]
    return totals + [(350, 256, "Totaal te betalen"), (-545, 256, "10.614,69")]


def test_a_discount_under_the_total_past_text_beside_the_block_declines():
    """A line of the address beside the block, under what was read as the total, is no
    end of the block: the discount and tax under it say the total was read too early."""
    with pytest.raises(ExtractionDeclined, match="allowances line under the total"):
        _read(_order(_titles(), _beside_text("Totaal")))


def test_the_goods_total_over_the_taxable_base_is_the_subtotal():
    """ "Totaal goederen" is the goods' total before the discount, "Maatstaf van heffing" the
    taxable base after it, "Totaal te betalen" the amount payable."""
    totals = _beside_text("Totaal goederen")
    totals += [(350, 231, "Maatstaf van heffing"), (-545, 231, "8.772,47")]
    order = _read(_order(_titles(), totals))
    assert (order.subtotal, order.allowances, order.tax, order.total) == (
        Decimal("8951.50"),
        Decimal("179.03"),
        Decimal("1842.22"),
        Decimal("10614.69"),
    )


def test_a_title_broken_at_a_hyphen_over_the_header_joins_its_end_under_it():
    """ "Eenheids-" over "prijs" beside "Bedrag" over "excl. btw": the line above is titles,
    one broken at its hyphen, and "Bedrag excl. btw" titles the line amounts."""
    titles = [(-470, 130, "Eenheids-"), (-545, 130, "Bedrag")]
    titles += [(50, 140, "Artikel"), (120, 140, "Omschrijving"), (-380, 140, "Aantal")]
    titles += [(-470, 140, "prijs"), (-545, 140, "excl. btw")]
    order = _read(_order(titles, _beside_text("Totaal goederen")))
    assert [item.line_total for item in order.items] == [Decimal("4914.00"), Decimal("4037.50")]
