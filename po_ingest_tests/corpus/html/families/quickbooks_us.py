"""A QuickBooks-style US purchase order on Letter paper: Date and P.O. No. boxes, Vendor and
Ship To boxes, a fully ruled Item / Description / Qty / Rate / Amount grid."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Serif', 'Times New Roman', serif; font-size: 10pt; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
h1 { font-size: 20pt; margin: 0 0 8px; text-align: right; }
table { border-collapse: collapse; }
.box td, .box th, .grid td, .grid th { border: 1px solid #000; padding: 3px 6px; }
.box th, .grid th { background: #e6e6e6; font-weight: bold; text-align: center; }
.parties { display: flex; gap: 30px; margin: 22px 0; }
.parties table { width: 48%; }
.parties td { height: 80px; vertical-align: top; }
.grid { width: 100%; }
.grid td { border-top: none; border-bottom: none; vertical-align: top; }
.grid tbody tr:last-child td { border-bottom: 1px solid #000; height: 40px; }
.num { text-align: right; white-space: nowrap; }
.totals { width: 45%; margin-left: auto; }
.totals td { border: 1px solid #000; padding: 3px 6px; }
.totals tr.total td { font-weight: bold; font-size: 11pt; }
.memo { margin-top: 16px; }
</style></head><body>
<div class="top"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.phone }}</div>
<div><h1>Purchase Order</h1><table class="box"><tr><th>Date</th><th>P.O. No.</th></tr>
<tr><td>{{ order.order_date|date }}</td><td>{{ order.po_number }}</td></tr></table></div></div>
<div class="parties">
<table class="box"><tr><th>Vendor</th></tr><tr><td>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</td></tr></table>
<table class="box"><tr><th>Ship To</th></tr><tr><td>{{ order.buyer.name }}<br>
{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</td></tr>
</table></div>
{% if order.project_code %}<table class="box" style="margin-bottom:12px"><tr><th>Job</th>
<th>Terms</th></tr><tr><td>{{ order.project_code }}</td><td>{{ order.payment_terms }}</td></tr>
</table>{% endif %}
<table class="grid"><thead><tr><th>Item</th><th>Description</th><th>Qty</th><th>U/M</th><th>Rate</th>
<th>Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="num">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="num">{{ line.list_price|amount }}</td>
<td class="num">{{ line.line_total|amount }}</td></tr>
{% endfor %}<tr><td></td><td></td><td></td><td></td><td></td><td></td></tr></tbody></table>
<table class="totals">
<tr><td>Subtotal</td><td class="num">{{ order.subtotal|money }}</td></tr>
<tr><td>Shipping</td><td class="num">{{ order.charges|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Sales Tax ({{ tax.rate|pct }}%)</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td>Total</td><td class="num">{{ order.total|money }}</td></tr>
</table>
{% if order.notes %}<div class="memo">Memo: {{ order.notes }}</div>{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_quickbooks_us",
    split="heldout",
    spec=order_spec("USD", "US", "0.0725", line_count=(3, 9), freight=(25, 260)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{mm}/{dd}/{yyyy}",
    po_number=lambda rng, order: str(rng.randint(1040, 9899)),
    quantity_places=None,
    units={"pcs": "ea", "h": "hr", "pallet": "plt"},
    paper="Letter",
    margin="0.5in",
)
