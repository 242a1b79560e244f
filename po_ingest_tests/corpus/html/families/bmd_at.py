"""A BMD NTCS-like Austrian "Bestellung": sender line and window address on the left, an info
block of Bestellnummer, Datum, Lieferantennummer, Sachbearbeiter and Liefertermin on the right,
positions in steps of 10 with a nine-digit Artikelnummer, Menge and Einheit in their own
columns, a header rule and no grid, then Nettobetrag, USt 20 % and 10 % each on its base, and
Gesamtbetrag; amounts as 1.234,56 in the lines and EUR 1.234,56 in the totals."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Serif', 'Times New Roman', serif; font-size: 9.5pt; }
.logo { text-align: right; font-size: 14pt; font-weight: bold; letter-spacing: 1px; }
.logo small { display: block; font-size: 7.5pt; font-weight: normal; letter-spacing: 0; }
.kopf { display: flex; justify-content: space-between; margin-top: 10mm; }
.fenster { width: 85mm; }
.abs { font-size: 6.5pt; border-bottom: 0.5px solid #000; padding-bottom: 1px; }
.an { margin-top: 3mm; line-height: 1.35; }
table.info { border-collapse: collapse; font-size: 8.5pt; }
table.info td { padding: 1px 0 1px 6px; }
table.info td:first-child { padding-left: 0; }
h1 { font-size: 13pt; margin: 12mm 0 2mm; }
.ein { margin-bottom: 4mm; }
table.pos { width: 100%; border-collapse: collapse; }
table.pos th { font-size: 8.5pt; text-align: left; border-top: 1px solid #000;
  border-bottom: 1px solid #000; padding: 3px 4px; }
table.pos td { padding: 3px 4px; vertical-align: top; }
.z { text-align: right !important; white-space: nowrap; }
table.sum { margin-left: auto; border-collapse: collapse; margin-top: 2mm; }
table.sum td { padding: 2px 4px; }
table.sum tr.first td { border-top: 1px solid #000; padding-top: 4px; }
table.sum tr.ges td { border-top: 1px solid #000; border-bottom: 3px double #000;
  font-weight: bold; }
.text { margin-top: 6mm; line-height: 1.45; }
.fuss { margin-top: 12mm; border-top: 0.5px solid #000; font-size: 7pt; display: flex;
  justify-content: space-between; padding-top: 2px; }
</style></head><body>
<div class="logo">{{ order.buyer.name }}<small>{{ order.buyer.street }} · {{ order.buyer.city }}
</small></div>
<div class="kopf"><div class="fenster"><div class="abs">{{ order.buyer.name }},
{{ order.buyer.street }}, {{ order.buyer.city }}</div><div class="an">Firma<br>
{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div>
<table class="info">
<tr><td>Bestellnummer:</td><td>{{ order.po_number }}</td></tr>
<tr><td>Datum:</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Lieferantennr.:</td><td>{{ order.supplier_number }}</td></tr>
<tr><td>Sachbearbeiter:</td><td>{{ order.contact }}</td></tr>
<tr><td>Telefon:</td><td>{{ order.buyer.phone }}</td></tr>
{% if order.project_code %}<tr><td>Kostenstelle:</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td>Liefertermin:</td><td>{{ order.delivery_date|date }}</td></tr>
</table></div>
<h1>Bestellung {{ order.po_number }}</h1>
<div class="ein">Sehr geehrte Damen und Herren,<br>wir bestellen zu unseren
Einkaufsbedingungen wie folgt:</div>
<table class="pos"><thead><tr><th>Pos.</th><th>Artikelnr.</th><th>Bezeichnung</th>
<th class="z">Menge</th><th>Einh.</th><th class="z">Preis</th><th class="z">USt %</th>
<th class="z">Betrag</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="z">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="z">{{ line.list_price|amount }}</td><td class="z">{{ line.vat_rate|pct }}</td>
<td class="z">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum">
<tr class="first"><td>Nettobetrag</td><td></td><td class="z">{{ order.subtotal|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td>USt {{ t.rate|pct }} %</td>
<td class="z">von {{ t.base|amount }}</td><td class="z">{{ t.amount|money }}</td></tr>
{% endfor %}<tr class="ges"><td>Gesamtbetrag</td><td></td>
<td class="z">{{ order.total|money }}</td></tr></table>
<div class="text">Lieferadresse: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>Zahlungsbedingungen: {{ order.payment_terms }}<br>
{% if order.notes %}{{ order.notes }}<br>{% endif %}
Bitte geben Sie auf allen Lieferscheinen und Rechnungen unsere Bestellnummer an.<br><br>
Mit freundlichen Grüßen<br>{{ order.contact }}</div>
<div class="fuss"><span>{{ order.buyer.name }} · {{ order.buyer.city }}</span>
<span>UID: {{ order.buyer.tax_id }}</span><span>{{ order.buyer.email }}</span></div>
</body></html>"""

FAMILY = Family(
    name="html_bmd_at",
    split="heldout",
    batch=6,
    spec=order_spec(
        "EUR",
        "AT",
        "0.20",
        "0.10",
        line_count=(3, 8),
        language="de",
        position_step=10,
        material_numbers=True,
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="EUR"),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"B{order.order_date:%y}/{rng.randint(100, 9999):05d}",
    quantity_places=2,
    line_numbers=True,
    margin="18mm",
)
