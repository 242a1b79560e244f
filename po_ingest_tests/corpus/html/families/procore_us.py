"""A Procore-like purchase order commitment for a construction job: the title line
"Purchase Order #PO-0142: <project>", a two-column grid of label and value cells (contract
company, status, dates, default retainage, ship to), then the schedule of values: line number,
budget code (CSI division and cost type), description, quantity, UOM, unit cost, amount, and
the sales tax and grand total at its foot. US Letter, many lines, the printed-on date and
"Page n of m" in the footer; dates as 03/07/2026, amounts as $1,234.50."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

# The job's budget codes (CSI division and cost type) by the catalog's product group.
BUDGET_CODES = {
    "CEM": "03-3000.M Cast-in-Place Concrete",
    "RMC": "03-3000.M Cast-in-Place Concrete",
    "MRT": "04-0500.M Masonry Mortar",
    "BLK": "04-2000.M Unit Masonry",
    "GRV": "31-2000.M Earth Moving",
    "SND": "31-2000.M Earth Moving",
    "CRS": "31-2000.M Earth Moving",
    "TPS": "32-9100.M Planting Preparation",
    "GT": "31-3200.M Soil Stabilization",
    "PLY": "03-1100.M Concrete Forming",
    "TMB": "06-1000.M Rough Carpentry",
    "PB": "09-2900.M Gypsum Board",
    "INS": "07-2100.M Thermal Insulation",
    "BIT": "07-1300.M Sheet Waterproofing",
    "SIL": "07-9200.M Joint Sealants",
    "RB": "03-2000.M Concrete Reinforcing",
    "MSH": "03-2000.M Concrete Reinforcing",
    "STL": "05-1200.M Structural Steel Framing",
    "HEA": "05-1200.M Structural Steel Framing",
    "HEB": "05-1200.M Structural Steel Framing",
    "IPE": "05-1200.M Structural Steel Framing",
    "ANC": "05-0500.M Common Work Results",
    "NLS": "06-0500.M Common Work Results",
    "PVC": "33-3000.M Sanitary Sewerage",
    "PE": "33-1000.M Water Utilities",
    "DRN": "33-4000.M Storm Drainage",
    "PAV": "32-1400.M Unit Paving",
    "KRB": "32-1600.M Curbs and Gutters",
    "CBL": "26-0500.M Common Work Results for Electrical",
    "SCF": "01-5400.E Construction Aids",
    "CRN": "01-5400.E Construction Aids",
    "EXC": "01-5400.E Construction Aids",
    "TRK": "01-5400.E Construction Aids",
    "FLT": "01-5400.E Construction Aids",
    "FNC": "01-5600.E Temporary Barriers",
    "SKP": "01-7400.S Cleaning and Waste Management",
    "LAB": "01-5000.L Temporary Facilities Labor",
    "PPE": "01-3500.M Safety Procedures",
    "DSL": "01-5100.M Temporary Utilities",
    "PAL": "01-6000.M Product Requirements",
    "STO": "01-6000.S Product Requirements",
    "HDL": "01-6000.S Product Requirements",
    "FLM": "01-6000.M Product Requirements",
}

TEMPLATE = (
    "{% set budget_codes = "
    + repr(BUDGET_CODES)
    + " %}"
    + """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Helvetica, sans-serif; font-size: 8.5pt; color: #1f2328; }
.company { display: flex; justify-content: space-between; border-bottom: 2px solid #f47e42;
  padding-bottom: 6px; }
