"""A JTL-Wawi-like German "Bestellung" (Lieferantenbestellung): the buyer's sender line above a
DIN 5008 address window with the supplier, an information block on the right (Bestellnummer,
Datum, Lieferantennummer, Ansprechpartner, Liefertermin), a short salutation, an unruled item
table with thin rules under the header only and position, article number, description with the
supplier's article number beneath, quantity, unit, unit price net, VAT rate and total net,
then the totals right-aligned (Summe netto, zzgl. 19 % USt., zzgl. 7 % USt., Gesamtbetrag);
euros as 1.234,56 € (EUR), German units, often over two pages with "Seite 1 von 2"."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: Arial, 'Liberation Sans', sans-serif; font-size: 9pt; color: #000; }
.kopf { display: flex; justify-content: space-between; }
.fenster { width: 85mm; margin-top: 18mm; }
.abs { font-size: 6.5pt; border-bottom: 0.5px solid #000; padding-bottom: 1px;
  margin-bottom: 3mm; }
.adr { line-height: 1.35; }
.firma { text-align: right; line-height: 1.35; font-size: 8pt; }
.firma .nm { font-size: 13pt; font-weight: bold; }
table.info { margin-top: 6mm; border-collapse: collapse; font-size: 8.5pt; }
table.info td { padding: 1px 0 1px 8px; }
table.info td.l { text-align: left; }
h1 { font-size: 14pt; margin: 10mm 0 3mm 0; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.pos thead { display: table-header-group; }
table.pos th { text-align: left; border-bottom: 1px solid #000; padding: 3px 4px;
  font-size: 8pt; }
table.pos td { padding: 4px 4px; vertical-align: top; }
table.pos tr { page-break-inside: avoid; }
table.pos .la { font-size: 7.5pt; color: #444; }
.r { text-align: right !important; white-space: nowrap; }
table.sum { margin-left: auto; margin-top: 4mm; border-collapse: collapse;
  border-top: 1px solid #000; page-break-inside: avoid; }
table.sum td { padding: 2px 4px 2px 14mm; }
table.sum tr.g td { border-top: 1px solid #000; border-bottom: 3px double #000;
  font-weight: bold; }
.text { margin-top: 8mm; line-height: 1.45; page-break-inside: avoid; }
</style></head><body>
<div class="kopf"><div class="fenster">
<div class="abs">{{ order.buyer.name }} · {{ order.buyer.street }} · {{ order.buyer.city }}</div>
<div class="adr">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<div><div class="firma"><div class="nm">{{ order.buyer.name }}</div>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>{{ order.buyer.email }}</div>
<table class="info">
<tr><td class="l">Bestellnummer:</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Datum:</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Lieferanten-Nr.:</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Ansprechpartner:</td><td>{{ order.contact }}</td></tr>
<tr><td class="l">Liefertermin:</td><td>{{ order.delivery_date|date }}</td></tr>
{% if order.project_code %}<tr><td class="l">Projekt:</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td class="l">Währung:</td><td>{{ order.currency }}</td></tr>
</table></div></div>
<h1>Bestellung {{ order.po_number }}</h1>
<div>Sehr geehrte Damen und Herren,<br>hiermit bestellen wir zu den vereinbarten Konditionen
folgende Artikel:</div>
<table class="pos"><thead><tr><th>Pos.</th><th>Art.-Nr.</th><th>Bezeichnung</th>
<th class="r">Menge</th><th>Einheit</th><th class="r">Einzelpreis</th><th class="r">USt.</th>
<th class="r">Gesamt netto</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}<br><span class="la">Lief.-Art.-Nr.: L{{ line.item_code }}</span></td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.vat_rate|pct }} %</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Summe netto</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td>zzgl. {{ t.rate|pct }} % USt. auf {{ t.base|money }}</td>
<td class="r">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="g"><td>Gesamtbetrag</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="text">Lieferadresse: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>Zahlungsbedingungen: {{ order.payment_terms }}<br>
{% if order.notes %}Hinweis: {{ order.notes }}<br>{% endif %}
Bitte geben Sie bei Lieferung und Rechnung stets unsere Bestellnummer an.<br><br>
Mit freundlichen Grüßen<br>{{ order.contact }}</div>
</body></html>"""

FAMILY = Family(
    name="html_jtlwawi_de",
    split="dev",
    batch=7,
    spec=order_spec("EUR", "DE", "0.19", "0.07", language="de", line_count=(6, 22)),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"BE{order.order_date.year % 100:02d}{rng.randint(100, 9999):05d}",
    quantity_places=2,
    line_numbers=True,
    margin="16mm",
    footer=(
        '<div style="font-size:7pt;width:100%;text-align:right;margin-right:16mm;'
        'font-family:Arial,sans-serif">Seite <span class="pageNumber"></span> von '
        '<span class="totalPages"></span></div>'
    ),
)
