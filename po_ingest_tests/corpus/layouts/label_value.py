"""`label_value`: letterhead, "Label: value" header lines, a ruled item table, totals below it."""

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
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "label_value"
_ORDERS = (
    ("EUR", "DE", "0.19", "po_year"),
    ("USD", "US", "0.0725", "po_year"),
    ("GBP", "UK", "0.20", "slash"),
    ("CHF", "CH", "0.081", "po_year"),
    ("EUR", "NL", "0.21", "slash"),
    ("USD", "US", "0.06625", "ord"),
)
_PO_LABELS = ("PO Number", "PO No.", "Purchase Order No.")
_DATE_LABELS = ("Order Date", "Date", "PO Date")
_SUPPLIER_LABELS = ("Supplier", "Vendor")
_PROJECT_LABELS = ("Project", "Project Code", "Job No.")
_TABLE = Table(
    LEFT,
    (
        Column("Line", 30),
        Column("Item Code", 80),
        Column("Description", 175),
        Column("Qty", 48, "right"),
        Column("Unit", 36),
        Column("Unit Price", 62, "right"),
        Column("Total", 74, "right"),
    ),
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style, line_count=(3, 9))


def render(order: Order, index: int) -> bytes:
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 58, buyer.name, size=15, bold=True)
    canvas.text(RIGHT, 58, "PURCHASE ORDER", size=17, bold=True, align="right", color=accent(index))
    canvas.text(LEFT, 72, f"{buyer.street}, {buyer.city}, {buyer.country}", size=8, color=GREY)
    canvas.text(LEFT, 83, f"Tel. {buyer.phone}  |  {buyer.email}", size=8, color=GREY)
    canvas.line(LEFT, 92, RIGHT, 92, color=accent(index), width=1.5)

    date_style = "iso" if index % 2 else "long"
    header = [
        (_PO_LABELS[index % 3], order.po_number),
        (_DATE_LABELS[index % 3], formats.date_text(order.order_date, date_style)),
        (_SUPPLIER_LABELS[index % 2], order.supplier.name),
        (_PROJECT_LABELS[index % 3], order.project_code),
        ("Currency", order.currency),
        ("Delivery Date", formats.date_text(order.delivery_date, date_style)),
        ("Requested by", order.contact),
    ]
    y = 118
    for label, value in header:
        if value:
            canvas.text(LEFT, y, f"{label}: {value}", size=9.5)
            y += 14
    right = address_block(canvas, 330, 118, "Supplier address:", order.supplier.address_lines)
    right = address_block(canvas, 330, right + 6, "Delivery address:", order.ship_to.address_lines)

    y = _TABLE.header(canvas, max(y, right) + 6)
    for line in order.lines:
        cells = [
            str(line.position),
            line.item_code,
            line.description,
            formats.quantity(line.quantity),
            line.unit,
            formats.money(line.list_price),
            formats.money(line.line_total),
        ]
        y = _TABLE.row(canvas, y, cells)
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.8)

    tax_word = "Sales Tax" if order.currency == "USD" else "VAT"
    rate = formats.percent(order.tax_lines[0].rate)
    rows = [
        ("Subtotal:", formats.money(order.subtotal)),
        (f"{tax_word} ({rate}):", formats.money(order.tax)),
        ("Total:", formats.money(order.total)),
    ]
    y = totals_column(canvas, y + 18, rows, label_x=470)
    y = canvas.lines(LEFT, y + 8, [f"Payment terms: {order.payment_terms}"])
    if order.notes:
        canvas.text(LEFT, y, f"Notes: {order.notes}")
    footers(
        doc,
        [
            f"{buyer.name} · {buyer.street} · {buyer.city} · {tax_id_text(buyer)}",
            "Please quote our PO number on all invoices, delivery notes and correspondence.",
        ],
        "Page {page} of {pages}",
    )
    return pdf_bytes(doc)
