"""An Omie-like Brazilian "Pedido de Compra": the company's CNPJ block beside a title box with
the number and dates, the fornecedor in labelled fields, an "Itens do Pedido" grid of item,
código, descrição, unid., quantidade (four decimals), valor unitário, % IPI and valor total,
then the totals as a row of boxes across the page (produtos, frete, IPI, total do pedido);
amounts as R$ 1.234,56 (BRL), IPI 5 % / 10 % by product, frete."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #333; }
.cab { display: flex; border: 1px solid #bbb; }
.cab .emp { flex: 1; padding: 3mm; line-height: 1.45; }
.cab .emp .nm { font-size: 12pt; font-weight: bold; color: #00558f; }
.cab .tit { width: 62mm; border-left: 1px solid #bbb; padding: 3mm; text-align: center; }
.cab .tit h1 { font-size: 12pt; margin: 0 0 2mm; color: #00558f; }
.cab .tit .num { font-size: 13pt; font-weight: bold; }
.sec { margin-top: 4mm; font-size: 8pt; font-weight: bold; color: #fff; background: #00558f;
  padding: 2px 5px; }
.campos { display: grid; grid-template-columns: 2fr 1fr 1fr; border: 1px solid #bbb;
  border-top: none; }
.campos div { padding: 2px 5px; border-right: 1px solid #ddd; border-bottom: 1px solid #ddd; }
.campos .lb { display: block; font-size: 6.5pt; color: #777; }
table.it { width: 100%; border-collapse: collapse; }
table.it th { font-size: 7pt; background: #eef3f8; border: 1px solid #bbb; padding: 2px 4px;
  text-align: left; }
table.it td { border: 1px solid #ddd; padding: 2px 4px; vertical-align: top; }
.v { text-align: right !important; white-space: nowrap; }
.totais { display: flex; margin-top: 4mm; border: 1px solid #bbb; }
.totais div { flex: 1; padding: 2mm 3mm; border-right: 1px solid #bbb; text-align: right; }
.totais div:last-child { border-right: none; background: #eef3f8; font-weight: bold;
  font-size: 10pt; color: #000; }
.totais .lb { display: block; font-size: 6.5pt; color: #777; font-weight: normal;
  text-align: left; }
.obs { border: 1px solid #bbb; border-top: none; padding: 2mm 3mm; line-height: 1.5;
  min-height: 12mm; }
</style></head><body>
<div class="cab"><div class="emp"><div class="nm">{{ order.buyer.name }}</div>
CNPJ: {{ order.buyer.tax_id }}<br>{{ order.buyer.street }} - {{ order.buyer.city }}<br>
Fone: {{ order.buyer.phone }} - {{ order.buyer.email }}</div>
<div class="tit"><h1>PEDIDO DE COMPRA</h1><div class="num">Nº {{ order.po_number }}</div>
Emissão: {{ order.order_date|date }}<br>Previsão de entrega: {{ order.delivery_date|date }}
</div></div>
<div class="sec">FORNECEDOR</div>
<div class="campos"><div><span class="lb">Razão Social</span>{{ order.supplier.name }}</div>
<div><span class="lb">CNPJ</span>{{ order.supplier.tax_id }}</div>
<div><span class="lb">Código</span>{{ order.supplier_number }}</div>
<div><span class="lb">Endereço</span>{{ order.supplier.street }} - {{ order.supplier.city }}</div>
<div><span class="lb">Telefone</span>{{ order.supplier.phone }}</div>
<div><span class="lb">Contato</span>{{ order.contact }}</div></div>
<div class="sec">LOCAL DE ENTREGA</div>
<div class="campos"><div>{{ order.ship_to.name }} - {{ order.ship_to.street }} -
{{ order.ship_to.city }}</div><div><span class="lb">Projeto</span>{{ order.project_code or "" }}
</div><div><span class="lb">Condição de pagamento</span>{{ order.payment_terms }}</div></div>
<div class="sec">ITENS DO PEDIDO</div>
<table class="it"><thead><tr><th>Item</th><th>Código</th><th>Descrição do Produto</th>
<th>Unid.</th><th class="v">Quantidade</th><th class="v">Valor Unitário</th><th class="v">% IPI</th>
<th class="v">Valor Total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td>{{ line|unit }}</td><td class="v">{{ line.quantity|qty }}</td>
<td class="v">{{ line.list_price|amount }}</td><td class="v">{{ line.vat_rate|pct }}</td>
<td class="v">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<div class="totais"><div><span class="lb">Total dos Produtos</span>{{ order.subtotal|money }}</div>
<div><span class="lb">Valor do Frete</span>{{ order.charges|money }}</div>
{% for t in order.tax_lines %}<div><span class="lb">IPI {{ t.rate|pct }}%</span>
{{ t.amount|money }}</div>{% endfor %}
<div><span class="lb">Total do Pedido</span>{{ order.total|money }}</div></div>
<div class="sec">OBSERVAÇÕES</div>
<div class="obs">{% if order.notes %}{{ order.notes }}<br>{% endif %}Favor mencionar o número
deste pedido na nota fiscal. Frete CIF.</div>
</body></html>"""

FAMILY = Family(
    name="html_omie_br",
    split="dev",
    batch=6,
    spec=order_spec(
        "BRL",
        "BR",
        "0.05",
        "0.10",
        line_count=(3, 10),
        language="pt",
        freight=(40, 350),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="R$"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(1, 9999):06d}",
    quantity_places=4,
    line_numbers=True,
    units={
        "pcs": "UN",
        "h": "H",
        "day": "DIA",
        "pallet": "PLT",
        "bag": "SC",
        "t": "TON",
        "kg": "KG",
        "l": "L",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    margin="10mm",
)
