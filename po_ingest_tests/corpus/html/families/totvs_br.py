"""A TOTVS Protheus-like Brazilian "Pedido de Compra": a framed header with the buyer's CNPJ
and the order number and date in boxes on the right, the supplier's block with CNPJ, a ruled
table of item, código, descrição, UM, quantidade, valor unitário, IPI %, valor total and
entrega; a totals frame with the goods, the IPI added on top (freight in its base), the ICMS
already included in the prices, freight and the total; payment condition and approval boxes.
Amounts as R$ 1.234,56, dates as 07/03/2026."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans Narrow', 'Liberation Sans', sans-serif; font-size: 8pt; }
table { width: 100%; border-collapse: collapse; }
td, th { border: 1px solid #000; padding: 2px 4px; vertical-align: top; }
.t { font-size: 6.5pt; color: #333; }
h1 { font-size: 14pt; margin: 0; text-align: center; }
table.itens th { background: #d9d9d9; font-size: 7pt; }
table.itens td { border-top: none; border-bottom: 1px dotted #777; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
table.tot td { width: 25%; }
.ass { height: 42px; }
</style></head><body>
<table><tr><td style="width:42%"><b style="font-size:10pt">{{ order.buyer.name }}</b><br>
{{ order.buyer.street }}<br>{{ order.buyer.city }}<br>Fone: {{ order.buyer.phone }}<br>
CNPJ: {{ order.buyer.tax_id }}</td>
<td style="vertical-align:middle"><h1>PEDIDO DE COMPRA</h1></td>
<td style="width:20%"><span class="t">Número</span><br><b style="font-size:11pt">{{ order.po_number }}</b>
<br><span class="t">Emissão</span><br>{{ order.order_date|date }}</td></tr></table>
<table style="margin-top:-1px"><tr><td style="width:60%"><span class="t">Fornecedor</span><br>
<b>{{ order.supplier.name }}</b> (Cód. {{ order.supplier_number }})<br>{{ order.supplier.street }} -
{{ order.supplier.city }}<br>CNPJ: {{ order.supplier.tax_id }} &nbsp; Fone: {{ order.supplier.phone }}</td>
<td><span class="t">Local de Entrega</span><br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}</td></tr>
<tr><td><span class="t">Contato / Comprador</span><br>{{ order.contact }}</td>
<td><span class="t">Centro de Custo</span><br>{{ order.project_code or "-" }}</td></tr></table>
<table class="itens" style="margin-top:6px"><thead><tr><th>Item</th><th>Código</th>
<th style="width:34%">Descrição do Produto</th><th>UM</th><th>Quantidade</th><th>Vlr. Unitário</th>
<th>IPI %</th><th>Vlr. Total</th><th>Entrega</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ "%04d"|format(line.position) }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="c">{{ line|unit }}</td><td class="r">{{ line.quantity|qty }}</td>
<td class="r">{{ line.list_price|amount }}</td><td class="r">{{ line.vat_rate|pct }}</td>
<td class="r">{{ line.line_total|amount }}</td><td class="c">{{ order.delivery_date|date }}</td></tr>
{% endfor %}</tbody></table>
<table class="tot" style="margin-top:6px">
<tr><td><span class="t">Valor das Mercadorias</span><br><span class="r">{{ order.subtotal|money }}</span></td>
<td><span class="t">Frete</span><br>{{ order.charges|money }}</td>
<td><span class="t">Valor do IPI</span><br>{{ order.tax|money }}</td>
<td><span class="t">Valor Total do Pedido</span><br><b style="font-size:10pt">{{ order.total|money }}</b></td></tr>
<tr><td colspan="2"><span class="t">ICMS (incluso nos preços)</span><br>Base: {{ order.subtotal|money }}
&nbsp; Alíquota 18%</td><td colspan="2"><span class="t">Condição de Pagamento</span><br>{{ order.payment_terms }}</td></tr>
{% for tax in order.tax_lines %}<tr><td colspan="2"><span class="t">Base IPI {{ tax.rate|pct }}%</span><br>
{{ tax.base|money }}</td><td colspan="2"><span class="t">IPI {{ tax.rate|pct }}%</span><br>{{ tax.amount|money }}</td></tr>
{% endfor %}</table>
<table style="margin-top:6px"><tr><td colspan="3"><span class="t">Observações</span><br>
{{ order.notes or "Favor mencionar o número do pedido na nota fiscal." }}</td></tr>
<tr><td class="ass"><span class="t">Comprador</span><br>{{ order.contact }}</td>
<td class="ass"><span class="t">Gerência</span></td><td class="ass"><span class="t">Diretoria</span></td></tr></table>
<div style="text-align:right;font-size:6.5pt;margin-top:3px">TOTVS | MATR110</div>
</body></html>"""

FAMILY = Family(
    name="html_totvs_br",
    split="dev",
    batch=4,
    spec=order_spec(
        "BRL", "BR", "0.05", "0.10", line_count=(4, 10), language="pt", freight=(80, 450)
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="R$"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(1200, 48000):06d}",
    quantity_places=2,
    line_numbers=True,
    units={
        "pcs": "UN",
        "bag": "SC",
        "pallet": "PL",
        "m": "M",
        "m²": "M2",
        "t": "TL",
        "kg": "KG",
        "h": "H",
        "m³": "M3",
        "day": "DI",
        "l": "L",
    },
    margin="10mm",
)
