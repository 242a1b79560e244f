"""A Dutch "Inkooporder" as a cloud ERP of the AFAS kind prints it: a right-aligned block of
label and value, lines numbered 10, 20, 30 with the unit before the quantity, no table rules
but banded rows, and VAT per rate under the totals; amounts as € 1.234,56, dates 7-3-2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans Condensed', sans-serif; font-size: 8.5pt; color: #1d2b3a; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.logo { font-size: 14pt; font-weight: bold; color: #e35205; }
.blok { text-align: right; }
.blok table { margin-left: auto; }
.blok td { padding: 1px 0 1px 12px; }
.blok td:first-child { color: #6b7a89; }
h2 { font-size: 13pt; margin: 18px 0 6px; color: #e35205; }
.adres { display: flex; gap: 40px; margin-bottom: 14px; }
table.r { width: 100%; border-collapse: collapse; }
table.r th { text-align: left; font-weight: 600; padding: 4px; color: #6b7a89; }
table.r td { padding: 4px; }
table.r tbody tr:nth-child(odd) { background: #f3f5f7; }
.g, .c { text-align: right; white-space: nowrap; }
.c { text-align: left; }
table.r th.g { text-align: right; }
.som { margin: 12px 0 0 auto; width: 45%; border-collapse: collapse; }
.som td { padding: 2px 4px; }
.som .eind td { font-weight: bold; border-top: 1px solid #1d2b3a; }
.vrij { margin-top: 16px; }
</style></head><body>
<div class="top"><div><div class="logo">{{ order.buyer.name }}</div>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Btw-nr. {{ order.buyer.tax_id }}</div>
<div class="blok"><table>
<tr><td>Ordernummer</td><td>{{ order.po_number }}</td></tr>
<tr><td>Orderdatum</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Leverdatum</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td>Crediteur</td><td>{{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td>Project</td><td>{{ order.project_code }}</td></tr>{% endif %}
<tr><td>Inkoper</td><td>{{ order.contact }}</td></tr></table></div></div>
<h2>Inkooporder</h2>
<div class="adres"><div><b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}</div><div>Afleveradres:<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<table class="r"><thead><tr><th>Regel</th><th>Itemcode</th><th>Omschrijving</th><th>Eenheid</th>
<th class="g">Aantal</th><th class="g">Prijs per eenheid</th><th class="g">Btw</th>
<th class="g">Bedrag excl. btw</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td class="c">{{ line.item_code }}</td>
<td>{{ line.description }}</td><td>{{ line|unit }}</td><td class="g">{{ line.quantity|qty }}</td>
<td class="g">{{ line.list_price|money }}</td><td class="g">{{ line.vat_rate|pct }}%</td>
<td class="g">{{ line.line_total|money }}</td></tr>{% endfor %}</tbody></table>
<table class="som"><tr><td>Totaal excl. btw</td><td class="g">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Btw {{ tax.rate|pct }}% over {{ tax.base|money }}</td>
<td class="g">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td>Totaal btw</td><td class="g">{{ order.tax|money }}</td></tr>
<tr class="eind"><td>Totaal incl. btw</td><td class="g">{{ order.total|money }}</td></tr></table>
<div class="vrij">Betalingsconditie: {{ order.payment_terms }}
{% if order.notes %}<br>Opmerking: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_afas_nl",
    split="dev",
    batch=3,
    spec=order_spec(
        "EUR", "NL", "0.21", "0.09", line_count=(3, 8), language="nl", position_step=10
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{d}-{m}-{yyyy}",
    po_number=lambda rng, order: f"{order.order_date.year}{rng.randint(1, 99999):05d}",
    quantity_places=None,
    line_numbers=True,
    units={"pcs": "stuk", "bag": "zak", "pallet": "pallet", "h": "uur", "day": "dag"},
)
