"""A Zoho-style SaaS purchase order (English, UK): a coloured header bar, an item table with
"#", the SKU under the item name, zebra rows, an order discount and a shipping charge."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; color: #333; margin: 0; }
.bar { background: #1f6fb2; color: #fff; padding: 14px 18px; display: flex;
  justify-content: space-between; align-items: center; }
.bar h1 { margin: 0; font-size: 20pt; letter-spacing: 1px; }
.bar .org { text-align: right; font-size: 8.5pt; }
.meta { display: flex; justify-content: space-between; margin: 18px 0; }
.meta .label { color: #777; }
.meta table td { padding: 2px 8px 2px 0; }
.addr { display: flex; gap: 40px; margin-bottom: 18px; }
.addr div { width: 45%; }
.addr .head { color: #1f6fb2; font-weight: bold; margin-bottom: 4px; }
table.items { width: 100%; border-collapse: collapse; }
table.items thead th { background: #3c3d3a; color: #fff; padding: 6px; text-align: left; }
table.items td { padding: 6px; vertical-align: top; }
table.items tbody tr:nth-child(even) { background: #f3f6f9; }
table.items tr { page-break-inside: avoid; }
.sku { color: #777; font-size: 8pt; }
.unit { color: #777; font-size: 8pt; }
.num { text-align: right; white-space: nowrap; }
.totals { width: 45%; margin-left: auto; margin-top: 10px; border-collapse: collapse; }
.totals td { padding: 4px 6px; }
.totals .total td { background: #f3f6f9; font-weight: bold; font-size: 10.5pt; }
.notes { margin-top: 20px; }
.notes .head { font-weight: bold; }
</style></head><body>
<div class="bar"><h1>PURCHASE ORDER</h1><div class="org"><b>{{ order.buyer.name }}</b><br>
{{ order.buyer.street }}, {{ order.buyer.city }}<br>{{ order.buyer.email }}</div></div>
<div class="meta"><table>
<tr><td class="label">Purchase Order#</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td class="label">Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="label">Delivery Date</td><td>{{ order.delivery_date|date }}</td></tr>
{% if order.project_code %}<tr><td class="label">Reference#</td>
<td>{{ order.project_code }}</td></tr>{% endif %}
</table><table><tr><td class="label">Payment Terms</td><td>{{ order.payment_terms }}</td></tr>
</table></div>
<div class="addr"><div><div class="head">Vendor Address</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div><div class="head">Deliver To</div>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}
<br>{{ order.ship_to.city }}</div></div>
<table class="items"><thead><tr><th>#</th><th>Item &amp; Description</th>
<th class="num">Qty</th><th class="num">Rate</th><th class="num">Amount</th></tr></thead>
<tbody>{% for line in order.lines %}<tr><td>{{ line.position }}</td>
<td>{{ line.description }}<br><span class="sku">SKU: {{ line.item_code }}</span></td>
<td class="num">{{ line.quantity|qty }}<br><span class="unit">{{ line|unit }}</span></td>
<td class="num">{{ line.list_price|amount }}</td><td class="num">{{ line.line_total|amount }}</td>
</tr>{% endfor %}</tbody></table>
<table class="totals">
<tr><td>Sub Total</td><td class="num">{{ order.subtotal|amount }}</td></tr>
{% if order.allowances %}<tr><td>Discount ({{ order.allowance_pct|string }}%)</td>
<td class="num">(-) {{ order.allowances|amount }}</td></tr>{% endif %}
{% if order.charges %}<tr><td>Shipping Charge</td>
<td class="num">{{ order.charges|amount }}</td></tr>{% endif %}
{% for tax in order.tax_lines %}<tr><td>VAT ({{ tax.rate|pct }}%)</td>
<td class="num">{{ tax.amount|amount }}</td></tr>{% endfor %}
<tr class="total"><td>Total</td><td class="num">{{ order.total|money }}</td></tr>
</table>
{% if order.notes %}<div class="notes"><div class="head">Notes</div>{{ order.notes }}</div>
{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_zoho_en",
    split="dev",
    spec=order_spec(
        "GBP",
        "UK",
        "0.20",
        line_count=(3, 25),
        order_discounts=(Decimal(0), Decimal(2), Decimal(5), Decimal(10)),
        freight=(0, 120),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£", symbol_space=False),
    date_pattern="{dd} {mon} {yyyy}",
    po_number=lambda rng, order: f"PO-{rng.randint(1, 999):05d}",
    line_numbers=True,
    units={"pcs": "pcs", "h": "hrs", "day": "days", "bag": "bags", "pallet": "pallets"},
    margin="10mm",
)
