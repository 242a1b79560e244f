"""An Unleashed-like UK "Purchase Order": a clean cloud-inventory print with the logo space and
the title on the left and the order details as a right-aligned list (Order No., Order Date,
Delivery Date, Supplier Code, Project, Currency, Raised By), supplier and delivery addresses under small caps
headings, a lightly ruled product table (product code, product description, quantity, unit,
unit price, discount, line total, VAT rate), then a totals list ending in "Total GBP" beside the
comments; amounts as £1,234.56 (GBP) with the line amounts unsigned, VAT 20 % and 5 %, dates as
14/03/2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Lato', 'Helvetica', 'Liberation Sans', sans-serif; font-size: 8.5pt;
  color: #2b2b2b; }
.top { display: flex; justify-content: space-between; }
.logo { width: 45mm; height: 16mm; background: #f0f0f0; color: #999; display: flex;
  align-items: center; justify-content: center; font-size: 7pt; }
h1 { font-size: 20pt; font-weight: 300; margin: 4mm 0 0 0; color: #0a7c86; }
table.det { border-collapse: collapse; }
table.det td { padding: 1.5px 0 1.5px 8mm; }
table.det td.l { color: #777; text-align: right; }
.addr { display: flex; gap: 10mm; margin-top: 7mm; }
.addr > div { flex: 1; line-height: 1.4; }
.addr .h { font-size: 7pt; color: #0a7c86; font-weight: bold; letter-spacing: 1px;
  text-transform: uppercase; margin-bottom: 2px; }
table.p { width: 100%; border-collapse: collapse; margin-top: 7mm; }
table.p th { text-align: left; font-size: 7.5pt; color: #555; border-bottom: 1.5px solid #0a7c86;
  padding: 4px 3px; }
table.p td { border-bottom: 0.5px solid #ddd; padding: 4px 3px; vertical-align: top; }
.r { text-align: right !important; white-space: nowrap; }
.bottom { display: flex; justify-content: space-between; gap: 12mm; margin-top: 6mm; }
.cm { flex: 1; line-height: 1.45; }
.cm .h { font-size: 7pt; color: #0a7c86; font-weight: bold; text-transform: uppercase; }
table.t { border-collapse: collapse; width: 68mm; }
table.t td { padding: 3px 3px; }
table.t tr.g td { border-top: 1.5px solid #0a7c86; font-weight: bold; font-size: 11pt; }
</style></head><body>
<div class="top"><div><div class="logo">YOUR LOGO</div><h1>Purchase Order</h1></div>
<table class="det">
<tr><td class="l">Order No.</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td class="l">Order Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Delivery Date</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Supplier Code</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Project</td><td>{{ order.project_code or '' }}</td></tr>
<tr><td class="l">Currency</td><td>{{ order.currency }}</td></tr>
<tr><td class="l">Raised By</td><td>{{ order.contact }}</td></tr>
</table></div>
<div class="addr"><div><div class="h">Supplier</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div><div class="h">Deliver To</div>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div>
<div><div class="h">Invoice To</div>{{ order.buyer.name }}<br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>VAT No. {{ order.buyer.tax_id }}</div></div>
<table class="p"><thead><tr><th>Product Code</th><th>Product Description</th>
<th class="r">Quantity</th><th>Unit</th><th class="r">Price</th><th class="r">Disc. %</th>
<th class="r">Total</th><th class="r">VAT</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.discount_pct|amount if line.discount_pct else '0.00' }}</td>
<td class="r">{{ line.line_total|amount }}</td><td class="r">{{ line.vat_rate|pct }}%</td></tr>
{% endfor %}</tbody></table>
<div class="bottom"><div class="cm"><div class="h">Comments</div>
{% if order.notes %}{{ order.notes }}<br>{% endif %}Payment terms: {{ order.payment_terms }}<br>
Please quote the order number on all correspondence.</div>
<table class="t"><tr><td>Sub Total</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td>VAT {{ t.rate|pct }}%</td>
<td class="r">{{ t.amount|money }}</td></tr>{% endfor %}
<tr><td>Tax Total</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="g"><td>Total GBP</td><td class="r">{{ order.total|money }}</td></tr></table></div>
</body></html>"""

FAMILY = Family(
    name="html_unleashed_uk",
    split="dev",
    batch=7,
    spec=order_spec("GBP", "UK", "0.20", "0.05", discounts=True, line_count=(3, 11)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£", symbol_space=False),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"PO-{rng.randint(120, 9999):08d}",
    quantity_places=4,
    units={"pcs": "EA", "bag": "Bag", "h": "Hour", "day": "Day", "pallet": "Pallet"},
    margin="12mm",
)
