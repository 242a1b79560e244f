"""A Bling-like Brazilian "Pedido de Compra": a plain sheet with the number and date in a header
strip ("Pedido de compra nº 1234 - 12/03/2026"), the buyer and the supplier as two titled
sections with CNPJ, a ruled table of item number, code, description, unit, quantity (four
decimals), unit value and total, then a totals table (Total dos produtos, Desconto, Frete,
IPI, Total do pedido) beside the payment terms and observations; reais as R$ 1.234,56 (BRL),
one order discount off the products, freight, IPI 5 % on products plus freight less discount."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Open Sans', 'DejaVu Sans', Arial, sans-serif; font-size: 8pt; color: #222; }
.strip { display: flex; justify-content: space-between; align-items: baseline;
  border-bottom: 2px solid #3e64ff; padding-bottom: 4px; }
.strip h1 { font-size: 14pt; margin: 0; font-weight: 600; }
.strip .d { font-size: 9pt; }
.sec { margin-top: 5mm; }
.sec .h { font-size: 8.5pt; font-weight: bold; text-transform: uppercase; color: #3e64ff;
  border-bottom: 1px solid #ccd; margin-bottom: 3px; }
.sec table { width: 100%; border-collapse: collapse; }
.sec td { padding: 1px 4px 1px 0; vertical-align: top; }
.sec td.l { color: #666; width: 16%; }
table.it { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.it th { border: 1px solid #999; background: #eef1ff; padding: 3px; font-size: 7.5pt; }
table.it td { border: 1px solid #bbb; padding: 3px; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bottom { display: flex; justify-content: space-between; gap: 8mm; margin-top: 5mm; }
.obs { flex: 1; border: 1px solid #bbb; padding: 4px 6px; line-height: 1.45; }
table.tot { border-collapse: collapse; width: 72mm; }
table.tot td { border: 1px solid #bbb; padding: 3px 6px; }
table.tot td.l { background: #f5f5f5; }
table.tot tr.g td { font-weight: bold; font-size: 9.5pt; background: #eef1ff; }
</style></head><body>
<div class="strip"><h1>Pedido de compra nº {{ order.po_number }}</h1>
<div class="d">Data: {{ order.order_date|date }}</div></div>
<div class="sec"><div class="h">Comprador</div><table>
<tr><td class="l">Razão social</td><td>{{ order.buyer.name }}</td><td class="l">CNPJ</td>
<td>{{ order.buyer.tax_id }}</td></tr>
<tr><td class="l">Endereço</td><td>{{ order.buyer.street }} - {{ order.buyer.city }}</td>
<td class="l">Telefone</td><td>{{ order.buyer.phone }}</td></tr></table></div>
<div class="sec"><div class="h">Fornecedor</div><table>
<tr><td class="l">Nome</td><td>{{ order.supplier.name }}</td><td class="l">CNPJ</td>
<td>{{ order.supplier.tax_id }}</td></tr>
<tr><td class="l">Endereço</td><td>{{ order.supplier.street }} - {{ order.supplier.city }}</td>
<td class="l">Código</td><td>{{ order.supplier_number }}</td></tr>
<tr><td class="l">E-mail</td><td>{{ order.supplier.email }}</td><td class="l">Telefone</td>
<td>{{ order.supplier.phone }}</td></tr></table></div>
<table class="it"><thead><tr><th>Item</th><th>Código</th><th>Descrição</th><th>Un</th>
<th>Qtde</th><th>Valor unit.</th><th>Valor total</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td class="c">{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td class="c">{{ line|unit }}</td>
<td class="r">{{ line.quantity|qty }}</td><td class="r">{{ line.list_price|amount }}</td>
<td class="r">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<div class="bottom"><div class="obs"><b>Condição de pagamento:</b> {{ order.payment_terms }}<br>
<b>Data prevista:</b> {{ order.delivery_date|date }}<br>
<b>Local de entrega:</b> {{ order.ship_to.name }}, {{ order.ship_to.street }},
{{ order.ship_to.city }}<br>
{% if order.project_code %}<b>Obra:</b> {{ order.project_code }}<br>{% endif %}
<b>Comprador:</b> {{ order.contact }}<br>
{% if order.notes %}<b>Observações:</b> {{ order.notes }}{% endif %}</div>
<table class="tot">
<tr><td class="l">Total dos produtos</td><td class="r">{{ order.subtotal|money }}</td></tr>
<tr><td class="l">Desconto ({{ order.allowance_pct|amount(None) }}%)</td>
<td class="r">-{{ order.allowances|money }}</td></tr>
<tr><td class="l">Frete</td><td class="r">{{ order.charges|money }}</td></tr>
<tr><td class="l">IPI ({{ order.tax_lines[0].rate|pct }}%)</td>
<td class="r">{{ order.tax|money }}</td></tr>
<tr class="g"><td class="l">Total do pedido</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FAMILY = Family(
    name="html_bling_br",
    split="dev",
    batch=7,
    spec=order_spec(
        "BRL",
        "BR",
        "0.05",
        language="pt",
        order_discounts=tuple(Decimal(pct) for pct in (2, 3, 5)),
        freight=(40, 380),
        line_count=(2, 9),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="R$", symbol_space=True),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: str(rng.randint(1100, 9800)),
    quantity_places=4,
    line_numbers=True,
    units={
        "pcs": "UN",
        "bag": "SC",
        "h": "H",
        "day": "DIA",
        "pallet": "PLT",
        "t": "TON",
        "kg": "KG",
        "l": "L",
        "m": "M",
        "m²": "M2",
        "m³": "M3",
    },
    margin="10mm",
)