.company b { font-size: 11pt; }
h1 { font-size: 13pt; margin: 12px 0 10px; }
table.grid { width: 100%; border-collapse: collapse; }
table.grid td { border: 1px solid #c9ced4; padding: 4px 6px; vertical-align: top; width: 25%; }
table.grid td.l { background: #f3f5f7; font-weight: bold; }
h2 { font-size: 10pt; margin: 16px 0 6px; text-transform: uppercase; letter-spacing: .5px; }
table.sov { width: 100%; border-collapse: collapse; }
table.sov th { background: #e8ebee; border: 1px solid #c9ced4; padding: 4px; text-align: left; }
table.sov td { border: 1px solid #c9ced4; padding: 4px; vertical-align: top; }
table.sov tr { page-break-inside: avoid; }
.n { text-align: right; white-space: nowrap; }
table.sov th.n { text-align: right; }
table.sov tfoot td { font-weight: bold; background: #f3f5f7; }
.terms { margin-top: 14px; line-height: 1.45; }
.sign { display: flex; gap: 40px; margin-top: 30px; }
.sign div { flex: 1; border-top: 1px solid #000; padding-top: 3px; }
</style></head><body>
<div class="company"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }},
{{ order.buyer.city }}<br>{{ order.buyer.phone }}</div>
<div style="text-align:right">{{ order.ship_to.name }}<br>{{ order.ship_to.street }}, {{ order.ship_to.city }}</div></div>
<h1>Purchase Order #{{ order.po_number }}: {{ order.ship_to.name }}</h1>
<table class="grid">
<tr><td class="l">Contract Company</td><td>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}</td><td class="l">Created By</td><td>{{ order.contact }}
({{ order.buyer.name }})</td></tr>
<tr><td class="l">Status</td><td>Approved</td><td class="l">Executed</td><td>Yes</td></tr>
<tr><td class="l">Contract Date</td><td>{{ order.order_date|date }}</td>
<td class="l">Delivery Date</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Default Retainage</td><td>10%</td><td class="l">Vendor #</td>
<td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Ship To</td><td>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</td><td class="l">Payment Terms</td><td>{{ order.payment_terms }}</td></tr>
{% if order.project_code %}<tr><td class="l">Job Number</td><td>{{ order.project_code }}</td>
<td class="l">Accounting Method</td><td>Unit/Quantity</td></tr>{% endif %}
</table>
<h2>Schedule of Values</h2>
<table class="sov"><thead><tr><th>#</th><th>Budget Code</th><th>Description</th><th class="n">Qty</th>
<th>UOM</th><th class="n">Unit Cost</th><th class="n">Amount</th></tr></thead><tbody>
{% for line in order.lines %}{% set code = budget_codes[line.item_code.split("-")[0]] %}<tr>
<td>{{ line.position }}</td><td>{{ code }}</td><td>{{ line.description }}</td>
<td class="n">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="n">{{ line.list_price|money }}</td><td class="n">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody><tfoot>
<tr><td colspan="6" class="n">Subtotal</td><td class="n">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td colspan="6" class="n">Sales Tax ({{ tax.rate|pct }}%)</td>
<td class="n">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td colspan="6" class="n">Grand Total</td><td class="n">{{ order.total|money }}</td></tr>
</tfoot></table>
<div class="terms"><b>Description:</b> Material supply per the schedule of values above.
{% if order.notes %}<br><b>Inclusions / Delivery:</b> {{ order.notes }}{% endif %}<br>
Retainage is withheld from each payment application and released at substantial completion.</div>
<div class="sign"><div>{{ order.buyer.name }}<br>Signature / Date</div>
<div>{{ order.supplier.name }}<br>Signature / Date</div></div>
</body></html>"""
)

FOOTER = """<div style="font-family: 'Liberation Sans', sans-serif; font-size: 7pt; width: 100%;
margin: 0 12mm; display: flex; justify-content: space-between; color: #555;">
<span>Printed with Procore</span><span>Page <span class="pageNumber"></span> of
<span class="totalPages"></span></span></div>"""

FAMILY = Family(
    name="html_procore_us",
    split="dev",
    batch=4,
    spec=order_spec("USD", "US", "0.075", line_count=(14, 24), project_chance=0.9),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{mm}/{dd}/{yyyy}",
    po_number=lambda rng, order: f"PO-{rng.randint(1, 480):04d}",
    quantity_places=2,
    line_numbers=True,
    item_codes=False,
    units={
        "pcs": "EA",
        "bag": "BAG",
        "pallet": "PLT",
        "m": "M",
        "m²": "SQM",
        "t": "MT",
        "kg": "KG",
        "h": "HR",
        "m³": "CUM",
        "day": "DAY",
        "l": "L",
    },
    paper="Letter",
    margin="12mm",
    footer=FOOTER,
)
