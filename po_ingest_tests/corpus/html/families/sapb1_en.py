"""An SAP Business One "Purchase Order" (UK): the number and date in a two-cell box at the top
right, a numbered "#" column, the tax rate per line, amounts as £1,234.56, freight, and the
totals as "Total Before Discount / Freight / Tax / Total Payment Due"."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.top h1 { font-size: 16pt; margin: 0 0 6px; letter-spacing: 1px; }
table.doc { border-collapse: collapse; }
table.doc th { background: #4a4a4a; color: #fff; padding: 3px 10px; }
table.doc td { border: 1px solid #4a4a4a; padding: 3px 10px; text-align: center; }
.boxes { display: flex; gap: 10px; margin: 14px 0; }
.box { flex: 1; border: 1px solid #4a4a4a; }
.box div.h { background: #4a4a4a; color: #fff; padding: 2px 5px; }
.box div.b { padding: 4px 5px; min-height: 50px; }
table.items { width: 100%; border-collapse: collapse; }
table.items th { background: #4a4a4a; color: #fff; padding: 3px; text-align: left; }
table.items td { padding: 3px; border-bottom: 1px dotted #888; }
.a { text-align: right; white-space: nowrap; }
table.items th.a { text-align: right; }
.bottom { display: flex; justify-content: space-between; margin-top: 10px; }
.remarks { width: 50%; border: 1px solid #4a4a4a; padding: 5px; min-height: 40px; }
.totals { border-collapse: collapse; }
.totals td { padding: 2px 6px; }
.totals .due td { background: #4a4a4a; color: #fff; font-weight: bold; }
</style></head><body>
<div class="top"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>VAT Reg. No. {{ order.buyer.tax_id }}</div>
<div><h1>PURCHASE ORDER</h1><table class="doc"><tr><th>No.</th><th>Date</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td></tr></table></div></div>
<div class="boxes"><div class="box"><div class="h">Vendor</div><div class="b">
{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
Vendor Code: {{ order.supplier_number }}</div></div>
<div class="box"><div class="h">Ship To</div><div class="b">{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<div class="box"><div class="h">Details</div><div class="b">Delivery Date:
{{ order.delivery_date|date }}<br>Buyer: {{ order.contact }}<br>Terms: {{ order.payment_terms }}
{% if order.project_code %}<br>Project: {{ order.project_code }}{% endif %}</div></div></div>
<table class="items"><thead><tr><th>#</th><th>Item No.</th><th>Item Description</th>
<th class="a">Quantity</th><th>UoM</th><th class="a">Unit Price</th><th class="a">Tax %</th>
<th class="a">Total (GBP)</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="a">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="a">{{ line.list_price|money }}</td><td class="a">{{ line.vat_rate|pct }}</td>
<td class="a">{{ line.line_total|money }}</td></tr>{% endfor %}</tbody></table>
<div class="bottom"><div class="remarks">Remarks:
{% if order.notes %}{{ order.notes }}{% endif %}</div><table class="totals">
<tr><td>Total Before Discount</td><td class="a">{{ order.subtotal|money }}</td></tr>
<tr><td>Freight</td><td class="a">{{ order.charges|money }}</td></tr>
<tr><td>Tax</td><td class="a">{{ order.tax|money }}</td></tr>
<tr class="due"><td>Total Payment Due</td><td class="a">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FAMILY = Family(
    name="html_sapb1_en",
    split="heldout",
    batch=2,
    spec=order_spec("GBP", "UK", "0.20", "0.05", line_count=(3, 10), freight=(20, 140)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£", symbol_space=False),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: str(rng.randint(300, 2999)),
    line_numbers=True,
    units={"pcs": "Each", "bag": "Bag", "pallet": "Pallet", "h": "Hour", "day": "Day"},
    margin="10mm",
)
