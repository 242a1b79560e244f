"""A Sage X3-like French "Commande d'achat" (BONCDE): the site's address under its name on the
left, a framed title block on the right (numéro, date, fournisseur, page), Fournisseur and
Adresse de livraison captions over bare addresses, line numbers in steps of 1000, article and
désignation in their own columns, "Quantité commandée" and "Date de livraison" as two-line
titles, the unit in its own column, TVA 20 % / 10 % summed by rate in a base/taux/montant
table and Total HT, Total TVA and Total TTC boxed on the right; amounts as 1 234,56 €."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif; font-size: 7.8pt; }
.haut { display: flex; justify-content: space-between; }
.soc { line-height: 1.4; }
.soc .nm { font-size: 12pt; font-weight: bold; }
.cadre { border: 1.2px solid #000; width: 80mm; }
.cadre h1 { margin: 0; font-size: 12pt; text-align: center; padding: 3px;
  border-bottom: 1.2px solid #000; }
.cadre table { width: 100%; border-collapse: collapse; }
.cadre td { padding: 2px 5px; }
.cadre td:first-child { width: 40%; color: #444; }
.adr { display: flex; gap: 12mm; margin-top: 8mm; }
.adr > div { flex: 1; line-height: 1.4; }
.adr .cap { font-weight: bold; font-size: 7pt; border-bottom: 0.5px solid #000;
  margin-bottom: 2px; }
table.lig { width: 100%; border-collapse: collapse; margin-top: 6mm; border: 1px solid #000; }
table.lig th { font-size: 7pt; border: 1px solid #000; padding: 2px 3px; background: #f0f0f0;
  text-align: center; }
table.lig td { border-left: 1px solid #000; padding: 2px 3px; vertical-align: top; }
.m { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bas { display: flex; justify-content: space-between; margin-top: 4mm; align-items: flex-start; }
table.tva { border-collapse: collapse; }
table.tva th, table.tva td { border: 0.5px solid #000; padding: 2px 5px; }
table.tva th { font-size: 7pt; background: #f0f0f0; }
table.tt { border-collapse: collapse; border: 1.2px solid #000; width: 68mm; }
table.tt td { padding: 3px 6px; }
table.tt tr.ttc td { border-top: 1.2px solid #000; font-weight: bold; font-size: 9pt; }
.cond { margin-top: 5mm; line-height: 1.5; }
</style></head><body>
<div class="haut"><div class="soc"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tél. : {{ order.buyer.phone }}<br>
N° TVA : {{ order.buyer.tax_id }}</div>
<div class="cadre"><h1>COMMANDE D'ACHAT</h1><table>
<tr><td>Numéro</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td>Date</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Fournisseur</td><td>{{ order.supplier_number }}</td></tr>
<tr><td>Acheteur</td><td>{{ order.contact }}</td></tr>
{% if order.project_code %}<tr><td>Affaire</td><td>{{ order.project_code }}</td></tr>{% endif %}
</table></div></div>
<div class="adr"><div><div class="cap">Fournisseur</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
<div><div class="cap">Adresse de livraison</div>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div>
<div><div class="cap">Adresse de facturation</div>{{ order.buyer.name }}<br>
Service comptabilité<br>{{ order.buyer.email }}</div></div>
<table class="lig"><thead><tr><th>Ligne</th><th>Article</th><th>Désignation</th>
<th>Quantité<br>commandée</th><th>Unité</th><th>Prix<br>unitaire HT</th><th>Taux<br>TVA</th>
<th>Montant<br>HT</th><th>Date de<br>livraison</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="m">{{ line.quantity|qty }}</td>
<td class="c">{{ line|unit }}</td><td class="m">{{ line.list_price|amount }}</td>
<td class="m">{{ line.vat_rate|pct }} %</td><td class="m">{{ line.line_total|amount }}</td>
<td class="c">{{ order.delivery_date|date }}</td></tr>
{% endfor %}</tbody></table>
<div class="bas"><table class="tva"><thead><tr><th>Base HT</th><th>Taux</th>
<th>Montant TVA</th></tr></thead><tbody>
{% for t in order.tax_lines %}<tr><td class="m">{{ t.base|money }}</td>
<td class="m">{{ t.rate|pct }} %</td><td class="m">{{ t.amount|money }}</td></tr>
{% endfor %}</tbody></table>
<table class="tt"><tr><td>Total HT</td><td class="m">{{ order.subtotal|money }}</td></tr>
<tr><td>Total TVA</td><td class="m">{{ order.tax|money }}</td></tr>
<tr class="ttc"><td>Total TTC</td><td class="m">{{ order.total|money }}</td></tr></table></div>
<div class="cond"><b>Conditions de paiement :</b> {{ order.payment_terms }}<br>
<b>Devise :</b> {{ order.currency }}{% if order.notes %}<br><b>Observations :</b>
{{ order.notes }}{% endif %}<br>Merci de rappeler le numéro de commande sur vos bons de
livraison et factures.</div>
</body></html>"""

FAMILY = Family(
    name="html_sagex3_fr",
    split="heldout",
    batch=6,
    spec=order_spec(
        "EUR",
        "FR",
        "0.20",
        "0.10",
        line_count=(3, 9),
        language="fr",
        position_step=1000,
    ),
    template=TEMPLATE,
    style=NumberStyle(group="\u00a0", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: (
        f"POF{order.order_date:%y}{order.order_date.month:02d}-{rng.randint(1, 9999):05d}"
    ),
    quantity_places=3,
    line_numbers=True,
    units={
        "pcs": "UN",
        "h": "H",
        "day": "J",
        "pallet": "PAL",
        "bag": "SAC",
        "t": "T",
        "kg": "KG",
        "l": "L",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    margin="12mm",
)
