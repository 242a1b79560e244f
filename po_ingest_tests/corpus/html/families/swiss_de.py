"""A Swiss company's "Bestellung" written as a letter: the number in a heading line, the date
after the town ("Zürich, 7. März 2026"), an introductory sentence, quantity and unit first and
the article number after the description, two MWST rates; amounts as CHF 1'234.50."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans Light', 'DejaVu Sans', sans-serif; font-size: 9pt; }
.abs { font-size: 7pt; text-decoration: underline; margin-top: 30px; }
.fenster { display: flex; justify-content: space-between; }
.an { margin-top: 4px; line-height: 1.35; }
.kopf { text-align: right; font-size: 7.5pt; line-height: 1.5; }
.ort { text-align: right; margin: 26px 0 8px; }
h2 { font-size: 12pt; margin: 0 0 10px; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 10px; }
table.pos th { text-align: left; border-bottom: 1.5px solid #000; padding: 3px 4px;
  font-weight: bold; }
table.pos td { padding: 3px 4px; border-bottom: 0.5px dotted #999; }
.z { text-align: right; white-space: nowrap; }
table.pos th.z { text-align: right; }
.sum { margin: 10px 0 0 auto; border-collapse: collapse; }
.sum td { padding: 2px 4px; }
.sum .end td { font-weight: bold; border-top: 1.5px solid #000; border-bottom: 3px double #000; }
.gruss { margin-top: 22px; }
</style></head><body>
<div class="fenster"><div><div class="abs">{{ order.buyer.name }}, {{ order.buyer.street }},
{{ order.buyer.city }}</div><div class="an">{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div>
<div class="kopf"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>{{ order.buyer.tax_id }} MWST<br>
Ihre Lieferantennummer: {{ order.supplier_number }}<br>Sachbearbeiter: {{ order.contact }}</div>
</div>
<div class="ort">{{ order.buyer.city.split(" ", 1)[1] }}, {{ order.order_date|date }}</div>
<h2>Bestellung Nr. {{ order.po_number }}</h2>
Sehr geehrte Damen und Herren<br><br>
Gestützt auf Ihre Offerte bestellen wir bei Ihnen zur Lieferung bis
{{ order.delivery_date|date }} an {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}{% if order.project_code %} (Objekt {{ order.project_code }}){% endif %}:
<table class="pos"><thead><tr><th>Pos.</th><th class="z">Menge</th><th>Einheit</th>
<th>Bezeichnung</th><th>Artikel-Nr.</th><th class="z">Preis CHF</th><th class="z">Total CHF</th>
</tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td class="z">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td>{{ line.description }}</td><td>{{ line.item_code }}</td>
<td class="z">{{ line.list_price|amount }}</td><td class="z">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Total netto</td><td class="z">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>MWST {{ tax.rate|pct }} % von {{ tax.base|amount }}</td>
<td class="z">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td>Total MWST</td><td class="z">{{ order.tax|money }}</td></tr>
<tr class="end"><td>Total inkl. MWST</td><td class="z">{{ order.total|money }}</td></tr></table>
<p>Zahlungsbedingungen: {{ order.payment_terms }}{% if order.notes %}<br>
Bemerkung: {{ order.notes }}{% endif %}</p>
<div class="gruss">Freundliche Grüsse<br><br>{{ order.buyer.name }}<br>{{ order.contact }}</div>
</body></html>"""

FAMILY = Family(
    name="html_swiss_de",
    split="heldout",
    batch=3,
    spec=order_spec("CHF", "CH", "0.081", "0.026", line_count=(3, 8), language="de"),
    template=TEMPLATE,
    style=NumberStyle(group="'", decimal=".", symbol="CHF"),
    date_pattern="{d}. {month} {yyyy}",
    po_number=lambda rng, order: f"B-{order.order_date.year}-{rng.randint(1, 9999):04d}",
    quantity_places=None,
    line_numbers=True,
    margin="18mm",
)
