"""A Portuguese "Nota de Encomenda" from a desktop ERP: the document's facts in a ruled grid
under the title, ISO dates, amounts as 1 234,56 with EUR after the totals, a discount and a
VAT column per line, carriage, and a VAT summary (Taxa / Incidência / Valor)."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Serif', serif; font-size: 8pt; color: #000; }
.cab { display: flex; justify-content: space-between; }
.cab h1 { font-size: 14pt; margin: 0 0 6px; }
.ent { border: 1px solid #000; padding: 6px; width: 44%; }
table.grid { width: 100%; border-collapse: collapse; margin: 12px 0; }
table.grid th, table.grid td { border: 1px solid #000; padding: 2px 4px; text-align: center; }
table.grid th { font-weight: normal; font-size: 7pt; background: #ddd; }
table.lin { width: 100%; border-collapse: collapse; }
table.lin th { border: 1px solid #000; background: #ddd; padding: 2px 3px; font-size: 7.5pt; }
table.lin td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 2px 3px; }
table.lin tbody tr:last-child td { border-bottom: 1px solid #000; }
.v { text-align: right; white-space: nowrap; }
.fim { display: flex; justify-content: space-between; margin-top: 10px; align-items: flex-start; }
.fim table { border-collapse: collapse; }
.fim td, .fim th { border: 1px solid #000; padding: 2px 5px; }
.fim .t td { font-weight: bold; font-size: 10pt; }
.obs { margin-top: 12px; }
</style></head><body>
<div class="cab"><div><h1>Nota de Encomenda</h1><b>{{ order.buyer.name }}</b><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Contribuinte: {{ order.buyer.tax_id }}</div>
<div class="ent">Exmo.(s) Sr.(s)<br><b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}
<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div></div>
<table class="grid"><tr><th>Número</th><th>Data</th><th>Fornecedor</th><th>Data Entrega</th>
<th>Obra</th><th>Condição Pagamento</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.delivery_date|date }}</td>
<td>{{ order.project_code or "" }}</td><td>{{ order.payment_terms }}</td></tr></table>
<table class="lin"><thead><tr><th>Artigo</th><th>Descrição</th><th>Qtd.</th><th>Un.</th>
<th>Preço Unit.</th><th>Desc. %</th><th>IVA %</th><th>Valor</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="v">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="v">{{ line.list_price|amount }}</td><td class="v">{{ line.discount_pct|amount }}</td>
<td class="v">{{ line.vat_rate|pct }}</td><td class="v">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<div class="fim"><table><tr><th>Taxa</th><th>Incidência</th><th>Valor IVA</th></tr>
{% for tax in order.tax_lines %}<tr><td>{{ tax.rate|pct }}%</td><td class="v">{{ tax.base|amount }}</td>
<td class="v">{{ tax.amount|amount }}</td></tr>{% endfor %}</table>
<table><tr><td>Total Ilíquido</td><td class="v">{{ order.subtotal|money }}</td></tr>
{% if order.charges %}<tr><td>Portes</td><td class="v">{{ order.charges|money }}</td></tr>{% endif %}
<tr><td>Total IVA</td><td class="v">{{ order.tax|money }}</td></tr>
<tr class="t"><td>Total</td><td class="v">{{ order.total|money }}</td></tr></table></div>
<div class="obs">Local de entrega: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>Requisitado por: {{ order.contact }}
{% if order.notes %}<br>Observações: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_primavera_pt",
    split="dev",
    batch=2,
    spec=order_spec(
        "EUR",
        "PT",
        "0.23",
        "0.06",
        line_count=(4, 12),
        language="pt",
        discounts=True,
        freight=(0, 60),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=" ", decimal=",", symbol="EUR", symbol_after=True),
    date_pattern="{yyyy}-{mm}-{dd}",
    po_number=lambda rng, order: f"NE {order.order_date.year}/{rng.randint(1, 999)}",
    quantity_places=3,
    units={"pcs": "UN", "bag": "SC", "pallet": "PAL", "h": "HR", "day": "DIA", "t": "TON"},
)
