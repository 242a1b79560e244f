"""An Italian "Ordine a fornitore" from a management suite: numbered lines, code, U.M.,
quantities with two decimals, "Totale imponibile" / IVA / "Totale ordine", transport costs,
page numbers in the footer on long orders."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 9.5pt; }
.testa { display: flex; justify-content: space-between; }
.ditta b { font-size: 12pt; }
.riquadro { border: 1px solid #000; padding: 6px; width: 44%; min-height: 70px; }
.riquadro .t { font-size: 7pt; font-weight: bold; }
h1 { font-size: 13pt; margin: 16px 0 6px; }
table.doc { width: 100%; border-collapse: collapse; margin-bottom: 10px; }
table.doc th, table.doc td { border: 1px solid #000; padding: 2px 4px; text-align: left; }
table.doc th { font-size: 7pt; font-weight: normal; }
table.righe { width: 100%; border-collapse: collapse; }
table.righe th { border: 1px solid #000; background: #d9e1f2; padding: 3px; font-size: 7.5pt; }
table.righe td { border-left: 1px solid #000; border-right: 1px solid #000; padding: 8px 3px;
  vertical-align: top; }
table.righe tbody tr:last-child td { border-bottom: 1px solid #000; }
table.righe tr { page-break-inside: avoid; }
.num { text-align: right; white-space: nowrap; }
.piede { display: flex; justify-content: space-between; margin-top: 10px; }
.piede table { border-collapse: collapse; }
.piede td { border: 1px solid #000; padding: 3px 6px; }
.piede .tot td { font-weight: bold; font-size: 10pt; }
</style></head><body>
<div class="testa"><div class="ditta"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}
<br>{{ order.buyer.city }}<br>P.IVA {{ order.buyer.tax_id }}<br>Tel. {{ order.buyer.phone }}</div>
<div class="riquadro"><div class="t">Spett.le Fornitore</div>{{ order.supplier.name }}<br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}</div></div>
<h1>ORDINE A FORNITORE</h1>
<table class="doc"><tr><th>Numero ordine</th><th>Data ordine</th><th>Cod. fornitore</th>
<th>Consegna prevista</th><th>Commessa</th><th>Pagamento</th></tr>
<tr><td>{{ order.po_number }}</td><td>{{ order.order_date|date }}</td>
<td>{{ order.supplier_number }}</td><td>{{ order.delivery_date|date }}</td>
<td>{{ order.project_code or "" }}</td><td>{{ order.payment_terms }}</td></tr></table>
<div style="margin-bottom:8px">Destinazione merce: {{ order.ship_to.name }} –
{{ order.ship_to.street }}, {{ order.ship_to.city }}</div>
<table class="righe"><thead><tr><th>N.</th><th>Codice articolo</th><th>Descrizione</th>
<th>U.M.</th><th>Quantità</th><th>Prezzo unitario</th><th>Importo</th><th>IVA</th></tr></thead>
<tbody>{% for line in order.lines %}<tr><td>{{ line.position }}</td><td>{{ line.item_code }}</td>
<td>{{ line.description }}</td><td>{{ line|unit }}</td><td class="num">{{ line.quantity|qty }}</td>
<td class="num">{{ line.list_price|amount }}</td><td class="num">{{ line.line_total|amount }}</td>
<td class="num">{{ line.vat_rate|pct }}</td></tr>{% endfor %}</tbody></table>
<div class="piede"><div style="width:45%">{% if order.notes %}<b>Note:</b> {{ order.notes }}
{% endif %}</div><table>
<tr><td>Totale merce</td><td class="num">{{ order.subtotal|money }}</td></tr>
{% if order.charges %}<tr><td>Spese di trasporto</td>
<td class="num">{{ order.charges|money }}</td></tr>{% endif %}
{% for tax in order.tax_lines %}<tr><td>Imponibile IVA {{ tax.rate|pct }}%</td>
<td class="num">{{ tax.base|money }}</td></tr><tr><td>IVA {{ tax.rate|pct }}%</td>
<td class="num">{{ tax.amount|money }}</td></tr>{% endfor %}
<tr class="tot"><td>Totale ordine</td><td class="num">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FOOTER = """<div style="font-family: Arial, sans-serif; font-size: 7pt; width: 100%;
text-align: right; margin-right: 12mm;">Pagina <span class="pageNumber"></span> di
<span class="totalPages"></span></div>"""

FAMILY = Family(
    name="html_ordine_it",
    split="heldout",
    spec=order_spec("EUR", "IT", "0.22", line_count=(3, 25), language="it", freight=(0, 90)),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"OF/{order.order_date.year}/{rng.randint(100, 4999)}",
    line_numbers=True,
    units={"pcs": "PZ", "h": "ORE", "day": "GG", "bag": "SAC", "pallet": "BAN", "l": "LT"},
    margin="12mm",
    footer=FOOTER,
)
