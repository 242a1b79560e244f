"""An Italian "Ordine a fornitore" as TeamSystem prints it: the number and date in a sentence
("Ordine n. ... del ..."), a fully ruled table with unit and quantity before the price and a
discount per line, long orders running onto a second page with the heads repeated, a VAT
summary ("castelletto IVA") and the totals as one row across the page; amounts as € 1.234,56."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans Condensed', sans-serif; font-size: 8pt; }
.int { display: flex; justify-content: space-between; border-bottom: 2px solid #1a3e6e;
  padding-bottom: 6px; }
.az { color: #1a3e6e; font-size: 12pt; font-weight: bold; }
.forn { width: 44%; border: 1px solid #1a3e6e; padding: 6px; }
.frase { font-size: 11pt; margin: 12px 0 4px; }
.info { margin-bottom: 8px; }
table.c { width: 100%; border-collapse: collapse; }
table.c thead { display: table-header-group; }
table.c th { background: #1a3e6e; color: #fff; border: 1px solid #1a3e6e; padding: 3px; }
table.c td { border: 1px solid #9aa9bd; padding: 3px; }
table.c tr { page-break-inside: avoid; }
.i { text-align: right; white-space: nowrap; }
.nw { white-space: nowrap; }
.piede { page-break-inside: avoid; margin-top: 10px; }
table.iva { border-collapse: collapse; width: 50%; margin-bottom: 8px; }
table.iva th, table.iva td { border: 1px solid #9aa9bd; padding: 2px 4px; }
table.riga { width: 100%; border-collapse: collapse; }
table.riga th { background: #dfe6f0; border: 1px solid #1a3e6e; padding: 3px; }
table.riga td { border: 1px solid #1a3e6e; padding: 4px; text-align: center; font-size: 9pt; }
</style></head><body>
<div class="int"><div><div class="az">{{ order.buyer.name }}</div>{{ order.buyer.street }} -
{{ order.buyer.city }}<br>P.IVA {{ order.buyer.tax_id }} - Tel. {{ order.buyer.phone }}</div>
<div class="forn">Spett.le<br><b>{{ order.supplier.name }}</b><br>{{ order.supplier.street }}<br>
{{ order.supplier.city }}<br>Cod. fornitore {{ order.supplier_number }}</div></div>
<div class="frase">Ordine a fornitore n. <b>{{ order.po_number }}</b> del
{{ order.order_date|date }}</div>
<div class="info">Consegna entro il {{ order.delivery_date|date }} presso {{ order.ship_to.name }},
{{ order.ship_to.street }}, {{ order.ship_to.city }} &ndash; Referente: {{ order.contact }}
{% if order.project_code %} &ndash; <span class="nw">Commessa: {{ order.project_code }}</span>{% endif %}</div>
<table class="c"><thead><tr><th>Codice</th><th>Descrizione</th><th>UM</th><th>Quantità</th>
<th>Prezzo unitario</th><th>Sconto %</th><th>Importo</th><th>C.IVA</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td>{{ line|unit }}</td><td class="i">{{ line.quantity|qty }}</td>
<td class="i">{{ line.list_price|amount }}</td>
<td class="i">{% if line.discount_pct %}{{ line.discount_pct|amount(None) }}{% endif %}</td>
<td class="i">{{ line.line_total|amount }}</td><td class="i">{{ line.vat_rate|pct }}</td></tr>
{% endfor %}</tbody></table>
<div class="piede"><table class="iva"><tr><th>Aliquota</th><th>Imponibile</th><th>Imposta</th></tr>
{% for tax in order.tax_lines %}<tr><td class="i">{{ tax.rate|pct }}%</td>
<td class="i">{{ tax.base|amount }}</td><td class="i">{{ tax.amount|amount }}</td></tr>
{% endfor %}</table>
<table class="riga"><tr><th>Totale merce</th><th>Totale imponibile</th><th>Totale IVA</th>
<th>Totale ordine</th></tr><tr><td>{{ order.subtotal|money }}</td><td>{{ order.subtotal|money }}</td>
<td>{{ order.tax|money }}</td><td><b>{{ order.total|money }}</b></td></tr></table>
<p>Pagamento: {{ order.payment_terms }}{% if order.notes %}<br>Note: {{ order.notes }}{% endif %}</p>
</div></body></html>"""

FAMILY = Family(
    name="html_teamsystem_it",
    split="dev",
    batch=3,
    spec=order_spec(
        "EUR", "IT", "0.22", "0.10", line_count=(42, 54), language="it", discounts=True
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"OF{order.order_date.year % 100}-{rng.randint(1, 99999):05d}",
    quantity_places=2,
    margin="12mm",
    footer=(
        '<div style="font-size:7pt;width:100%;text-align:right;margin-right:12mm;">'
        'Pagina <span class="pageNumber"></span>/<span class="totalPages"></span></div>'
    ),
    units={"pcs": "PZ", "bag": "SC", "pallet": "PAL", "h": "ORE", "day": "GG", "m²": "MQ"},
)
