"""A Zucchetti (Ad Hoc)-like Italian "Ordine a fornitore" in the boxed style of Italian
gestionali: every header field in its own ruled cell with a small label on top (Tipo
documento, Numero, Data, Cod. fornitore, Pagamento, Consegna), "Spett.le" supplier box and
"Destinazione merce" box, a ruled grid with U.M., two discount columns and the VAT code per
line, and at the foot the VAT table (Aliquota, Imponibile, Imposta) beside the boxed totals
(Totale merce, Totale imponibile, Totale IVA, Totale documento). Amounts as € 1.234,56."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 7.6pt; }
.l { display: block; font-size: 5.8pt; text-transform: uppercase; color: #444; }
.top { display: flex; justify-content: space-between; }
.az { line-height: 1.4; width: 90mm; }
.az b { font-size: 11pt; }
.box { border: 0.8px solid #000; padding: 2px 4px; line-height: 1.35; }
.dx { width: 88mm; display: flex; flex-direction: column; gap: 2mm; }
table.g { width: 100%; border-collapse: collapse; }
table.g td { border: 0.8px solid #000; padding: 1px 4px; vertical-align: top; }
table.righe { width: 100%; border-collapse: collapse; margin-top: 3mm; }
table.righe th { border: 0.8px solid #000; background: #e6e6e6; font-size: 6.5pt; padding: 2px;
  font-weight: normal; text-transform: uppercase; }
table.righe td { border-left: 0.8px solid #000; border-right: 0.8px solid #000; padding: 2px 3px; }
table.righe tbody tr:last-child td { border-bottom: 0.8px solid #000; }
.r { text-align: right; white-space: nowrap; }
.c { text-align: center; }
.piede { display: flex; gap: 3mm; margin-top: 3mm; }
table.iva { border-collapse: collapse; flex: 1; }
table.iva th, table.iva td { border: 0.8px solid #000; padding: 1px 4px; }
table.iva th { font-size: 6pt; font-weight: normal; background: #e6e6e6; }
table.tot { border-collapse: collapse; width: 70mm; }
table.tot td { border: 0.8px solid #000; padding: 1px 4px; }
table.tot tr.doc td { font-weight: bold; font-size: 9.5pt; background: #e6e6e6; }
</style></head><body>
<div class="top"><div class="az"><b>{{ order.buyer.name }}</b><br>{{ order.buyer.street }}<br>
{{ order.buyer.city }}<br>Tel. {{ order.buyer.phone }} - {{ order.buyer.email }}<br>
P.IVA {{ order.buyer.tax_id[3:] }} - Cod. Fisc. {{ order.buyer.tax_id[3:] }}
<table class="g" style="margin-top:3mm"><tr>
<td><span class="l">Tipo documento</span>ORDINE A FORNITORE</td>
<td><span class="l">Numero</span>{{ order.po_number }}</td>
<td><span class="l">Data</span>{{ order.order_date|date }}</td>
<td><span class="l">Pag.</span>1</td></tr></table></div>
<div class="dx"><div class="box"><span class="l">Spett.le</span><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>P.IVA {{ order.supplier.tax_id[3:] }}
</div><div class="box"><span class="l">Destinazione merce</span>{{ order.ship_to.name }}<br>
{{ order.ship_to.street }}<br>{{ order.ship_to.city }}</div></div></div>
<table class="g" style="margin-top:3mm"><tr>
<td><span class="l">Cod. fornitore</span>{{ order.supplier_number }}</td>
<td><span class="l">Pagamento</span>{{ order.payment_terms }}</td>
<td><span class="l">Consegna richiesta</span>{{ order.delivery_date|date }}</td>
<td><span class="l">Commessa</span>{{ order.project_code or "" }}</td>
<td><span class="l">Ns. riferimento</span>{{ order.contact }}</td></tr></table>
<table class="righe"><thead><tr><th>Codice articolo</th><th>Descrizione</th><th>U.M.</th>
<th>Quantità</th><th>Prezzo unitario</th><th>Sc.1 %</th><th>Sc.2 %</th><th>Importo</th>
<th>C.IVA</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="c">{{ line|unit }}</td><td class="r">{{ line.quantity|qty }}</td>
<td class="r">{{ line.list_price|amount(3) }}</td>
<td class="r">{{ line.discount_pct|amount if line.discount_pct else "" }}</td><td></td>
<td class="r">{{ line.line_total|amount }}</td><td class="c">{{ line.vat_rate|pct }}</td></tr>
{% endfor %}</tbody></table>
{% if order.notes %}<div class="box" style="margin-top:2mm"><span class="l">Note</span>
{{ order.notes }}</div>{% endif %}
<div class="piede"><table class="iva"><tr><th>Cod.</th><th>Aliquota</th><th>Imponibile</th>
<th>Imposta</th></tr>{% for tax in order.tax_lines %}<tr><td class="c">{{ tax.rate|pct }}</td>
<td>IVA {{ tax.rate|pct }}%</td><td class="r">{{ tax.base|amount }}</td>
<td class="r">{{ tax.amount|amount }}</td></tr>{% endfor %}</table>
<table class="tot"><tr><td><span class="l">Totale merce</span></td>
<td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td><span class="l">Totale imponibile</span></td><td class="r">{{ order.subtotal|amount }}</td></tr>
<tr><td><span class="l">Totale IVA</span></td><td class="r">{{ order.tax|amount }}</td></tr>
<tr class="doc"><td>Totale documento</td><td class="r">{{ order.total|money }}</td></tr>
</table></div>
</body></html>"""

FAMILY = Family(
    name="html_zucchetti_it",
    split="dev",
    batch=5,
    spec=order_spec("EUR", "IT", "0.22", "0.10", line_count=(4, 10), language="it", discounts=True),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(40, 3900)}/OF",
    quantity_places=3,
    units={
        "pcs": "PZ",
        "bag": "SC",
        "pallet": "PAL",
        "m": "MT",
        "m²": "MQ",
        "t": "TN",
        "kg": "KG",
        "h": "ORE",
        "m³": "MC",
        "day": "GG",
        "l": "LT",
    },
    margin="10mm",
)
