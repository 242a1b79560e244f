"""A Xero-like purchase order from an Australian business: "PURCHASE ORDER" large at the top
left with the supplier under it, date, number and reference stacked on the right beside the
buyer's address and ABN; an unruled table of description, quantity, unit price, GST and amount
with a rule under the headings; Subtotal, Total GST 10% and TOTAL AUD; the delivery details
in a block below. Amounts without a symbol, dates as 7 Mar 2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9pt; color: #222; }
.top { display: flex; justify-content: space-between; }
h1 { font-size: 22pt; font-weight: normal; letter-spacing: 1px; margin: 0 0 14px; }
.to { line-height: 1.4; }
.meta { display: flex; gap: 28px; }
.meta dl { margin: 0; }
.meta dt { font-weight: bold; margin-top: 6px; }
.meta dt:first-child { margin-top: 0; }
.meta dd { margin: 0; }
.org { line-height: 1.4; }
table.items { width: 100%; border-collapse: collapse; margin-top: 36px; }
table.items th { text-align: left; font-weight: bold; border-bottom: 1px solid #000;
  padding: 4px 6px; }
table.items td { padding: 6px 6px; border-bottom: 1px solid #ddd; vertical-align: top; }
.n { text-align: right; white-space: nowrap; }
table.items th.n { text-align: right; }
table.totals { margin: 8px 0 0 auto; border-collapse: collapse; width: 42%; }
table.totals td { padding: 3px 6px; }
table.totals tr.grand td { font-weight: bold; border-top: 1px solid #000; font-size: 10pt; }
.delivery { margin-top: 40px; display: flex; gap: 40px; line-height: 1.45; }
.delivery h3 { font-size: 10pt; margin: 0 0 4px; }
</style></head><body>
<div class="top"><div><h1>PURCHASE ORDER</h1>
<div class="to">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country|upper }}</div></div>
<div class="meta"><dl><dt>Date</dt><dd>{{ order.order_date|date }}</dd>
<dt>Delivery Date</dt><dd>{{ order.delivery_date|date }}</dd>
<dt>Order Number</dt><dd>{{ order.po_number }}</dd>
{% if order.project_code %}<dt>Reference</dt><dd>{{ order.project_code }}</dd>{% endif %}
<dt>ABN</dt><dd>{{ order.buyer.tax_id[4:] }}</dd></dl>
<div class="org">{{ order.buyer.name }}<br>{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>
{{ order.buyer.country|upper }}<br>{{ order.buyer.phone }}</div></div></div>
<table class="items"><thead><tr><th style="width:50%">Description</th><th class="n">Quantity</th>
<th class="n">Unit Price</th><th class="n">GST</th><th class="n">Amount AUD</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }} - {{ line.description }}</td>
<td class="n">{{ line.quantity|qty }}</td><td class="n">{{ line.list_price|amount }}</td>
<td class="n">{{ line.vat_rate|pct }}%</td><td class="n">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="totals"><tr><td class="n">Subtotal</td><td class="n">{{ order.subtotal|amount }}</td></tr>
{% for tax in order.tax_lines %}<tr><td class="n">TOTAL GST {{ tax.rate|pct }}%</td>
<td class="n">{{ tax.amount|amount }}</td></tr>{% endfor %}
<tr class="grand"><td class="n">TOTAL AUD</td><td class="n">{{ order.total|amount }}</td></tr></table>
<div class="delivery"><div><h3>Delivery Details</h3>
<b>Delivery Address</b><br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div>
<div><b>Attention</b><br>{{ order.contact }}<br><b>Telephone</b><br>{{ order.buyer.phone }}
{% if order.notes %}<br><b>Delivery Instructions</b><br>{{ order.notes }}{% endif %}</div></div>
<p style="margin-top:24px">Terms: {{ order.payment_terms }}</p>
</body></html>"""

FAMILY = Family(
    name="html_xero_au",
    split="dev",
    batch=4,
    spec=order_spec("AUD", "AU", "0.10", line_count=(3, 8)),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="AUD"),
    date_pattern="{d} {mon} {yyyy}",
    po_number=lambda rng, order: f"PO-{rng.randint(1, 9999):04d}",
    quantity_places=2,
)
