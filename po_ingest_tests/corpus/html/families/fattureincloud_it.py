"""An Italian "Ordine fornitore" from an online invoicing tool: the number and date in one
sentence ("Ordine n. 37/2026 del 14/03/2026"), a discount and a VAT column in every line,
amounts as € 1.234,56, an imponibile / IVA summary per rate."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Helvetica, sans-serif; font-size: 9pt; color: #333; }
.intest { display: flex; justify-content: space-between; border-bottom: 3px solid #0a8a7a;
  padding-bottom: 8px; }
.intest .mitt b { font-size: 12pt; color: #0a8a7a; }
.dest { margin: 14px 0 0 55%; }
.dest small { color: #0a8a7a; font-weight: bold; }
.frase { font-size: 12pt; margin: 18px 0 10px; }
table.righe { width: 100%; border-collapse: collapse; }
table.righe th { background: #0a8a7a; color: #fff; padding: 4px; font-weight: normal;
  text-align: left; }
table.righe td { padding: 4px; border-bottom: 1px solid #ddd; }
.d { text-align: right; white-space: nowrap; }
table.righe th.d { text-align: right; }
.riep { display: flex; justify-content: space-between; margin-top: 14px; }
.riep table { border-collapse: collapse; }
.riep td, .riep th { padding: 3px 8px; border: 1px solid #ddd; }
.riep .tot td { font-weight: bold; font-size: 11pt; }
.altro { margin-top: 14px; font-size: 8.5pt; }
</style></head><body>
<div class="intest"><div class="mitt"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }},
{{ order.buyer.city }}<br>P.IVA {{ order.buyer.tax_id }} &middot; Tel. {{ order.buyer.phone }}</div>
<div>{{ order.buyer.email }}</div></div>
<div class="dest"><small>Spett.le</small><br>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }} ({{ order.supplier.country }})<br>
Cod. fornitore {{ order.supplier_number }}</div>
<div class="frase">Ordine n. <b>{{ order.po_number }}</b> del {{ order.order_date|date }}</div>
<table class="righe"><thead><tr><th>Codice</th><th>Descrizione</th><th class="d">Q.tà</th>
<th>U.m.</th><th class="d">Prezzo</th><th class="d">Sconto</th><th class="d">Importo</th>
<th class="d">IVA</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="d">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="d">{{ line.list_price|money }}</td>
<td class="d">{% if line.discount_pct %}{{ line.discount_pct|amount(None) }}%{% endif %}</td>
<td class="d">{{ line.line_total|money }}</td><td class="d">{{ line.vat_rate|pct }}%</td>
</tr>{% endfor %}</tbody></table>
<div class="riep"><table><tr><th>Aliquota</th><th>Imponibile</th><th>Imposta</th></tr>
{% for tax in order.tax_lines %}<tr><td>{{ tax.rate|pct }}%</td><td class="d">{{ tax.base|money }}</td>
<td class="d">{{ tax.amount|money }}</td></tr>{% endfor %}</table>
<table><tr><td>Imponibile</td><td class="d">{{ order.subtotal|money }}</td></tr>
<tr><td>IVA</td><td class="d">{{ order.tax|money }}</td></tr>
<tr class="tot"><td>Totale documento</td><td class="d">{{ order.total|money }}</td></tr>
</table></div>
<div class="altro">Consegna entro il {{ order.delivery_date|date }} presso {{ order.ship_to.name }},
{{ order.ship_to.street }}, {{ order.ship_to.city }}<br>
{% if order.project_code %}Commessa: {{ order.project_code }}<br>{% endif %}
Pagamento: {{ order.payment_terms }} &middot; Referente: {{ order.contact }}
{% if order.notes %}<br>Note: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_fattureincloud_it",
    split="heldout",
    batch=2,
    spec=order_spec("EUR", "IT", "0.22", "0.10", line_count=(3, 8), language="it", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(1, 400)}/{order.order_date.year}",
    units={"pcs": "pz", "bag": "sacchi", "pallet": "bancali", "h": "ore", "day": "gg"},
)
