"""`boxed_grid`: an ERP form; every header field and every table cell sits in a drawn box."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, footers, tax_id_text
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    LIGHT,
    RIGHT,
    WHITE,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
    text_width,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "boxed_grid"
_ORDERS = (
    ("EUR", "DE", "0.19", "sap"),
    ("CHF", "CH", "0.081", "sap"),
    ("GBP", "UK", "0.20", "ord"),
    ("USD", "US", "0.08", "sap"),
    ("EUR", "AT", "0.20", "sap"),
    ("EUR", "NL", "0.21", "ord"),
)
_TABLE = Table(
    LEFT,
    (
        Column("Item", 34),
        Column("Material", 66),
        Column("Description", 185),
        Column("Quantity", 58, "right"),
        Column("UoM", 34),
        Column("Net Price", 58, "right"),
        Column("Net Value", 70, "right"),
    ),
    grid=True,
    header_fill=LIGHT,
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        currency, region, (Decimal(rate),), po_style, position_step=10, material_numbers=True
    )


def _field(canvas: Canvas, x: float, y: float, width: float, label: str, value: str) -> None:
    """A box with a small label at the top and the value below it."""
    canvas.rect(x, y, x + width, y + 32, width=0.6)
    canvas.text(x + 5, y + 10, label, size=7, color=GREY)
    size = 10.0
    while text_width(value, canvas.bold, size) > width - 10:  # long payment terms shrink
        size -= 0.5
    canvas.text(x + 5, y + 25, value, size=size, bold=True)


def _boxed_lines(canvas: Canvas, x: float, y: float, width: float, label: str, lines) -> None:
    canvas.rect(x, y, x + width, y + 66, width=0.6)
    canvas.text(x + 5, y + 10, label, size=7, color=GREY)
    canvas.lines(x + 5, y + 23, lines, size=9)


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.rect(LEFT, 40, LEFT + 44, 84, fill=accent(index), color=None)
    initials = "".join(word[0] for word in buyer.name.split()[:2])
    canvas.text(LEFT + 22, 68, initials, size=16, bold=True, align="center", color=WHITE)
    canvas.text(LEFT + 54, 55, buyer.name, size=13, bold=True)
    canvas.text(LEFT + 54, 68, f"{buyer.street} · {buyer.city} · {buyer.country}", size=7.5)
    canvas.text(LEFT + 54, 78, f"{buyer.phone} · {buyer.email}", size=7.5)
    canvas.rect(360, 40, RIGHT, 84, width=1.2)
    canvas.text(455, 62, "PURCHASE ORDER", size=15, bold=True, align="center")
    canvas.text(455, 77, "Please confirm within 3 working days", size=7, align="center")

    third = (RIGHT - LEFT) / 3
    fields = (
        ("Purchase Order No.", order.po_number),
        ("Order Date", formats.date_text(order.order_date, "long")),
        ("Currency", order.currency),
        ("Vendor No.", order.supplier_number),
        ("Project", order.project_code or ""),
        ("Buyer", order.contact),
        ("Delivery Date", formats.date_text(order.delivery_date, "long")),
        ("Terms of Payment", order.payment_terms),
        ("Incoterms", "DAP site" if index % 2 else "FCA supplier warehouse"),
    )
    for n, (label, value) in enumerate(fields):
        _field(canvas, LEFT + third * (n % 3), 98 + 32 * (n // 3), third, label, value)
    half = (RIGHT - LEFT) / 2
    _boxed_lines(canvas, LEFT, 202, half, "Vendor", order.supplier.address_lines)
    _boxed_lines(canvas, LEFT + half, 202, half, "Ship-to Address", order.ship_to.address_lines)

    y = _TABLE.header(canvas, 284)
    for line in order.lines:
        cells = [
            f"{line.position:05d}" if index % 2 == 0 else str(line.position),
            line.item_code,
            line.description,
            formats.quantity(line.quantity, places=3),
            line.unit,
            formats.money(line.list_price),
            formats.money(line.line_total),
        ]
        y = _TABLE.row(canvas, y, cells)

    rate = formats.percent(order.tax_lines[0].rate)
    rows = (
        ("Total net value", formats.money(order.subtotal)),
        (f"Tax {rate}", formats.money(order.tax)),
        (f"Total amount {order.currency}", formats.money(order.total)),
    )
    y += 12
    for n, (label, value) in enumerate(rows):
        last = n == len(rows) - 1
        canvas.rect(330, y, RIGHT, y + 18, width=1 if last else 0.6, fill=LIGHT if last else None)
        canvas.line(460, y, 460, y + 18, width=0.6)
        canvas.text(335, y + 12.5, label, size=9, bold=last)
        canvas.text(RIGHT - 5, y + 12.5, value, size=9, bold=last, align="right")
        y += 18
    if order.notes:
        canvas.rect(LEFT, y + 14, RIGHT, y + 48, width=0.6)
        canvas.text(LEFT + 5, y + 24, "Remarks", size=7, color=GREY)
        canvas.text(LEFT + 5, y + 39, order.notes, size=9)
    footers(
        doc,
        [
            "This order is subject to our general terms of purchase. "
            f"Please send the order confirmation to {buyer.email}.",
            f"{buyer.name} · {tax_id_text(buyer)}",
        ],
        "Page {page} / {pages}",
    )
    return pdf_bytes(doc)
