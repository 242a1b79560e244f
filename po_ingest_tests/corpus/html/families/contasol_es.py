"""A Contasol-like Spanish "PEDIDO A PROVEEDOR": the company's letterhead top left, a framed
document box (nº de pedido, fecha, página, código de proveedor) and the supplier's box with its
NIF on the right, a grid of artículo, descripción, cantidad, precio, % dto. and importe (the
unit after the quantity), then the classic horizontal totals strip: importe bruto, portes, and
one row per IVA rate (base imponible, % IVA, cuota) beside the framed TOTAL PEDIDO; amounts
as 1.234,56 €, IVA 21 % and 10 %, portes taxed at 21 %, dates 07/12/2025."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans Condensed', Arial, sans-serif; font-size: 8pt; color: #000; }
.top { display: flex; justify-content: space-between; }
.emp { line-height: 1.4; width: 50%; }
.emp .n { font-size: 13pt; font-weight: bold; color: #1d3f6e; }
.prov { width: 45%; border: 1px solid #000; border-radius: 4px; padding: 5px 8px;
  line-height: 1.45; min-height: 22mm; }
.prov .t { font-size: 7pt; color: #444; }
.doc { display: flex; margin-top: 5mm; border: 1px solid #000; border-radius: 4px; }
.doc div { flex: 1; border-right: 1px solid #000; padding: 2px 6px; }
.doc div:last-child { border-right: none; }
.doc .t { font-size: 6.5pt; color: #444; display: block; }
.doc .v { font-weight: bold; }
h1 { font-size: 12pt; margin: 5mm 0 2mm 0; color: #1d3f6e; }
table.l { width: 100%; border-collapse: collapse; }
table.l th { background: #1d3f6e; color: #fff; padding: 3px; font-size: 7.5pt;
  text-align: left; }
table.l td { padding: 2px 3px; border-bottom: 0.3pt dotted #999; vertical-align: top; }
.r { text-align: right !important; white-space: nowrap; }
table.t { width: 100%; border-collapse: collapse; margin-top: 6mm; }
table.t th { border: 1px solid #000; background: #e6ebf2; font-size: 6.5pt; font-weight: normal;
  padding: 2px; }
table.t td { border: 1px solid #000; padding: 3px; text-align: right; white-space: nowrap; }
table.t td.tp { font-size: 11pt; font-weight: bold; vertical-align: middle; }
.obs { margin-top: 5mm; line-height: 1.5; }
.legal { margin-top: 8mm; font-size: 6.5pt; color: #555; }
</style></head><body>
<div class="top"><div class="emp"><span class="n">{{ order.buyer.name }}</span><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>
C.I.F.: {{ order.buyer.tax_id }}</div>
<div class="prov"><span class="t">PROVEEDOR</span><br><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }} ({{ order.supplier.country }})<br>
N.I.F.: {{ order.supplier.tax_id }}</div></div>
<h1>PEDIDO A PROVEEDOR</h1>
<div class="doc"><div><span class="t">Nº pedido</span><span class="v">{{ order.po_number }}</span>
</div><div><span class="t">Fecha</span>{{ order.order_date|date }}</div>
<div><span class="t">Cód. proveedor</span>{{ order.supplier_number }}</div>
<div><span class="t">Fecha de entrega</span>{{ order.delivery_date|date }}</div>
<div><span class="t">Forma de pago</span>{{ order.payment_terms }}</div>
<div><span class="t">Página</span>1</div></div>
<table class="l" style="margin-top:4mm"><thead><tr><th>Artículo</th><th>Descripción</th>
<th class="r">Cantidad</th><th class="r">Precio</th><th class="r">% Dto.</th>
<th class="r">Importe</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="r">{{ line.quantity|qty }} {{ line|unit }}</td><td class="r">{{ line.list_price|amount }}</td>
<td class="r">{% if line.discount_pct %}{{ line.discount_pct|amount }}{% endif %}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<table class="t"><tr><th>Importe bruto</th><th>Portes</th><th>Base imponible</th><th>% IVA</th>
<th>Cuota IVA</th><th>TOTAL PEDIDO</th></tr>
{% for t in order.tax_lines %}<tr>
{% if loop.first %}<td>{{ order.subtotal|amount }}</td><td>{{ order.charges|amount }}</td>
{% else %}<td></td><td></td>{% endif %}
<td>{{ t.base|amount }}</td><td>{{ t.rate|pct }}</td><td>{{ t.amount|amount }}</td>
{% if loop.first %}<td class="tp" rowspan="{{ order.tax_lines|length }}">{{ order.total|money }}
</td>{% endif %}</tr>{% endfor %}</table>
<div class="obs"><b>Dirección de entrega:</b> {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>
{% if order.project_code %}<b>Obra:</b> {{ order.project_code }}<br>{% endif %}
<b>Solicitado por:</b> {{ order.contact }}<br>
{% if order.notes %}<b>Observaciones:</b> {{ order.notes }}<br>{% endif %}</div>
<div class="legal">Sus datos personales serán tratados conforme al Reglamento (UE) 2016/679.
Rogamos confirmen la recepción de este pedido y adjunten el número de pedido en albaranes y
facturas.</div>
</body></html>"""

FAMILY = Family(
    name="html_contasol_es",
    split="heldout",
    batch=8,
    spec=order_spec(
        "EUR",
        "ES",
        "0.21",
        "0.10",
        language="es",
        line_count=(3, 10),
        discounts=True,
        freight=(12, 140),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€", symbol_after=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"PP{order.order_date.year % 100}/{rng.randint(40, 2400):05d}",
    quantity_places=2,
    units={"pcs": "ud", "bag": "saco", "pallet": "palé", "h": "h", "day": "día"},
    margin="12mm",
)
