"""A Fishbowl-like US "Purchase Order" on Letter paper: the company top left, "Purchase Order"
with the PO number and date in a small grey box top right, Vendor and Ship To side by side, a
strip of vendor number, payment terms, carrier, FOB, buyer and fulfillment date, an unruled
zebra-striped item list (line, part number, description with the vendor part number under it,
quantity, UOM, unit cost, total cost), then subtotal, freight, sales tax 7.5 % (on the freight
too) and total in dollars; dates 12/7/2025, "Page 1 of 2" in the page footer."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 7.5pt; color: #222; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.co { line-height: 1.45; }
.co .n { font-size: 12pt; font-weight: bold; }
.po { text-align: right; }
.po h1 { font-size: 20pt; margin: 0 0 2mm 0; color: #335; font-weight: normal; }
.po table { margin-left: auto; border-collapse: collapse; background: #eee; }
.po td { padding: 2px 8px; text-align: left; }
.po td.k { font-weight: bold; }
.ad { display: flex; gap: 10mm; margin-top: 7mm; }
.ad div { flex: 1; line-height: 1.45; }
.ad .h { font-weight: bold; color: #335; border-bottom: 1px solid #335; margin-bottom: 2px; }
table.strip { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.strip th { background: #335; color: #fff; font-weight: normal; padding: 2px 4px;
  font-size: 6.5pt; text-align: left; }
table.strip td { padding: 3px 4px; border-bottom: 1px solid #335; }
table.items { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.items th { text-align: left; border-bottom: 1.5px solid #222; padding: 3px 4px; }
table.items td { padding: 3px 4px; vertical-align: top; }
table.items tbody tr:nth-child(even) td { background: #f0f0f0; }
.vp { color: #666; font-size: 6.5pt; }
.r { text-align: right !important; white-space: nowrap; }
.end { display: flex; justify-content: space-between; margin-top: 6mm; page-break-inside: avoid; }
.note { width: 58%; line-height: 1.5; }
table.tot { border-collapse: collapse; width: 62mm; }
table.tot td { padding: 2px 4px; }
table.tot tr.t td { border-top: 1.5px solid #222; font-weight: bold; font-size: 9pt; }
</style></head><body>
<div class="top"><div class="co"><span class="n">{{ order.buyer.name }}</span><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>{{ order.buyer.phone }}<br>
{{ order.buyer.email }}</div>
<div class="po"><h1>Purchase Order</h1><table>
<tr><td class="k">PO Number:</td><td>{{ order.po_number }}</td></tr>
<tr><td class="k">Date:</td><td>{{ order.order_date|date }}</td></tr></table></div></div>
<div class="ad"><div><div class="h">Vendor</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.phone }}</div>
<div><div class="h">Ship To</div>{{ order.buyer.name }}<br>Attn: {{ order.contact }}<br>
{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<table class="strip"><tr><th>Vendor #</th><th>Payment Terms</th><th>Carrier</th><th>FOB</th>
<th>Buyer</th><th>Fulfillment Date</th><th>Currency</th></tr>
<tr><td>{{ order.supplier_number }}</td><td>{{ order.payment_terms }}</td><td>Vendor Truck</td>
<td>Destination</td><td>{{ order.contact }}</td><td>{{ order.delivery_date|date }}</td>
<td>{{ order.currency }}</td></tr></table>
<table class="items"><thead><tr><th>Line</th><th>Part Number</th><th>Description</th>
<th class="r">Qty</th><th>UOM</th><th class="r">Unit Cost</th><th class="r">Total Cost</th>
</tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}<br><span class="vp">Vendor Part #: {{ order.supplier_number[2:] }}-{{
line.position }}</span></td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="end"><div class="note">
{% if order.project_code %}<b>Class:</b> {{ order.project_code }}<br>{% endif %}
{% if order.notes %}<b>Note:</b> {{ order.notes }}<br>{% endif %}
Please reference the PO number on all invoices, packing slips and correspondence.</div>
<table class="tot">
<tr><td>Subtotal:</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Freight:</td><td class="r">{{ order.charges|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td>Tax ({{ t.rate|pct }}%):</td>
<td class="r">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Total:</td><td class="r">{{ order.total|money }}</td></tr></table></div>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;margin:0 12mm;font-family:Verdana;display:flex;'
    'justify-content:space-between;color:#555"><span>Printed from Fishbowl</span>'
    '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>'
)

FAMILY = Family(
    name="html_fishbowl_us",
    split="heldout",
    batch=8,
    spec=order_spec("USD", "US", "0.075", line_count=(4, 24), freight=(35, 420)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{m}/{d}/{yyyy}",
    po_number=lambda rng, order: str(rng.randint(10000, 99999)),
    quantity_places=None,
    line_numbers=True,
    units={"pcs": "ea", "bag": "bag", "pallet": "pallet", "h": "hr", "t": "ton", "l": "L"},
    paper="Letter",
    margin="12mm",
    footer=FOOTER,
)
