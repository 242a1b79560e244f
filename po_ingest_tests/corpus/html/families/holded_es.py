"""A Spanish "Pedido de compra" from a cloud ERP: price before quantity, no item codes, a
discount on the whole order and carriage ("Portes") before the taxable base, dates with the
month's short name, amounts as 1.234,56 €."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #2b2b2b; }
.banda { background: #f2f4f8; padding: 14px; display: flex; justify-content: space-between; }
.banda h1 { margin: 0; font-size: 18pt; font-weight: 300; }
.datos div { margin-bottom: 2px; }
.datos span { color: #888; display: inline-block; width: 95px; }
.partes { display: flex; gap: 20px; margin: 16px 0; }
.partes div { flex: 1; border: 1px solid #e0e3ea; border-radius: 6px; padding: 8px; }
.partes i { color: #888; font-style: normal; display: block; margin-bottom: 3px; }
table.con { width: 100%; border-collapse: collapse; }
table.con th { color: #888; font-weight: normal; text-align: left; padding: 4px;
  border-bottom: 2px solid #e0e3ea; }
table.con td { padding: 5px 4px; border-bottom: 1px solid #eef0f4; }
.e { text-align: right; white-space: nowrap; }
table.con th.e { text-align: right; }
.res { width: 38%; margin: 14px 0 0 auto; }
.res div { display: flex; justify-content: space-between; padding: 2px 0; }
.res .total { font-size: 12pt; font-weight: bold; border-top: 2px solid #2b2b2b; margin-top: 4px;
  padding-top: 4px; }
.pie { margin-top: 20px; color: #666; }
</style></head><body>
<div class="banda"><div><h1>Pedido de compra</h1><b>{{ order.buyer.name }}</b><br>
{{ order.buyer.street }} &middot; {{ order.buyer.city }}<br>CIF {{ order.buyer.tax_id }}</div>
<div class="datos"><div><span>Nº pedido</span>{{ order.po_number }}</div>
<div><span>Fecha</span>{{ order.order_date|date }}</div>
<div><span>Entrega</span>{{ order.delivery_date|date }}</div>
{% if order.project_code %}<div><span>Proyecto</span>{{ order.project_code }}</div>{% endif %}
</div></div>
<div class="partes"><div><i>Proveedor</i>{{ order.supplier.name }}<br>{{ order.supplier.street }}
<br>{{ order.supplier.city }}<br>Cód. {{ order.supplier_number }}</div>
<div><i>Dirección de entrega</i>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}<br>Contacto: {{ order.contact }}</div></div>
<table class="con"><thead><tr><th>Concepto</th><th class="e">Precio</th><th class="e">Cantidad</th>
<th>Unidad</th><th class="e">Total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.description }}</td>
<td class="e">{{ line.list_price|money }}</td><td class="e">{{ line.quantity|qty }}</td>
<td>{{ line|unit }}</td><td class="e">{{ line.line_total|money }}</td></tr>{% endfor %}
</tbody></table>
<div class="res"><div><span>Subtotal</span><span>{{ order.subtotal|money }}</span></div>
{% if order.allowances %}<div><span>Descuento {{ order.allowance_pct|amount(None) }} %</span>
<span>-{{ order.allowances|money }}</span></div>{% endif %}
{% if order.charges %}<div><span>Portes</span><span>{{ order.charges|money }}</span></div>{% endif %}
{% for tax in order.tax_lines %}<div><span>Base imponible</span><span>{{ tax.base|money }}</span>
</div><div><span>IVA {{ tax.rate|pct }} %</span><span>{{ tax.amount|money }}</span></div>
{% endfor %}<div class="total"><span>Total</span><span>{{ order.total|money }}</span></div></div>
<div class="pie">Forma de pago: {{ order.payment_terms }}
{% if order.notes %}<br>Observaciones: {{ order.notes }}{% endif %}</div>
</body></html>"""

FAMILY = Family(
    name="html_holded_es",
    split="dev",
    batch=2,
    spec=order_spec(
        "EUR",
        "ES",
        "0.21",
        line_count=(3, 10),
        language="es",
        order_discounts=tuple(Decimal(d) for d in (3, 5, 10)),
        freight=(0, 90),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{d} {mon} {yyyy}",
    po_number=lambda rng, order: f"PC{order.order_date.year % 100}{rng.randint(1, 9999):04d}",
    quantity_places=None,
    item_codes=False,
    units={"pcs": "ud", "bag": "saco", "pallet": "palé", "h": "h", "day": "día"},
)
