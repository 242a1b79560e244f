"""A Sage Business Cloud Accounting-like South African purchase order: the company's block top
left, "Purchase Order" and a label-value column top right (Number, Date, Delivery Date,
Supplier Ref), the supplier's postal and delivery addresses side by side, an unruled table on
a shaded header (Code, Description, Qty, Unit, Excl. Price, Disc %, VAT %, Exclusive Total), and the
totals stacked on the right: Total Discount off the whole order, Total Exclusive, Total VAT,
Total. Amounts as R 12 345.67 (ZAR), dates 2026/03/07, VAT 15 %."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Open Sans', 'DejaVu Sans', sans-serif; font-size: 8pt; color: #333; }
.head { display: flex; justify-content: space-between; }
.co { line-height: 1.45; }
.co .name { font-size: 13pt; color: #00815d; font-weight: bold; }
.doc h1 { font-size: 17pt; font-weight: normal; margin: 0 0 6px; text-align: right; }
.doc table td { padding: 1px 0 1px 12px; }
.doc table td.l { color: #777; text-align: right; }
.addr { display: flex; gap: 14mm; margin-top: 9mm; line-height: 1.45; }
.addr .t { color: #777; font-size: 7pt; text-transform: uppercase; margin-bottom: 2px; }
table.items { width: 100%; border-collapse: collapse; margin-top: 8mm; }
table.items th { background: #e8f2ee; color: #333; padding: 5px 4px; text-align: left;
  font-weight: 600; }
table.items td { padding: 4px; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
table.items th.r { text-align: right; }
table.tot { margin: 6mm 0 0 auto; border-collapse: collapse; min-width: 75mm; }
table.tot td { padding: 3px 4px; }
table.tot td.l { color: #555; }
table.tot tr.g td { font-weight: bold; font-size: 10pt; border-top: 1px solid #00815d; }
.foot { margin-top: 12mm; color: #555; line-height: 1.5; }
</style></head><body>
<div class="head"><div class="co"><div class="name">{{ order.buyer.name }}</div>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tel: {{ order.buyer.phone }}<br>
Email: {{ order.buyer.email }}<br>{{ order.buyer.tax_id }}</div>
<div class="doc"><h1>Purchase Order</h1><table>
<tr><td class="l">Number:</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Date:</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Delivery Date:</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Supplier Ref:</td><td>{{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td class="l">Project:</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td class="l">Buyer:</td><td>{{ order.contact }}</td></tr></table></div></div>
<div class="addr"><div><div class="t">Supplier</div><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.tax_id }}</div>
<div><div class="t">Delivery address</div>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div></div>
<table class="items"><thead><tr><th>Code</th><th>Description</th><th class="r">Qty</th><th>Unit</th>
<th class="r">Excl. Price</th><th class="r">Disc %</th><th class="r">VAT %</th>
<th class="r">Exclusive Total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td>
<td class="r">0.00%</td><td class="r">{{ line.vat_rate|pct }}%</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot">
<tr><td class="l">Sub Total:</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td class="l">Total Discount ({{ order.allowance_pct|amount(None) }}%):</td>
<td class="r">-{{ order.allowances|money }}</td></tr>
<tr><td class="l">Total Exclusive:</td>
<td class="r">{{ (order.subtotal - order.allowances)|money }}</td></tr>
<tr><td class="l">Total VAT:</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="g"><td>Total:</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="foot">{% if order.notes %}<b>Notes:</b> {{ order.notes }}<br>{% endif %}
<b>Terms:</b> {{ order.payment_terms }}<br>Please quote our purchase order number on all
invoices and delivery notes.</div>
</body></html>"""

FAMILY = Family(
    name="html_sage_za",
    split="heldout",
    batch=5,
    spec=order_spec(
        "ZAR",
        "ZA",
        "0.15",
        line_count=(3, 8),
        price_scale=18,
        order_discounts=tuple(Decimal(d) for d in ("2", "2.5", "5", "7.5", "10")),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=" ", decimal=".", symbol="R"),
    date_pattern="{yyyy}/{mm}/{dd}",
    po_number=lambda rng, order: f"PO{rng.randint(31, 2650):07d}",
    quantity_places=2,
    units={"pcs": "Each", "bag": "Bag", "pallet": "Pallet", "h": "Hour", "day": "Day"},
    margin="14mm",
)
