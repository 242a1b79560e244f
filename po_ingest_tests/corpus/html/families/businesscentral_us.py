"""A Business Central "Purchase Order" on US Letter: the order number, dates and vendor number
in a label/value stack beside the title, Buy-from and Ship-to side by side, a line discount
column, amounts without a sign in the lines, sales tax, long orders over two pages."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; color: #000; }
.head { display: flex; justify-content: space-between; align-items: flex-start; }
.title { font-size: 14pt; font-weight: bold; text-align: right; }
.facts td { padding: 0 0 0 14px; }
.facts td:first-child { font-weight: bold; }
.parties { display: flex; gap: 40px; margin: 16px 0 12px; }
.parties div { width: 45%; }
.parties b { display: block; border-bottom: 1px solid #000; margin-bottom: 3px; }
table.lines { width: 100%; border-collapse: collapse; }
table.lines th { text-align: left; border-bottom: 1px solid #000; font-weight: bold; padding: 3px; }
table.lines td { padding: 2px 3px; }
.r { text-align: right; white-space: nowrap; }
table.lines th.r { text-align: right; }
.sums { width: 45%; margin-left: auto; margin-top: 8px; border-collapse: collapse; }
.sums td { padding: 2px 3px; }
.sums tr.total td { border-top: 1px solid #000; font-weight: bold; }
.foot { margin-top: 14px; }
</style></head><body>
<div class="head"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.phone }}<br>{{ order.buyer.email }}</div>
<div><div class="title">Purchase Order {{ order.po_number }}</div><table class="facts">
<tr><td>Document Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Expected Receipt Date</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td>Vendor No.</td><td>{{ order.supplier_number }}</td></tr>
<tr><td>Purchaser</td><td>{{ order.contact }}</td></tr>
{% if order.project_code %}<tr><td>Job No.</td><td>{{ order.project_code }}</td></tr>{% endif %}
<tr><td>Payment Terms</td><td>{{ order.payment_terms }}</td></tr></table></div></div>
<div class="parties"><div><b>Buy-from Vendor</b>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<div><b>Ship-to Address</b>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div></div>
<table class="lines"><thead><tr><th>No.</th><th>Description</th><th class="r">Quantity</th>
<th>Unit of Measure</th><th class="r">Direct Unit Cost</th><th class="r">Line Disc. %</th>
<th class="r">Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{% if line.discount_pct %}{{ line.discount_pct|amount(None) }}{% endif %}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>{% endfor %}</tbody></table>
<table class="sums">
<tr><td>Total USD Excl. Tax</td><td class="r">{{ order.subtotal|amount }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Sales Tax {{ tax.rate|pct }}%</td>
<td class="r">{{ tax.amount|amount }}</td></tr>{% endfor %}
<tr class="total"><td>Total USD Incl. Tax</td><td class="r">{{ order.total|money }}</td></tr>
</table>
<div class="foot">{% if order.notes %}{{ order.notes }}<br>{% endif %}
Please reference the purchase order number on all invoices and packing slips.</div>
</body></html>"""

FAMILY = Family(
    name="html_businesscentral_us",
    split="heldout",
    batch=2,
    spec=order_spec("USD", "US", "0.07", line_count=(50, 62), discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{month} {d}, {yyyy}",
    po_number=lambda rng, order: f"10{rng.randint(6001, 9999)}",
    units={"pcs": "PCS", "bag": "BAG", "pallet": "PALLET", "h": "HOUR", "day": "DAY", "t": "TON"},
    paper="Letter",
    margin="12mm",
    footer='<div style="font-size:7pt;width:100%;text-align:right;margin-right:12mm">'
    'Page <span class="pageNumber"></span> / <span class="totalPages"></span></div>',
)
