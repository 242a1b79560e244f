"""A Robaws-like Belgian (Flemish) "Bestelbon" of a construction company: a coloured header
band with the title and the number, the supplier and the buyer in two cards, a key-value strip
(Datum, Leverdatum, Werf, Leveradres, Besteld door), an item table without item codes (the
description only) with quantity, unit, unit price, discount, BTW and total excl. btw, a
zebra-striped body, then the totals (Totaal excl. btw, Btw 21 %, Btw 6 %, Totaal incl. btw)
in a shaded panel; euros as € 1.234,56 (EUR), dates as 14/03/2026, per-line discounts."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif; font-size: 8.5pt;
  color: #1e2a35; margin: 0; }
.band { background: #1e5aa8; color: #fff; padding: 8px 12px; display: flex;
  justify-content: space-between; align-items: center; }
.band h1 { margin: 0; font-size: 17pt; font-weight: 600; }
.band .nr { font-size: 11pt; }
.cards { display: flex; gap: 6mm; margin-top: 5mm; }
.card { flex: 1; background: #f3f6fa; border-radius: 4px; padding: 6px 9px; line-height: 1.4; }
.card .h { font-size: 7pt; text-transform: uppercase; color: #6b7c8c; letter-spacing: .5px; }
.kv { display: grid; grid-template-columns: repeat(3, 1fr); gap: 3mm 6mm; margin-top: 5mm; }
.kv .k { font-size: 7pt; color: #6b7c8c; }
table.r { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.r th { text-align: left; font-size: 7.5pt; color: #6b7c8c; border-bottom: 2px solid #1e5aa8;
  padding: 4px; font-weight: 600; }
table.r td { padding: 5px 4px; vertical-align: top; }
table.r tbody tr:nth-child(even) td { background: #f3f6fa; }
.n { text-align: right !important; white-space: nowrap; }
.foot { display: flex; justify-content: space-between; gap: 10mm; margin-top: 6mm; }
.opm { flex: 1; line-height: 1.45; }
.panel { background: #f3f6fa; border-radius: 4px; padding: 6px 10px; width: 74mm; }
.panel table { width: 100%; border-collapse: collapse; }
.panel td { padding: 2px 0; }
.panel tr.t td { border-top: 1px solid #1e5aa8; font-weight: bold; font-size: 10.5pt;
  padding-top: 4px; }
</style></head><body>
<div class="band"><h1>Bestelbon</h1><div class="nr">Nr. {{ order.po_number }}</div></div>
<div class="cards"><div class="card"><div class="h">Leverancier</div>
<b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
Btw {{ order.supplier.tax_id }}<br>Klantnr. bij leverancier: {{ order.supplier_number }}</div>
<div class="card"><div class="h">Besteller</div><b>{{ order.buyer.name }}</b><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Btw {{ order.buyer.tax_id }}<br>
{{ order.buyer.phone }} · {{ order.buyer.email }}</div></div>
<div class="kv"><div><div class="k">Datum</div>{{ order.order_date|date }}</div>
<div><div class="k">Gewenste leverdatum</div>{{ order.delivery_date|date }}</div>
<div><div class="k">Werf</div>{{ order.project_code or '-' }}</div>
<div><div class="k">Leveradres</div>{{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}</div>
<div><div class="k">Besteld door</div>{{ order.contact }}</div>
<div><div class="k">Betalingsvoorwaarden</div>{{ order.payment_terms }}</div></div>
<table class="r"><thead><tr><th>Omschrijving</th><th class="n">Aantal</th><th>Eenheid</th>
<th class="n">Eenheidsprijs</th><th class="n">Korting</th><th class="n">Btw</th>
<th class="n">Totaal excl. btw</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.description }}</td>
<td class="n">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="n">{{ line.list_price|money }}</td>
<td class="n">{{ (line.discount_pct|amount(None) ~ ' %') if line.discount_pct else '' }}</td>
<td class="n">{{ line.vat_rate|pct }} %</td><td class="n">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="foot"><div class="opm">{% if order.notes %}<b>Opmerking</b><br>{{ order.notes }}<br>
{% endif %}Vermeld steeds ons bestelbonnummer op de leveringsbon en de factuur.</div>
<div class="panel"><table><tr><td>Totaal excl. btw</td><td class="n">{{ order.subtotal|money }}</td>
</tr>{% for t in order.tax_lines %}<tr><td>Btw {{ t.rate|pct }} %</td>
<td class="n">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Totaal incl. btw</td><td class="n">{{ order.total|money }}</td></tr></table>
</div></div>
</body></html>"""

FAMILY = Family(
    name="html_robaws_be",
    split="dev",
    batch=7,
    spec=order_spec("EUR", "BE", "0.21", "0.06", language="nl", discounts=True, line_count=(2, 8)),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_space=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"BB{order.order_date.year}-{rng.randint(10, 1900):04d}",
    quantity_places=None,
    item_codes=False,
    units={"pcs": "stuk", "bag": "zak", "h": "uur", "day": "dag", "pallet": "pallet"},
    margin="12mm",
)
