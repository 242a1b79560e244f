"""A French "Bon de commande fournisseur" from a CRM/invoicing SaaS: the number and date in a
tinted panel at the left, numbered lines with the reference after the name, amounts as
1 234,56 € with plain spaces, a "Remise globale" on the order before VAT, "Net à payer"."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', sans-serif; font-size: 9pt; color: #30343b; }
.hd { display: flex; justify-content: space-between; margin-bottom: 20px; }
.panel { background: #eaf1fb; border-left: 4px solid #3a6fd8; padding: 10px 14px; width: 42%; }
.panel h1 { font-size: 14pt; margin: 0 0 6px; color: #3a6fd8; }
.emet { text-align: right; }
.cols { display: flex; gap: 30px; margin-bottom: 16px; }
.cols div { flex: 1; }
.cols h3 { font-size: 8pt; text-transform: uppercase; color: #3a6fd8; margin: 0 0 3px; }
table.t { width: 100%; border-collapse: separate; border-spacing: 0 2px; }
table.t th { font-size: 8pt; color: #fff; background: #3a6fd8; padding: 5px; text-align: left; }
table.t td { background: #f7f8fa; padding: 5px; }
.m { text-align: right; white-space: nowrap; }
table.t th.m { text-align: right; }
.recap { width: 44%; margin: 12px 0 0 auto; border-collapse: collapse; }
.recap td { padding: 3px 5px; border-bottom: 1px solid #e3e6eb; }
.recap .net td { background: #3a6fd8; color: #fff; font-weight: bold; font-size: 11pt; }
.mentions { margin-top: 18px; font-size: 8pt; color: #666; }
</style></head><body>
<div class="hd"><div class="panel"><h1>Bon de commande fournisseur</h1>
N° {{ order.po_number }}<br>Date : {{ order.order_date|date }}<br>
Livraison prévue : {{ order.delivery_date|date }}</div>
<div class="emet"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>{{ order.buyer.email }}<br>TVA intracom. {{ order.buyer.tax_id }}</div></div>
<div class="cols"><div><h3>Fournisseur</h3>{{ order.supplier.name }}<br>{{ order.supplier.street }}
<br>{{ order.supplier.city }}<br>Compte {{ order.supplier_number }}</div>
<div><h3>Livrer à</h3>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</div>
<div><h3>Affaire</h3>{% if order.project_code %}{{ order.project_code }}<br>{% endif %}
Suivi : {{ order.contact }}</div></div>
<table class="t"><thead><tr><th>#</th><th>Désignation</th><th>Référence</th><th class="m">Qté</th>
<th>Unité</th><th class="m">P.U. HT</th><th class="m">Total HT</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.description }}</td>
<td>{{ line.item_code }}</td><td class="m">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="m">{{ line.list_price|money }}</td><td class="m">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="recap"><tr><td>Total HT</td><td class="m">{{ order.subtotal|money }}</td></tr>
{% if order.allowances %}<tr><td>Remise globale ({{ order.allowance_pct|amount(None) }} %)</td>
<td class="m">-{{ order.allowances|money }}</td></tr>
<tr><td>Total HT net</td><td class="m">{{ order.tax_lines[0].base|money }}</td></tr>{% endif %}
{% for tax in order.tax_lines %}<tr><td>TVA {{ tax.rate|pct }} %</td>
<td class="m">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr><td>Total TTC</td><td class="m">{{ order.total|money }}</td></tr>
<tr class="net"><td>Net à payer</td><td class="m">{{ order.total|money }}</td></tr></table>
<div class="mentions">Conditions de règlement : {{ order.payment_terms }}
{% if order.notes %}<br>Note : {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_sellsy_fr",
    split="dev",
    batch=2,
    spec=order_spec(
        "EUR",
        "FR",
        "0.20",
        line_count=(3, 9),
        language="fr",
        position_step=10,
        order_discounts=tuple(Decimal(d) for d in (0, 2, 5, 8)),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=" ", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"BCF-{rng.randint(1, 99999):05d}",
    quantity_places=None,
    line_numbers=True,
    units={"pcs": "pièce", "bag": "sac", "pallet": "palette", "h": "heure", "day": "jour"},
)
