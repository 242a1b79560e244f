"""A Tally-like Indian purchase order voucher: a fully ruled box under a centred "PURCHASE
ORDER" heading, the buyer with GSTIN and state on the left and the voucher's cells (voucher
number, dated, terms of payment, destination) on the right, the supplier below; lines of serial
number, description with its part number, HSN/SAC, quantity with its unit, rate, per and amount;
CGST and SGST (half the GST rate each) in the amount column, the total in rupees, a tax
analysis table, "for <company>" and the authorised signatory. Long orders run onto more pages;
amounts in lakh grouping (1,23,456.00), dates as 7-Mar-2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

# The HSN (goods) and SAC (services) codes of the catalog's product groups.
HSN_CODES = {
    "CEM": "2523",
    "RMC": "3824",
    "MRT": "3824",
    "BLK": "6810",
    "GRV": "2517",
    "SND": "2505",
    "CRS": "2517",
    "TPS": "2530",
    "GT": "5603",
    "PLY": "4412",
    "TMB": "4407",
    "PB": "6809",
    "INS": "6806",
    "BIT": "6807",
    "SIL": "3214",
    "RB": "7214",
    "MSH": "7314",
    "STL": "7208",
    "HEA": "7216",
    "HEB": "7216",
    "IPE": "7216",
    "ANC": "7318",
    "NLS": "7317",
    "PVC": "3917",
    "PE": "3917",
    "DRN": "6810",
    "PAV": "6810",
    "KRB": "6810",
    "CBL": "8544",
    "SCF": "7306",
    "CRN": "997313",
    "EXC": "997313",
    "TRK": "996511",
    "FLT": "997313",
    "FNC": "997319",
    "SKP": "999421",
    "LAB": "998519",
    "PPE": "6506",
    "DSL": "2710",
    "PAL": "4415",
    "STO": "996729",
    "HDL": "996719",
    "FLM": "3920",
}

TEMPLATE = (
    "{% set hsn_codes = "
    + repr(HSN_CODES)
    + " %}"
    + """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 7.5pt; }
