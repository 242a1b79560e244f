"""An Oracle Fusion Procurement-like UK "Purchase Order" (standard): the title with the order
number and revision top right, a three-column address band (Supplier, Bill To, Ship To), a
ruled terms strip (order date, buyer, payment terms, freight terms, FOB, currency GBP), then per
line a row of line number, item and description (the item number on its own line above the
description), quantity, UOM, unit price and amount, and under it the schedule: need-by date
and the tax classification (UK VAT STANDARD 20 % / REDUCED 5 %); at the end "Total Excluding
Tax", "Total Tax" and "Total" with the currency code after the amount; dates 07-Dec-2025,
terms and conditions and "Page 1 of 2" in the footer."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #222; }
.top { display: flex; justify-content: space-between; align-items: flex-end;
  border-bottom: 3px solid #c74634; padding-bottom: 2mm; }
.top .org { font-size: 12pt; font-weight: bold; }
.top h1 { font-size: 18pt; margin: 0; font-weight: normal; text-align: right; }
.top .no { text-align: right; font-size: 9pt; }
.band { display: flex; margin-top: 5mm; }
.band div { flex: 1; line-height: 1.4; padding-right: 4mm; }
.band .h { font-weight: bold; font-size: 7pt; text-transform: uppercase; color: #555;
  display: block; margin-bottom: 1mm; }
table.terms { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.terms th { border: 0.5pt solid #999; background: #f2f2f2; font-size: 6.5pt;
  text-align: left; padding: 2px 4px; color: #444; }
table.terms td { border: 0.5pt solid #999; padding: 3px 4px; }
table.lines { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.lines th { border-top: 1pt solid #222; border-bottom: 1pt solid #222; text-align: left;
  padding: 3px; font-size: 7pt; }
table.lines td { padding: 3px; vertical-align: top; }
table.lines tr.sch td { border-bottom: 0.4pt solid #bbb; color: #555; font-size: 6.8pt;
  padding-top: 0; }
.item { font-weight: bold; }
.r { text-align: right !important; white-space: nowrap; }
.sum { display: flex; justify-content: flex-end; margin-top: 4mm; page-break-inside: avoid; }
table.tot { border-collapse: collapse; }
table.tot td { padding: 2px 6px; }
table.tot tr.g td { border-top: 1pt solid #222; font-weight: bold; font-size: 9pt; }
.tc { margin-top: 7mm; font-size: 6.8pt; color: #444; line-height: 1.4; }
</style></head><body>
<div class="top"><div><div class="org">{{ order.buyer.name }}</div>{{ order.buyer.street }},
{{ order.buyer.city }}<br>VAT Registration: {{ order.buyer.tax_id }}</div>
<div><h1>Purchase Order</h1><div class="no">Order <b>{{ order.po_number }}</b>, Revision 0</div>
</div></div>
<div class="band"><div><span class="h">Supplier</span>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}<br>
Supplier Number: {{ order.supplier_number }}</div>
<div><span class="h">Bill To</span>{{ order.buyer.name }}<br>Accounts Payable<br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>{{ order.buyer.country }}</div>
<div><span class="h">Ship To</span>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div></div>
<table class="terms"><tr><th>Order Date</th><th>Buyer</th><th>Payment Terms</th>
<th>Freight Terms</th><th>FOB</th><th>Currency</th></tr>
<tr><td>{{ order.order_date|date }}</td><td>{{ order.contact }}</td>
<td>{{ order.payment_terms }}</td><td>Prepaid</td><td>Destination</td>
<td>{{ order.currency }}</td></tr></table>
<table class="lines"><thead><tr><th>Line</th><th>Item / Description</th><th class="r">Quantity</th>
<th>UOM</th><th class="r">Unit Price</th><th class="r">Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td><span class="item">{{
line.item_code }}</span><br>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
<tr class="sch"><td></td><td colspan="5">Schedule 1 &nbsp; Need-by Date: {{
order.delivery_date|date }} &nbsp; Tax: {{ 'UK VAT STANDARD' if line.vat_rate ==
order.tax_lines[0].rate else 'UK VAT REDUCED' }} {{ line.vat_rate|pct }}%{% if order.project_code
%} &nbsp; Project: {{ order.project_code }}{% endif %}</td></tr>
{% endfor %}</tbody></table>
<div class="sum"><table class="tot">
<tr><td>Total Excluding Tax</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Total Tax</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="g"><td>Total</td><td class="r">{{ order.total|money }}</td></tr></table></div>
<div class="tc">{% if order.notes %}<b>Note to Supplier:</b> {{ order.notes }}<br>{% endif %}
This purchase order is subject to the terms and conditions of purchase of {{
order.buyer.name }}. The order number must appear on all invoices, delivery notes and
correspondence. Invoices without a valid purchase order number will be returned unpaid.</div>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;margin:0 15mm;font-family:Arial;color:#555;'
    'display:flex;justify-content:space-between"><span>Purchase Order</span>'
    '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>'
)

FAMILY = Family(
    name="html_oraclefusion_uk",
    split="heldout",
    batch=8,
    spec=order_spec("GBP", "UK", "0.20", "0.05", line_count=(3, 18)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="GBP", symbol_after=True),
    date_pattern="{dd}-{mon}-{yyyy}",
    po_number=lambda rng, order: str(rng.randint(1_000_000, 1_999_999)),
    quantity_places=None,
    line_numbers=True,
    units={
        "pcs": "Each",
        "bag": "Bag",
        "pallet": "Pallet",
        "h": "Hour",
        "day": "Day",
        "t": "Tonne",
        "m": "Metre",
        "kg": "Kg",
        "l": "Litre",
    },
    footer=FOOTER,
)
