"""A Sage 50 Canada-like Québec "Bon de commande" on Letter paper: the company block at the top
left, a boxed "BON DE COMMANDE" with the number, date and shipping date on the right, "Commandé
à" and "Expédier à" side by side in frames, a fully boxed table of article, quantité, unité,
description, prix and montant, then TPS 5 % and TVQ 9,975 % (each on the whole order, with the
company's registration numbers), transport and the total. Amounts as 1 234,56 $, dates as
2026-03-07."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Serif', Georgia, serif; font-size: 8.5pt; }
.top { display: flex; justify-content: space-between; }
.co { line-height: 1.35; }
.co b { font-size: 11pt; }
.boxtitle { border: 1.5px solid #000; width: 230px; }
.boxtitle .h { font-size: 12pt; font-weight: bold; text-align: center; border-bottom: 1px solid #000;
  padding: 4px; }
.boxtitle table { width: 100%; border-collapse: collapse; }
.boxtitle td { padding: 2px 6px; }
.addr { display: flex; gap: 12px; margin-top: 14px; }
.addr div { flex: 1; border: 1px solid #000; padding: 4px 8px; min-height: 60px; line-height: 1.35; }
.addr .h { font-size: 7pt; font-weight: bold; }
table.l { width: 100%; border-collapse: collapse; margin-top: 12px; font-family: 'DejaVu Sans', sans-serif;
  font-size: 8pt; }
table.l th, table.l td { border: 1px solid #000; padding: 3px 4px; vertical-align: top; }
table.l th { background: #e6e6e6; }
.r { text-align: right; white-space: nowrap; }
table.t { margin: 0 0 0 auto; border-collapse: collapse; width: 55%; font-family: 'DejaVu Sans', sans-serif;
  font-size: 8pt; }
table.t td { border: 1px solid #000; border-top: none; padding: 3px 4px; }
table.t tr.g td { font-weight: bold; }
.msg { margin-top: 14px; border: 1px solid #000; padding: 4px 8px; min-height: 30px; }
</style></head><body>
<div class="top"><div class="co"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tél. : {{ order.buyer.phone }}<br>{{ order.buyer.email }}</div>
<div class="boxtitle"><div class="h">BON DE COMMANDE</div><table>
<tr><td>N° de commande</td><td class="r"><b>{{ order.po_number }}</b></td></tr>
<tr><td>Date</td><td class="r">{{ order.order_date|date }}</td></tr>
<tr><td>Date d'expédition</td><td class="r">{{ order.delivery_date|date }}</td></tr>
<tr><td>Page</td><td class="r">1</td></tr></table></div></div>
<div class="addr"><div><span class="h">COMMANDÉ À</span><br>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>Tél. : {{ order.supplier.phone }}</div>
<div><span class="h">EXPÉDIER À</span><br>{{ order.buyer.name }}<br>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div>
<table class="l" style="margin-top:10px"><tr><th>Conditions de paiement</th><th>Acheteur</th>
<th>N° de fournisseur</th><th>Projet</th></tr><tr><td>{{ order.payment_terms }}</td><td>{{ order.contact }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.project_code or "" }}</td></tr></table>
<table class="l"><thead><tr><th>Article</th><th>Quantité</th><th>Unité</th><th style="width:40%">Description</th>
<th>Taxe</th><th>Prix</th><th>Montant</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td class="r">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td>{{ line.description }}</td><td>GQ</td><td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="t"><tr><td>Sous-total</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>TPS {{ order.tax_lines[0].rate|pct }} % – 812345678 RT0001</td>
<td class="r">{{ order.tax_lines[0].amount|money }}</td></tr>
<tr><td>TVQ {{ order.tax_lines[1].rate|pct }} % – 1219876543 TQ0001</td>
<td class="r">{{ order.tax_lines[1].amount|money }}</td></tr>
<tr><td>Transport</td><td class="r">{{ order.charges|money }}</td></tr>
<tr class="g"><td>Total</td><td class="r">{{ order.total|money }}</td></tr></table>
<div class="msg"><span style="font-size:7pt;font-weight:bold">MESSAGE</span><br>
{{ order.notes or "Veuillez indiquer le numéro de commande sur toutes les factures." }}</div>
</body></html>"""

FAMILY = Family(
    name="html_sage50_qc",
    split="heldout",
    batch=4,
    spec=order_spec(
        "CAD",
        "QC",
        "0.05",
        "0.09975",
        line_count=(3, 9),
        language="fr",
        stacked_taxes=True,
        freight=(0, 120),
    ),
    template=TEMPLATE,
    style=NumberStyle(group="\u00a0", decimal=",", symbol="$", symbol_after=True),
    date_pattern="{yyyy}-{mm}-{dd}",
    po_number=lambda rng, order: f"{rng.randint(1000, 9999)}",
    quantity_places=None,
    units={"pcs": "unité", "bag": "sac", "pallet": "palette", "h": "h", "day": "jour"},
    paper="Letter",
    margin="12mm",
)
