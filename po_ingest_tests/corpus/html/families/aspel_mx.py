"""An Aspel SAE-like Mexican "Orden de compra": the company's RFC block top left and a framed
box on the right with the folio, then the supplier's key, name and RFC in a bordered panel,
a grid of clave, descripción, cantidad, unidad, precio, % desc. and importe, the amount in
words ("importe con letra") beside subtotal, IVA 16 % and total; amounts as $1,234.56 (MXN)."""

from decimal import Decimal

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

UNITS = ["cero", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"]
TEENS = [
    "diez",
    "once",
    "doce",
    "trece",
    "catorce",
    "quince",
    "dieciséis",
    "diecisiete",
    "dieciocho",
    "diecinueve",
]
TWENTIES = [
    "veinte",
    "veintiún",
    "veintidós",
    "veintitrés",
    "veinticuatro",
    "veinticinco",
    "veintiséis",
    "veintisiete",
    "veintiocho",
    "veintinueve",
]
TENS = [
    "_",
    "_",
    "_",
    "treinta",
    "cuarenta",
    "cincuenta",
    "sesenta",
    "setenta",
    "ochenta",
    "noventa",
]
HUNDREDS = [
    "_",
    "ciento",
    "doscientos",
    "trescientos",
    "cuatrocientos",
    "quinientos",
    "seiscientos",
    "setecientos",
    "ochocientos",
    "novecientos",
]


def _below_thousand(n: int) -> str:
    if n == 100:
        return "cien"
    words = [HUNDREDS[n // 100]] if n >= 100 else []
    n %= 100
    if n >= 30:
        words.append(TENS[n // 10] + (f" y {UNITS[n % 10]}" if n % 10 else ""))
    elif n >= 20:
        words.append(TWENTIES[n - 20])
    elif n >= 10:
        words.append(TEENS[n - 10])
    elif n:
        words.append(UNITS[n])
    return " ".join(words)


def in_words(value: Decimal) -> str:
    """(UN MIL DOSCIENTOS PESOS 56/100 M.N.), as Mexican invoices and orders print totals."""
    pesos, cents = int(value), int((value - int(value)) * 100)
    millions, rest = divmod(pesos, 1_000_000)
    thousands, units = divmod(rest, 1000)
    words = []
    if millions:
        words.append("un millón" if millions == 1 else f"{_below_thousand(millions)} millones")
    if thousands:
        words.append("mil" if thousands == 1 else f"{_below_thousand(thousands)} mil")
    if units:
        words.append(_below_thousand(units))
    text = " ".join(words) or "cero"
    de = " de" if millions and not rest else ""
    peso = "peso" if pesos == 1 else "pesos"
    return f"({text}{de} {peso} {cents:02d}/100 M.N.)".upper()


TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 7.5pt; color: #000; }
.top { display: flex; justify-content: space-between; align-items: stretch; }
.emp { line-height: 1.4; }
.emp .nm { font-size: 11pt; font-weight: bold; }
.folio { border: 1px solid #000; width: 58mm; text-align: center; }
.folio .t { background: #000; color: #fff; font-weight: bold; font-size: 10pt; padding: 3px; }
.folio table { width: 100%; border-collapse: collapse; }
.folio td { border-top: 1px solid #000; padding: 3px; }
.folio td + td { border-left: 1px solid #000; }
.prov { border: 1px solid #000; margin-top: 5mm; display: flex; }
.prov div { padding: 4px 6px; line-height: 1.45; }
.prov div + div { border-left: 1px solid #000; }
table.det { width: 100%; border-collapse: collapse; margin-top: 5mm; }
table.det th { border: 1px solid #000; background: #d9d9d9; padding: 3px; font-size: 7pt; }
table.det td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 2px 3px;
  vertical-align: top; }
table.det tbody tr:last-child td { border-bottom: 1px solid #000; padding-bottom: 8mm; }
.d { text-align: right; white-space: nowrap; }
.pie { display: flex; margin-top: 3mm; gap: 4mm; }
.letra { flex: 1; border: 1px solid #000; padding: 4px 6px; line-height: 1.5; }
table.tot { border-collapse: collapse; width: 62mm; }
table.tot td { border: 1px solid #000; padding: 3px 5px; }
table.tot td:first-child { font-weight: bold; }
.firmas { display: flex; justify-content: space-around; margin-top: 16mm; text-align: center; }
.firmas div { border-top: 1px solid #000; width: 55mm; padding-top: 2px; }
</style></head><body>
<div class="top"><div class="emp"><div class="nm">{{ order.buyer.name }}</div>
RFC: {{ order.buyer.tax_id }}<br>{{ order.buyer.street }}<br>{{ order.buyer.city }},
{{ order.buyer.country }}<br>Tel. {{ order.buyer.phone }}</div>
<div class="folio"><div class="t">ORDEN DE COMPRA</div><table>
<tr><td>Folio</td><td><b>{{ order.po_number }}</b></td></tr>
<tr><td>Fecha</td><td>{{ order.order_date|date }}</td></tr>
<tr><td>Fecha de recepción</td><td>{{ order.delivery_date|date }}</td></tr>
</table></div></div>
<div class="prov"><div style="width:52%"><b>Proveedor:</b> {{ order.supplier_number }}<br>
{{ order.supplier.name }}<br>{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
RFC: {{ order.supplier.tax_id }}</div>
<div><b>Entregar en:</b><br>{{ order.ship_to.name }}<br>{{ order.ship_to.street }}<br>
{{ order.ship_to.city }}<br><b>Condiciones:</b> {{ order.payment_terms }}</div></div>
<table class="det"><thead><tr><th>Clave</th><th>Descripción</th><th>Cantidad</th>
<th>Unidad</th><th>Precio</th><th>% Desc.</th><th>Importe</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="d">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="d">{{ line.list_price|amount }}</td><td class="d">{{ line.discount_pct|amount }}</td>
<td class="d">{{ line.line_total|amount }}</td></tr>
{% endfor %}</tbody></table>
<div class="pie"><div class="letra"><b>Importe con letra:</b><br>{{ family.words(order.total) }}<br>
<b>Moneda:</b> {{ order.currency }} &nbsp; <b>Comprador:</b> {{ order.contact }}
{% if order.project_code %}<br><b>Obra:</b> {{ order.project_code }}{% endif %}
{% if order.notes %}<br><b>Observaciones:</b> {{ order.notes }}{% endif %}</div>
<table class="tot">
<tr><td>Subtotal</td><td class="d">{{ order.subtotal|money }}</td></tr>
<tr><td>I.V.A. {{ order.tax_lines[0].rate|pct }}%</td><td class="d">{{ order.tax|money }}</td></tr>
<tr><td>Total</td><td class="d"><b>{{ order.total|money }}</b></td></tr>
</table></div>
<div class="firmas"><div>Elaboró</div><div>Autorizó</div></div>
</body></html>"""


class AspelFamily(Family):
    def words(self, value: Decimal) -> str:
        return in_words(value)


FAMILY = AspelFamily(
    name="html_aspel_mx",
    split="dev",
    batch=6,
    spec=order_spec("MXN", "MX", "0.16", line_count=(3, 9), language="es", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=",", decimal=".", symbol="$", symbol_space=False),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(100, 99999):010d}",
    quantity_places=3,
    units={
        "pcs": "PZA",
        "h": "HR",
        "day": "DIA",
        "pallet": "TAR",
        "bag": "BTO",
        "t": "TON",
        "kg": "KG",
        "l": "LT",
        "m": "MT",
        "m²": "M2",
        "m³": "M3",
    },
    margin="12mm",
)
