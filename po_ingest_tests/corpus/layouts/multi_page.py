"""`multi_page`: an ERP printout in Courier; 35-60 lines over 2-3 pages (column titles
repeated on each page of even-numbered documents only), totals on the last."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import footers
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    LEFT,
    PAGE_HEIGHT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "multi_page"
_ORDERS = (
    ("EUR", "DE", "0.19", "po_year"),
    ("USD", "US", "0.0725", "ord"),
    ("GBP", "UK", "0.20", "po_year"),
    ("CHF", "CH", "0.081", "sap"),
    ("EUR", "NL", "0.21", "ord"),
    ("GBP", "UK", "0.20", "sap"),
)
_BOTTOM = PAGE_HEIGHT - 75  # last baseline a row may reach before the footer
_TABLE = Table(
    LEFT,
    (
        Column("LN", 28),
        Column("ITEM CODE", 88),
        Column("DESCRIPTION", 170),
        Column("QTY", 52, "right"),
        Column("UOM", 35),
        Column("UNIT PRICE", 62, "right"),
        Column("EXT PRICE", 70, "right"),
    ),
    size=8.5,
    pad=4.5,
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style, line_count=(35, 60))


def _first_page_header(canvas: Canvas, order: Order) -> float:
    buyer = order.buyer
    canvas.text(LEFT, 55, buyer.name.upper(), size=13, bold=True)
    canvas.lines(LEFT, 69, (buyer.street, f"{buyer.city}, {buyer.country}"), size=8.5)
    canvas.text(RIGHT, 55, "PURCHASE ORDER", size=16, bold=True, align="right")
    header = [
        ("ORDER NUMBER", order.po_number),
        ("ISSUE DATE", formats.date_text(order.order_date, "erp")),
        ("VENDOR", order.supplier.name),
        ("PROJECT", order.project_code or "-"),
        ("CURRENCY", order.currency),
        ("BUYER", order.contact.upper()),
    ]
    y = canvas.lines(LEFT, 112, [f"{label:<13}: {value}" for label, value in header], size=9)
    canvas.text(340, 112, "SHIP TO:", size=9, bold=True)
    canvas.lines(340, 124, order.ship_to.address_lines, size=9)
    canvas.text(340, 166, f"NEED BY: {formats.date_text(order.delivery_date, 'erp')}", size=9)
    canvas.line(LEFT, y, RIGHT, y, width=0.5)
    return y + 8


def _next_page(doc, order: Order, index: int) -> tuple[Canvas, float]:
    """A continuation page: its title, then the column titles again on even-numbered
    documents; on odd ones the rows simply run on."""
    canvas = Canvas(new_page(doc), font="cour", bold="cobo")
    title = f"PURCHASE ORDER {order.po_number} (CONTINUED)"
    canvas.text(LEFT, 55, title, size=11, bold=True)
    canvas.line(LEFT, 62, RIGHT, 62, width=0.5)
    return canvas, _TABLE.header(canvas, 72) if index % 2 == 0 else 80


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc), font="cour", bold="cobo")
    y = _TABLE.header(canvas, _first_page_header(canvas, order))
    for line in order.lines:
        cells = [
            f"{line.position:03d}",
            line.item_code,
            line.description,
            formats.quantity(line.quantity, places=2),
            line.unit,
            formats.money(line.list_price),
            formats.money(line.line_total),
        ]
        if y + _TABLE.row_height(canvas, cells) > _BOTTOM:
            canvas.text(RIGHT, y + 14, "*** CONTINUED ON NEXT PAGE ***", size=8.5, align="right")
            canvas, y = _next_page(doc, order, index)
        y = _TABLE.row(canvas, y, cells)
    if y + 110 > _BOTTOM:  # the totals block never splits from its page
        canvas.text(RIGHT, y + 14, "*** CONTINUED ON NEXT PAGE ***", size=8.5, align="right")
        canvas, y = _next_page(doc, order, index)
    canvas.line(LEFT, y, RIGHT, y, width=0.5)
    rate = formats.percent(order.tax_lines[0].rate)
    rows = [
        ("SUBTOTAL", formats.money(order.subtotal)),
        (f"TAX {rate}", formats.money(order.tax)),
        (f"TOTAL {order.currency}", formats.money(order.total)),
    ]
    y += 18
    for label, value in rows:
        canvas.text(380, y, label, size=9.5, bold=label.startswith("TOTAL"))
        canvas.text(RIGHT, y, value, size=9.5, bold=label.startswith("TOTAL"), align="right")
        y += 15
    canvas.text(
        LEFT, y + 10, f"{len(order.lines)} LINES. TERMS: {order.payment_terms.upper()}", size=8.5
    )
    if order.notes:
        canvas.text(LEFT, y + 24, f"NOTE: {order.notes}", size=8.5)
    footers(
        doc,
        [f"{order.buyer.name.upper()} - PO {order.po_number} - PRINTED BY PURCHASING SYSTEM"],
        "PAGE {page} OF {pages}",
        font="cour",
    )
    return pdf_bytes(doc)
