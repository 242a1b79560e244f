"""An Infor SyteLine (CloudSuite Industrial)-like US "Purchase Order" on Letter paper: the
buyer's name and address top left, a ruled header box on the right (PO Number, Order Date,
Vendor, Buyer), Vendor and Ship To side by side, a ruled row of Terms, Ship Via, FOB and
Confirming, then lines with a line number, the item number and its description in one cell
(the item on the first line, the description beneath), U/M, due date, quantity ordered with
three decimals, unit cost with four decimals and extended cost, often over two pages with a
page footer; the totals at the end (Sales Tax, then Freight added after tax, Total
Purchase Order); dollars as $1,234.56 (USD), sales tax 7.25 %."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: Arial, 'Liberation Sans', sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.co { line-height: 1.35; }
.co .nm { font-size: 12pt; font-weight: bold; }
.hdr { width: 78mm; }
.hdr .t { font-size: 15pt; font-weight: bold; text-align: right; margin-bottom: 2mm; }
.hdr table { width: 100%; border-collapse: collapse; }
.hdr td { border: 1px solid #000; padding: 2px 5px; }
.hdr td.l { background: #e6e6e6; font-weight: bold; width: 40%; }
.addr { display: flex; gap: 8mm; margin-top: 5mm; }
.addr > div { flex: 1; border: 1px solid #000; }
.addr .h { background: #e6e6e6; font-weight: bold; padding: 2px 5px;
  border-bottom: 1px solid #000; }
.addr .a { padding: 3px 6px; line-height: 1.35; }
table.trm { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.trm th, table.trm td { border: 1px solid #000; padding: 2px 4px; text-align: center; }
table.trm th { background: #e6e6e6; }
table.po { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.po thead { display: table-header-group; }
table.po th { background: #e6e6e6; border: 1px solid #000; padding: 2px 4px; font-size: 7.5pt;
  vertical-align: bottom; }
table.po td { border-bottom: 0.5px solid #999; padding: 3px 4px; vertical-align: top; }
table.po tr { page-break-inside: avoid; }
table.po .item { font-weight: bold; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
table.sum { margin-left: auto; margin-top: 4mm; border-collapse: collapse;
  page-break-inside: avoid; }
table.sum td { padding: 2px 6px; border: 1px solid #000; }
table.sum td.l { background: #e6e6e6; font-weight: bold; }
table.sum tr.g td { font-size: 9.5pt; font-weight: bold; }
.notes { margin-top: 5mm; line-height: 1.4; page-break-inside: avoid; }
.sig { margin-top: 12mm; border-top: 1px solid #000; width: 70mm; padding-top: 2px; }
</style></head><body>
<div class="top"><div class="co"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Phone {{ order.buyer.phone }}<br>
{{ order.buyer.email }}</div>
<div class="hdr"><div class="t">PURCHASE ORDER</div><table>
<tr><td class="l">PO Number</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Order Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Vendor</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Buyer</td><td>{{ order.contact }}</td></tr>
<tr><td class="l">Currency</td><td>{{ order.currency }}</td></tr>
</table></div></div>
<div class="addr"><div><div class="h">Vendor</div><div class="a">{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.phone }}</div></div>
<div><div class="h">Ship To</div><div class="a">{{ order.buyer.name }}<br>
{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
</div>
<table class="trm"><tr><th>Terms</th><th>Ship Via</th><th>FOB</th><th>Project</th>
<th>Confirming</th></tr><tr><td>{{ order.payment_terms }}</td><td>Best Way</td>
<td>Destination</td><td>{{ order.project_code or '' }}</td><td>No</td></tr></table>
<table class="po"><thead><tr><th>Ln</th><th style="text-align:left">Item / Description</th>
<th>U/M</th><th>Due<br>Date</th><th class="r">Quantity<br>Ordered</th>
<th class="r">Unit<br>Cost</th><th class="r">Extended<br>Cost</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ line.position }}</td>
<td><span class="item">{{ line.item_code }}</span><br>{{ line.description }}</td>
<td class="c">{{ line|unit }}</td><td class="c">{{ order.delivery_date|date }}</td>
<td class="r">{{ line.quantity|qty }}</td><td class="r">{{ line.list_price|amount(4) }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td class="l">Subtotal</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td class="l">Sales Tax {{ order.tax_lines[0].rate|pct }}%</td>
<td class="r">{{ order.tax|money }}</td></tr>
<tr><td class="l">Freight</td><td class="r">{{ order.charges|money }}</td></tr>
<tr class="g"><td class="l">Total Purchase Order</td><td class="r">{{ order.total|money }}</td></tr>
</table>
<div class="notes">{% if order.notes %}<b>Notes:</b> {{ order.notes }}<br>{% endif %}
Packing slips and invoices must reference the PO number and line number.<br>
Deliveries accepted Monday through Friday, 7:00 AM to 3:00 PM.</div>
<div class="sig">Authorized Signature</div>
</body></html>"""

FAMILY = Family(
    name="html_syteline_us",
    split="heldout",
    batch=7,
    spec=order_spec("USD", "US", "0.0725", charges=True, line_count=(8, 24), material_numbers=True),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{mm}/{dd}/{yyyy}",
    po_number=lambda rng, order: f"PO{rng.randint(1000, 99999):08d}",
    quantity_places=3,
    line_numbers=True,
    units={
        "pcs": "EA",
        "bag": "BG",
        "h": "HR",
        "day": "DAY",
        "pallet": "PLT",
        "t": "TON",
        "kg": "KG",
        "l": "L",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    paper="Letter",
    margin="12mm",
    footer=(
        '<div style="font-size:7pt;width:100%;display:flex;justify-content:space-between;'
        'padding:0 12mm;font-family:Arial,sans-serif"><span>Purchase Order</span>'
        '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span>'
        "</div>"
    ),
)
