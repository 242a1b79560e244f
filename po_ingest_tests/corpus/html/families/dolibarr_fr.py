"""A French "Commande fournisseur" as Dolibarr prints it: sender and recipient boxes, the
reference and date in a right-hand block, the item code leading the description, VAT rate and
price before quantity, a reduction per line, amounts without a sign except the total TTC, two
VAT rates; dates with the month's full name, amounts as 1 234,56 €."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; color: #000; }
.haut { display: flex; justify-content: space-between; }
.soc { font-size: 12pt; font-weight: bold; }
.ref { text-align: right; }
.ref .t { font-size: 13pt; font-weight: bold; }
.boites { display: flex; gap: 16px; margin: 14px 0; }
.boites > div { flex: 1; }
.boites .l { font-size: 7.5pt; margin-bottom: 2px; }
.boites .c { border: 1px solid #888; border-radius: 4px; padding: 6px; min-height: 60px; }
.boites .b .c { background: #eee; border: none; }
.devise { text-align: right; font-size: 7pt; margin-bottom: 2px; }
table.lig { width: 100%; border-collapse: collapse; border: 1px solid #888; }
table.lig th { border-bottom: 1px solid #888; padding: 4px 3px; font-weight: normal;
  background: #e8e8e8; }
table.lig td { padding: 3px; vertical-align: top; }
.d { text-align: right; white-space: nowrap; }
.bas { display: flex; justify-content: space-between; margin-top: 10px; }
.cond { width: 50%; }
table.tt { width: 42%; border-collapse: collapse; }
table.tt td { padding: 2px 4px; }
table.tt tr.ttc td { background: #e8e8e8; font-weight: bold; }
</style></head><body>
<div class="haut"><div class="soc">{{ order.buyer.name }}</div>
<div class="ref"><div class="t">Commande fournisseur</div>
Réf. : {{ order.po_number }}<br>Réf. fournisseur : {{ order.supplier_number }}<br>
Date commande : {{ order.order_date|date }}<br>Date de livraison : {{ order.delivery_date|date }}
{% if order.project_code %}<br>Projet : {{ order.project_code }}{% endif %}</div></div>
<div class="boites"><div class="b"><div class="l">Émetteur</div><div class="c">
<b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>
Tél. : {{ order.buyer.phone }}<br>Suivi par : {{ order.contact }}</div></div>
<div><div class="l">Adressé à</div><div class="c"><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div></div>
<div class="devise">Montants exprimés en Euros</div>
<table class="lig"><thead><tr><th style="text-align:left">Désignation</th><th class="d">TVA</th>
<th class="d">P.U. HT</th><th class="d">Qté</th><th>Unité</th><th class="d">Réduc.</th>
<th class="d">Total HT</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }} - {{ line.description }}</td>
<td class="d">{{ line.vat_rate|pct }}%</td><td class="d">{{ line.list_price|amount }}</td>
<td class="d">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="d">{% if line.discount_pct %}{{ line.discount_pct|amount(None) }}%{% endif %}</td>
<td class="d">{{ line.line_total|amount }}</td></tr>{% endfor %}</tbody></table>
<div class="bas"><div class="cond">Conditions de règlement : {{ order.payment_terms }}<br>
Adresse de livraison : {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}{% if order.notes %}<br><br>Note : {{ order.notes }}{% endif %}</div>
<table class="tt"><tr><td>Total HT</td><td class="d">{{ order.subtotal|amount }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>Total TVA {{ tax.rate|pct }}%</td>
<td class="d">{{ tax.amount|amount }}</td></tr>{% endfor %}
<tr><td>Total TVA</td><td class="d">{{ order.tax|amount }}</td></tr>
<tr class="ttc"><td>Total TTC</td><td class="d">{{ order.total|money }}</td></tr></table></div>
</body></html>"""

FAMILY = Family(
    name="html_dolibarr_fr",
    split="heldout",
    batch=3,
    spec=order_spec("EUR", "FR", "0.20", "0.055", line_count=(3, 8), language="fr", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group="\u00a0", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{d} {month} {yyyy}",
    po_number=lambda rng, order: (
        f"CF{order.order_date.year % 100}{order.order_date.month:02d}-{rng.randint(1, 9999):04d}"
    ),
    quantity_places=None,
    units={"pcs": "u.", "bag": "sac", "pallet": "palette", "h": "h", "day": "jour"},
)
