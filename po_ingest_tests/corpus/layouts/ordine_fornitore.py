"""`ordine_fornitore`: an Italian "Ordine a fornitore" from a gestionale, one to three
pages: "Codice | Descrizione | U.M. | Q.tà | Prezzo | Sconto | Importo" or "Quantità /
Prezzo unit. / Totale riga", ruled or not, 1.234,56 or 1234,56 amounts, dates 05/03/2026
or "5 mar 2026", "A riportare / Riporto" or "Segue" at a page break with the header
repeated or not, and "Imponibile / Spese di trasporto / IVA 22% / Totale IVA / Totale
ordine"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    TotalsWording,
    accent,
    address_block,
    adjusted_totals,
    footers,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.paging import PageBreak, paged_rows
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    LIGHT,
    PAGE_HEIGHT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "ordine_fornitore"
_BOTTOM = PAGE_HEIGHT - 90
# PO number style, date style, number style, lines, ruled, page break, header repeated
_ORDERS = (
    ("slash", "dmy_slash", "de", (26, 34), True, "carry", True),
    ("plain", "italian_short", "plain_comma", (4, 8), False, "carry", True),
    ("b_year", "dmy_slash", "de", (66, 74), False, "segue", False),
    ("plain", "italian_short", "de", (22, 30), True, "segue", True),
    ("po_year", "dmy_dash", "plain_comma", (5, 9), True, "carry", True),
    ("slash", "dmy_slash", "de", (30, 40), False, "carry", False),
)
# title, PO number label, date label, total label
_WORDING = (
    ("ORDINE A FORNITORE", "N. ordine", "Data ordine", "Totale ordine"),
    ("ORDINE D'ACQUISTO", "Ordine d'acquisto n.", "Data documento", "Totale documento"),
    ("ORDINE FORNITORE", "Numero ordine", "Data", "Totale ordine EUR"),
)
_COLUMNS = (
    (
        Column("Codice", 68),
        Column("Descrizione", 205),
        Column("U.M.", 30, "center"),
        Column("Q.tà", 45, "right"),
        Column("Prezzo", 55, "right"),
        Column("Sconto", 35, "right"),
        Column("Importo", 67, "right"),
    ),
    (
        Column("Codice", 68),
        Column("Descrizione", 190),
        Column("Quantità", 50, "right"),
        Column("U.M.", 30, "center"),
        Column("Prezzo unit.", 55, "right"),
        Column("Sc. %", 35, "right"),
        Column("Totale riga", 77, "right"),
    ),
)
_BREAKS = {
    "carry": PageBreak("A riportare {amount}", "Riporto {amount}", label_column=1),
    "segue": PageBreak("Segue ./.", None, label_column=1),
}


def _order(index: int) -> tuple:
    return _ORDERS[(index - 1) % len(_ORDERS)]


def spec(index: int) -> OrderSpec:
    po_style, _, _, lines, *_ = _order(index)
    return OrderSpec(
        "EUR",
        "IT",
        (Decimal("0.22"), Decimal("0.10")) if index % 2 else (Decimal("0.22"),),
        po_style,
        line_count=lines,
        language="it",
        discounts=True,
        charges=index % 3 != 1,
        project_chance=0.5,
    )


def _table(index: int) -> Table:
    ruled = _order(index)[4]
    columns = _COLUMNS[index % 2]
    return Table(LEFT, columns, size=8, grid=ruled, header_fill=LIGHT if ruled else None)


def _cells(line, index: int, style: str) -> list[str]:
    quantity = formats.quantity(line.quantity, style, places=2)
    discount = formats.decimal_text(line.discount_pct) if line.discount_pct else ""
    price, total = formats.money(line.list_price, style), formats.money(line.line_total, style)
    if index % 2 == 0:  # the U.M. column first
        return [line.item_code, line.description, line.unit, quantity, price, discount, total]
    return [line.item_code, line.description, quantity, line.unit, price, discount, total]


def _totals(order: Order, index: int, style: str) -> list[tuple[str, str]]:
    total = _WORDING[index % len(_WORDING)][3]
    wording = TotalsWording(
        "Imponibile", "Sconto {pct}%", "Spese di trasporto", "IVA {rate}%", total
    )
    rows = adjusted_totals(order, wording, style=style, negative="minus", discount_pct="0")
    if len(order.tax_lines) > 1:  # the rates' sum over the total
        rows.insert(-1, ("Totale IVA", formats.money(order.tax, style)))
    return rows


def _page_header(canvas: Canvas, order: Order, index: int, date_style: str) -> float:
    title, number_label, date_label, _ = _WORDING[index % len(_WORDING)]
    buyer = order.buyer
    canvas.text(LEFT, 54, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 67, (buyer.street, buyer.city, f"P.IVA {buyer.tax_id}"), size=8)
    canvas.text(RIGHT, 54, title, size=14, bold=True, align="right")
    pairs = (
        (number_label, order.po_number),
        (date_label, formats.date_text(order.order_date, date_style)),
    )
    for n, (label, value) in enumerate(pairs):
        canvas.text(360, 76 + 12 * n, label, size=8.5, color=GREY)
        canvas.text(RIGHT, 76 + 12 * n, value, size=8.5, bold=n == 0, align="right")
    return 112


def render(order: Order, index: int) -> bytes:
    _, date_style, style, _, _, page_break, repeated = _order(index)
    doc = new_document(f"Ordine a fornitore {order.po_number}", order.buyer.name)
    table = _table(index)

    def next_page() -> tuple[Canvas, float]:
        canvas = Canvas(new_page(doc))
        top = _page_header(canvas, order, index, date_style) + 10
        return canvas, table.header(canvas, top) if repeated else top

    canvas = Canvas(new_page(doc))
    top = _page_header(canvas, order, index, date_style)
    address_block(canvas, LEFT, top + 12, "Fornitore", order.supplier.address_lines)
    address_block(canvas, 310, top + 12, "Destinazione merce", order.ship_to.address_lines)
    details = ["Valuta: EUR", f"Pagamento: {order.payment_terms}"]
    if order.project_code:
        details.append(f"Commessa: {order.project_code}")
    y = canvas.lines(LEFT, top + 88, details, size=8.5)
    y = table.header(canvas, y + 4)
    canvas, y = paged_rows(
        canvas,
        y,
        table,
        order.lines,
        lambda line: _cells(line, index, style),
        bottom=_BOTTOM,
        page_break=_BREAKS[page_break],
        next_page=next_page,
        style=style,
    )
    if y + 110 > _BOTTOM:  # the totals block stays in one piece
        canvas, y = next_page()
    if not table.grid:
        canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.6)
    y = totals_column(canvas, y + 20, _totals(order, index, style), label_x=440, size=9)
    if order.notes:
        canvas.lines(LEFT, y + 6, [f"Note: {order.notes}"], size=8.5)
    footers(doc, [f"{order.buyer.name} - {order.buyer.email}"], "Pag. {page}/{pages}")
    return pdf_bytes(doc)
