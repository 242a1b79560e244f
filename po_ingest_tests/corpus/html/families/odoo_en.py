"""An Odoo-style purchase order (English, UK company): the code in brackets before the
description, quantity with its unit of measure, one "Taxes" column and the totals widget."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #222; }
.company { border-bottom: 1px solid #875a7b; padding-bottom: 6px; margin-bottom: 18px; }
.company b { font-size: 12pt; }
.addresses { display: flex; justify-content: space-between; }
.addresses > div { width: 45%; }
h2 { font-weight: normal; font-size: 18pt; margin: 24px 0 12px; }
.info { display: flex; gap: 40px; margin-bottom: 16px; }
.info strong { display: block; }
table { width: 100%; border-collapse: collapse; }
thead th { text-align: left; border-bottom: 2px solid #444; padding: 4px; }
td { border-bottom: 1px solid #ddd; padding: 5px 4px; vertical-align: top; }
.num { text-align: right; white-space: nowrap; }
.totals { width: 40%; margin-left: auto; margin-top: 12px; }
.totals td { border: none; }
.totals tr.total td { border-top: 1px solid #444; font-weight: bold; }
.notes { margin-top: 24px; }
</style></head><body>
<div class="company"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.country }}</div>
<div class="addresses">
<div><strong>Shipping address:</strong><br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}
<br>{{ order.ship_to.city }}</div>
<div>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
{{ order.supplier.country }}<br>{{ order.supplier.phone }}<br>VAT: {{ order.supplier.tax_id }}
</div></div>
<h2>Purchase Order #{{ order.po_number }}</h2>
<div class="info">
<div><strong>Purchase Representative:</strong>{{ order.contact }}</div>
<div><strong>Order Date:</strong>{{ order.order_date|date }}</div>
<div><strong>Expected Arrival:</strong>{{ order.delivery_date|date }}</div>
</div>
<table><thead><tr><th>Description</th><th>Taxes</th><th class="num">Qty</th>
<th class="num">Unit Price</th><th class="num">Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>[{{ line.item_code }}] {{ line.description }}</td>
<td>VAT {{ line.vat_rate|pct }}%</td>
<td class="num">{{ line.quantity|qty }} {{ line|unit }}</td>
<td class="num">{{ line.list_price|amount }}</td>
<td class="num">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="totals">
<tr><td>Untaxed Amount</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>VAT {{ tax.rate|pct }}%</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td>Total</td><td class="num">{{ order.total|money }}</td></tr>
</table>
<p>Payment terms: {{ order.payment_terms }}</p>
{% if order.notes %}<div class="notes">{{ order.notes }}</div>{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_odoo_en",
    split="dev",
    spec=order_spec("GBP", "UK", "0.20", line_count=(3, 10), project_chance=0),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"P{rng.randint(20, 4999):05d}",
    units={"pcs": "Units", "h": "Hours", "day": "Days", "bag": "Bags", "pallet": "Pallets"},
)
