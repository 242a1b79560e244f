"""A sevDesk-like German "Bestellung" as a DIN 5008 letter: the sender line over the address
window, a label-value block right (Bestellnr., Bestelldatum, Lieferdatum, Ansprechpartner),
the heading "Bestellung BE-1234", a short greeting, a light table without item numbers (Pos.,
Beschreibung, Menge with the unit in the same cell, Einzelpreis, USt., Betrag), totals right
(Gesamtbetrag netto, zzgl. Umsatzsteuer 19 % / 7 %, Gesamtbetrag brutto) and the three-column
company footer. Amounts as 1.234,56 €, dates as 07.03.2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Lato', 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #2b2b2b; }
.logo { text-align: right; font-size: 14pt; font-weight: bold; color: #e5493a; height: 18mm; }
.row { display: flex; justify-content: space-between; }
.window { width: 85mm; }
.sender { font-size: 6.5pt; color: #777; border-bottom: 0.5px solid #aaa; margin-bottom: 3mm;
  padding-bottom: 1px; }
.window .a { line-height: 1.45; }
table.info { border-collapse: collapse; }
table.info td { padding: 1px 0 1px 10px; }
table.info td.l { color: #777; }
h2 { font-size: 13pt; font-weight: bold; margin: 14mm 0 4mm; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.pos th { text-align: left; font-weight: bold; padding: 4px; border-bottom: 1px solid #2b2b2b; }
table.pos td { padding: 5px 4px; border-bottom: 0.5px solid #ddd; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
table.pos th.r { text-align: right; }
table.sum { margin: 4mm 0 0 auto; border-collapse: collapse; width: 85mm; }
table.sum td { padding: 3px 4px; }
table.sum tr.b td { font-weight: bold; border-top: 1px solid #2b2b2b; font-size: 9.5pt; }
.text { margin-top: 8mm; line-height: 1.5; }
.foot { display: flex; justify-content: space-between; margin-top: 14mm; font-size: 6.5pt;
  color: #777; border-top: 0.5px solid #ccc; padding-top: 2mm; line-height: 1.45; }
</style></head><body>
<div class="logo">{{ order.buyer.name.split(" ")[0] }}</div>
<div class="row"><div class="window"><div class="sender">{{ order.buyer.name }} ·
{{ order.buyer.street }} · {{ order.buyer.city }}</div><div class="a">{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<table class="info"><tr><td class="l">Bestellnr.</td><td>{{ order.po_number }}</td></tr>
<tr><td class="l">Bestelldatum</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">Lieferdatum</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Ihre Kundennr.</td><td>{{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td class="l">Projekt</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td class="l">Ansprechpartner</td><td>{{ order.contact }}</td></tr></table></div>
<h2>Bestellung {{ order.po_number }}</h2>
Sehr geehrte Damen und Herren,<br>hiermit bestellen wir folgende Positionen zur Lieferung an
{{ order.ship_to.name }}, {{ order.ship_to.street }}, {{ order.ship_to.city }}:
<table class="pos"><thead><tr><th>Pos.</th><th>Beschreibung</th><th class="r">Menge</th>
<th class="r">Einzelpreis</th><th class="r">USt.</th><th class="r">Betrag</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}.</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }} {{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.vat_rate|pct }} %</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Gesamtbetrag netto</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>zzgl. Umsatzsteuer {{ tax.rate|pct }} %</td>
<td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="b"><td>Gesamtbetrag brutto</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="text">Zahlungsbedingungen: {{ order.payment_terms }}{% if order.notes %}<br>
Hinweis: {{ order.notes }}{% endif %}<br><br>Mit freundlichen Grüßen<br>{{ order.contact }}</div>
<div class="foot"><div>{{ order.buyer.name }}<br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}</div><div>Tel. {{ order.buyer.phone }}<br>E-Mail: {{ order.buyer.email }}<br>
USt-IdNr.: {{ order.buyer.tax_id }}</div><div>Sparkasse<br>IBAN: DE12 3005 0110 1008 4471 22<br>
BIC: DUSSDEDDXXX</div></div>
</body></html>"""

FAMILY = Family(
    name="html_sevdesk_de",
    split="dev",
    batch=5,
    spec=order_spec("EUR", "DE", "0.19", "0.07", line_count=(3, 8), language="de"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"BE-{rng.randint(1000, 4999)}",
    quantity_places=None,
    line_numbers=True,
    item_codes=False,
    units={"Std": "Std."},
)
