"""A Dynamics 365 Business Central-like Irish purchase order (report "Purchase - Order"): the
title and company block top right, the buy-from vendor's address left, a two-column list of
labels left of their values (Document Date, Expected Receipt Date, Purchaser, Vendor No., Your
Reference, VAT Registration No.), a long unruled line table under a single rule (No.,
Description, Quantity, Unit of Measure, Direct Unit Cost, Discount %, VAT Identifier, Line
Amount) that runs over several pages, the totals Total EUR Excl. VAT / VAT Amount / Total EUR
Incl. VAT, and the VAT Amount Specification. Amounts as 1,234.56 (EUR), VAT 23 % and 13.5 %."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Segoe UI', 'DejaVu Sans', sans-serif; font-size: 7.8pt; }
.top { display: flex; justify-content: space-between; }
.vend { margin-top: 14mm; line-height: 1.45; }
.right { text-align: right; line-height: 1.45; }
.right h1 { font-size: 14pt; font-weight: bold; margin: 0 0 4mm; }
.meta { display: flex; gap: 10mm; margin-top: 7mm; }
.meta table td { padding: 1px 8px 1px 0; }
.meta table td.l { font-weight: bold; }
table.lines { width: 100%; border-collapse: collapse; margin-top: 7mm; }
table.lines th { text-align: left; font-weight: bold; border-bottom: 1px solid #000;
  padding: 3px 4px; vertical-align: bottom; }
table.lines td { padding: 2px 4px; vertical-align: top; }
table.lines td:first-child { white-space: nowrap; }
.r { text-align: right; white-space: nowrap; }
table.lines th.r { text-align: right; }
table.tot { margin: 4mm 0 0 auto; border-collapse: collapse; }
table.tot td { padding: 2px 4px; }
table.tot tr.b td { font-weight: bold; border-top: 1px solid #000; }
h3 { font-size: 8.5pt; margin: 8mm 0 2mm; }
table.vat { border-collapse: collapse; width: 100%; }
table.vat th { text-align: right; border-bottom: 1px solid #000; padding: 2px 4px; }
table.vat th:first-child { text-align: left; }
table.vat td { padding: 2px 4px; }
table.vat tr.s td { border-top: 1px solid #000; font-weight: bold; }
.ship { margin-top: 7mm; line-height: 1.45; }
</style></head><body>
<div class="top"><div class="vend">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div class="right"><h1>Order</h1>{{ order.buyer.name }}<br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Phone No. {{ order.buyer.phone }}<br>{{ order.buyer.email }}<br>
VAT Registration No. {{ order.buyer.tax_id }}</div></div>
<div class="meta"><table>
<tr><td class="l">Order No.</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Document Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Expected Receipt Date</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Purchaser</td><td>{{ order.contact }}</td></tr></table>
<table><tr><td class="l">Buy-from Vendor No.</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Your Reference</td><td>{{ order.project_code or "" }}</td></tr>
<tr><td class="l">Vendor VAT Reg. No.</td><td>{{ order.supplier.tax_id }}</td></tr>
<tr><td class="l">Payment Terms</td><td>{{ order.payment_terms }}</td></tr></table></div>
<table class="lines"><thead><tr><th>No.</th><th>Description</th><th class="r">Quantity</th>
<th>Unit of<br>Measure</th><th class="r">Direct Unit<br>Cost</th><th class="r">Discount<br>%</th>
<th>VAT<br>Identifier</th><th class="r">Line Amount<br>Excl. VAT</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.discount_pct|amount(None) if line.discount_pct else "" }}</td>
<td>{{ "VAT23" if line.vat_rate == order.tax_lines[0].rate else "VAT13.5" }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot"><tr class="b"><td>Total EUR Excl. VAT</td>
<td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td>VAT Amount</td><td class="r">{{ order.tax|amount }}</td></tr>
<tr class="b"><td>Total EUR Incl. VAT</td><td class="r">{{ order.total|money }}</td></tr></table>
<h3>VAT Amount Specification</h3>
<table class="vat"><tr><th>VAT Identifier</th><th>VAT %</th><th>Line Amount</th><th>VAT Base</th>
<th>VAT Amount</th></tr>
{% for tax in order.tax_lines %}<tr><td>VAT{{ tax.rate|pct }}</td><td class="r">{{ tax.rate|pct }}</td>
<td class="r">{{ tax.base|amount }}</td><td class="r">{{ tax.base|amount }}</td>
<td class="r">{{ tax.amount|amount }}</td></tr>{% endfor %}
<tr class="s"><td>Total</td><td></td><td class="r">{{ order.subtotal|amount }}</td>
<td class="r">{{ order.subtotal|amount }}</td><td class="r">{{ order.tax|amount }}</td></tr></table>
<div class="ship"><b>Ship-to Address</b><br>{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}
{% if order.notes %}<br><br><b>Comment</b><br>{{ order.notes }}{% endif %}</div>
</body></html>"""

FOOTER = """<div style="font-size:7pt; width:100%; margin: 0 15mm; display:flex;
justify-content:space-between; font-family:'DejaVu Sans', sans-serif;">
<span>Purchase - Order</span><span>Page <span class="pageNumber"></span> of
<span class="totalPages"></span></span></div>"""

FAMILY = Family(
    name="html_dynamics_ie",
    split="dev",
    batch=5,
    spec=order_spec(
        "EUR", "IE", "0.23", "0.135", line_count=(22, 36), discounts=True, project_chance=0.6
    ),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="€", symbol_space=False),
    date_pattern="{dd} {month} {yyyy}",
    po_number=lambda rng, order: str(rng.randint(106001, 108999)),
    quantity_places=None,
    units={
        "pcs": "PCS",
        "bag": "BAG",
        "pallet": "PALLET",
        "m": "M",
        "m²": "M2",
        "t": "T",
        "kg": "KG",
        "h": "HOUR",
        "m³": "M3",
        "day": "DAY",
        "l": "L",
    },
    footer=FOOTER,
)
