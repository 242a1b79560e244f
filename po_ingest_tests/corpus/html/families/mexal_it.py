"""A Passepartout Mexal-like Italian "ORDINE A FORNITORE": a dense boxed header in the old
pre-printed style (ragione sociale on the left, the supplier under "Spett.le" in a box on the
right, then a row of small captioned cells: tipo documento, numero, data, pagina, codice
fornitore, partita IVA, pagamento, destinazione), a grid of codice articolo, descrizione, UM,
quantità, prezzo unitario, sconto %, importo and codice IVA, and at the bottom the "castelletto
IVA" (codice, imponibile, aliquota, imposta) beside totale merce, spese di trasporto, totale
imponibile, totale IVA and TOTALE DOCUMENTO; amounts as 1.234,56, IVA 22 % and 10 %, transport
taxed at 22 %, dates 07/12/2025."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans Narrow', 'Arial Narrow', sans-serif; font-size: 8.5pt;
  color: #000; }
.top { display: flex; justify-content: space-between; }
.rs { width: 48%; line-height: 1.35; }
.rs .n { font-size: 14pt; font-weight: bold; font-style: italic; }
.spett { width: 47%; border: 1px solid #000; padding: 4px 8px; line-height: 1.4; }
.cap { font-size: 6.5pt; display: block; color: #333; }
table.cells { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.cells td { border: 1px solid #000; padding: 1px 4px 2px 4px; vertical-align: top; }
table.g { width: 100%; border-collapse: collapse; margin-top: 3mm; border: 1px solid #000; }
table.g th { border: 1px solid #000; font-size: 7pt; padding: 2px; background: #eee; }
table.g td { border-left: 1px solid #000; padding: 2px 3px; vertical-align: top; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.bottom { display: flex; gap: 4mm; margin-top: 4mm; align-items: flex-start; }
table.cast { border-collapse: collapse; flex: 1; }
table.cast th, table.cast td { border: 1px solid #000; padding: 2px 4px; }
table.cast th { font-size: 7pt; background: #eee; }
table.tot { border-collapse: collapse; width: 78mm; }
table.tot td { border: 1px solid #000; padding: 2px 4px; }
table.tot tr.doc td { font-weight: bold; font-size: 10pt; background: #eee; }
.note { margin-top: 4mm; line-height: 1.45; }
.firme { display: flex; justify-content: space-between; margin-top: 12mm; }
.firme div { width: 40%; border-top: 1px solid #000; text-align: center; padding-top: 2px; }
</style></head><body>
<div class="top"><div class="rs"><span class="n">{{ order.buyer.name }}</span><br>
{{ order.buyer.street }} - {{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }}<br>
{{ order.buyer.email }}<br>P.IVA {{ order.buyer.tax_id }}</div>
<div class="spett"><span class="cap">Spett.le</span><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>{{ order.supplier.country }}</div>
</div>
<table class="cells"><tr>
<td style="width:30%"><span class="cap">Tipo documento</span><b>ORDINE A FORNITORE</b></td>
<td><span class="cap">Numero</span><b>{{ order.po_number }}</b></td>
<td><span class="cap">Data</span>{{ order.order_date|date }}</td>
<td><span class="cap">Pag.</span>1</td>
<td><span class="cap">Cod. fornitore</span>{{ order.supplier_number }}</td></tr>
<tr><td><span class="cap">Partita IVA fornitore</span>{{ order.supplier.tax_id }}</td>
<td colspan="2"><span class="cap">Pagamento</span>{{ order.payment_terms }}</td>
<td colspan="2"><span class="cap">Consegna richiesta</span>{{ order.delivery_date|date }}</td>
</tr><tr><td colspan="3"><span class="cap">Destinazione merce</span>{{ order.ship_to.name }},
{{ order.ship_to.street }}, {{ order.ship_to.city }}</td>
<td colspan="2"><span class="cap">Valuta</span>{{ order.currency }}</td></tr></table>
<table class="g"><thead><tr><th>Codice articolo</th><th>Descrizione</th><th>UM</th>
<th>Quantità</th><th>Prezzo unitario</th><th>Sconto %</th><th>Importo</th><th>IVA</th></tr>
</thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="c">{{ line|unit }}</td><td class="r">{{ line.quantity|qty }}</td>
<td class="r">{{ line.list_price|amount }}</td>
<td class="r">{% if line.discount_pct %}{{ line.discount_pct|amount }}{% endif %}</td>
<td class="r">{{ line.line_total|amount }}</td>
<td class="c">{{ (line.vat_rate * 100)|amount(0) }}</td></tr>
{% endfor %}<tr><td style="height:8mm"></td><td></td><td></td><td></td><td></td><td></td><td></td>
<td></td></tr></tbody></table>
<div class="bottom"><table class="cast"><tr><th>Cod. IVA</th><th>Imponibile</th>
<th>Aliquota</th><th>Imposta</th></tr>
{% for t in order.tax_lines %}<tr><td class="c">{{ (t.rate * 100)|amount(0) }}</td>
<td class="r">{{ t.base|amount }}</td><td class="r">{{ (t.rate * 100)|amount }}%</td>
<td class="r">{{ t.amount|amount }}</td></tr>{% endfor %}</table>
<table class="tot">
<tr><td>Totale merce</td><td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td>Spese di trasporto</td><td class="r">{{ order.charges|amount }}</td></tr>
<tr><td>Totale imponibile</td><td class="r">{{ (order.subtotal + order.charges)|amount }}</td></tr>
<tr><td>Totale IVA</td><td class="r">{{ order.tax|amount }}</td></tr>
<tr class="doc"><td>TOTALE DOCUMENTO</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
<div class="note">
{% if order.project_code %}Rif. commessa: {{ order.project_code }}<br>{% endif %}
Referente: {{ order.contact }}<br>
{% if order.notes %}Annotazioni: {{ order.notes }}<br>{% endif %}
Si prega di restituire copia del presente ordine firmata per accettazione.</div>
<div class="firme"><div>Timbro e firma del fornitore</div><div>L'ufficio acquisti</div></div>
</body></html>"""

FAMILY = Family(
    name="html_mexal_it",
    split="dev",
    batch=8,
    spec=order_spec(
        "EUR",
        "IT",
        "0.22",
        "0.10",
        language="it",
        line_count=(3, 11),
        discounts=True,
        freight=(15, 180),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(14, 1900):05d}/OF",
    quantity_places=3,
    units={
        "pcs": "NR",
        "bag": "SC",
        "pallet": "PL",
        "h": "ORE",
        "day": "GG",
        "t": "TN",
        "m": "MT",
        "m²": "MQ",
        "m³": "MC",
        "kg": "KG",
        "l": "LT",
    },
    margin="12mm",
)
