"""A CONTPAQi Comercial-like Mexican "Orden de Compra": the company's name, RFC and address
centred at the top, a box on the right with the series and folio and the date; the supplier's
data in a labelled frame (proveedor, RFC, domicilio); an unruled table with a shaded heading
of cantidad, unidad, código, descripción, precio unitario and importe; subtotal, IVA 16 % and
total in a box, the currency note "Moneda: MXN" and the signatures. Amounts as $1,234.56,
dates as 07/03/2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 8pt; }
.top { display: flex; justify-content: space-between; align-items: flex-start; }
.emp { text-align: center; flex: 1; line-height: 1.35; }
.emp b { font-size: 11pt; }
.folio { border: 1.5px solid #1d3f73; width: 190px; }
.folio div { padding: 3px 6px; }
.folio .h { background: #1d3f73; color: #fff; font-weight: bold; text-align: center; }
.prov { border: 1px solid #1d3f73; margin-top: 10px; padding: 5px 8px; display: grid;
  grid-template-columns: 90px 1fr 90px 1fr; row-gap: 3px; }
.prov .l { font-weight: bold; color: #1d3f73; }
table.conc { width: 100%; border-collapse: collapse; margin-top: 10px; }
table.conc th { background: #1d3f73; color: #fff; padding: 4px; font-weight: bold; }
table.conc td { padding: 3px 4px; vertical-align: top; }
table.conc tbody tr:nth-child(even) td { background: #eef2f8; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bottom { display: flex; justify-content: space-between; margin-top: 10px; }
table.tot { border-collapse: collapse; border: 1px solid #1d3f73; }
table.tot td { padding: 3px 8px; }
table.tot tr.t td { font-weight: bold; background: #1d3f73; color: #fff; }
.firmas { display: flex; justify-content: space-around; margin-top: 50px; text-align: center; }
.firmas div { border-top: 1px solid #000; width: 200px; padding-top: 3px; }
</style></head><body>
<div class="top"><div class="emp"><b>{{ order.buyer.name }}</b><br>R.F.C. {{ order.buyer.tax_id }}<br>
{{ order.buyer.street }}, {{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}</div>
<div class="folio"><div class="h">ORDEN DE COMPRA</div><div>Serie y folio: <b>{{ order.po_number }}</b></div>
<div>Fecha: {{ order.order_date|date }}</div><div>Fecha de entrega: {{ order.delivery_date|date }}</div></div></div>
<div class="prov"><span class="l">Proveedor:</span><span>{{ order.supplier.name }}</span>
<span class="l">R.F.C.:</span><span>{{ order.supplier.tax_id }}</span>
<span class="l">Domicilio:</span><span>{{ order.supplier.street }}, {{ order.supplier.city }}</span>
<span class="l">Código:</span><span>{{ order.supplier_number }}</span>
<span class="l">Entregar en:</span><span>{{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}</span><span class="l">Proyecto:</span><span>{{ order.project_code or "" }}</span>
<span class="l">Condiciones:</span><span>{{ order.payment_terms }}</span>
<span class="l">Agente:</span><span>{{ order.contact }}</span></div>
<table class="conc"><thead><tr><th>Cantidad</th><th>Unidad</th><th>Código</th>
<th style="width:40%">Descripción</th><th>Precio unitario</th><th>Importe</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="r">{{ line.quantity|qty }}</td><td class="c">{{ line|unit }}</td>
<td>{{ line.item_code }}</td><td>{{ line.description }}</td><td class="r">{{ line.list_price|money }}</td>
<td class="r">{{ line.line_total|money }}</td></tr>
{% endfor %}</tbody></table>
<div class="bottom"><div style="width:55%">Moneda: MXN - Peso Mexicano<br>
{% if order.notes %}Observaciones: {{ order.notes }}{% endif %}</div>
<table class="tot"><tr><td>Subtotal</td><td class="r">{{ order.subtotal|money }}</td></tr>
{% for tax in order.tax_lines %}<tr><td>IVA {{ tax.rate|pct }}%</td><td class="r">{{ tax.amount|money }}</td></tr>
{% endfor %}<tr class="t"><td>Total</td><td class="r">{{ order.total|money }}</td></tr></table></div>
<div class="firmas"><div>Elaboró<br>{{ order.contact }}</div><div>Autorizó</div><div>Proveedor</div></div>
</body></html>"""

FAMILY = Family(
    name="html_contpaqi_mx",
    split="heldout",
    batch=4,
    spec=order_spec("MXN", "MX", "0.16", line_count=(3, 9), language="es"),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"OC{rng.randint(100, 9999)}",
    quantity_places=2,
    units={
        "pcs": "PZA",
        "bag": "BULTO",
        "pallet": "TARIMA",
        "m": "M",
        "m²": "M2",
        "t": "TON",
        "kg": "KG",
        "h": "HR",
        "m³": "M3",
        "day": "DIA",
        "l": "LT",
    },
)
