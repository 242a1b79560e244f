"""A Divalto-like French "BON DE COMMANDE FOURNISSEUR": the buyer's block top left and a framed
title with the order number, date and supplier code top right, the supplier's window address
under it and the delivery address on the left, a fully ruled grid whose column titles are on two
lines (Réf. article, Désignation, Qté commandée, U., P.U. HT, Rem. %, Montant HT, code TVA),
then a VAT summary by code (base, taux, montant) beside the totals: Total HT marchandises,
frais de port HT, Total TVA, Total TTC; amounts as 1 234,56 € (no-break space), TVA 20 % and
10 %, port taxed at 20 %, dates 07/12/2025, "Page 1 / 2" in the page footer."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; }
.soc { line-height: 1.4; }
.soc .n { font-size: 13pt; font-weight: bold; letter-spacing: 0.5px; }
.titre { width: 88mm; border: 1.5px solid #000; }
.titre h1 { margin: 0; font-size: 11.5pt; text-align: center; background: #000; color: #fff;
  padding: 4px; }
.titre table { width: 100%; border-collapse: collapse; }
.titre td { border-top: 1px solid #000; padding: 2px 5px; }
.titre td.k { width: 40%; border-right: 1px solid #000; font-size: 7pt; }
.adr { display: flex; justify-content: space-between; margin-top: 6mm; }
.liv { width: 80mm; border: 1px dashed #555; padding: 4px 6px; line-height: 1.4; }
.fou { width: 85mm; line-height: 1.5; font-size: 9.5pt; padding-top: 2mm; }
.k7 { font-size: 7pt; color: #333; }
table.g { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.g th { border: 1px solid #000; background: #d9d9d9; padding: 2px 3px; font-size: 7pt;
  line-height: 1.15; }
table.g td { border: 1px solid #000; padding: 2px 3px; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.pied { display: flex; justify-content: space-between; margin-top: 5mm; align-items: flex-start; }
table.tva { border-collapse: collapse; width: 88mm; }
table.tva th, table.tva td { border: 1px solid #000; padding: 2px 4px; }
table.tva th { font-size: 7pt; background: #eee; }
table.tt { border-collapse: collapse; width: 80mm; }
table.tt td { border: 1px solid #000; padding: 3px 5px; }
table.tt tr.ttc td { background: #000; color: #fff; font-weight: bold; font-size: 9.5pt; }
.cond { margin-top: 5mm; line-height: 1.45; }
</style></head><body>
<div class="top"><div class="soc"><span class="n">{{ order.buyer.name }}</span><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tél. : {{ order.buyer.phone }}<br>
{{ order.buyer.email }}<br>N° TVA intracom. : {{ order.buyer.tax_id }}</div>
<div class="titre"><h1>BON DE COMMANDE FOURNISSEUR</h1><table>
<tr><td class="k">N° de commande</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td class="k">Date de commande</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="k">Code fournisseur</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="k">Acheteur</td><td>{{ order.contact }}</td></tr>
<tr><td class="k">Devise</td><td>{{ order.currency }}</td></tr></table></div></div>
<div class="adr"><div class="liv"><span class="k7">Adresse de livraison</span><br>
{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}<br><span class="k7">Livraison souhaitée le
{{ order.delivery_date|date }}</span></div>
<div class="fou">{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<table class="g"><thead><tr><th>Réf.<br>article</th><th>Désignation</th><th>Qté<br>commandée</th>
<th>U.</th><th>P.U.<br>HT</th><th>Rem.<br>%</th><th>Montant<br>HT</th><th>Code<br>TVA</th>
</tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td class="c">{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{% if line.discount_pct %}{{ line.discount_pct|amount }}{% endif %}</td>
<td class="r">{{ line.line_total|amount }}</td>
<td class="c">{{ 1 if line.vat_rate == order.tax_lines[0].rate else 2 }}</td></tr>
{% endfor %}</tbody></table>
<div class="pied"><table class="tva"><tr><th>Code</th><th>Base HT</th><th>Taux</th>
<th>Montant TVA</th></tr>
{% for t in order.tax_lines %}<tr><td class="c">{{ loop.index }}</td>
<td class="r">{{ t.base|amount }}</td><td class="r">{{ (t.rate * 100)|amount }} %</td>
<td class="r">{{ t.amount|amount }}</td></tr>{% endfor %}</table>
<table class="tt">
<tr><td>Total HT marchandises</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Frais de port HT</td><td class="r">{{ order.charges|money }}</td></tr>
<tr><td>Total HT</td><td class="r">{{ (order.subtotal + order.charges)|money }}</td></tr>
<tr><td>Total TVA</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="ttc"><td>Total TTC</td><td class="r">{{ order.total|money }}</td></tr></table></div>
<div class="cond"><b>Conditions de règlement :</b> {{ order.payment_terms }}<br>
{% if order.project_code %}<b>Affaire :</b> {{ order.project_code }}<br>{% endif %}
{% if order.notes %}<b>Observations :</b> {{ order.notes }}<br>{% endif %}
Merci de nous retourner l'accusé de réception de commande sous 48 heures.</div>
</body></html>"""

FOOTER = (
    '<div style="font-size:7pt;width:100%;margin:0 14mm;font-family:Arial;text-align:right">'
    'Page <span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)

FAMILY = Family(
    name="html_divalto_fr",
    split="dev",
    batch=8,
    spec=order_spec(
        "EUR",
        "FR",
        "0.20",
        "0.10",
        language="fr",
        line_count=(5, 22),
        discounts=True,
        freight=(20, 260),
    ),
    template=TEMPLATE,
    style=NumberStyle(group="\u00a0", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"CF{order.order_date.year % 100}{rng.randint(120, 9800):06d}",
    quantity_places=3,
    units={"pcs": "U", "bag": "SAC", "pallet": "PAL", "h": "H", "day": "J", "t": "T", "l": "L"},
    footer=FOOTER,
    margin="14mm",
)
