"""An Exact Online "Inkooporder": the order number, dates and reference as a row of labelled
cells under the title, amounts as € 1.234,56, an unruled table with only a header rule, two
btw rates in the totals."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 8.5pt; color: #222; }
h1 { font-size: 15pt; font-weight: normal; color: #1d5c96; margin: 0 0 10px; }
.addr { display: flex; justify-content: space-between; margin-bottom: 18px; }
.addr div { width: 40%; }
.row { display: flex; border-top: 2px solid #1d5c96; border-bottom: 1px solid #bbb;
  margin-bottom: 16px; }
.row div { flex: 1; padding: 4px 6px; }
.row span { display: block; color: #777; font-size: 7.5pt; }
table.regels { width: 100%; border-collapse: collapse; }
table.regels th { text-align: left; color: #1d5c96; border-bottom: 1px solid #1d5c96;
  padding: 3px 4px; font-weight: normal; }
table.regels td { padding: 3px 4px; }
.n { text-align: right; white-space: nowrap; }
table.regels th.n { text-align: right; }
.tot { width: 40%; margin: 12px 0 0 auto; border-collapse: collapse; }
.tot td { padding: 2px 4px; }
.tot .eind td { font-weight: bold; border-top: 1px solid #222; }
.note { margin-top: 16px; color: #555; }
</style></head><body>
<div class="addr"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Btw-nummer {{ order.buyer.tax_id }}</div>
<div>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}
<br>{{ order.supplier.country }}</div></div>
<h1>Inkooporder</h1>
<div class="row"><div><span>Ordernummer</span>{{ order.po_number }}</div>
<div><span>Orderdatum</span>{{ order.order_date|date }}</div>
<div><span>Leverdatum</span>{{ order.delivery_date|date }}</div>
<div><span>Crediteur</span>{{ order.supplier_number }}</div>
<div><span>Project</span>{{ order.project_code or "-" }}</div></div>
<table class="regels"><thead><tr><th>Artikel</th><th>Omschrijving</th><th class="n">Aantal</th>
<th>Eenheid</th><th class="n">Prijs</th><th class="n">Bedrag</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="n">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="n">{{ line.list_price|money }}</td><td class="n">{{ line.line_total|money }}</td>
</tr>{% endfor %}</tbody></table>
<table class="tot"><tr><td>Totaal excl. btw</td><td class="n">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Btw {{ tax.rate|pct }}% over {{ tax.base|money }}</td>
<td class="n">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td>Totaal btw</td><td class="n">{{ order.tax|money }}</td></tr>
<tr class="eind"><td>Totaal incl. btw</td><td class="n">{{ order.total|money }}</td></tr></table>
<div class="note">Afleveradres: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>Contactpersoon: {{ order.contact }} &middot; Betalingsconditie:
{{ order.payment_terms }}{% if order.notes %}<br>Opmerking: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_exactonline_nl",
    split="dev",
    batch=2,
    spec=order_spec("EUR", "NL", "0.21", "0.09", line_count=(3, 9), language="nl"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}-{mm}-{yyyy}",
    po_number=lambda rng, order: f"{order.order_date.year % 100}{rng.randint(1, 9999):05d}",
    quantity_places=None,
    units={"pcs": "stuk", "bag": "zak", "pallet": "pallet", "h": "uur", "day": "dag"},
)
