"""`discounts`: list price and a per-line discount; the net amount is what the line costs."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    accent,
    address_block,
    footers,
    tax_id_text,
    totals_column,
)
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
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "discounts"
_ORDERS = (
    ("GBP", "UK", "0.20", "ord"),
    ("EUR", "DE", "0.19", "po_year"),
    ("USD", "US", "0.07", "ord"),
    ("CHF", "CH", "0.081", "po_year"),
    ("GBP", "UK", "0.20", "po_year"),
    ("EUR", "AT", "0.20", "ord"),
)
_STRIP_X = (LEFT, 150, 250, 350, 470)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        currency, region, (Decimal(rate),), po_style, line_count=(3, 9), discounts=True
    )


def _table(currency: str) -> Table:
    return Table(
        LEFT,
        (
            Column("#", 20),
            Column("Item", 72),
            Column("Description", 160),
            Column("Qty", 42, "right"),
            Column("Unit", 34),
            Column("List Price", 56, "right"),
            Column("Disc %", 38, "right"),
            Column(f"Net Amount {currency}", 83, "right"),
        ),
        size=8.5,
        header_fill=(0.88, 0.88, 0.88),
    )


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.rect(LEFT, 36, RIGHT, 74, fill=accent(index), color=None)
    canvas.text(LEFT + 10, 60, buyer.name, size=14, bold=True, color=WHITE)
    canvas.text(RIGHT - 10, 60, "PURCHASE ORDER", size=14, bold=True, color=WHITE, align="right")
    contact = f"{buyer.street}, {buyer.city} | {buyer.phone} | {buyer.email}"
    canvas.text(LEFT, 88, contact, size=8, color=GREY)

    strip = (
        ("Order Number", order.po_number),
        ("Order Date", formats.date_text(order.order_date, "dashed")),
        ("Delivery By", formats.date_text(order.delivery_date, "dashed")),
        ("Project", order.project_code or "n/a"),
        ("Currency", order.currency),
    )
    canvas.line(LEFT, 104, RIGHT, 104, color=GREY, width=0.4)
    for x, (label, value) in zip(_STRIP_X, strip, strict=True):
        canvas.text(x, 117, label, size=7.5, bold=True, color=GREY)
        canvas.text(x, 131, value, size=10)
    canvas.line(LEFT, 139, RIGHT, 139, color=GREY, width=0.4)

    left = address_block(canvas, LEFT, 160, "Supplier", order.supplier.address_lines)
    right = address_block(canvas, 320, 160, "Deliver To", order.ship_to.address_lines)
    right = canvas.lines(320, right, [f"Contact: {order.contact}"])

    table = _table(order.currency)
    y = table.header(canvas, max(left, right) + 8)
    for line in order.lines:
        cells = [
            str(line.position),
            line.item_code,
            line.description,
            formats.quantity(line.quantity),
            line.unit,
            formats.money(line.list_price),
            formats.decimal_text(line.discount_pct),
            formats.money(line.line_total),
        ]
        y = table.row(canvas, y, cells)
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.8)

    rate = formats.percent(order.tax_lines[0].rate)
    rows = [
        ("Subtotal (net of discounts)", formats.money(order.subtotal)),
        (f"Tax @ {rate}", formats.money(order.tax)),
        (f"Order Total {order.currency}", formats.money(order.total)),
    ]
    y = canvas.lines(
        LEFT, y + 18, ["Discounts are already deducted in the net amounts."], size=8, color=GREY
    )
    y = totals_column(canvas, y - 8, rows, label_x=465)
    y = canvas.lines(LEFT, y + 6, [f"Payment: {order.payment_terms}"])
    if order.notes:
        canvas.lines(LEFT, y, [f"Special instructions: {order.notes}"])
    footers(
        doc,
        [f"{buyer.name} | {tax_id_text(buyer)} | Invoices must quote the order number."],
        "Page {page} of {pages}",
    )
    return pdf_bytes(doc)
