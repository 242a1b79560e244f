"""A weclapp-like Austrian "Bestellung" on A4: the sender line over the supplier's address
window, an info block on the right (Bestellnummer, Bestelldatum, Lieferantennummer, Ihr
Ansprechpartner, Liefertermin), the heading and a greeting, a table of Pos., Artikelnummer,
Bezeichnung, Menge, Einheit, Einzelpreis and Gesamtpreis with shaded heading rows, a Rabatt on
the whole order, 20 % USt. and the Gesamtbetrag; the company's bank and register details and
"Seite n von m" in the footer. Long orders run onto a second page; amounts as € 1.234,56, dates
as 07.03.2026."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9pt; color: #333; }
.logo { text-align: right; font-size: 15pt; font-weight: bold; color: #0a6e5c; }
.kopf { display: flex; justify-content: space-between; margin-top: 20px; }
.abs { font-size: 6.5pt; border-bottom: 0.5px solid #999; margin-bottom: 6px; width: 80mm; }
.info { border-collapse: collapse; }
.info td { padding: 1px 0 1px 12px; }
.info td:first-child { color: #777; padding-left: 0; }
h1 { font-size: 14pt; margin: 28px 0 8px; font-weight: normal; }
table.pos { width: 100%; border-collapse: collapse; margin-top: 10px; }
table.pos th { background: #0a6e5c; color: #fff; padding: 4px; text-align: left; font-weight: normal; }
table.pos td { padding: 4px; border-bottom: 0.5px solid #ccc; vertical-align: top; }
table.pos tr { page-break-inside: avoid; }
.r { text-align: right; white-space: nowrap; }
table.pos th.r { text-align: right; }
table.sum { margin: 8px 0 0 auto; border-collapse: collapse; width: 50%; page-break-inside: avoid; }
table.sum td { padding: 2px 4px; }
table.sum tr.g td { font-weight: bold; border-top: 1px solid #333; font-size: 10pt; }
</style></head><body>
<div class="logo">{{ order.buyer.name }}</div>
<div class="kopf"><div><div class="abs">{{ order.buyer.name }} · {{ order.buyer.street }} ·
{{ order.buyer.city }}</div>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>Österreich</div>
<table class="info"><tr><td>Bestellnummer</td><td>{{ order.po_number }}</td></tr>
<tr><td>Bestelldatum</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Lieferantennummer</td><td>{{ order.supplier_number }}</td></tr>
<tr><td>Ihr Ansprechpartner</td><td>{{ order.contact }}</td></tr>
<tr><td>Liefertermin</td><td>{{ order.delivery_date|date }}</td></tr>
{% if order.project_code %}<tr><td>Projekt</td><td>{{ order.project_code }}</td></tr>{% endif %}
</table></div>
<h1>Bestellung {{ order.po_number }}</h1>
<p>Sehr geehrte Damen und Herren,<br>wir bestellen hiermit zu den vereinbarten Konditionen folgende
Positionen. Lieferadresse: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}.</p>
<table class="pos"><thead><tr><th>Pos.</th><th>Artikelnummer</th><th style="width:38%">Bezeichnung</th>
<th class="r">Menge</th><th>Einheit</th><th class="r">Einzelpreis</th><th class="r">Gesamtpreis</th></tr>
</thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="sum"><tr><td>Summe Positionen netto</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>abzgl. {{ order.allowance_pct|amount(None) }} % Rabatt</td><td class="r">-{{ order.allowances|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Nettobetrag</td><td class="r">{{ tax.base|money }}</td></tr>
<tr><td>zzgl. {{ tax.rate|pct }} % USt.</td><td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="g"><td>Gesamtbetrag</td><td class="r">{{ order.total|money }}</td></tr></table>
<p>Zahlungsbedingungen: {{ order.payment_terms }}{% if order.notes %}<br>Hinweis: {{ order.notes }}{% endif %}</p>
<p>Bitte geben Sie unsere Bestellnummer auf Lieferschein und Rechnung an.<br><br>
Mit freundlichen Grüßen<br>{{ order.contact }}</p>
</body></html>"""

FOOTER = """<div style="font-family: 'Liberation Sans', sans-serif; font-size: 6.5pt; color: #666;
width: 100%; margin: 0 18mm; display: flex; justify-content: space-between;">
<span>Donau Hochbau GmbH · FN 254871 k · Landesgericht Linz<br>UID ATU61884302</span>
<span>Oberbank AG · IBAN AT12 1500 0041 2345 6789<br>BIC OBKLAT2L</span>
<span>Seite <span class="pageNumber"></span> von <span class="totalPages"></span></span></div>"""

FAMILY = Family(
    name="html_weclapp_at",
    split="heldout",
    batch=4,
    spec=order_spec(
        "EUR",
        "AT",
        "0.20",
        line_count=(10, 20),
        language="de",
        order_discounts=tuple(Decimal(d) for d in (2, 3, 5)),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"B{order.order_date.year}-{rng.randint(1, 2999):05d}",
    quantity_places=2,
    line_numbers=True,
    margin="18mm",
    footer=FOOTER,
)
