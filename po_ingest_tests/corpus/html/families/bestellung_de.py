"""A German "Bestellung" in the DIN 5008 business-letter form: the return line and the
address in the window field, an information block beside it, a subject line, positions in
steps of ten, VAT per rate, a footer with the page count and the company's register data."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: A4; }
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 10pt; margin: 0 0 0 5mm; }
.head { height: 27mm; text-align: right; font-size: 14pt; font-weight: bold; color: #234; }
.window { display: flex; justify-content: space-between; height: 45mm; }
.address { width: 85mm; }
.return { font-size: 7pt; text-decoration: underline; margin-bottom: 3mm; }
.info { width: 75mm; font-size: 9pt; }
.info td { padding: 0 4px 1px 0; }
.subject { font-weight: bold; font-size: 11pt; margin: 8mm 0 5mm; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.pos thead th { border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 3px;
  text-align: left; font-size: 9pt; }
table.pos td { padding: 3px; vertical-align: top; }
table.pos tr { page-break-inside: avoid; }
.num, .code { text-align: right; white-space: nowrap; }
.code { text-align: left; }
.sum { width: 60%; margin-left: auto; border-collapse: collapse; margin-top: 3mm; }
.sum td { padding: 2px 3px; }
.sum tr.first td { border-top: 1px solid #000; }
.sum tr.total td { border-top: 1px solid #000; border-bottom: 3px double #000; font-weight: bold; }
p { margin: 3mm 0; }
</style></head><body>
<div class="head">{{ order.buyer.name }}</div>
<div class="window"><div class="address"><div class="return">{{ order.buyer.name }} ·
{{ order.buyer.street }} · {{ order.buyer.city }}</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div>
<table class="info">
<tr><td>Bestellnummer:</td><td>{{ order.po_number }}</td></tr>
<tr><td>Bestelldatum:</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Lieferantennr.:</td><td>{{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td>Projekt:</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td>Ansprechpartner:</td><td>{{ order.contact }}</td></tr>
<tr><td>Telefon:</td><td>{{ order.buyer.phone }}</td></tr>
<tr><td>E-Mail:</td><td>{{ order.buyer.email }}</td></tr>
</table></div>
<div class="subject">Bestellung Nr. {{ order.po_number }}</div>
<p>Sehr geehrte Damen und Herren,</p>
<p>zu unseren Allgemeinen Einkaufsbedingungen bestellen wir wie folgt:</p>
<table class="pos"><thead><tr><th>Pos.</th><th>Artikel-Nr.</th><th>Bezeichnung</th>
<th class="num">Menge</th><th>ME</th><th class="num">Einzelpreis</th><th class="num">MwSt.</th>
<th class="num">Gesamtpreis</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td class="code">{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="num">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td class="num">{{ line.list_price|amount }}</td>
<td class="num">{{ line.vat_rate|pct }} %</td><td class="num">{{ line.line_total|amount }}</td>
</tr>{% endfor %}</tbody></table>
<table class="sum">
<tr class="first"><td>Summe netto</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>zzgl. {{ tax.rate|pct }} % MwSt. auf
{{ tax.base|amount }}</td><td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td>Gesamtbetrag</td><td class="num">{{ order.total|money }}</td></tr>
</table>
<p>Liefertermin: {{ order.delivery_date|date }} frei Verwendungsstelle<br>
Lieferanschrift: {{ order.ship_to.name }}, {{ order.ship_to.street }}, {{ order.ship_to.city }}
<br>Zahlungsbedingungen: {{ order.payment_terms }}</p>
{% if order.notes %}<p>Hinweis: {{ order.notes }}</p>{% endif %}
<p>Bitte bestätigen Sie uns diese Bestellung innerhalb von drei Werktagen unter Angabe der
Bestellnummer.</p>
<p>Mit freundlichen Grüßen<br>{{ order.buyer.name }}<br><br>{{ order.contact }}<br>Einkauf</p>
</body></html>"""

FOOTER = """<div style="font-family: Arial, sans-serif; font-size: 7pt; width: 100%;
margin: 0 20mm; display: flex; justify-content: space-between; color: #444;">
<span>Registergericht: Amtsgericht, HRB 48213<br>
Geschäftsführer: Dr. Klaus Meier, Sabine Vogt</span>
<span>Commerzbank AG · IBAN DE12 2004 0000 0123 4567 00<br>BIC COBADEFFXXX</span>
<span>Seite <span class="pageNumber"></span> von <span class="totalPages"></span></span></div>"""

FAMILY = Family(
    name="html_bestellung_de",
    split="heldout",
    spec=order_spec(
        "EUR", "DE", "0.19", "0.07", line_count=(3, 25), language="de", position_step=10
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"B{order.order_date.year % 100:02d}-{rng.randint(1, 9999):05d}",
    quantity_places=None,
    line_numbers=True,
    margin="20mm",
    footer=FOOTER,
)
