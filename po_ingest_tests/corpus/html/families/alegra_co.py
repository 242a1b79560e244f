"""An Alegra-like Colombian "Orden de compra": the buyer's name, NIT and address centred under
a logo space, the number in a rounded box on the right ("ORDEN DE COMPRA No. OC-123"), the
supplier block in a two-column grid of grey labels, then an item table with a reference
column, price, a discount column, IVA percentage, quantity and total, and the totals stacked
on the right (Subtotal, Descuento, IVA per rate, Total); pesos as $ 1.234.567,00 (COP), IVA 19 %
and 5 %, per-line discounts."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif; font-size: 8.5pt;
  color: #333; }
.head { display: grid; grid-template-columns: 38mm 1fr 58mm; gap: 4mm; align-items: center; }
.logo { height: 22mm; border: 1px dashed #bbb; color: #aaa; display: flex;
  align-items: center; justify-content: center; font-size: 7pt; }
.emp { text-align: center; line-height: 1.45; }
.emp .nm { font-size: 11pt; font-weight: bold; color: #111; }
.num { border: 1px solid #00b19d; border-radius: 6px; text-align: center; padding: 6px; }
.num .t { font-size: 10pt; font-weight: bold; color: #00b19d; }
.num .n { font-size: 12pt; font-weight: bold; margin-top: 3px; }
table.info { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.info td { border: 1px solid #d8d8d8; padding: 3px 6px; }
table.info td.l { background: #f2f2f2; font-weight: bold; width: 17%; }
table.items { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.items th { background: #00b19d; color: #fff; padding: 4px; font-size: 8pt;
  text-align: left; }
table.items td { padding: 4px; border-bottom: 1px solid #e2e2e2; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bottom { display: flex; justify-content: space-between; margin-top: 5mm; }
.obs { width: 55%; }
.obs .h { font-weight: bold; border-bottom: 1px solid #ccc; margin-bottom: 3px; }
table.tot { border-collapse: collapse; width: 70mm; }
table.tot td { padding: 3px 6px; }
table.tot td.l { text-align: right; font-weight: bold; }
table.tot tr.total td { border-top: 2px solid #00b19d; font-size: 10.5pt; font-weight: bold; }
.firma { margin-top: 18mm; display: flex; gap: 20mm; }
.firma div { border-top: 1px solid #555; width: 60mm; text-align: center; padding-top: 2px; }
</style></head><body>
<div class="head"><div class="logo">LOGO</div>
<div class="emp"><div class="nm">{{ order.buyer.name }}</div>{{ order.buyer.tax_id }}<br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>
{{ order.buyer.email }}</div>
<div class="num"><div class="t">ORDEN DE COMPRA</div><div class="n">No. {{ order.po_number }}</div>
</div></div>
<table class="info">
<tr><td class="l">Proveedor</td><td>{{ order.supplier.name }}</td>
<td class="l">Fecha</td><td>{{ order.order_date|date }}</td></tr>
<tr><td class="l">NIT</td><td>{{ order.supplier.tax_id }}</td>
<td class="l">Fecha de entrega</td><td>{{ order.delivery_date|date }}</td></tr>
<tr><td class="l">Dirección</td><td>{{ order.supplier.street }}, {{ order.supplier.city }}</td>
<td class="l">Moneda</td><td>{{ order.currency }}</td></tr>
<tr><td class="l">Teléfono</td><td>{{ order.supplier.phone }}</td>
<td class="l">Centro de costo</td><td>{{ order.project_code or '' }}</td></tr>
</table>
<table class="items"><thead><tr><th>Ítem</th><th>Referencia</th><th class="r">Precio</th>
<th class="r">Desc. %</th><th class="c">IVA</th><th class="r">Cantidad</th><th class="r">Total</th>
</tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.description }}</td><td>{{ line.item_code }}</td>
<td class="r">{{ line.list_price|money }}</td>
<td class="r">{{ line.discount_pct|amount(None) if line.discount_pct else '0' }}</td>
<td class="c">{{ line.vat_rate|pct }}%</td>
<td class="r">{{ line.quantity|qty }} {{ line|unit }}</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="bottom"><div class="obs"><div class="h">Observaciones</div>
Entregar en: {{ order.ship_to.name }}, {{ order.ship_to.street }}, {{ order.ship_to.city }}<br>
Forma de pago: {{ order.payment_terms }}<br>Solicitado por: {{ order.contact }}<br>
{% if order.notes %}{{ order.notes }}{% endif %}</div>
<table class="tot">
<tr><td class="l">Subtotal</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for t in order.tax_lines %}<tr><td class="l">IVA ({{ t.rate|pct }}%)</td>
<td class="r">{{ t.amount|money }}</td></tr>{% endfor %}
<tr class="total"><td class="l">Total</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
<div class="firma"><div>Elaborado por</div><div>Aprobado por</div></div>
</body></html>"""

FAMILY = Family(
    name="html_alegra_co",
    split="heldout",
    batch=7,
    spec=order_spec(
        "COP",
        "CO",
        "0.19",
        "0.05",
        language="es",
        discounts=True,
        price_scale=4000,
        line_count=(3, 8),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="$", symbol_space=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"OC-{rng.randint(15, 2400)}",
    quantity_places=None,
    units={
        "pcs": "Und",
        "bag": "Bulto",
        "h": "Hora",
        "day": "Día",
        "pallet": "Estiba",
        "t": "Ton",
        "kg": "Kg",
        "l": "Lt",
        "m": "m",
        "m²": "m²",
        "m³": "m³",
    },
    margin="12mm",
)
