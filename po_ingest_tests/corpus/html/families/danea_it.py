"""A Danea Easyfatt-like Italian "Ordine fornitore": rounded grey boxes for the company, the
supplier (Spett.le) and the document data (numero, data, pagamento), a boxed grid of codice,
descrizione, q.tà, u.m., prezzo, sconti, importo and the IVA code, then a riepilogo IVA table
(aliquota, imponibile, imposta) beside the totals with spese di trasporto; amounts as
€ 1.234,56, IVA 22 % / 10 %, line discounts."""

from po_ingest_tests.corpus.html.family import Family, order_spec
from po_ingest_tests.corpus.html.style import NumberStyle

TEMPLATE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Tahoma, sans-serif; font-size: 7.5pt; color: #111; }
.r1 { display: flex; gap: 4mm; }
.bx { border: 1px solid #888; border-radius: 3mm; padding: 2mm 3mm; line-height: 1.4; }
.bx .lb { font-size: 6.5pt; color: #555; }
.az { flex: 1.2; }
.az .nm { font-size: 12pt; font-weight: bold; color: #2b5d8c; }
.fo { flex: 1; }
.dati { display: flex; gap: 2mm; margin-top: 3mm; }
.dati .bx { flex: 1; padding: 1mm 2mm; background: #eef1f5; }
.doc { font-size: 11pt; font-weight: bold; margin: 4mm 0 2mm; color: #2b5d8c; }
table.righe { width: 100%; border-collapse: separate; border-spacing: 0; border: 1px solid #888;
  border-radius: 2mm; margin-top: 3mm; }
table.righe th { background: #dfe5ec; font-size: 6.8pt; padding: 2px 3px; text-align: left;
  border-bottom: 1px solid #888; }
table.righe td { padding: 2px 3px; border-top: 0.5px solid #ddd; vertical-align: top; }
table.righe td + td, table.righe th + th { border-left: 0.5px solid #bbb; }
.n { text-align: right !important; white-space: nowrap; }
.basso { display: flex; gap: 4mm; margin-top: 3mm; align-items: flex-start; }
table.iva { border-collapse: collapse; flex: 1; }
table.iva th { background: #dfe5ec; font-size: 6.5pt; padding: 2px 4px; border: 0.5px solid #888; }
table.iva td { border: 0.5px solid #888; padding: 2px 4px; }
table.tot { border-collapse: collapse; width: 64mm; }
table.tot td { border: 0.5px solid #888; padding: 2px 5px; }
table.tot tr.g td { background: #2b5d8c; color: #fff; font-weight: bold; font-size: 9pt; }
.note { margin-top: 4mm; line-height: 1.45; }
</style></head><body>
<div class="r1"><div class="bx az"><div class="nm">{{ order.buyer.name }}</div>
{{ order.buyer.street }} - {{ order.buyer.city }}<br>P.IVA {{ order.buyer.tax_id }}<br>
Tel. {{ order.buyer.phone }} - {{ order.buyer.email }}</div>
<div class="bx fo"><div class="lb">Spett.le</div><b>{{ order.supplier.name }}</b><br>
{{ order.supplier.street }}<br>{{ order.supplier.city }}<br>
<span class="lb">P.IVA</span> {{ order.supplier.tax_id }}</div></div>
<div class="doc">ORDINE FORNITORE</div>
<div class="dati"><div class="bx"><div class="lb">Numero</div><b>{{ order.po_number }}</b></div>
<div class="bx"><div class="lb">Data</div>{{ order.order_date|date }}</div>
<div class="bx"><div class="lb">Cod. fornitore</div>{{ order.supplier_number }}</div>
<div class="bx"><div class="lb">Consegna prevista</div>{{ order.delivery_date|date }}</div>
<div class="bx" style="flex:2"><div class="lb">Pagamento</div>{{ order.payment_terms }}</div>
</div>
<div class="dati"><div class="bx" style="flex:3"><div class="lb">Destinazione merce</div>
{{ order.ship_to.name }} - {{ order.ship_to.street }} - {{ order.ship_to.city }}</div>
<div class="bx"><div class="lb">Rif. cantiere</div>{{ order.project_code or "-" }}</div></div>
<table class="righe"><thead><tr><th>Codice</th><th>Descrizione</th><th class="n">Q.tà</th>
<th>U.m.</th><th class="n">Prezzo</th><th class="n">Sconti</th><th class="n">Importo</th>
<th>Iva</th></tr></thead><tbody>
{% for line in order.lines %}<tr><td>{{ line.item_code }}</td><td>{{ line.description }}</td>
<td class="n">{{ line.quantity|qty }}</td><td>{{ line|unit }}</td>
<td class="n">{{ line.list_price|money }}</td>
<td class="n">{% if line.discount_pct %}{{ line.discount_pct|amount(None) }}%{% endif %}</td>
<td class="n">{{ line.line_total|money }}</td><td>{{ (line.vat_rate * 100)|int }}</td></tr>
{% endfor %}</tbody></table>
<div class="basso"><table class="iva"><thead><tr><th>Cod. Iva</th><th>Descrizione</th>
<th>Imponibile</th><th>Imposta</th></tr></thead><tbody>
{% for t in order.tax_lines %}<tr><td>{{ (t.rate * 100)|int }}</td>
<td>Aliquota {{ t.rate|pct }}%</td><td class="n">{{ t.base|money }}</td>
<td class="n">{{ t.amount|money }}</td></tr>{% endfor %}</tbody></table>
<table class="tot">
<tr><td>Totale merce</td><td class="n">{{ order.subtotal|money }}</td></tr>
<tr><td>Spese di trasporto</td><td class="n">{{ order.charges|money }}</td></tr>
<tr><td>Totale imponibile</td><td class="n">{{ (order.subtotal + order.charges)|money }}</td></tr>
<tr><td>Totale IVA</td><td class="n">{{ order.tax|money }}</td></tr>
<tr class="g"><td>TOTALE DOCUMENTO</td><td class="n">{{ order.total|money }}</td></tr>
</table></div>
<div class="note">Referente: {{ order.contact }}{% if order.notes %}<br>Note: {{ order.notes }}
{% endif %}<br>Si prega di confermare l'ordine e di indicarne il numero sui documenti di
trasporto.</div>
</body></html>"""

FAMILY = Family(
    name="html_danea_it",
    split="dev",
    batch=6,
    spec=order_spec(
        "EUR",
        "IT",
        "0.22",
        "0.10",
        line_count=(3, 9),
        language="it",
        discounts=True,
        freight=(30, 160),
    ),
    template=TEMPLATE,
    style=NumberStyle(group=".", decimal=",", symbol="€"),
    date_pattern="{dd}/{mm}/{yyyy}",
    po_number=lambda rng, order: f"{rng.randint(1, 480)}/{order.order_date.year}/OF",
    quantity_places=None,
    units={
        "pcs": "pz",
        "h": "ore",
        "day": "gg",
        "pallet": "ban",
        "bag": "sac",
        "t": "t",
        "kg": "kg",
        "l": "lt",
        "m": "m",
        "m²": "mq",
        "m³": "mc",
    },
    margin="10mm",
)
