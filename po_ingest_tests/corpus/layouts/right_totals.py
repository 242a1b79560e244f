"""`right_totals`: US-style form in Times; PO facts right-aligned, totals block bottom right."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, footers, tax_id_text
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    RIGHT,
    WHITE,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
    wrap,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "right_totals"
_ORDERS = (
    ("USD", "US", "0.0725", "plain"),
    ("GBP", "UK", "0.20", "po_year"),
    ("USD", "US", "0.06625", "po_year"),
    ("CHF", "CH", "0.081", "plain"),
    ("GBP", "UK", "0.20", "plain"),
    ("EUR", "NL", "0.21", "po_year"),
)
_ZEBRA = (0.95, 0.95, 0.97)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style, line_count=(2, 8))


def _table(index: int) -> Table:
    return Table(
        LEFT,
        (
            Column("Description", 235),
            Column("Qty", 50, "right"),
            Column("Unit", 40),
            Column("Unit Price", 80, "right"),
            Column("Amount", 100, "right"),
        ),
        size=9.5,
        pad=4,
        header_fill=accent(index),
        header_color=WHITE,
    )


def _right_pairs(canvas: Canvas, y: float, pairs) -> float:
    for label, value in pairs:
        canvas.text(455, y, label, size=10, bold=True, align="right")
        canvas.text(RIGHT, y, value, size=10, align="right")
        y += 14
    return y


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc), font="tiro", bold="tibo")
    buyer = order.buyer
    canvas.text(LEFT, 62, buyer.name, size=17, bold=True, color=accent(index))
    canvas.lines(
        LEFT,
        80,
        (buyer.street, f"{buyer.city}, {buyer.country}", f"Phone {buyer.phone}", buyer.email),
        size=9.5,
    )
    canvas.text(RIGHT, 62, "PURCHASE ORDER", size=20, bold=True, align="right")
    pairs = [
        ("Purchase Order #:", order.po_number),
        ("Date:", formats.date_text(order.order_date, "us")),
        ("Project:", order.project_code),
        ("Requested by:", order.contact),
        ("Ship by:", formats.date_text(order.delivery_date, "us")),
    ]
    y = _right_pairs(canvas, 84, [(label, value) for label, value in pairs if value])

    y = max(y, 140) + 14
    for x, title, lines in (
        (LEFT, "VENDOR", order.supplier.address_lines),
        (320, "SHIP TO", order.ship_to.address_lines),
    ):
        canvas.rect(x, y - 11, x + 230, y + 4, fill=accent(index), color=None)
        canvas.text(x + 5, y, title, size=9.5, bold=True, color=WHITE)
        canvas.lines(x + 5, y + 17, lines, size=10)

    table = _table(index)
    y = table.header(canvas, y + 80)
    for n, line in enumerate(order.lines):
        cells = [
            line.description,
            formats.quantity(line.quantity),
            line.unit,
            formats.money(line.list_price),
            formats.money(line.line_total),
        ]
        y = table.row(canvas, y, cells, fill=_ZEBRA if n % 2 else None)
    canvas.line(LEFT, y, RIGHT, y, width=0.8)

    tax_word = "Sales Tax" if order.currency == "USD" else "VAT"
    money = [formats.amount(v, order.currency) for v in (order.subtotal, order.tax, order.total)]
    rate = formats.percent(order.tax_lines[0].rate)
    rows = [("Subtotal", money[0]), (f"{tax_word} ({rate})", money[1]), ("TOTAL", money[2])]
    bottom = y + 22
    for n, (label, value) in enumerate(rows):
        last = n == len(rows) - 1
        if last:
            canvas.rect(380, bottom - 13, RIGHT, bottom + 5, fill=(0.92, 0.92, 0.92), color=None)
        canvas.text(460, bottom, label, size=11 if last else 10, bold=last, align="right")
        canvas.text(RIGHT - 4, bottom, value, size=11 if last else 10, bold=last, align="right")
        bottom += 18

    left = canvas.lines(LEFT, y + 22, [f"Terms: {order.payment_terms}"], size=9.5)
    if order.notes:
        left = canvas.lines(LEFT, left, ["Notes:", *wrap(order.notes, 300, "tiro", 9.5)], size=9.5)
    sign = max(left, bottom) + 40
    canvas.line(LEFT, sign, LEFT + 180, sign, width=0.5)
    canvas.text(LEFT, sign + 11, "Authorized signature", size=8.5, color=GREY)
    footers(
        doc,
        [
            f"{buyer.name} | {tax_id_text(buyer)} | Please reference the P.O. number on all invoices."
        ],
        "Page {page} of {pages}",
        font="tiro",
    )
    return pdf_bytes(doc)
