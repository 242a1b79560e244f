"""A Teamleader Focus-like Belgian "Bestelbon": a light modern page with the logo name on the
left and the title and number on the right, the supplier's address and the meta data
(datum, leverdatum, referentie, contactpersoon) as small grey labels above their values in
three columns, a table ruled only between rows with omschrijving, aantal, eenheidsprijs, btw and
totaal excl. btw, then the totals per BTW rate (21 % and 6 %) and the total incl. btw; bank and
company details in the footer. Amounts as € 1.234,56, dates as 7 maart 2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Helvetica, sans-serif; font-size: 8.5pt; color: #2a3b4d; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.logo { font-size: 16pt; font-weight: bold; color: #00b2b2; }
.title { text-align: right; }
.title h1 { font-size: 18pt; margin: 0; font-weight: normal; }
.title div { color: #8295a8; }
.parties { display: flex; gap: 40px; margin-top: 30px; line-height: 1.4; }
.lbl { color: #8295a8; font-size: 7pt; text-transform: uppercase; letter-spacing: .4px; }
.meta { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; margin-top: 22px;
  padding: 10px 0; border-top: 1px solid #e3e8ee; border-bottom: 1px solid #e3e8ee; }
table.items { width: 100%; border-collapse: collapse; margin-top: 18px; }
table.items th { text-align: left; color: #8295a8; font-weight: normal; font-size: 7.5pt;
  padding: 4px; border-bottom: 1px solid #2a3b4d; }
table.items td { padding: 6px 4px; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
table.items th.r { text-align: right; }
.code { color: #8295a8; font-size: 7.5pt; }
table.tot { margin: 12px 0 0 auto; border-collapse: collapse; width: 45%; }
table.tot td { padding: 3px 4px; }
table.tot tr.g td { font-size: 11pt; font-weight: bold; border-top: 1px solid #2a3b4d; padding-top: 6px; }
.notes { margin-top: 26px; }
</style></head><body>
<div class="top"><div class="logo">{{ order.buyer.name }}</div>
<div class="title"><h1>Bestelbon</h1><div>{{ order.po_number }}</div></div></div>
<div class="parties"><div><span class="lbl">Leverancier</span><br><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>BTW {{ order.supplier.tax_id }}</div>
<div><span class="lbl">Leveringsadres</span><br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div></div>
<div class="meta"><div><span class="lbl">Datum</span><br>{{ order.order_date|date }}</div>
<div><span class="lbl">Gewenste leverdatum</span><br>{{ order.delivery_date|date }}</div>
<div><span class="lbl">Contactpersoon</span><br>{{ order.contact }}</div>
<div><span class="lbl">Leveranciersnummer</span><br>{{ order.supplier_number }}</div>
<div><span class="lbl">Referentie</span><br>{{ order.project_code or "-" }}</div>
<div><span class="lbl">Betalingstermijn</span><br>{{ order.payment_terms }}</div></div>
<table class="items"><thead><tr><th style="width:46%">Omschrijving</th><th class="r">Aantal</th>
<th class="r">Eenheidsprijs</th><th class="r">Btw</th><th class="r">Totaal excl. btw</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.description }}<br><span class="code">{{ line.item_code }}</span></td>
<td class="r">{{ line.quantity|qty }} {{ line|unit }}</td><td class="r">{{ line.list_price|money }}</td>
<td class="r">{{ line.vat_rate|pct }}%</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot"><tr><td>Totaal excl. btw</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Btw {{ tax.rate|pct }}% over {{ tax.base|money }}</td>
<td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="g"><td>Totaal incl. btw</td><td class="r">{{ order.total|money }}</td></tr></table>
{% if order.notes %}<div class="notes"><span class="lbl">Opmerkingen</span><br>{{ order.notes }}</div>{% endif %}
</body></html>"""

FOOTER = """<div style="font-family: 'Liberation Sans', sans-serif; font-size: 6.5pt; color: #8295a8;
width: 100%; margin: 0 15mm; text-align: center;">Bouwbedrijf Schelde NV · Noorderlaan 147, 2030
Antwerpen · BTW BE 0412.345.678 · RPR Antwerpen · IBAN BE68 5390 0754 7034 · BIC KREDBEBB</div>"""

FAMILY = Family(
    name="html_teamleader_be",
    split="heldout",
    batch=4,
    spec=order_spec("EUR", "BE", "0.21", "0.06", line_count=(3, 9), language="nl"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{d} {month} {yyyy}",
    po_number=lambda rng, order: f"{order.order_date.year}/{rng.randint(1, 600):04d}",
    quantity_places=None,
    units={"pcs": "stuk", "bag": "zak", "pallet": "pallet", "h": "uur", "day": "dag"},
    footer=FOOTER,
)
