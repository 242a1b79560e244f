"""A WinBooks-like Flemish "BESTELBON" (aankooporder aan leverancier): the buyer's letterhead
with a thin rule, the supplier in the envelope window on the right, the title and a horizontal
reference bar (bestelbonnummer, datum, leveranciersnummer, leverdatum, uw contactpersoon), an
unruled item list with column titles on two lines (artikel, omschrijving, aantal, eenheid,
eenheidsprijs, bedrag excl. btw), then goederen, a global discount on the order ("Korting 3 %"),
maatstaf van heffing, btw 21 % and "Totaal te betalen"; amounts as € 1.234,56, dates 7 december
2025, the bank and company numbers in a small print line at the bottom."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 7.8pt; color: #1a1a1a; }
.lh { border-bottom: 0.8pt solid #2a6f4e; padding-bottom: 2mm; display: flex;
  justify-content: space-between; align-items: flex-end; }
.lh .n { font-size: 13pt; color: #2a6f4e; font-weight: bold; }
.lh .c { font-size: 6.8pt; text-align: right; line-height: 1.4; color: #444; }
.win { margin: 10mm 0 0 95mm; line-height: 1.5; font-size: 9pt; min-height: 24mm; }
h1 { font-size: 15pt; color: #2a6f4e; margin: 6mm 0 2mm 0; letter-spacing: 1px; }
table.bar { width: 100%; border-collapse: collapse; background: #e8f1ec; }
table.bar td { padding: 3px 5px; vertical-align: top; }
table.bar .k { display: block; font-size: 6.3pt; color: #2a6f4e; }
table.it { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.it th { text-align: left; font-size: 6.8pt; color: #2a6f4e; padding: 2px 3px;
  border-bottom: 0.8pt solid #2a6f4e; line-height: 1.15; vertical-align: bottom; }
table.it td { padding: 3px 3px; vertical-align: top; }
.code { color: #555; }
.r { text-align: right !important; white-space: nowrap; }
.sum { display: flex; justify-content: space-between; margin-top: 6mm; }
.info { width: 55%; line-height: 1.55; }
table.tot { border-collapse: collapse; width: 72mm; }
table.tot td { padding: 2px 4px; }
table.tot tr.b td { border-top: 0.6pt solid #999; }
table.tot tr.t td { border-top: 0.8pt solid #2a6f4e; border-bottom: 0.8pt solid #2a6f4e;
  font-weight: bold; font-size: 9pt; color: #2a6f4e; }
.small { margin-top: 12mm; font-size: 6.3pt; color: #666; text-align: center;
  border-top: 0.4pt solid #bbb; padding-top: 2mm; }
</style></head><body>
<div class="lh"><div class="n">{{ order.buyer.name }}</div>
<div class="c">{{ order.buyer.street }} · {{ order.buyer.city }}<br>T {{ order.buyer.phone }}
· {{ order.buyer.email }}</div></div>
<div class="win">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<h1>BESTELBON</h1>
<table class="bar"><tr><td><span class="k">Bestelbonnummer</span><b>{{ order.po_number }}</b></td>
<td><span class="k">Datum</span>{{ order.order_date|date }}</td>
<td><span class="k">Leveranciersnr.</span>{{ order.supplier_number }}</td>
<td><span class="k">Gewenste leverdatum</span>{{ order.delivery_date|date }}</td>
<td><span class="k">Contactpersoon</span>{{ order.contact }}</td>
<td><span class="k">Munt</span>{{ order.currency }}</td></tr></table>
<table class="it"><thead><tr><th>Artikel</th><th>Omschrijving</th><th class="r">Aantal</th>
<th>Eenheid</th><th class="r">Eenheids-<br>prijs</th><th class="r">Bedrag<br>excl. btw</th>
</tr></thead><tbody>
{% for line in order.lines %}<tr><td class="code">{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="sum"><div class="info"><b>Leveringsadres:</b> {{ order.ship_to.name }},
{{ order.ship_to.street }}, {{ order.ship_to.city }}<br>
{% if order.project_code %}<b>Werf:</b> {{ order.project_code }}<br>{% endif %}
<b>Betalingsvoorwaarden:</b> {{ order.payment_terms }}<br>
{% if order.notes %}<b>Opmerking:</b> {{ order.notes }}<br>{% endif %}
Gelieve het bestelbonnummer te vermelden op leveringsbon en factuur.</div>
<table class="tot">
<tr><td>Totaal goederen</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Korting {{ order.allowance_pct|amount(0) }} %</td>
<td class="r">-{{ order.allowances|money }}</td></tr>
{% for t in order.tax_lines %}<tr class="b"><td>Maatstaf van heffing</td>
<td class="r">{{ t.base|money }}</td></tr>
<tr><td>Btw {{ t.rate|pct }} %</td><td class="r">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Totaal te betalen</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
<div class="small">{{ order.buyer.name }} · Ondernemingsnummer {{ order.buyer.tax_id }} ·
RPR Antwerpen · IBAN BE71 0961 2345 6769 · BIC GKCCBEBB</div>
</body></html>"""

FAMILY = Family(
    name="html_winbooks_be",
    split="dev",
    batch=8,
    spec=order_spec(
        "EUR",
        "BE",
        "0.21",
        language="nl",
        line_count=(3, 12),
        order_discounts=tuple(Decimal(p) for p in (2, 3, 5)),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{d} {month} {yyyy}",
    po_number=lambda rng, order: f"BLEV-{order.order_date.year}-{rng.randint(30, 1800):04d}",
    quantity_places=2,
    units={"pcs": "st", "bag": "zak", "pallet": "pallet", "h": "uur", "day": "dag", "l": "liter"},
)
