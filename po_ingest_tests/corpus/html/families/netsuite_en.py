"""A US "Purchase Order" as NetSuite's standard advanced PDF prints it: a boxed date and PO #
grid at the top right, quantity before the item and its description, long orders running onto
a second page with the column heads repeated, shipping and sales tax under the subtotal;
dates 3/7/2026, amounts as $1,234.56."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; }
.head { display: flex; justify-content: space-between; }
.co b { font-size: 11pt; }
.doc { text-align: right; }
.doc h1 { font-size: 20pt; margin: 0 0 6px; }
.grid { border-collapse: collapse; margin-left: auto; }
.grid th { background: #333; color: #fff; padding: 3px 10px; font-weight: bold; }
.grid td { border: 1px solid #333; padding: 3px 10px; text-align: center; }
.addr { display: flex; gap: 30px; margin: 16px 0 10px; }
.addr div { flex: 1; }
.addr .h { background: #333; color: #fff; font-weight: bold; padding: 2px 5px; }
.addr .b { padding: 4px 5px; }
.terms { width: 100%; border-collapse: collapse; margin-bottom: 10px; }
.terms th { background: #e5e5e5; padding: 3px; border: 1px solid #999; }
.terms td { padding: 3px; border: 1px solid #999; text-align: center; }
table.items { width: 100%; border-collapse: collapse; }
table.items thead { display: table-header-group; }
table.items th { background: #333; color: #fff; padding: 4px; text-align: left; }
table.items td { padding: 4px; border-bottom: 1px solid #ccc; }
table.items tr { page-break-inside: avoid; }
.r { text-align: right; white-space: nowrap; }
table.items th.r { text-align: right; }
.sum { margin: 10px 0 0 auto; border-collapse: collapse; page-break-inside: avoid; }
.sum td { padding: 3px 8px; }
.sum .total td { font-weight: bold; border-top: 2px solid #333; font-size: 10pt; }
.memo { margin-top: 12px; }
</style></head><body>
<div class="head"><div class="co"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.phone }}</div>
<div class="doc"><h1>Purchase Order</h1><table class="grid"><tr><th>Date</th><th>PO #</th></tr>
<tr><td>{{ order.order_date|date }}</td><td>{{ order.po_number }}</td></tr></table></div></div>
<div class="addr"><div><div class="h">Vendor</div><div class="b">{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div>
<div><div class="h">Ship To</div><div class="b">{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div></div>
<table class="terms"><tr><th>Vendor #</th><th>Terms</th><th>Due Date</th><th>Requested By</th>
<th>Project</th></tr><tr><td>{{ order.supplier_number }}</td><td>{{ order.payment_terms }}</td>
<td>{{ order.delivery_date|date }}</td><td>{{ order.contact }}</td>
<td>{{ order.project_code or "" }}</td></tr></table>
<table class="items"><thead><tr><th class="r">Qty</th><th>Units</th><th>Item</th>
<th>Description</th><th class="r">Rate</th><th class="r">Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Subtotal</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Shipping</td><td class="r">{{ order.charges|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Tax ({{ tax.rate|pct }}%)</td>
<td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td>Total</td><td class="r">{{ order.total|money }}</td></tr></table>
{% if order.notes %}<div class="memo">Memo: {{ order.notes }}</div>{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_netsuite_en",
    split="dev",
    batch=3,
    spec=order_spec("USD", "US", "0.0825", line_count=(36, 48), freight=(25, 240)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{m}/{d}/{yyyy}",
    po_number=lambda rng, order: f"PO{rng.randint(1000, 99999)}",
    quantity_places=None,
    paper="Letter",
    margin="12mm",
    footer=(
        '<div style="font-size:7pt;width:100%;text-align:center;">'
        '<span class="pageNumber"></span> of <span class="totalPages"></span></div>'
    ),
)
