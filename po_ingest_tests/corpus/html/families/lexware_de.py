"""A German "Bestellung" from an office invoicing program: a window-envelope address under a
small sender line, an info block at the right, positions numbered, "Pos. | Bezeichnung |
Menge | Einheit | Einzelpreis | Gesamt" without item codes, 19 % USt., long orders
over two pages with "Seite x von y"."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 9pt; color: #000; }
.kopf { text-align: right; font-size: 13pt; font-weight: bold; margin-bottom: 18px; }
.oben { display: flex; justify-content: space-between; }
.fenster { width: 85mm; }
.fenster .abs { font-size: 6.5pt; text-decoration: underline; margin-bottom: 6px; }
.info td { padding: 0 0 1px 10px; }
h2 { font-size: 13pt; margin: 26px 0 4px; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 10px; }
table.pos th { border-top: 1px solid #000; border-bottom: 1px solid #000; text-align: left;
  padding: 3px; }
table.pos td { padding: 3px; vertical-align: top; }
.z { text-align: right; white-space: nowrap; }
table.pos th.z { text-align: right; }
.summe { width: 55%; margin: 6px 0 0 auto; border-collapse: collapse; }
.summe td { padding: 2px 3px; }
.summe .brutto td { font-weight: bold; border-top: 1px solid #000; border-bottom: 3px double #000; }
.text { margin-top: 16px; }
</style></head><body>
<div class="kopf">{{ order.buyer.name }}</div>
<div class="oben"><div class="fenster"><div class="abs">{{ order.buyer.name }} &middot;
{{ order.buyer.street }} &middot; {{ order.buyer.city }}</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<table class="info"><tr><td>Bestell-Nr.</td><td>{{ order.po_number }}</td></tr>
<tr><td>Datum</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Lieferanten-Nr.</td><td>{{ order.supplier_number }}</td></tr>
<tr><td>Ansprechpartner</td><td>{{ order.contact }}</td></tr>
<tr><td>Telefon</td><td>{{ order.buyer.phone }}</td></tr>
<tr><td>USt-IdNr.</td><td>{{ order.buyer.tax_id }}</td></tr></table></div>
<h2>Bestellung</h2>
<div>Sehr geehrte Damen und Herren,<br>wir bestellen zu den uns bekannten Bedingungen
{% if order.project_code %}für das Bauvorhaben {{ order.project_code }} {% endif %}wie folgt:</div>
<table class="pos"><thead><tr><th>Pos.</th><th>Bezeichnung</th><th class="z">Menge</th>
<th>Einheit</th><th class="z">Einzelpreis</th><th class="z">Gesamt</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.description }}</td>
<td class="z">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="z">{{ line.list_price|amount }}</td><td class="z">{{ line.line_total|amount }}</td>
</tr>{% endfor %}</tbody></table>
<table class="summe"><tr><td>Gesamtbetrag netto</td><td class="z">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>zzgl. Umsatzsteuer {{ tax.rate|pct }} %</td>
<td class="z">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="brutto"><td>Gesamtbetrag brutto</td><td class="z">{{ order.total|money }}</td></tr>
</table>
<div class="text">Liefertermin: {{ order.delivery_date|date }}<br>Lieferanschrift:
{{ order.ship_to.name }}, {{ order.ship_to.street }}, {{ order.ship_to.city }}<br>
Zahlungsbedingungen: {{ order.payment_terms }}{% if order.notes %}<br>{{ order.notes }}{% endif %}
<br><br>Mit freundlichen Grüßen<br>{{ order.contact }}</div>
</body></html>"""

FAMILY = Family(
    name="html_lexware_de",
    split="heldout",
    batch=2,
    spec=order_spec("EUR", "DE", "0.19", line_count=(36, 46), language="de"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"BE-{rng.randint(1000, 9999)}",
    line_numbers=True,
    item_codes=False,
    footer='<div style="font-size:7pt;width:100%;text-align:center">'
    'Seite <span class="pageNumber"></span> von <span class="totalPages"></span></div>',
)
