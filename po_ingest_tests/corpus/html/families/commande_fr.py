"""A French "Bon de commande" from an invoicing SaaS: the date with the month's name, amounts
as 1 234,56 € (no-break spaces), HT / TVA / TTC totals with carriage, a fully ruled grid."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Serif', Georgia, serif; font-size: 9.5pt; color: #111; }
.top { display: flex; justify-content: space-between; }
h1 { font-size: 17pt; text-transform: uppercase; margin: 0; color: #7a1f1f; }
.ref td { padding: 1px 6px 1px 0; }
.cadres { display: flex; gap: 24px; margin: 20px 0; }
.cadre { border: 1px solid #999; border-radius: 4px; padding: 8px; width: 46%; }
.cadre .t { font-weight: bold; font-size: 8.5pt; text-transform: uppercase; color: #555; }
table.lignes { width: 100%; border-collapse: collapse; }
table.lignes th, table.lignes td { border: 1px solid #999; padding: 4px; vertical-align: top; }
table.lignes th { background: #eee; font-size: 8.5pt; }
.num { text-align: right; white-space: nowrap; }
.totaux { width: 42%; margin-left: auto; margin-top: 10px; border-collapse: collapse; }
.totaux td { border: 1px solid #999; padding: 4px; }
.totaux .ttc td { font-weight: bold; background: #eee; }
.conditions { margin-top: 18px; font-size: 8.5pt; }
</style></head><body>
<div class="top"><div><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tél. {{ order.buyer.phone }}<br>N° TVA : {{ order.buyer.tax_id }}</div>
<div><h1>Bon de commande</h1><table class="ref">
<tr><td>N° de commande :</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td>Date :</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Code fournisseur :</td><td>{{ order.supplier_number }}</td></tr>
{% if order.project_code %}<tr><td>Chantier :</td><td>{{ order.project_code }}</td></tr>
{% endif %}<tr><td>Suivi par :</td><td>{{ order.contact }}</td></tr></table></div></div>
<div class="cadres"><div class="cadre"><div class="t">Fournisseur</div>{{ order.supplier.name }}
<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div class="cadre"><div class="t">Adresse de livraison</div>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<table class="lignes"><thead><tr><th>Réf.</th><th>Désignation</th><th>Qté</th><th>Unité</th>
<th>PU HT</th><th>Montant HT</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="num">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="num">{{ line.list_price|money }}</td><td class="num">{{ line.line_total|money }}</td>
</tr>{% endfor %}</tbody></table>
<table class="totaux">
<tr><td>Total HT</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% if order.charges %}<tr><td>Frais de port HT</td>
<td class="num">{{ order.charges|money }}</td></tr>{% endif %}
{% for tax in order.tax_lines %}<tr><td>TVA {{ tax.rate|pct }} %</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="ttc"><td>Total TTC</td><td class="num">{{ order.total|money }}</td></tr>
</table>
<div class="conditions">Date de livraison souhaitée : {{ order.delivery_date|date }}<br>
Conditions de paiement : {{ order.payment_terms }}<br>
{% if order.notes %}Observations : {{ order.notes }}<br>{% endif %}
Merci de nous retourner ce bon de commande signé pour accord.</div>
</body></html>"""

FAMILY = Family(
    name="html_commande_fr",
    split="dev",
    spec=order_spec("EUR", "FR", "0.20", line_count=(3, 12), language="fr", freight=(0, 150)),
    template=TEMPLATE,
    style=NumberStyle(group="\u00a0", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{d} {month} {yyyy}",
    po_number=lambda rng, order: f"BC{order.order_date.year}-{rng.randint(1, 2999):04d}",
    units={"pcs": "u", "bag": "sac", "pallet": "palette", "day": "j"},
)
