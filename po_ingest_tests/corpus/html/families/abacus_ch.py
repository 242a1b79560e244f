"""An Abacus-like Swiss "Bestellung" (German, CHF): the sender's line above a window address on
the right, a framed reference block on the left (Bestellung Nr., Datum, Lieferanten-Nr.,
Sachbearbeiter, Liefertermin), a lightly ruled table of position, article number, German text,
quantity, unit, price, discount % and amount, then "Total Positionen", one MWST line per rate
(8.1 % and 2.6 %, each with its base) and "Total Bestellung CHF"; amounts as 1'234.50 with the
Swiss apostrophe, dates as 07.12.2025, "Seite 1/2" in the page footer."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt; color: #111; }
.head { display: flex; justify-content: space-between; border-bottom: 2px solid #c00;
  padding-bottom: 3mm; }
.head .firm { font-size: 15pt; font-weight: bold; color: #c00; }
.head .addr { text-align: right; font-size: 7.5pt; line-height: 1.35; color: #444; }
.mid { display: flex; justify-content: space-between; margin-top: 9mm; }
.refs { width: 82mm; border: 0.6pt solid #888; }
.refs table { width: 100%; border-collapse: collapse; }
.refs td { padding: 2px 6px; }
.refs td.k { color: #555; width: 42%; }
.window { width: 85mm; line-height: 1.45; font-size: 9.5pt; }
.window .sender { font-size: 6.5pt; text-decoration: underline; color: #555;
  margin-bottom: 2mm; }
h1 { font-size: 16pt; margin: 9mm 0 1mm 0; font-weight: normal; }
.sub { margin-bottom: 4mm; color: #333; }
table.pos { width: 100%; border-collapse: collapse; }
table.pos th { text-align: left; border-top: 1pt solid #000; border-bottom: 1pt solid #000;
  padding: 3px 3px; font-size: 7.5pt; }
table.pos td { padding: 3px 3px; border-bottom: 0.4pt solid #ccc; vertical-align: top; }
.r { text-align: right !important; white-space: nowrap; }
.tot { margin-left: auto; width: 92mm; border-collapse: collapse; margin-top: 4mm; }
.tot td { padding: 2px 3px; }
.tot tr.sum td { border-top: 1pt solid #000; border-bottom: 2.5pt double #000;
  font-weight: bold; font-size: 10pt; padding: 4px 3px; }
.bottom { margin-top: 7mm; line-height: 1.5; }
.bottom b { display: inline-block; width: 32mm; font-weight: normal; color: #555; }
</style></head><body>
<div class="head"><div class="firm">{{ order.buyer.name }}</div>
<div class="addr">{{ order.buyer.street }} · {{ order.buyer.city }}<br>
Telefon {{ order.buyer.phone }} · {{ order.buyer.email }}<br>{{ order.buyer.tax_id }}</div></div>
<div class="mid"><div class="refs"><table>
<tr><td class="k">Bestellung Nr.</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td class="k">Datum</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="k">Lieferanten-Nr.</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="k">Sachbearbeiter</td><td>{{ order.contact }}</td></tr>
<tr><td class="k">Liefertermin</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="k">Währung</td><td>{{ order.currency }}</td></tr>
{% if order.project_code %}<tr><td class="k">Projekt</td><td>{{ order.project_code }}</td></tr>
{% endif %}</table></div>
<div class="window"><div class="sender">{{ order.buyer.name }}, {{ order.buyer.street }},
{{ order.buyer.city }}</div>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<h1>Bestellung</h1>
<div class="sub">Wir bestellen zu unseren Allgemeinen Einkaufsbedingungen:</div>
<table class="pos"><thead><tr><th>Pos.</th><th>Artikel</th><th>Bezeichnung</th>
<th class="r">Menge</th><th>ME</th><th class="r">Preis</th><th class="r">Rabatt %</th>
<th class="r">Betrag</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{% if line.discount_pct %}{{ line.discount_pct|amount }}{% endif %}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot">
<tr><td>Total Positionen</td><td></td><td class="r">{{ order.subtotal|amount }}</td></tr>
{% for t in order.tax_lines %}<tr><td>MWST {{ t.rate|pct }} %</td>
<td class="r">von {{ t.base|amount }}</td><td class="r">{{ t.amount|amount }}</td></tr>
{% endfor %}<tr class="sum"><td>Total Bestellung</td><td></td>
<td class="r">{{ order.total|money }}</td></tr></table>
<div class="bottom"><b>Lieferadresse</b>{{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br><b>Zahlungsbedingung</b>{{ order.payment_terms }}<br>
{% if order.notes %}<b>Bemerkung</b>{{ order.notes }}<br>{% endif %}
<b>Lieferschein</b>Bitte Bestellnummer auf Lieferschein und Rechnung angeben.</div>
<p style="margin-top:9mm">Freundliche Grüsse<br>{{ order.buyer.name }}<br><br>
{{ order.contact }}</p>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;margin:0 15mm;font-family:Arial;color:#555;'
    'display:flex;justify-content:space-between"><span>Abacus Auftragsbearbeitung</span>'
    '<span>Seite <span class="pageNumber"></span>/<span class="totalPages"></span></span></div>'
)

FAMILY = Family(
    name="html_abacus_ch",
    split="heldout",
    batch=8,
    spec=order_spec(
        "CHF", "CH", "0.081", "0.026", language="de", line_count=(4, 16), discounts=True
    ),
    template=TEMPLATE,
    style=NumberStyle(group="'", decimal=".", symbol="CHF"),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: (
        f"{order.order_date.year % 100}{order.order_date.month:02d}-{rng.randint(100, 999):04d}"
    ),
    quantity_places=2,
    line_numbers=True,
    units={"Stk": "Stk.", "Sack": "Sack", "Pal.": "Pal", "Std": "Std.", "Tag": "Tg."},
    footer=FOOTER,
)
