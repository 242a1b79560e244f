"""A MYOB-like New Zealand "Purchase" (item layout): PURCHASE ORDER in a ruled title box, the
supplier and ship-to addresses in two framed boxes, a ruled grid of item number, quantity,
description, price, GST code and amount, then freight and GST in a totals box beside the
comment and the terms; amounts as $1,234.56 (NZD), GST 15 % on everything, freight included."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: Arial, 'Liberation Sans', sans-serif; font-size: 8.5pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.co { line-height: 1.4; }
.co b { font-size: 12pt; }
.title { border: 1.5px solid #000; text-align: center; width: 62mm; }
.title h1 { font-size: 15pt; margin: 0; padding: 4px; border-bottom: 1px solid #000;
  letter-spacing: 1px; }
.title table { width: 100%; border-collapse: collapse; }
.title td { padding: 2px 5px; border-top: 0.5px solid #000; }
.title td.l { text-align: left; font-size: 7.5pt; border-right: 0.5px solid #000; width: 45%; }
.boxes { display: flex; gap: 8mm; margin-top: 8mm; }
.box { flex: 1; border: 1px solid #000; min-height: 24mm; }
.box .h { background: #ddd; border-bottom: 1px solid #000; padding: 2px 5px; font-size: 7.5pt;
  font-weight: bold; }
.box .a { padding: 4px 6px; line-height: 1.35; }
table.grid { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.grid th { background: #ddd; border: 1px solid #000; padding: 3px; font-size: 7.5pt; }
table.grid td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 3px;
  vertical-align: top; }
table.grid tr:last-child td { border-bottom: 1px solid #000; }
.n { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bottom { display: flex; justify-content: space-between; margin-top: 5mm; }
.memo { width: 55%; line-height: 1.5; }
table.tot { border-collapse: collapse; width: 66mm; }
table.tot td { border: 1px solid #000; padding: 3px 5px; }
table.tot td.l { background: #eee; font-weight: bold; font-size: 7.5pt; }
table.tot tr.due td { font-size: 9.5pt; font-weight: bold; }
</style></head><body>
<div class="top"><div class="co"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Phone: {{ order.buyer.phone }}<br>Email: {{ order.buyer.email }}<br>
{{ order.buyer.tax_id }}</div>
<div class="title"><h1>PURCHASE ORDER</h1><table>
<tr><td class="l">Purchase #</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Promised Date</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Supplier ID</td><td>{{ order.supplier_number }}</td></tr>
</table></div></div>
<div class="boxes"><div class="box"><div class="h">Supplier:</div><div class="a">
{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
{{ order.supplier.country }}</div></div>
<div class="box"><div class="h">Ship To:</div><div class="a">{{ order.buyer.name }}<br>
{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
</div>
<table class="grid"><thead><tr><th>Item Number</th><th>Ordered</th><th>Description</th>
<th>Price</th><th>Tax</th><th>Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td class="n">{{ line.quantity|qty }}
{{ line|unit }}</td><td>{{ line.description }}</td><td class="n">{{ line.list_price|money }}</td>
<td class="c">GST</td><td class="n">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="bottom"><div class="memo">
{% if order.project_code %}<b>Job:</b> {{ order.project_code }}<br>{% endif %}
<b>Buyer:</b> {{ order.contact }}<br><b>Terms:</b> {{ order.payment_terms }}<br>
{% if order.notes %}<b>Comment:</b> {{ order.notes }}<br>{% endif %}
<b>Ship via:</b> Supplier's Truck</div>
<table class="tot">
<tr><td class="l">Subtotal</td><td class="n">{{ order.subtotal|money }}</td></tr>
<tr><td class="l">Freight</td><td class="n">{{ order.charges|money }}</td></tr>
<tr><td class="l">GST</td><td class="n">{{ order.tax|money }}</td></tr>
<tr class="due"><td class="l">Total Amount</td><td class="n">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FAMILY = Family(
    name="html_myob_nz",
    split="dev",
    batch=5,
    spec=order_spec("NZD", "NZ", "0.15", line_count=(3, 9), freight=(25, 190)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{d}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(120, 4800):08d}",
    quantity_places=None,
    units={"pcs": "ea", "pallet": "plt", "h": "hr", "day": "day"},
    margin="12mm",
)
