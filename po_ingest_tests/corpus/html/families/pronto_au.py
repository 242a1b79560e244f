"""A Pronto Xi-like Australian "Purchase Order": a form printed in a fixed-pitch font, the
title and the order number boxed at the top right with the date, the supplier account and the
page, supplier and deliver-to addresses side by side under dashed rules, the order's terms in
one ruled row (Buyer, Ship Via, Terms, Job), then lines with a line number, item code,
description, due date, quantity, unit of measure, unit price, discount and extended price ex
GST, and the totals at the foot (Sub Total, Freight, GST, Order Total); amounts as 1,234.56
without a symbol (AUD), dates as 14-Mar-2026, GST 10 % on lines and freight."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Courier New', 'Liberation Mono', 'DejaVu Sans Mono', monospace;
  font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.co { line-height: 1.35; }
.co .nm { font-size: 11pt; font-weight: bold; }
.box { border: 1.5px solid #000; width: 72mm; }
.box .t { font-size: 13pt; font-weight: bold; text-align: center; padding: 3px;
  border-bottom: 1.5px solid #000; }
.box table { width: 100%; border-collapse: collapse; }
.box td { padding: 1px 5px; }
.addr { display: flex; gap: 10mm; margin-top: 6mm; }
.addr div { flex: 1; line-height: 1.35; border-top: 1px dashed #000; padding-top: 2px; }
.addr .h { font-weight: bold; }
table.terms { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.terms th, table.terms td { border: 1px solid #000; padding: 2px 4px; text-align: left; }
table.terms th { font-weight: bold; }
table.ln { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.ln th { border-top: 1.5px solid #000; border-bottom: 1.5px solid #000; padding: 2px 3px;
  text-align: left; vertical-align: bottom; }
table.ln td { padding: 2px 3px; vertical-align: top; }
.r { text-align: right !important; white-space: nowrap; }
table.sum { margin-left: auto; border-collapse: collapse; margin-top: 3mm;
  border-top: 1.5px solid #000; }
table.sum td { padding: 2px 4px; }
table.sum tr.g td { font-weight: bold; border-top: 1px solid #000;
  border-bottom: 1.5px solid #000; }
.note { margin-top: 6mm; line-height: 1.4; }
</style></head><body>
<div class="top"><div class="co"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.tax_id }}<br>{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>
Ph: {{ order.buyer.phone }}<br>{{ order.buyer.email }}</div>
<div class="box"><div class="t">PURCHASE ORDER</div><table>
<tr><td>Order No.</td><td class="r"><b>{{ order.po_number }}</b></td></tr>
<tr><td>Order Date</td><td class="r">{{ order.order_date|date }}</td></tr>
<tr><td>Supplier No.</td><td class="r">{{ order.supplier_number }}</td></tr>
<tr><td>Currency</td><td class="r">{{ order.currency }}</td></tr>
<tr><td>Page</td><td class="r">1</td></tr></table></div></div>
<div class="addr"><div><span class="h">SUPPLIER</span><br>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.phone }}</div>
<div><span class="h">DELIVER TO</span><br>{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<table class="terms"><tr><th>Buyer</th><th>Ship Via</th><th>Terms</th><th>Job</th></tr>
<tr><td>{{ order.contact }}</td><td>SUPPLIER DELIVERY</td><td>{{ order.payment_terms }}</td>
<td>{{ order.project_code or '' }}</td></tr></table>
<table class="ln"><thead><tr><th>Ln</th><th>Item Code</th><th>Description</th>
<th>Due<br>Date</th><th class="r">Order<br>Qty</th><th>UOM</th><th class="r">Unit<br>Price</th>
<th class="r">Disc<br>%</th><th class="r">Ext Price<br>(ex GST)</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td>{{ order.delivery_date|date }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.discount_pct|amount if line.discount_pct else '' }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Sub Total</td><td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td>Freight</td><td class="r">{{ order.charges|amount }}</td></tr>
<tr><td>GST</td><td class="r">{{ order.tax|amount }}</td></tr>
<tr class="g"><td>Order Total AUD</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="note">{% if order.notes %}NOTE: {{ order.notes }}<br>{% endif %}
PLEASE QUOTE OUR ORDER NUMBER ON ALL DELIVERY DOCKETS AND INVOICES.<br>
ALL PRICES ARE IN AUSTRALIAN DOLLARS AND EXCLUDE GST UNLESS STATED.</div>
</body></html>"""

FAMILY = Family(
    name="html_pronto_au",
    split="heldout",
    batch=7,
    spec=order_spec("AUD", "AU", "0.10", discounts=True, freight=(30, 260), line_count=(3, 10)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="", symbol_space=False),
    date_pattern="{dd}-{mon}-{yyyy}",
    po_number=lambda rng, order: f"P{rng.randint(100000, 899999)}",
    quantity_places=3,
    line_numbers=True,
    units={
        "pcs": "EA",
        "bag": "BAG",
        "h": "HR",
        "day": "DAY",
        "pallet": "PAL",
        "t": "TNE",
        "kg": "KG",
        "l": "LT",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    margin="12mm",
)
