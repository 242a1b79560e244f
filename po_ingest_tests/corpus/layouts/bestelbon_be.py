"""`bestelbon_be`: a Flemish "Bestelbon" from a Belgian accounting package, one to three
pages: "Artikelnr. | Omschrijving | Aantal | Eenheid | Eenheidsprijs | Korting | Bedrag",
1.234,56 or 1 234,56 amounts, dates 05/03/2026, 05-03-2026 or "5 maart 2026", "Over te
dragen / Overdracht" at a page break, the column titles repeated or not, and "Totaal excl.
btw / Vrachtkosten / Btw 21% / Btw 6% / Totaal incl. btw"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    TotalsWording,
    accent,
    address_block,
    adjusted_totals,
    coded_item_cells,
    footers,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderLine, OrderSpec
from po_ingest_tests.corpus.paging import PageBreak, paged_rows
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    PAGE_HEIGHT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "bestelbon_be"
_BOTTOM = PAGE_HEIGHT - 85
# PO number style, date style, number style, lines, titles repeated on each page
_ORDERS = (
    ("b_year", "dmy_slash", "de", (24, 32), True),
    ("plain", "dutch_long", "fr", (3, 8), True),
    ("slash", "dmy_dash", "de", (64, 72), False),
    ("plain", "dmy_slash", "fr", (4, 9), True),
    ("b_year", "dutch_long", "de", (26, 34), False),
    ("ord", "dmy_dash", "fr", (5, 10), True),
)
# title, number label, date label, total label
_WORDING = (
    ("BESTELBON", "Bestelbon nr.", "Besteldatum", "Totaal incl. btw"),
    ("Bestelbon", "Bestelnummer", "Datum", "Te betalen"),
)
_TABLE = (
    Column("Artikelnr.", 64),
    Column("Omschrijving", 200),
    Column("Aantal", 45, "right"),
    Column("Eenheid", 40),
    Column("Eenheidsprijs", 60, "right"),
    Column("Korting", 36, "right"),
    Column("Bedrag", 60, "right"),
)
_BREAK = PageBreak("Over te dragen {amount}", "Overdracht {amount}", label_column=1)


def _order(index: int) -> tuple:
    return _ORDERS[(index - 1) % len(_ORDERS)]


def spec(index: int) -> OrderSpec:
    po_style, _, _, lines, _ = _order(index)
    return OrderSpec(
        "EUR",
        "BE",
        (Decimal("0.21"), Decimal("0.06")) if index % 2 else (Decimal("0.21"),),
        po_style,
        line_count=lines,
        language="nl",
        discounts=True,
        charges=index % 2 == 0,
        project_chance=0.6,
    )


def _totals(order: Order, index: int, style: str) -> list[tuple[str, str]]:
    total = f"{_WORDING[index % 2][3]} {{currency}}"
    wording = TotalsWording(
        "Totaal excl. btw", "Korting {pct}%", "Vrachtkosten", "Btw {rate}%", total
    )
    return adjusted_totals(order, wording, style=style, negative="minus", discount_pct="0")


def _cells(line: OrderLine, style: str) -> list[str]:
    discount = f"{formats.decimal_text(line.discount_pct)}%" if line.discount_pct else ""
    code, description, quantity, unit, price, total = coded_item_cells(line, style)
    return [code, description, quantity, unit, price, discount, total]


def _page_header(canvas: Canvas, order: Order, index: int, date_style: str) -> float:
    title, number_label, date_label, _ = _WORDING[index % 2]
    buyer = order.buyer
    canvas.text(LEFT, 54, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 67, (buyer.street, buyer.city, f"Btw {buyer.tax_id}"), size=8)
    canvas.text(RIGHT, 54, title, size=16, bold=True, align="right")
    date = formats.date_text(order.order_date, date_style)
    for n, (label, value) in enumerate(((number_label, order.po_number), (date_label, date))):
        canvas.text(370, 76 + 12 * n, label, size=8.5)
        canvas.text(RIGHT, 76 + 12 * n, value, size=8.5, bold=n == 0, align="right")
    canvas.line(LEFT, 106, RIGHT, 106, color=GREY, width=0.5)
    return 106


def render(order: Order, index: int) -> bytes:
    _, date_style, style, _, repeated = _order(index)
    doc = new_document(f"Bestelbon {order.po_number}", order.buyer.name)
    table = Table(LEFT, _TABLE, size=8, header_fill=(0.88, 0.92, 0.88))

    def next_page() -> tuple[Canvas, float]:
        canvas = Canvas(new_page(doc))
        top = _page_header(canvas, order, index, date_style) + 12
        return canvas, table.header(canvas, top) if repeated else top

    canvas = Canvas(new_page(doc))
    top = _page_header(canvas, order, index, date_style)
    address_block(canvas, LEFT, top + 18, "Leverancier", order.supplier.address_lines)
    address_block(canvas, 310, top + 18, "Leveringsadres", order.ship_to.address_lines)
    y = top + 90
    if order.project_code:
        y = canvas.lines(LEFT, y, [f"Project: {order.project_code}"], size=8.5)
    y = table.header(canvas, y + 4)
    canvas, y = paged_rows(
        canvas,
        y,
        table,
        order.lines,
        lambda line: _cells(line, style),
        bottom=_BOTTOM,
        page_break=_BREAK,
        next_page=next_page,
        style=style,
    )
    if y + 110 > _BOTTOM:
        canvas, y = next_page()
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.6)
    y = totals_column(canvas, y + 20, _totals(order, index, style), label_x=445, size=9)
    terms = [f"Betalingsvoorwaarden: {order.payment_terms}"]
    y = canvas.lines(LEFT, y + 6, terms, size=8.5)
    if order.notes:
        canvas.lines(LEFT, y, [f"Opmerkingen: {order.notes}"], size=8.5)
    footers(doc, [f"{order.buyer.name} - {order.buyer.email}"], "Pagina {page}/{pages}")
    return pdf_bytes(doc)
