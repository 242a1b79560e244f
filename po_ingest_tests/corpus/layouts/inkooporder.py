"""`inkooporder`: a Dutch "Inkooporder" whose narrow columns wrap their titles onto two
lines ("Prijs per" over "eenheid"), item code and description share one cell, a remark
row sits inside the table, and two BTW rates (21 % and 9 %) are listed."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import footers, totals_column
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    LIGHT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "inkooporder_dev"
_ORDERS = (
    ("EUR", "NL", "po_year"),
    ("EUR", "NL", "ord"),
    ("EUR", "NL", "plain"),
    ("EUR", "DE", "po_year"),
    ("EUR", "NL", "slash"),
    ("EUR", "AT", "ord"),
)
_TABLE = Table(
    LEFT,
    (
        Column("Regel", 34),
        Column("Artikel / Omschrijving", 246),
        Column("Aantal", 44, "right"),
        Column("Eenheid", 46),
        Column("Prijs per eenheid", 62, "right"),
        Column("Totaal bedrag", 73, "right"),
    ),
    size=8.5,
    header_fill=LIGHT,
)
_REMARKS = (
    "Let op: levering in twee delen, eerste deel binnen vijf werkdagen.",
    "Opmerking: graag vooraf bellen met de uitvoerder op de bouwplaats.",
)


def spec(index: int) -> OrderSpec:
    _, region, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec("EUR", region, (Decimal("0.21"), Decimal("0.09")), po_style)


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Inkooporder {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 56, "INKOOPORDER", size=18, bold=True)
    canvas.text(RIGHT, 56, buyer.name, size=11, bold=True, align="right")
    canvas.lines(RIGHT, 69, (buyer.street, buyer.city), size=8, align="right")
    pairs = (
        ("Inkoopordernummer", order.po_number),
        ("Orderdatum", formats.date_text(order.order_date, "dmy_dash")),
        ("Projectcode", order.project_code or ""),
        ("Leverancier", order.supplier.name),
    )
    for n, (label, value) in enumerate(pairs):
        canvas.text(LEFT, 100 + 13 * n, label, size=9, color=GREY)
        canvas.text(LEFT + 110, 100 + 13 * n, value, size=9, bold=n == 0)
    canvas.lines(330, 100, ["Afleveradres:", *order.ship_to.address_lines], size=9)

    y = _TABLE.header(canvas, 190)
    for n, line in enumerate(order.lines):
        cells = [
            str(line.position),
            f"{line.item_code} {line.description}",
            formats.quantity(line.quantity, "de"),
            line.unit,
            formats.money(line.list_price, "de"),
            formats.money(line.line_total, "de"),
        ]
        y = _TABLE.row(canvas, y, cells)
        if n == 1 and index % 2:
            canvas.text(LEFT + 3.5, y + 9, _REMARKS[index % 2], size=8, color=GREY)
            y += 13
    canvas.line(LEFT, y, RIGHT, y, width=0.6)

    rows = [("Subtotaal", formats.money(order.subtotal, "de"))]
    for tax in order.tax_lines:
        rate = formats.percent(tax.rate, "de")
        rows.append(
            (f"BTW {rate} over {formats.money(tax.base, 'de')}", formats.money(tax.amount, "de"))
        )
    rows.append((f"Totaal {order.currency}", formats.money(order.total, "de")))
    y = totals_column(canvas, y + 22, rows, label_x=455)
    canvas.lines(LEFT, y + 8, [f"Betalingsvoorwaarden: {order.payment_terms}"], size=8.5)
    footers(doc, [f"{buyer.name} · KvK 5812 3377 · {buyer.email}"], "Pagina {page} van {pages}")
    return pdf_bytes(doc)
