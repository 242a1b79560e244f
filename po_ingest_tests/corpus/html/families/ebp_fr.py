"""An EBP-like French "Bon de commande fournisseur": the buyer's letterhead top left, the
supplier's address in a window box top right, a band of document references (numéro, date,
code fournisseur, date de livraison, mode de règlement) as a one-row table, a ruled table of
code, désignation, quantité, P.U. HT, remise, montant HT and TVA code, then a VAT recap table
(code, base HT, taux, montant TVA) beside the totals (Total HT, Total TVA, Total TTC, Net à
payer); euros as 1 234,56 € (EUR), TVA 20 % and 5,5 %, per-line discounts, page numbers in the
footer."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: Tahoma, Verdana, 'DejaVu Sans', sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; }
.soc { line-height: 1.4; width: 80mm; }
.soc .nm { font-size: 13pt; font-weight: bold; color: #1f4e79; }
.fen { width: 82mm; margin-top: 14mm; border: 1px solid #000; border-radius: 4px;
  padding: 6px 10px; line-height: 1.45; min-height: 22mm; }
h1 { font-size: 13pt; color: #1f4e79; margin: 7mm 0 2mm 0; }
table.ref { width: 100%; border-collapse: collapse; }
table.ref th { background: #dce6f1; border: 1px solid #000; font-size: 7pt; padding: 2px;
  font-weight: normal; }
table.ref td { border: 1px solid #000; text-align: center; padding: 3px; }
table.lg { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.lg th { background: #dce6f1; border: 1px solid #000; padding: 3px; font-size: 7.5pt; }
table.lg td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 3px;
  vertical-align: top; }
table.lg tbody tr:last-child td { border-bottom: 1px solid #000; padding-bottom: 12mm; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.pied { display: flex; justify-content: space-between; margin-top: 5mm; align-items: flex-start; }
table.tva { border-collapse: collapse; }
table.tva th, table.tva td { border: 1px solid #000; padding: 2px 6px; }
table.tva th { background: #dce6f1; font-size: 7pt; font-weight: normal; }
table.tot { border-collapse: collapse; width: 66mm; }
table.tot td { border: 1px solid #000; padding: 3px 6px; }
table.tot td.l { background: #dce6f1; }
table.tot tr.net td { font-weight: bold; font-size: 9.5pt; }
.cond { margin-top: 5mm; line-height: 1.45; }
</style></head><body>
<div class="top"><div class="soc"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tél. : {{ order.buyer.phone }}<br>
{{ order.buyer.email }}<br>N° TVA : {{ order.buyer.tax_id }}</div>
<div class="fen"><b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<h1>Bon de commande fournisseur</h1>
<table class="ref"><tr><th>Numéro</th><th>Date</th><th>Code fournisseur</th>
<th>Date de livraison</th><th>Mode de règlement</th><th>Affaire</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.delivery_date|date }}</td>
<td>{{ order.payment_terms }}</td><td>{{ order.project_code or '' }}</td></tr></table>
<table class="lg"><thead><tr><th>Code</th><th>Désignation</th><th>Qté</th><th>U.</th><th>P.U. HT</th>
<th>Rem. %</th><th>Montant HT</th><th>TVA</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td class="c">{{ line|unit }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.discount_pct|amount(None) if line.discount_pct else '' }}</td>
<td class="r">{{ line.line_total|amount }}</td>
<td class="c">{{ '1' if line.vat_rate == order.tax_lines[0].rate else '2' }}</td>
</tr>{% endfor %}</tbody></table>
<div class="pied"><table class="tva"><tr><th>Code</th><th>Base HT</th><th>Taux</th>
<th>Montant TVA</th></tr>
{% for t in order.tax_lines %}<tr><td class="c">{{ loop.index }}</td>
<td class="r">{{ t.base|amount }}</td><td class="r">{{ t.rate|pct }} %</td>
<td class="r">{{ t.amount|amount }}</td></tr>{% endfor %}</table>
<table class="tot"><tr><td class="l">Total HT</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td class="l">Total TVA</td><td class="r">{{ order.tax|money }}</td></tr>
<tr><td class="l">Total TTC</td><td class="r">{{ order.total|money }}</td></tr>
<tr class="net"><td class="l">Net à payer</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
<div class="cond"><b>Livraison :</b> {{ order.ship_to.name }} – {{ order.ship_to.street }},
{{ order.ship_to.city }}<br><b>Suivi par :</b> {{ order.contact }}<br>
{% if order.notes %}<b>Observations :</b> {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_ebp_fr",
    split="heldout",
    batch=7,
    spec=order_spec(
        "EUR", "FR", "0.20", "0.055", language="fr", discounts=True, line_count=(3, 10)
    ),
    template=TEMPLATE,
    style=NumberStyle(group=" ", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"CF{rng.randint(120, 9400):08d}",
    quantity_places=2,
    units={"pcs": "u", "bag": "sac", "h": "h", "day": "j", "pallet": "pal."},
    margin="12mm",
    footer=(
        '<div style="font-size:7pt;width:100%;text-align:center;font-family:Tahoma,sans-serif">'
        'Page <span class="pageNumber"></span> / <span class="totalPages"></span></div>'
    ),
)
