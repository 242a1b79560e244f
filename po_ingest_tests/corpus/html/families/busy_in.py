"""A Busy-like Indian "Purchase Order" voucher: one heavily ruled frame with the company and its
GSTIN centred on top, PURCHASE ORDER in a band, the party's details (M/s, address, GSTIN) beside
the voucher's number, date and place of supply, a grid of S.N., description, HSN/SAC, quantity,
unit, price and amount, then freight, CGST 9 % and SGST 9 % each on the whole taxable value,
the grand total as Rs. 1,23,456.00 (lakh grouping) and the amount in words; dates 07-12-2025,
terms and an authorised signatory below."""

from dataclasses import dataclass
from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

ONES = [
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
]
TENS = ["_", "_", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"]
HSN = {
    "CEM": "2523",
    "MRT": "3824",
    "GRV": "2517",
    "CRS": "2517",
    "SND": "2505",
    "RB-": "7214",
    "RMC": "3824",
    "MSH": "7314",
    "PLY": "4412",
    "TMB": "4407",
    "PVC": "3917",
    "PE-": "3917",
    "CBL": "8544",
    "STL": "7208",
    "HEA": "7216",
    "HEB": "7216",
    "IPE": "7216",
    "SCF": "7306",
    "INS": "6806",
    "GT-": "5603",
    "PB-": "6809",
    "BLK": "6810",
    "PAV": "6810",
    "KRB": "6810",
    "DSL": "2710",
}


def _words(n: int) -> str:
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    for size, name in (
        (10_000_000, "Crore"),
        (100_000, "Lakh"),
        (1000, "Thousand"),
        (100, "Hundred"),
    ):
        if n >= size:
            head, rest = divmod(n, size)
            return f"{_words(head)} {name}" + ("" if rest == 0 else " " + _words(rest))
    raise AssertionError(n)


@dataclass(frozen=True)
class BusyFamily(Family):
    def words(self, value: Decimal) -> str:
        rupees, paise = divmod(int(value * 100), 100)
        text = f"Rupees {_words(rupees)}"
        if paise:
            text += f" and {_words(paise)} Paise"
        return text + " Only"

    def hsn(self, code: str) -> str:
        return HSN.get(code[:3], "9954")


TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; color: #000; }
.frame { border: 1.2px solid #000; }
.co { text-align: center; padding: 4px; border-bottom: 1px solid #000; line-height: 1.35; }
.co .n { font-size: 14pt; font-weight: bold; }
.band { text-align: center; font-weight: bold; font-size: 11pt; padding: 3px;
  border-bottom: 1px solid #000; letter-spacing: 1px; }
.two { display: flex; border-bottom: 1px solid #000; }
.two > div { padding: 4px 6px; line-height: 1.4; }
.party { width: 55%; border-right: 1px solid #000; }
.vch table { border-collapse: collapse; }
.vch td { padding: 1px 6px 1px 0; }
table.g { width: 100%; border-collapse: collapse; }
table.g th { border-bottom: 1px solid #000; border-right: 1px solid #000; padding: 3px;
  font-size: 8pt; }
table.g td { border-right: 1px solid #000; padding: 2px 3px; vertical-align: top; }
table.g th:last-child, table.g td:last-child { border-right: none; }
table.g tr.sum td { border-top: 1px solid #000; }
table.g tr.gt td { border-top: 1px solid #000; border-bottom: 1px solid #000;
  font-weight: bold; font-size: 9.5pt; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.words { padding: 4px 6px; border-bottom: 1px solid #000; }
.foot { display: flex; }
.terms { width: 60%; padding: 4px 6px; border-right: 1px solid #000; font-size: 7.5pt;
  line-height: 1.4; }
.sign { width: 40%; padding: 4px 6px; text-align: right; }
.sign .s { margin-top: 16mm; }
</style></head><body><div class="frame">
<div class="co"><span class="n">{{ order.buyer.name }}</span><br>{{ order.buyer.street }},
{{ order.buyer.city }}<br>Ph. {{ order.buyer.phone }} &nbsp; E-mail: {{ order.buyer.email }}<br>
<b>GSTIN : {{ order.buyer.tax_id }}</b></div>
<div class="band">PURCHASE ORDER</div>
<div class="two"><div class="party"><b>Party Details :</b><br>M/s {{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
GSTIN / UIN : {{ order.supplier.tax_id }}</div>
<div class="vch"><table>
<tr><td>P.O. No.</td><td>: <b>{{ order.po_number }}</b></td></tr>
<tr><td>Dated</td><td>: {{ order.order_date|date }}</td></tr>
<tr><td>Place of Supply</td><td>: Maharashtra (27)</td></tr>
<tr><td>Delivery By</td><td>: {{ order.delivery_date|date }}</td></tr>
<tr><td>Party Code</td><td>: {{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td>Project</td><td>: {{ order.project_code }}</td></tr>
{% endif %}</table></div></div>
<table class="g"><thead><tr><th>S.N.</th><th>Description of Goods</th><th>HSN/SAC<br>Code</th>
<th>Qty.</th><th>Unit</th><th>Price</th><th>Amount (Rs.)</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ line.position }}.</td>
<td>{{ line.description }}</td><td class="c">{{ family.hsn(line.item_code) }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td><td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}
<tr class="sum"><td></td><td class="r">Sub Total</td><td></td><td></td><td></td><td></td>
<td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td></td><td class="r">Add : Freight &amp; Forwarding</td><td class="c">9965</td><td></td>
<td></td><td></td><td class="r">{{ order.charges|amount }}</td></tr>
{% for t in order.tax_lines %}<tr><td></td><td class="r">Add : {{ 'CGST' if loop.first
else 'SGST' }}</td><td></td><td></td><td class="r">@</td><td class="r">{{ t.rate|pct }} %</td>
<td class="r">{{ t.amount|amount }}</td></tr>
{% endfor %}
<tr class="gt"><td></td><td class="r">Grand Total</td><td></td><td></td><td></td><td></td>
<td class="r">{{ order.total|money }}</td></tr></tbody></table>
<div class="words">{{ family.words(order.total) }}</div>
<div class="words">Ship To : {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}</div>
<div class="foot"><div class="terms"><b>Terms &amp; Conditions</b><br>
1. Payment : {{ order.payment_terms }}.<br>
2. Please quote our P.O. No. on your invoice and delivery challan.<br>
3. Material subject to our inspection at site.<br>
{% if order.notes %}4. {{ order.notes }}<br>{% endif %}
Contact : {{ order.contact }}</div>
<div class="sign">for {{ order.buyer.name }}<div class="s">Authorised Signatory</div></div>
</div></div></body></html>"""


def _po(rng, order) -> str:
    date = order.order_date
    start = date.year if date.month >= 4 else date.year - 1
    return f"SIPL/PO/{start % 100}-{(start + 1) % 100}/{rng.randint(12, 870):04d}"


FAMILY = BusyFamily(
    name="html_busy_in",
    split="dev",
    batch=8,
    spec=order_spec(
        "INR",
        "IN",
        "0.09",
        "0.09",
        stacked_taxes=True,
        line_count=(3, 9),
        freight=(350, 4800),
        price_scale=80,
    ),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="Rs.", later_groups=2),
    date_pattern="{dd}-{mm}-{yyyy}",
    po_number=_po,
    quantity_places=2,
    line_numbers=True,
    item_codes=False,
    units={
        "pcs": "Nos.",
        "bag": "Bags",
        "pallet": "Pallet",
        "m": "Mtr.",
        "m²": "Sq.Mtr.",
        "t": "MT",
        "kg": "Kgs.",
        "h": "Hrs.",
        "m³": "Cu.Mtr.",
        "day": "Days",
        "l": "Ltr.",
    },
    margin="12mm",
)
