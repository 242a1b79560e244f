"""A SnelStart-like Dutch "Inkoopbestelling": the company's name and details in a right-hand
column beside the supplier's address, the order data as a two-column list under the title, a
plain unruled table of omschrijving, aantal with the unit in the same cell (12 stuks), prijs
per eenheid, btw % and bedrag, no article codes, then Totaal excl. btw, btw 21 % and 9 % each
"over" its base and Totaal incl. btw under a rule; amounts as € 1.234,56 and dates as 7-3-2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Open Sans', 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #333; }
.top { display: flex; justify-content: space-between; }
.lev { margin-top: 22mm; line-height: 1.45; }
.eig { text-align: right; line-height: 1.5; font-size: 7.5pt; color: #666; }
.eig .nm { font-size: 15pt; color: #e0701b; font-weight: bold; }
h1 { font-size: 16pt; font-weight: normal; margin: 12mm 0 3mm; color: #e0701b; }
table.gg { border-collapse: collapse; margin-bottom: 6mm; }
table.gg td { padding: 1px 14px 1px 0; white-space: nowrap; }
table.gg td.l { color: #888; }
table.rg { width: 100%; border-collapse: collapse; }
table.rg th { text-align: left; font-weight: 600; color: #888; font-size: 7.5pt;
  padding: 4px 5px; }
table.rg td { padding: 4px 5px; vertical-align: top; }
.b { text-align: right !important; white-space: nowrap; }
table.tot { margin-left: auto; border-collapse: collapse; margin-top: 5mm; min-width: 80mm; }
table.tot td { padding: 2px 5px; }
table.tot tr.t td { border-top: 1px solid #333; font-weight: bold; font-size: 10pt;
  padding-top: 5px; }
.opm { margin-top: 10mm; line-height: 1.5; color: #555; }
.voet { margin-top: 14mm; font-size: 7pt; color: #999; text-align: center; }
</style></head><body>
<div class="top"><div class="lev">{{ order.supplier.name }}<br>t.a.v. Verkoop<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<div class="eig"><div class="nm">{{ order.buyer.name }}</div>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.phone }}<br>{{ order.buyer.email }}<br>
Btw-nr. {{ order.buyer.tax_id }}</div></div>
<h1>Inkoopbestelling</h1>
<table class="gg"><tr><td class="l">Bestelnummer</td><td>{{ order.po_number }}</td>
<td class="l">Leverancier</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Besteldatum</td><td>{{ order.order_date|date }}</td>
<td class="l">Contactpersoon</td><td>{{ order.contact }}</td></tr>
<tr><td class="l">Leverdatum</td><td>{{ order.delivery_date|date }}</td>
<td class="l">Afleveradres</td><td>{{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}</td></tr>
{% if order.project_code %}<tr><td class="l">Project</td><td>{{ order.project_code }}</td>
<td></td><td></td></tr>{% endif %}</table>
<table class="rg"><thead><tr><th>Omschrijving</th><th class="b">Aantal</th>
<th class="b">Prijs per eenheid</th><th class="b">Btw</th><th class="b">Bedrag</th></tr></thead>
<tbody>{% for line in order.lines %}<tr><td>{{ line.description }}</td>
<td class="b">{{ line.quantity|qty }} {{ line|unit }}</td>
<td class="b">{{ line.list_price|money }}</td><td class="b">{{ line.vat_rate|pct }}%</td>
<td class="b">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot"><tr><td>Totaal excl. btw</td><td class="b">{{ order.subtotal|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td>Btw {{ t.rate|pct }}% over {{ t.base|money }}</td>
<td class="b">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Totaal incl. btw</td><td class="b">{{ order.total|money }}</td></tr></table>
<div class="opm">Betalingsconditie: {{ order.payment_terms }}{% if order.notes %}<br>
Opmerking: {{ order.notes }}{% endif %}<br>Vermeld bij levering en facturatie altijd ons
bestelnummer.</div>
<div class="voet">{{ order.buyer.name }} · {{ order.buyer.street }} · {{ order.buyer.city }}
· Btw-nr. {{ order.buyer.tax_id }}</div>
</body></html>"""

FAMILY = Family(
    name="html_snelstart_nl",
    split="dev",
    batch=6,
    spec=order_spec("EUR", "NL", "0.21", "0.09", line_count=(2, 7), language="nl"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{d}-{m}-{yyyy}",
    po_number=lambda rng, order: f"{order.order_date.year}{rng.randint(1, 999):04d}",
    quantity_places=None,
    item_codes=False,
    units={
        "pcs": "stuks",
        "h": "uur",
        "day": "dagen",
        "pallet": "pallets",
        "bag": "zakken",
        "t": "ton",
        "kg": "kg",
        "l": "liter",
        "m": "m",
        "m²": "m²",
        "m³": "m³",
    },
    margin="16mm",
)
