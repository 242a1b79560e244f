"""A UK "Purchase Order" as Sage 200 prints it: a grid of labelled boxes for order number,
date, account and delivery date, a line number beside each line, a discount column, carriage
and VAT in a bordered totals box at the foot; dates 07/03/2026, amounts as £1,234.56."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Serif', serif; font-size: 9pt; }
.hd { display: flex; justify-content: space-between; align-items: flex-end;
  border-bottom: 3px double #000; padding-bottom: 6px; }
.hd h1 { font-size: 22pt; margin: 0; font-weight: normal; letter-spacing: 2px; }
.boxes { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; margin: 10px 0; }
.boxes div { border: 1px solid #000; padding: 2px 5px; }
.boxes small { display: block; font-size: 6.5pt; text-transform: uppercase; }
.parties { display: flex; gap: 20px; margin-bottom: 10px; }
.parties div { flex: 1; border: 1px solid #000; padding: 5px; min-height: 55px; }
.parties small { display: block; font-weight: bold; }
table.o { width: 100%; border-collapse: collapse; border: 1px solid #000; }
table.o th { border: 1px solid #000; padding: 3px; font-size: 8pt; }
table.o td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 2px 4px; }
.m { text-align: right; white-space: nowrap; }
.foot { display: flex; justify-content: space-between; margin-top: 8px; }
.foot .notes { width: 55%; }
table.t { border-collapse: collapse; width: 38%; }
table.t td { border: 1px solid #000; padding: 3px 6px; }
table.t .g td { font-weight: bold; }
</style></head><body>
<div class="hd"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }},
{{ order.buyer.city }}<br>VAT Reg No. {{ order.buyer.tax_id }}</div><h1>PURCHASE ORDER</h1></div>
<div class="boxes"><div><small>Order Number</small>{{ order.po_number }}</div>
<div><small>Order Date</small>{{ order.order_date|date }}</div>
<div><small>Account Ref</small>{{ order.supplier_number }}</div>
<div><small>Delivery Date</small>{{ order.delivery_date|date }}</div>
<div><small>Buyer</small>{{ order.contact }}</div>
<div><small>Your Ref / Project</small>{{ order.project_code or "-" }}</div></div>
<div class="parties"><div><small>Supplier</small>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<div><small>Deliver To</small>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div></div>
<table class="o"><thead><tr><th>Ln</th><th>Item Code</th><th>Description</th><th>Qty</th>
<th>Unit</th><th>Unit Price</th><th>Disc %</th><th>Net</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="m">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="m">{{ line.list_price|amount }}</td>
<td class="m">{{ line.discount_pct|amount }}</td><td class="m">{{ line.line_total|amount }}</td>
</tr>{% endfor %}</tbody></table>
<div class="foot"><div class="notes">Payment terms: {{ order.payment_terms }}
{% if order.notes %}<br>Notes: {{ order.notes }}{% endif %}<br><br>
Please quote our order number on all correspondence and delivery notes.</div>
<table class="t"><tr><td>Goods Net</td><td class="m">{{ order.subtotal|money }}</td></tr>
<tr><td>Carriage</td><td class="m">{{ order.charges|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>VAT @ {{ tax.rate|pct }}%</td>
<td class="m">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="g"><td>Order Total</td><td class="m">{{ order.total|money }}</td></tr></table></div>
</body></html>"""

FAMILY = Family(
    name="html_sage200_uk",
    split="dev",
    batch=3,
    spec=order_spec("GBP", "UK", "0.20", line_count=(3, 9), discounts=True, freight=(0, 60)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="£", symbol_space=False),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(1, 99999):010d}",
    quantity_places=2,
    line_numbers=True,
    units={"pcs": "Each", "bag": "Bag", "pallet": "Pallet", "h": "Hour", "day": "Day"},
)