h1 { text-align: center; font-size: 11pt; margin: 0 0 4px; }
table { width: 100%; border-collapse: collapse; }
td, th { border: 0.7px solid #000; padding: 2px 4px; vertical-align: top; }
table.head td { width: 25%; }
.small { font-size: 6.5pt; }
table.items th { font-weight: normal; text-align: center; }
table.items td { border-top: none; border-bottom: none; }
table.items tr.tax td, table.items tr.last td { border-top: none; }
table.items tr.end td { border-top: 0.7px solid #000; border-bottom: 0.7px solid #000;
  font-weight: bold; }
table.items tr { page-break-inside: avoid; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
i { font-size: 6.5pt; }
.sign { text-align: right; height: 50px; }
.foot { text-align: center; font-size: 6.5pt; margin-top: 4px; }
</style></head><body>
<h1>PURCHASE ORDER</h1>
<table class="head">
<tr><td colspan="2" rowspan="3"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>GSTIN/UIN: {{ order.buyer.tax_id }}<br>State Name : Maharashtra, Code : 27<br>
E-Mail : {{ order.buyer.email }}</td>
<td><span class="small">Voucher No.</span><br><b>{{ order.po_number }}</b></td>
<td><span class="small">Dated</span><br><b>{{ order.order_date|date }}</b></td></tr>
<tr><td><span class="small">Supplier's Ref.</span><br>{{ order.supplier_number }}</td>
<td><span class="small">Mode/Terms of Payment</span><br>{{ order.payment_terms }}</td></tr>
<tr><td><span class="small">Other References</span><br>{{ order.project_code or "" }}</td>
<td><span class="small">Dispatched through</span><br>By Road</td></tr>
<tr><td colspan="2" rowspan="2"><span class="small">Supplier (Bill from)</span><br>
<b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
GSTIN/UIN : {{ order.supplier.tax_id }}<br>State Name : Maharashtra, Code : 27</td>
<td><span class="small">Destination</span><br>{{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}</td>
<td><span class="small">Due on</span><br>{{ order.delivery_date|date }}</td></tr>
<tr><td colspan="2"><span class="small">Terms of Delivery</span><br>
{{ order.notes or "Door delivery at site" }}</td></tr>
</table>
<table class="items"><thead><tr><th>Sl<br>No.</th><th style="width:42%">Description of Goods</th>
<th>HSN/SAC</th><th>Quantity</th><th>Rate</th><th>per</th><th>Amount</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ line.position }}</td>
<td><b>{{ line.description }}</b><br><i>Part No. {{ line.item_code }}</i></td>
<td>{{ hsn_codes[line.item_code.split("-")[0]] }}</td><td class="r"><b>{{ line.quantity|qty }} {{ line|unit }}</b></td>
<td class="r">{{ line.list_price|amount }}</td><td>{{ line|unit }}</td>
<td class="r"><b>{{ line.line_total|amount }}</b></td></tr>
{% endfor %}<tr class="last"><td></td><td></td><td></td><td></td><td></td><td></td>
<td class="r" style="border-top:0.7px solid #000">{{ order.subtotal|amount }}</td></tr>
{% for tax in order.tax_lines %}<tr class="tax"><td></td><td class="r"><b><i style="font-size:7.5pt">
{{ "CGST" if loop.first else "SGST" }}</i></b></td><td></td><td></td>
<td class="r">{{ tax.rate|pct }}</td><td>%</td><td class="r"><b>{{ tax.amount|amount }}</b></td></tr>
{% endfor %}<tr class="end"><td></td><td class="r">Total</td><td></td><td></td><td></td><td></td>
<td class="r">{{ order.total|money }}</td></tr></tbody></table>
<div class="r" style="border:0.7px solid #000;border-top:none;padding:2px 4px">E. &amp; O.E</div>
<table style="margin-top:-1px"><tr><th rowspan="2">HSN/SAC</th><th rowspan="2">Taxable<br>Value</th>
<th colspan="2">Central Tax</th><th colspan="2">State Tax</th><th rowspan="2">Total<br>Tax Amount</th></tr>
<tr><th>Rate</th><th>Amount</th><th>Rate</th><th>Amount</th></tr>
<tr><td></td><td class="r">{{ order.tax_lines[0].base|amount }}</td>
<td class="r">{{ order.tax_lines[0].rate|pct }}%</td><td class="r">{{ order.tax_lines[0].amount|amount }}</td>
<td class="r">{{ order.tax_lines[1].rate|pct }}%</td><td class="r">{{ order.tax_lines[1].amount|amount }}</td>
<td class="r">{{ order.tax|amount }}</td></tr>
<tr><td class="r"><b>Total</b></td><td class="r"><b>{{ order.subtotal|amount }}</b></td><td></td>
<td class="r"><b>{{ order.tax_lines[0].amount|amount }}</b></td><td></td>
<td class="r"><b>{{ order.tax_lines[1].amount|amount }}</b></td><td class="r"><b>{{ order.tax|amount }}</b></td></tr>
</table>
<table style="margin-top:-1px"><tr><td style="width:50%">Company's PAN : {{ order.buyer.tax_id[2:12] }}<br>
Declaration<br>Please supply the above goods as per the terms stated. Quote our voucher number
on the tax invoice and delivery challan. Contact: {{ order.contact }}</td>
<td class="sign"><b>for {{ order.buyer.name }}</b><br><br><br><br>Authorised Signatory</td></tr></table>
<div class="foot">SUBJECT TO PUNE JURISDICTION<br>This is a Computer Generated Document</div>
</body></html>"""
)


def voucher_number(rng, order) -> str:
    """Tally numbers vouchers within India's financial year, April to March: PO/142/25-26."""
    year = order.order_date.year - (order.order_date.month < 4)
    return f"PO/{rng.randint(1, 480)}/{year % 100}-{(year + 1) % 100}"


FAMILY = Family(
    name="html_tally_in",
    split="dev",
    batch=4,
    spec=order_spec("INR", "IN", "0.09", "0.09", line_count=(22, 32), stacked_taxes=True),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="₹", later_groups=2),
    date_pattern="{d}-{mon}-{yyyy}",
    po_number=voucher_number,
    quantity_places=None,
    line_numbers=True,
    units={
        "pcs": "Nos",
        "bag": "Bags",
        "pallet": "Plt",
        "m": "Mtr",
        "m²": "Sq.M",
        "t": "MT",
        "kg": "Kgs",
        "h": "Hrs",
        "m³": "Cu.M",
        "day": "Days",
        "l": "Ltr",
    },
    margin="10mm",
)
