"""A Moloni-like Portuguese "Nota de Encomenda": the company left, "Original" and the addressee
("Exmo.(s) Sr.(s)") right, the document's name and number in large type (NE 2026A/57), a band of
labels above values (Data, Data de entrega, Contribuinte, Requisição), an unruled table under a
coloured rule (Artigo, Descrição, Qtd., Un., Preço Unit., Desc., IVA, Total), the VAT summary
(Taxa, Incidência, Valor IVA) left and the totals right, and the certified-software line in the
footer. Dates as 2026-03-07, amounts as 1.234,56 €, IVA 23 % and 6 %."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Roboto', 'DejaVu Sans', sans-serif; font-size: 8pt; color: #222; }
.head { display: flex; justify-content: space-between; }
.co { line-height: 1.45; }
.co b { font-size: 11pt; }
.dest { width: 80mm; line-height: 1.45; }
.dest .orig { text-align: right; font-size: 7pt; color: #888; margin-bottom: 6mm; }
.dest .ex { font-size: 7pt; color: #888; }
h1 { font-size: 15pt; margin: 9mm 0 3mm; font-weight: 500; }
.band { display: flex; border-top: 2px solid #0b7dbb; border-bottom: 0.5px solid #bbb;
  padding: 3px 0; }
.band div { flex: 1; }
.band .l { display: block; font-size: 6.5pt; color: #0b7dbb; text-transform: uppercase; }
table.it { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.it th { text-align: left; font-size: 7pt; color: #0b7dbb; border-bottom: 2px solid #0b7dbb;
  padding: 3px; }
table.it td { padding: 4px 3px; border-bottom: 0.5px solid #e2e2e2; }
.r { text-align: right; white-space: nowrap; }
table.it th.r { text-align: right; }
.fim { display: flex; justify-content: space-between; margin-top: 6mm; }
table.iva { border-collapse: collapse; }
table.iva th { font-size: 6.5pt; color: #0b7dbb; text-align: right; padding: 2px 6px;
  border-bottom: 0.5px solid #bbb; }
table.iva td { padding: 2px 6px; }
table.tot { border-collapse: collapse; min-width: 70mm; }
table.tot td { padding: 3px 4px; }
table.tot tr.t td { font-size: 11pt; font-weight: bold; border-top: 2px solid #0b7dbb; }
.obs { margin-top: 6mm; line-height: 1.5; }
.cert { margin-top: 12mm; font-size: 6.5pt; color: #888; border-top: 0.5px solid #ccc;
  padding-top: 2px; }
</style></head><body>
<div class="head"><div class="co"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>{{ order.buyer.email }}<br>
Contribuinte: {{ order.buyer.tax_id[3:] }}</div>
<div class="dest"><div class="orig">Original</div><span class="ex">Exmo.(s) Sr.(s)</span><br>
<b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
{{ order.supplier.country }}</div></div>
<h1>Nota de Encomenda {{ order.po_number }}</h1>
<div class="band"><div><span class="l">Data</span>{{ order.order_date|date }}</div>
<div><span class="l">Data de entrega</span>{{ order.delivery_date|date }}</div>
<div><span class="l">Contribuinte</span>{{ order.supplier.tax_id[3:] }}</div>
<div><span class="l">V/ Ref.</span>{{ order.supplier_number }}</div>
<div><span class="l">Requisição</span>{{ order.project_code or "-" }}</div></div>
<table class="it"><thead><tr><th>Artigo</th><th>Descrição</th><th class="r">Qtd.</th>
<th>Un.</th><th class="r">Preço Unit.</th><th class="r">Desc.</th><th class="r">IVA</th>
<th class="r">Total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td><td class="r">0%</td>
<td class="r">{{ line.vat_rate|pct }}%</td><td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="fim"><table class="iva"><tr><th>Taxa</th><th>Incidência</th><th>Valor IVA</th></tr>
{% for tax in order.tax_lines %}<tr><td class="r">{{ tax.rate|pct }}%</td>
<td class="r">{{ tax.base|money }}</td><td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
</table>
<table class="tot"><tr><td>Total Ilíquido</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td>Total Descontos</td><td class="r">{{ order.allowances|money }}</td></tr>
<tr><td>Total IVA</td><td class="r">{{ order.tax|money }}</td></tr>
<tr class="t"><td>Total (EUR)</td><td class="r">{{ order.total|money }}</td></tr></table></div>
<div class="obs"><b>Local de entrega:</b> {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br><b>Condições de pagamento:</b> {{ order.payment_terms }}<br>
{% if order.notes %}<b>Observações:</b> {{ order.notes }}<br>{% endif %}
<b>Responsável:</b> {{ order.contact }}</div>
<div class="cert">Processado por programa certificado n.º 1455/AT · Moloni · Este documento não
serve de fatura</div>
</body></html>"""

FAMILY = Family(
    name="html_moloni_pt",
    split="heldout",
    batch=5,
    spec=order_spec("EUR", "PT", "0.23", "0.06", line_count=(3, 8), language="pt"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{yyyy}-{mm}-{dd}",
    po_number=lambda rng, order: (
        f"NE {order.order_date.year}{rng.choice('AB')}/{rng.randint(12, 1900)}"
    ),
    quantity_places=3,
    units={
        "pcs": "Un",
        "bag": "Saco",
        "pallet": "Palete",
        "h": "Hora",
        "day": "Dia",
        "l": "L",
        "t": "Ton",
    },
    margin="13mm",
)
