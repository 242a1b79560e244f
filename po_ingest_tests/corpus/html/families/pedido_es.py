"""A Spanish "Pedido de compra" from a cloud ERP: zebra rows without rules, the code in its
own column, "Base imponible" / IVA / Total, long orders over two pages."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Helvetica, sans-serif; font-size: 10pt; color: #2b2b2b; }
.cab { display: flex; justify-content: space-between; border-bottom: 3px solid #e4572e;
  padding-bottom: 8px; }
h1 { font-size: 16pt; margin: 0; color: #e4572e; font-weight: 600; }
.datos { display: flex; gap: 30px; margin: 16px 0; }
.datos div { width: 32%; }
.k { font-size: 7.5pt; text-transform: uppercase; color: #888; letter-spacing: .5px; }
table.lineas { width: 100%; border-collapse: collapse; margin-top: 8px; }
table.lineas th { font-size: 7.5pt; text-transform: uppercase; color: #888; text-align: left;
  padding: 6px 5px; border-bottom: 1px solid #ccc; }
table.lineas td { padding: 8px 5px; }
table.lineas tbody tr:nth-child(odd) { background: #f7f7f7; }
table.lineas tr { page-break-inside: avoid; }
.num { text-align: right !important; white-space: nowrap; }
.totales { width: 40%; margin-left: auto; margin-top: 10px; }
.totales td { padding: 3px 5px; }
.totales .total td { font-size: 12pt; font-weight: bold; border-top: 2px solid #e4572e; }
.obs { margin-top: 16px; }
</style></head><body>
<div class="cab"><div><b>{{ order.buyer.name }}</b><br>CIF: {{ order.buyer.tax_id }}<br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}</div>
<div style="text-align:right"><h1>PEDIDO DE COMPRA</h1>Nº de pedido: <b>{{ order.po_number }}</b>
<br>Fecha: {{ order.order_date|date }}</div></div>
<div class="datos">
<div><div class="k">Proveedor</div>{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>NIF: {{ order.supplier.tax_id }}</div>
<div><div class="k">Dirección de entrega</div>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div>
<div><div class="k">Fecha de entrega</div>{{ order.delivery_date|date }}
<div class="k">Forma de pago</div>{{ order.payment_terms }}
{% if order.project_code %}<div class="k">Obra</div>{{ order.project_code }}{% endif %}</div>
</div>
<table class="lineas"><thead><tr><th>Código</th><th>Descripción</th><th class="num">Cantidad</th>
<th>Ud.</th><th class="num">Precio</th><th class="num">Importe</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="num">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="num">{{ line.list_price|amount }}</td><td class="num">{{ line.line_total|money }}</td>
</tr>{% endfor %}</tbody></table>
<table class="totales">
<tr><td>Base imponible</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>IVA {{ tax.rate|pct }}%</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td>TOTAL</td><td class="num">{{ order.total|money }}</td></tr>
</table>
{% if order.notes %}<div class="obs"><div class="k">Observaciones</div>{{ order.notes }}</div>
{% endif %}
</body></html>"""

FAMILY = Family(
    name="html_pedido_es",
    split="dev",
    spec=order_spec("EUR", "ES", "0.21", line_count=(3, 24), language="es"),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"PC{order.order_date.year % 100:02d}{rng.randint(1, 9999):04d}",
    units={"pcs": "ud", "bag": "saco", "pallet": "palé", "day": "día"},
)
