"""An Acumatica-like US "Purchase Order" (PO641000 form): the company name top left, PURCHASE
ORDER and a shaded grid of order number, date, promised date, vendor ID and terms on the
right, vendor and ship-to side by side, then a lightly ruled grid of line number, inventory
ID, description, quantity, UOM, unit cost, discount percent and extended cost over two Letter
pages, and a right-aligned totals column with sales tax 8.25 %; amounts as $1,234.56 (USD)."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #222; }
.head { display: flex; justify-content: space-between; }
.co { line-height: 1.45; }
.co .nm { font-size: 13pt; font-weight: bold; color: #1b4f8a; }
.rt { width: 86mm; }
.rt h1 { font-size: 17pt; text-align: right; margin: 0 0 4px; color: #1b4f8a;
  font-weight: normal; letter-spacing: 0.5px; }
table.hd { width: 100%; border-collapse: collapse; }
table.hd th { background: #e4ebf3; border: 0.5px solid #9aa9bb; font-size: 7pt;
  font-weight: normal; padding: 2px 4px; text-align: left; }
table.hd td { border: 0.5px solid #9aa9bb; padding: 2px 4px; }
.addr { display: flex; gap: 10mm; margin-top: 7mm; }
.addr div { flex: 1; line-height: 1.4; }
.addr .cap { font-size: 7pt; color: #1b4f8a; font-weight: bold; border-bottom: 1px solid #1b4f8a;
  margin-bottom: 3px; text-transform: uppercase; }
table.ln { width: 100%; border-collapse: collapse; margin-top: 7mm; }
table.ln th { background: #1b4f8a; color: #fff; font-size: 7pt; font-weight: bold;
  padding: 3px 4px; text-align: left; }
table.ln td { padding: 3px 4px; border-bottom: 0.5px solid #c8d0da; vertical-align: top; }
table.ln tr { break-inside: avoid; }
.r { text-align: right !important; white-space: nowrap; }
.foot { display: flex; justify-content: space-between; margin-top: 5mm; break-inside: avoid; }
.memo { width: 58%; line-height: 1.45; }
table.tot { border-collapse: collapse; width: 64mm; }
table.tot td { padding: 2px 4px; }
table.tot tr.g td { border-top: 1.5px solid #1b4f8a; font-weight: bold; font-size: 9.5pt;
  padding-top: 4px; }
.sig { margin-top: 12mm; border-top: 0.5px solid #444; width: 60mm; font-size: 7pt;
  padding-top: 2px; }
</style></head><body>
<div class="head"><div class="co"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>{{ order.buyer.country }}<br>
Phone: {{ order.buyer.phone }}<br>{{ order.buyer.email }}</div>
<div class="rt"><h1>PURCHASE ORDER</h1><table class="hd">
<tr><th>Order Nbr.</th><th>Order Date</th><th>Promised On</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.delivery_date|date }}</td></tr>
<tr><th>Vendor ID</th><th colspan="2">Terms</th></tr>
<tr><td>{{ order.supplier_number }}</td><td colspan="2">{{ order.payment_terms }}</td></tr>
</table></div></div>
<div class="addr"><div><div class="cap">Vendor</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.phone }}</div>
<div><div class="cap">Ship To</div>{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div>
<div><div class="cap">Bill To</div>{{ order.buyer.name }}<br>Accounts Payable<br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}</div></div>
<table class="ln"><thead><tr><th>Line</th><th>Inventory ID</th><th>Description</th>
<th class="r">Order Qty.</th><th>UOM</th><th class="r">Unit Cost</th><th class="r">Disc. %</th>
<th class="r">Ext. Cost</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.discount_pct|amount }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<div class="foot"><div class="memo">
{% if order.project_code %}<b>Project:</b> {{ order.project_code }}<br>{% endif %}
<b>Buyer:</b> {{ order.contact }}<br><b>Ship Via:</b> Vendor Delivery<br><b>FOB:</b> Destination
{% if order.notes %}<br><b>Notes:</b> {{ order.notes }}{% endif %}
<div class="sig">Authorized Signature</div></div>
<table class="tot">
<tr><td>Line Total:</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Tax Total ({{ order.tax_lines[0].rate|pct }}%):</td>
<td class="r">{{ order.tax|money }}</td></tr>
<tr class="g"><td>Order Total:</td><td class="r">{{ order.total|money }}</td></tr>
<tr><td colspan="2" style="font-size:7pt;color:#555">Currency: {{ order.currency }}</td></tr>
</table></div>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;padding:0 12mm;display:flex;'
    'justify-content:space-between;font-family:Arial,sans-serif;color:#555">'
    '<span>PO641000</span><span>Page <span class="pageNumber"></span> of '
    '<span class="totalPages"></span></span></div>'
)

FAMILY = Family(
    name="html_acumatica_us",
    split="heldout",
    batch=6,
    spec=order_spec("USD", "US", "0.0825", line_count=(28, 40), discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{mm}/{dd}/{yyyy}",
    po_number=lambda rng, order: f"PO{rng.randint(1200, 99999):06d}",
    quantity_places=2,
    line_numbers=True,
    units={
        "pcs": "EA",
        "h": "HOUR",
        "day": "DAY",
        "pallet": "PALLET",
        "bag": "BAG",
        "t": "TON",
        "kg": "KG",
        "l": "L",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    paper="Letter",
    margin="12mm",
    footer=FOOTER,
)
