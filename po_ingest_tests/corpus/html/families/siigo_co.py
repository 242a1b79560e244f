"""A Siigo-like Colombian "Orden de compra": the company centred with its NIT, the document
number in a framed box on the right (OC-1-1523), a ruled header grid with the labels above the
values (Proveedor, NIT, Fecha de elaboración, Fecha de entrega), a ruled item grid with its
line number, code, unit, unit value, discount and IVA columns, and the totals right (Total
bruto, Descuentos, Subtotal, IVA 19 % / IVA 5 %, Total a pagar). Pesos as $ 1.234.567,00."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: Helvetica, Arial, sans-serif; font-size: 7.8pt; }
.head { display: grid; grid-template-columns: 35mm 1fr 52mm; align-items: center; }
.logo { width: 30mm; height: 16mm; border: 1px dashed #aaa; color: #aaa; text-align: center;
  line-height: 16mm; font-size: 7pt; }
.emp { text-align: center; line-height: 1.4; }
.emp b { font-size: 10pt; }
.num { border: 1.2px solid #000; border-radius: 4px; text-align: center; }
.num .t { background: #1f3b73; color: #fff; font-weight: bold; padding: 3px; font-size: 9pt; }
.num .v { padding: 5px; font-size: 11pt; font-weight: bold; }
table.info { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.info td { border: 0.8px solid #000; padding: 2px 4px; vertical-align: top; }
table.info .l { display: block; font-size: 6.5pt; font-weight: bold; color: #1f3b73; }
table.it { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.it th { background: #1f3b73; color: #fff; border: 0.8px solid #000; padding: 3px;
  font-size: 7pt; }
table.it td { border: 0.8px solid #000; padding: 2px 3px; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.pie { display: flex; justify-content: space-between; margin-top: 4mm; }
.obs { width: 55%; border: 0.8px solid #000; padding: 4px; min-height: 22mm; }
.obs .l { font-weight: bold; color: #1f3b73; font-size: 6.5pt; }
table.tot { border-collapse: collapse; width: 72mm; }
table.tot td { border: 0.8px solid #000; padding: 2px 5px; }
table.tot td.l { font-weight: bold; }
table.tot tr.t td { background: #dfe6f3; font-weight: bold; font-size: 9pt; }
.firmas { display: flex; gap: 20mm; margin-top: 16mm; }
.firmas div { border-top: 0.8px solid #000; width: 60mm; padding-top: 2px; font-size: 7pt; }
</style></head><body>
<div class="head"><div class="logo">LOGO</div><div class="emp"><b>{{ order.buyer.name }}</b><br>
{{ order.buyer.tax_id }}<br>{{ order.buyer.street }} - {{ order.buyer.city }}<br>
Tel. {{ order.buyer.phone }} - {{ order.buyer.email }}</div>
<div class="num"><div class="t">ORDEN DE COMPRA</div><div class="v">No. {{ order.po_number }}</div>
</div></div>
<table class="info"><tr><td colspan="2"><span class="l">Proveedor</span>{{ order.supplier.name }}</td>
<td><span class="l">NIT</span>{{ order.supplier.tax_id[4:] }}</td>
<td><span class="l">Fecha de elaboración</span>{{ order.order_date|date }}</td></tr>
<tr><td><span class="l">Dirección</span>{{ order.supplier.street }}</td>
<td><span class="l">Ciudad</span>{{ order.supplier.city }}</td>
<td><span class="l">Teléfono</span>{{ order.supplier.phone }}</td>
<td><span class="l">Fecha de entrega</span>{{ order.delivery_date|date }}</td></tr>
<tr><td colspan="2"><span class="l">Lugar de entrega</span>{{ order.ship_to.name }},
{{ order.ship_to.street }}, {{ order.ship_to.city }}</td>
<td><span class="l">Centro de costo</span>{{ order.project_code or "" }}</td>
<td><span class="l">Comprador</span>{{ order.contact }}</td></tr></table>
<table class="it"><thead><tr><th>Ítem</th><th>Código</th><th>Descripción</th><th>Cantidad</th>
<th>U.M.</th><th>Vr. unitario</th><th>% Desc.</th><th>% IVA</th><th>Vr. total</th></tr></thead>
<tbody>{% for line in order.lines %}<tr><td class="c">{{ line.position }}</td>
<td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }}</td><td class="c">{{ line|unit }}</td>
<td class="r">{{ line.list_price|money }}</td>
<td class="r">{{ line.discount_pct|amount }}</td><td class="r">{{ line.vat_rate|pct }}</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="pie"><div class="obs"><span class="l">Observaciones</span><br>
{{ order.notes or "" }}<br><br><span class="l">Forma de pago</span><br>{{ order.payment_terms }}
</div>
{% set ns = namespace(gross=0) %}{% for line in order.lines %}
{% set ns.gross = ns.gross + line.quantity * line.list_price %}{% endfor %}
{% set gross = ns.gross.quantize(order.subtotal) %}<table class="tot">
<tr><td class="l">Total bruto</td>
<td class="r">{{ gross|money }}</td></tr>
<tr><td class="l">Descuentos</td><td class="r">-{{ (gross - order.subtotal)|money }}</td></tr>
<tr><td class="l">Subtotal</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td class="l">IVA {{ tax.rate|pct }}%</td>
<td class="r">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="t"><td>Total a pagar</td><td class="r">{{ order.total|money }}</td></tr></table></div>
<div class="firmas"><div>Elaborado por: {{ order.contact }}</div><div>Aprobado por</div></div>
</body></html>"""

FAMILY = Family(
    name="html_siigo_co",
    split="heldout",
    batch=5,
    spec=order_spec(
        "COP",
        "CO",
        "0.19",
        "0.05",
        line_count=(3, 8),
        language="es",
        discounts=True,
        price_scale=4000,
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="$"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"OC-{rng.randint(1, 2)}-{rng.randint(140, 9800)}",
    quantity_places=2,
    line_numbers=True,
    units={
        "pcs": "Und",
        "bag": "Bto",
        "pallet": "Est",
        "h": "Hr",
        "day": "Día",
        "l": "Lt",
        "t": "Ton",
        "m²": "M2",
        "m³": "M3",
        "m": "Mt",
        "kg": "Kg",
    },
    margin="10mm",
)
