"""A Portuguese "Encomenda a Fornecedor" as PHC prints it: a boxed strip across the page with
number, date, supplier account and currency, the unit before the quantity, a discount per line
and a VAT column, a VAT summary table beside the stacked totals, two VAT rates; dates
07-03-2026, amounts as 1.234,56 €."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Serif', serif; font-size: 8pt; }
.topo { display: flex; justify-content: space-between; }
.emp { font-size: 11pt; font-weight: bold; }
.dest { width: 45%; padding: 8px; border-left: 3px solid #555; }
h1 { font-size: 12pt; margin: 14px 0 4px; letter-spacing: 1px; }
.faixa { display: flex; border: 1px solid #000; margin-bottom: 10px; }
.faixa div { flex: 1; padding: 3px 6px; border-right: 1px solid #000; }
.faixa div:last-child { border-right: none; }
.faixa span { display: block; font-size: 6.5pt; color: #444; }
table.l { width: 100%; border-collapse: collapse; }
table.l th { border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 3px;
  text-align: left; font-size: 7.5pt; }
table.l td { padding: 2px 3px; }
.v { text-align: right; white-space: nowrap; }
table.l th.v { text-align: right; }
.fim { display: flex; justify-content: space-between; margin-top: 12px;
  border-top: 1px solid #000; padding-top: 6px; }
table.iva { border-collapse: collapse; }
table.iva th, table.iva td { border: 1px solid #777; padding: 2px 6px; }
table.tot td { padding: 2px 6px; }
table.tot .g td { font-weight: bold; font-size: 10pt; border-top: 1px solid #000; }
.obs { margin-top: 10px; }
</style></head><body>
<div class="topo"><div><div class="emp">{{ order.buyer.name }}</div>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Contribuinte n.º {{ order.buyer.tax_id }}</div>
<div class="dest">Exmo.(s) Sr.(s)<br><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div>
<h1>ENCOMENDA A FORNECEDOR</h1>
<div class="faixa"><div><span>Número</span>{{ order.po_number }}</div>
<div><span>Data</span>{{ order.order_date|date }}</div>
<div><span>Conta fornecedor</span>{{ order.supplier_number }}</div>
<div><span>Data de entrega</span>{{ order.delivery_date|date }}</div>
<div><span>Moeda</span>{{ order.currency }}</div></div>
<table class="l"><thead><tr><th>Referência</th><th>Designação</th><th>Un.</th>
<th class="v">Qtd.</th><th class="v">Preço unit.</th><th class="v">Desc.</th><th class="v">IVA</th>
<th class="v">Valor</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td>{{ line|unit }}</td><td class="v">{{ line.quantity|qty }}</td>
<td class="v">{{ line.list_price|amount }}</td>
<td class="v">{{ line.discount_pct|amount }}</td><td class="v">{{ line.vat_rate|pct }}</td>
<td class="v">{{ line.line_total|amount }}</td></tr>{% endfor %}</tbody></table>
<div class="fim"><table class="iva"><tr><th>Taxa</th><th>Incidência</th><th>Valor IVA</th></tr>
{% for tax in order.tax_lines %}<tr><td class="v">{{ tax.rate|pct }}%</td>
<td class="v">{{ tax.base|amount }}</td><td class="v">{{ tax.amount|amount }}</td></tr>
{% endfor %}</table>
<table class="tot"><tr><td>Total ilíquido</td><td class="v">{{ order.subtotal|money }}</td></tr>
<tr><td>Total IVA</td><td class="v">{{ order.tax|money }}</td></tr>
<tr class="g"><td>Total</td><td class="v">{{ order.total|money }}</td></tr></table></div>
<div class="obs">Local de entrega: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>Condições de pagamento: {{ order.payment_terms }}<br>
Requisitante: {{ order.contact }}{% if order.project_code %} &middot; Obra: {{ order.project_code }}
{% endif %}{% if order.notes %}<br>Observações: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_phc_pt",
    split="heldout",
    batch=3,
    spec=order_spec("EUR", "PT", "0.23", "0.06", line_count=(3, 9), language="pt", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}-{mm}-{yyyy}",
    po_number=lambda rng, order: f"EF {order.order_date.year}/{rng.randint(1, 9999)}",
    quantity_places=3,
    units={"pcs": "UN", "bag": "SC", "pallet": "PAL", "h": "HR", "day": "DIA", "m²": "M2"},
)
