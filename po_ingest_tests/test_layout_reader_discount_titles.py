"""The layout reader on a French order's discount column titled "Rem." over "%" (remise),
drawn word by word: the line's amount is its quantity × price less that discount."""

from __future__ import annotations

from decimal import Decimal

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def test_rem_percent_titles_the_line_discount():
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
    content, _ = drawn_page(header + titles + lines + totals, title="BON DE COMMANDE")
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [item.line_total for item in order.items] == [Decimal("1608.20"), Decimal("1504.30")]
