"""A Dutch "Inkooporder" as an online bookkeeping suite prints it: € before the amount,
dd-mm-jjjj dates, btw per rate with its base, line numbers and no rules between rows."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 8.5pt; color: #222; }
.logo { font-size: 15pt; font-weight: bold; color: #0a7e5a; }
.kop { display: flex; justify-content: space-between; margin-bottom: 24px; }
.adres { margin: 10px 0 24px; }
h1 { font-size: 14pt; margin: 0 0 10px; }
.gegevens { border-collapse: collapse; margin-bottom: 18px; }
.gegevens th { text-align: left; font-weight: normal; color: #666; padding: 2px 16px 2px 0; }
.gegevens td { padding: 2px 16px 2px 0; }
table.regels { width: 100%; border-collapse: collapse; }
table.regels thead th { text-align: left; border-bottom: 1px solid #0a7e5a; padding: 4px; }
table.regels td { padding: 3px 4px; }
.num { text-align: right !important; white-space: nowrap; }
.totaal { width: 50%; margin-left: auto; margin-top: 12px; border-top: 1px solid #0a7e5a; }
.totaal td { padding: 2px 4px; }
.totaal .eind td { font-weight: bold; border-top: 1px solid #0a7e5a; }
</style></head><body>
<div class="kop"><div class="logo">{{ order.buyer.name }}</div><div>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.phone }}<br>Btw-nr. {{ order.buyer.tax_id }}</div></div>
<div class="adres">{{ order.supplier.name }}<br>t.a.v. de verkoopafdeling<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<h1>Inkooporder</h1>
<table class="gegevens"><tr><th>Ordernummer</th><th>Orderdatum</th><th>Leverdatum</th>
<th>Crediteurnummer</th>{% if order.project_code %}<th>Project</th>{% endif %}</tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.delivery_date|date }}</td><td>{{ order.supplier_number }}</td>
{% if order.project_code %}<td>{{ order.project_code }}</td>{% endif %}</tr></table>
<p>Afleveradres: {{ order.ship_to.name }}, {{ order.ship_to.street }}, {{ order.ship_to.city }}</p>
<table class="regels"><thead><tr><th>Nr.</th><th>Artikel</th><th>Omschrijving</th>
<th class="num">Aantal</th><th>Eenheid</th><th class="num">Prijs</th><th class="num">Btw</th>
<th class="num">Bedrag</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="num">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td class="num">{{ line.list_price|money }}</td>
<td class="num">{{ line.vat_rate|pct }}%</td><td class="num">{{ line.line_total|money }}</td>
</tr>{% endfor %}</tbody></table>
<table class="totaal">
<tr><td>Totaal excl. btw</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Btw {{ tax.rate|pct }}% over {{ tax.base|money }}</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td>Totaal btw</td><td class="num">{{ order.tax|money }}</td></tr>
<tr class="eind"><td>Totaal incl. btw</td><td class="num">{{ order.total|money }}</td></tr>
</table>
<p>Betalingsconditie: {{ order.payment_terms }}</p>
{% if order.notes %}<p>Opmerkingen: {{ order.notes }}</p>{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_inkooporder_nl",
    split="heldout",
    spec=order_spec("EUR", "NL", "0.21", "0.09", line_count=(3, 10), language="nl"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}-{mm}-{yyyy}",
    po_number=lambda rng, order: f"{order.order_date.year}{rng.randint(1, 999):05d}",
    line_numbers=True,
    units={"pcs": "stuks", "h": "uur", "day": "dag", "bag": "zak", "pallet": "pallet"},
)
