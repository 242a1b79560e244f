"""A bexio-like Swiss French "Commande" to a supplier: the logo right, the supplier's address
left, the title "Commande CF-00123" and a block of labels left of their values (Date, Délai de
livraison, Interlocuteur, Votre n° fournisseur, Projet), a table under a dark header band
(Pos., Article, Désignation, Quantité, Unité, Prix, Total), then the totals right: Sous-total,
Frais de port, TVA 8.1 % et 2.6 % on their bases, Total CHF. Amounts as 1'234.50, dates as
07.03.2026; the freight is taxed at the standard rate."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Source Sans Pro', 'DejaVu Sans', sans-serif; font-size: 8.5pt; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.logo { font-size: 16pt; font-weight: 300; letter-spacing: 2px; color: #3c4858; text-align: right; }
.logo small { display: block; font-size: 7pt; letter-spacing: 0; line-height: 1.4; }
.addr { margin-top: 22mm; line-height: 1.4; }
h1 { font-size: 16pt; font-weight: 600; margin: 12mm 0 4mm; }
table.kv td { padding: 1px 14px 1px 0; }
table.kv td.l { color: #7a7a7a; }
table.it { width: 100%; border-collapse: collapse; margin-top: 7mm; }
table.it th { background: #3c4858; color: #fff; text-align: left; padding: 4px; font-weight: 600; }
table.it td { padding: 4px; border-bottom: 0.5px solid #cfd4da; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
table.it th.r { text-align: right; }
table.tot { margin: 5mm 0 0 auto; border-collapse: collapse; width: 92mm; }
table.tot td { padding: 2px 4px; }
table.tot tr.t td { font-weight: 600; font-size: 10.5pt; border-top: 1.5px solid #3c4858;
  border-bottom: 1.5px solid #3c4858; }
.txt { margin-top: 8mm; line-height: 1.5; }
</style></head><body>
<div class="top"><div class="addr">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}</div>
<div class="logo">{{ order.buyer.name }}<small>{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>
{{ order.buyer.phone }}<br>{{ order.buyer.email }}<br>{{ order.buyer.tax_id }}</small></div></div>
<h1>Commande {{ order.po_number }}</h1>
<table class="kv"><tr><td class="l">Date</td><td>{{ order.order_date|date }}</td>
<td class="l">Votre n° fournisseur</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">Délai de livraison</td><td>{{ order.delivery_date|date }}</td>
<td class="l">Projet</td><td>{{ order.project_code or "–" }}</td></tr>
<tr><td class="l">Interlocuteur</td><td>{{ order.contact }}</td>
<td class="l">Conditions de paiement</td><td>{{ order.payment_terms }}</td></tr></table>
<div class="txt">Madame, Monsieur,<br>Nous vous remercions de votre offre et vous commandons les
articles suivants, livrables à : {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}.</div>
<table class="it"><thead><tr><th>Pos.</th><th>Article</th><th>Désignation</th>
<th class="r">Quantité</th><th>Unité</th><th class="r">Prix</th><th class="r">TVA</th>
<th class="r">Total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td><td class="r">{{ line.vat_rate|pct }}%</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot"><tr><td>Sous-total</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Frais de port</td><td class="r">{{ order.charges|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>TVA {{ tax.rate|pct }}% de CHF {{ tax.base|amount }}</td>
<td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Total</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="txt">{% if order.notes %}Remarque : {{ order.notes }}<br>{% endif %}
Veuillez indiquer le numéro de commande sur la confirmation, le bulletin de livraison et la
facture.<br><br>Meilleures salutations<br>{{ order.buyer.name }}<br>{{ order.contact }}</div>
</body></html>"""

FAMILY = Family(
    name="html_bexio_chfr",
    split="heldout",
    batch=5,
    spec=order_spec(
        "CHF", "CHFR", "0.081", "0.026", line_count=(3, 9), language="fr", freight=(30, 220)
    ),
    template=TEMPLATE,
    style=NumberStyle(group="'", decimal=".", symbol="CHF"),
    date_pattern="{dd}.{mm}.{yyyy}",
    po_number=lambda rng, order: f"CF-{rng.randint(14, 2400):05d}",
    quantity_places=None,
    line_numbers=True,
    units={"pcs": "pce", "bag": "sac", "pallet": "pal.", "h": "h", "day": "jour", "l": "l"},
    margin="16mm",
)
