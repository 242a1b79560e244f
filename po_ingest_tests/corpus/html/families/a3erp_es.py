"""A Spanish "Pedido a proveedor" as a desktop ERP of the a3ERP kind prints it: a gridded
header table (number, date, supplier code), every cell ruled, a discount per line, and the
totals as one row across the page (base, VAT, total); long dates, amounts as 1.234,56 EUR."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', sans-serif; font-size: 8.5pt; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #555; padding: 3px 5px; vertical-align: top; }
th { background: #d9d9d9; font-weight: bold; text-align: center; }
.n, .nw { text-align: right; white-space: nowrap; }
.cab td { border: none; padding: 0; }
.titulo { font-size: 15pt; font-weight: bold; text-align: right; }
.hdr { margin: 10px 0; }
.sitio { margin: 8px 0 10px; }
.tot { margin-top: 10px; }
.tot td { text-align: center; font-size: 9.5pt; }
.pie { margin-top: 12px; font-size: 7.5pt; }
</style></head><body>
<table class="cab"><tr><td><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>NIF: {{ order.buyer.tax_id }} &ndash; Tel. {{ order.buyer.phone }}</td>
<td class="titulo">PEDIDO A PROVEEDOR</td></tr></table>
<table class="hdr"><tr><th>Número pedido</th><th>Fecha</th><th>Cód. proveedor</th>
<th>Proveedor</th><th>Fecha entrega</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.supplier.name }}<br>{{ order.supplier.street }},
{{ order.supplier.city }}</td><td>{{ order.delivery_date|date }}</td></tr></table>
<div class="sitio">Lugar de entrega: {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }} &middot; Solicitado por: {{ order.contact }}
{% if order.project_code %} &middot; <span class="nw">Obra: {{ order.project_code }}</span>{% endif %}</div>
<table><thead><tr><th>Artículo</th><th>Descripción</th><th>Unidades</th><th>Precio</th>
<th>% Dto.</th><th>Importe</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="n">{{ line.quantity|qty }} {{ line|unit }}</td><td class="n">{{ line.list_price|amount }}</td>
<td class="n">{% if line.discount_pct %}{{ line.discount_pct|amount }}{% endif %}</td>
<td class="n">{{ line.line_total|amount }}</td></tr>{% endfor %}</tbody></table>
<table class="tot"><tr><th>Importe bruto</th><th>Base imponible</th><th>% IVA</th><th>Cuota IVA</th>
<th>Total pedido</th></tr>{% for tax in order.tax_lines %}<tr>
<td>{{ order.subtotal|amount }}</td><td>{{ tax.base|amount }}</td><td>{{ tax.rate|pct }}</td>
<td>{{ tax.amount|amount }}</td><td><b>{{ order.total|money }}</b></td></tr>{% endfor %}</table>
<div class="pie">Forma de pago: {{ order.payment_terms }}
{% if order.notes %}<br>Observaciones: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_a3erp_es",
    split="heldout",
    batch=3,
    spec=order_spec("EUR", "ES", "0.21", line_count=(3, 9), language="es", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="EUR", symbol_after=True),
    date_pattern="{d} de {month} de {yyyy}",
    po_number=lambda rng, order: f"A/{order.order_date.year % 100}/{rng.randint(1, 99999):06d}",
    quantity_places=2,
    units={"pcs": "uds", "bag": "sacos", "pallet": "palés", "h": "horas", "day": "días"},
)
