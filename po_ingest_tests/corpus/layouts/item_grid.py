"""`item_grid`: a small-business form from an invoicing tool: a ruled grid "Item No. |
Description | Quantity | Unit Price | Total" (left-aligned numbers, or on even-numbered
documents wide columns with centred titles over right-aligned numbers), "P/O No.", and
shipping and sales tax between the subtotal and the total."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import address_block, footers, label_pairs, totals_column
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import LEFT, RIGHT, Canvas, new_document, new_page, pdf_bytes
from po_ingest_tests.corpus.table import Column, Table

NAME = "item_grid"
_ORDERS = (
    ("USD", "US", "0.0825", "plain", "us"),
    ("USD", "US", "0.06", "po_year", "long"),
    ("GBP", "UK", "0.20", "plain", "short"),
    ("USD", "US", "0.07", "plain", "iso"),
    ("CAD", "US", "0.13", "po_year", "us"),
    ("USD", "US", "0.045", "plain", "long"),
)
_LEFT_ALIGNED = Table(
    LEFT,
    (
        Column("Item No.", 80),
        Column("Description", 170),
        Column("Quantity", 55),
        Column("Unit", 40),
        Column("Unit Price", 75),
        Column("Total", 85),
    ),
    grid=True,
    size=9,
)
_CENTRED = Table(
    LEFT,
    (
        Column("Item No.", 70),
        Column("Description", 150),
        Column("Quantity", 75, "right"),
        Column("Unit", 40, "center"),
        Column("Unit Price", 80, "right"),
        Column("Total", 90, "right"),
    ),
    grid=True,
    size=9,
    header_align="center",
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style, _ = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style, charges=True)


def render(order: Order, index: int) -> bytes:
    date_style = _ORDERS[(index - 1) % len(_ORDERS)][4]
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 60, buyer.name, size=14, bold=True)
    canvas.lines(LEFT, 74, (buyer.street, buyer.city, buyer.phone), size=8.5)
    canvas.text(RIGHT, 60, "PURCHASE ORDER", size=18, bold=True, align="right")
    pairs = (
        ("P/O No.:", order.po_number),
        ("Date:", formats.date_text(order.order_date, date_style)),
        ("Job No.:", order.project_code or "-"),
    )
    label_pairs(canvas, 390, 84, pairs, bold_first=False)
    address_block(canvas, LEFT, 140, "Vendor", order.supplier.address_lines)
    address_block(canvas, 310, 140, "Ship To", order.ship_to.address_lines)

    table = _CENTRED if index % 2 == 0 else _LEFT_ALIGNED
    y = table.header(canvas, 230)
    for line in order.lines:
        cells = [
            line.item_code,
            line.description,
            formats.quantity(line.quantity),
            line.unit,
            formats.amount(line.list_price, order.currency),
            formats.amount(line.line_total, order.currency),
        ]
        y = table.row(canvas, y, cells)

    rate = formats.percent(order.tax_lines[0].rate)
    rows = (
        ("Subtotal", formats.amount(order.subtotal, order.currency)),
        ("Shipping & Handling", formats.amount(order.charges, order.currency)),
        (f"Sales Tax ({rate})", formats.amount(order.tax, order.currency)),
        ("Total", formats.amount(order.total, order.currency)),
    )
    y = totals_column(canvas, y + 22, rows, label_x=455)
    canvas.lines(LEFT, y + 10, [f"Terms: {order.payment_terms}"], size=8.5)
    footers(doc, [f"Questions about this order? {buyer.email}"], "Page {page} of {pages}")
    return pdf_bytes(doc)
