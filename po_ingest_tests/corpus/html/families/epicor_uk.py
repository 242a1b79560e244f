"""An Epicor Kinetic-like UK "Purchase Order" (POForm): a ruled header band with PO number,
order date, buyer and page, Supplier and Ship To boxes, lines whose part number sits on the
first row of the description cell with the release and due date under it, two-line column
titles (Line / Rel, Our Qty / UOM, Unit Price, Ext. Price) and the unit in the quantity cell,
then Total Lines, an order discount, VAT 20 % and Total Order; amounts as £1,234.56 (GBP)."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: flex-end;
  border-bottom: 2px solid #000; padding-bottom: 2mm; }
.top .nm { font-size: 14pt; font-weight: bold; }
.top h1 { font-size: 16pt; margin: 0; }
table.band { width: 100%; border-collapse: collapse; margin-top: 2mm; }
table.band th { font-size: 6.5pt; font-weight: normal; text-align: left; border: 0.5px solid #000;
  border-bottom: none; padding: 1px 4px; }
table.band td { border: 0.5px solid #000; border-top: none; padding: 1px 4px 3px;
  font-weight: bold; }
.boxes { display: flex; gap: 6mm; margin-top: 4mm; }
.boxes > div { flex: 1; border: 0.5px solid #000; padding: 2mm 3mm; line-height: 1.4;
  min-height: 20mm; }
.boxes .cap { font-size: 6.5pt; text-transform: uppercase; margin-bottom: 1mm; }
table.ln { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.ln th { font-size: 7pt; text-align: left; vertical-align: bottom;
  border-bottom: 1px solid #000; padding: 2px 3px; }
table.ln td { padding: 2px 3px; vertical-align: top; }
table.ln tbody { break-inside: avoid; }
table.ln tbody td { border-bottom: 0.5px dashed #999; }
.r { text-align: right !important; white-space: nowrap; }
.rel { font-size: 7pt; color: #333; }
.end { display: flex; justify-content: space-between; margin-top: 4mm; break-inside: avoid; }
.cmt { width: 55%; line-height: 1.45; }
table.tot { border-collapse: collapse; width: 70mm; }
table.tot td { padding: 2px 4px; }
table.tot tr.o td { border-top: 1px solid #000; border-bottom: 1px solid #000;
  font-weight: bold; font-size: 9pt; }
</style></head><body>
<div class="top"><div><div class="nm">{{ order.buyer.name }}</div>{{ order.buyer.street }},
{{ order.buyer.city }} · Tel {{ order.buyer.phone }} · VAT Reg {{ order.buyer.tax_id }}</div>
<h1>Purchase Order</h1></div>
<table class="band"><tr><th>PO Number</th><th>Order Date</th><th>Supplier ID</th>
<th>Buyer</th><th>Terms</th><th>Currency</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.contact }}</td><td>{{ order.payment_terms }}</td>
<td>{{ order.currency }}</td></tr></table>
<div class="boxes"><div><div class="cap">Supplier</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div><div class="cap">Ship To</div>{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div>
<div><div class="cap">Invoice To</div>{{ order.buyer.name }}<br>Accounts Payable<br>
{{ order.buyer.email }}</div></div>
<table class="ln"><thead><tr><th>Line/<br>Rel</th><th>Part Number /<br>Description</th>
<th class="r">Our Qty /<br>UOM</th><th class="r">Unit<br>Price</th><th class="r">VAT<br>Code</th>
<th class="r">Ext.<br>Price</th></tr></thead>
{% for line in order.lines %}<tbody><tr><td>{{ line.position }}</td>
<td><b>{{ line.item_code }}</b><br>{{ line.description }}<br>
<span class="rel">Rel 1 · Due {{ order.delivery_date|date }} · {{ order.ship_to.name }}</span></td>
<td class="r">{{ line.quantity|qty }} {{ line|unit }}</td><td class="r">{{ line.list_price|amount }}</td>
<td class="r">S</td><td class="r">{{ line.line_total|amount }}</td></tr></tbody>
{% endfor %}</table>
<div class="end"><div class="cmt">
{% if order.project_code %}<b>Job:</b> {{ order.project_code }}<br>{% endif %}
{% if order.notes %}<b>Comments:</b> {{ order.notes }}<br>{% endif %}
Please quote our PO number on all delivery notes and invoices. Goods are accepted subject to
our standard terms and conditions of purchase.<br>VAT code S = standard rate
{{ order.tax_lines[0].rate|pct }}%.</div>
<table class="tot">
<tr><td>Total Lines:</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Less Discount {{ order.allowance_pct|amount(None) }}%:</td>
<td class="r">-{{ order.allowances|money }}</td></tr>
<tr><td>Total VAT:</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="o"><td>Total Order:</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;text-align:right;padding-right:14mm;'
    'font-family:Arial,sans-serif">Page: <span class="pageNumber"></span> of '
    '<span class="totalPages"></span></div>'
)

FAMILY = Family(
    name="html_epicor_uk",
    split="heldout",
    batch=6,
    spec=order_spec(
        "GBP",
        "UK",
        "0.20",
        line_count=(14, 22),
        order_discounts=tuple(Decimal(d) for d in ("2", "2.5", "3", "5")),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£", symbol_space=False),
    date_pattern="{dd}-{mon}-{yyyy}",
    po_number=lambda rng, order: str(rng.randint(10000, 89999)),
    quantity_places=2,
    line_numbers=True,
    units={
        "pcs": "EA",
        "h": "HR",
        "day": "DAY",
        "pallet": "PAL",
        "bag": "BAG",
        "t": "TNE",
        "kg": "KG",
        "l": "LTR",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    margin="14mm",
    footer=FOOTER,
)
