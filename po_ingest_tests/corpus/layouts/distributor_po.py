"""`distributor_po`: a US distributor's cloud-ERP purchase order over two or three pages:
the order header and the column titles repeated on every page, titles wrapping onto two
lines ("Unit / Price", "Line / Total"), item code and description in one wrapping cell,
section headings and a delivery note as text rows, a "U/M" unit column, "Mar 5, 2026" dates, $ amounts and a
discount in parentheses in "Subtotal / Discount / Freight / Sales Tax / Total"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, address_block, footers, totals_column
from po_ingest_tests.corpus.orders import Order, OrderLine, OrderSpec
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

NAME = "distributor_po"
# currency, region, sales tax rate, PO number style, order date style, discount percent
_ORDERS = (
    ("USD", "US", "0.0725", "po_year", "us", "5"),
    ("USD", "US", "0.06", "ord", "long", "0"),
    ("GBP", "UK", "0.20", "po_year", "us", "3"),
    ("USD", "US", "0.0825", "plain", "us", "10"),
    ("USD", "US", "0.07", "ord", "long", "2"),
    ("GBP", "UK", "0.20", "plain", "us", "0"),
)
_BOTTOM = PAGE_HEIGHT - 80  # last row bottom before the footer
_TABLE = Table(
    LEFT,
    (
        Column("Line", 30),
        Column("Item / Description", 284),
        Column("Qty", 55, "right"),
        Column("U/M", 45),  # "Units" alone may name a quantity
        Column("Unit Price", 44, "right"),  # narrow: the titles wrap onto two lines
        Column("Line Total", 47, "right"),
    ),
    size=8.5,
    pad=4,
    header_fill=(0.86, 0.9, 0.95),
)
_SECTIONS = ("Section A - Structural materials", "Section B - Site supplies and services")


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style, _, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        currency,
        region,
        (Decimal(rate),),
        po_style,
        line_count=(24, 40),
        allowance_pct=Decimal(discount),
        charges=True,
        project_chance=0.6,
    )


def _page_header(canvas: Canvas, order: Order, index: int, date_style: str) -> float:
    """The same block on every page: buyer, title, PO number and date; returns its bottom."""
    buyer = order.buyer
    canvas.text(LEFT, 52, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 65, (buyer.street, buyer.city, buyer.phone), size=8)
    canvas.text(RIGHT, 52, "Purchase Order", size=18, bold=True, align="right")
    pairs = (
        ("PO #", order.po_number),
        ("Date", formats.date_text(order.order_date, date_style)),
    )
    for n, (label, value) in enumerate(pairs):
        canvas.text(400, 72 + 12 * n, label, size=8.5, color=GREY)
        canvas.text(RIGHT, 72 + 12 * n, value, size=8.5, bold=n == 0, align="right")
    canvas.line(LEFT, 104, RIGHT, 104, color=GREY, width=0.5)
    return 104


def _first_page_parties(canvas: Canvas, order: Order, top: float) -> float:
    left = address_block(canvas, LEFT, top + 18, "Vendor", order.supplier.address_lines)
    right = address_block(canvas, 310, top + 18, "Ship To", order.ship_to.address_lines)
    details = [
        f"Terms: {order.payment_terms}",
        f"Required by: {formats.date_text(order.delivery_date, 'us_numeric')}",
    ]
    if order.project_code:
        details.append(f"Project: {order.project_code}")
    left = canvas.lines(LEFT, left + 6, details, size=8.5)
    return max(left, right) + 4


def _cells(line: OrderLine) -> list[str]:
    return [
        str(line.position),
        f"{line.item_code} {line.description}",
        formats.quantity(line.quantity),
        line.unit,
        formats.money(line.list_price),
        formats.money(line.line_total),
    ]


def _totals(order: Order, discount: str) -> list[tuple[str, str]]:
    def money(value: Decimal) -> str:
        return formats.amount(value, order.currency)

    rows = [("Subtotal", money(order.subtotal))]
    if order.allowances:
        rows.append((f"Discount {discount}%", f"({money(order.allowances)})"))
    rows.append(("Freight", money(order.charges)))
    rate = formats.percent(order.tax_lines[0].rate)
    rows.append((f"Sales Tax ({rate})", money(order.tax)))
    rows.append(("Total", money(order.total)))
    return rows


def render(order: Order, index: int) -> bytes:
    *_, date_style, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)

    def next_page() -> tuple[Canvas, float]:
        canvas = Canvas(new_page(doc))
        return canvas, _TABLE.header(canvas, _page_header(canvas, order, index, date_style) + 10)

    canvas = Canvas(new_page(doc))
    top = _first_page_parties(canvas, order, _page_header(canvas, order, index, date_style))
    y = _TABLE.header(canvas, top)
    half = len(order.lines) // 2
    for n, line in enumerate(order.lines):
        if n in (0, half):
            if y + 40 > _BOTTOM:
                canvas, y = next_page()
            y = _TABLE.text_row(canvas, y, _SECTIONS[n > 0], column=1, bold=True)
        cells = _cells(line)
        if y + _TABLE.row_height(canvas, cells) > _BOTTOM:
            canvas, y = next_page()
        y = _TABLE.row(canvas, y, cells)
    y = _TABLE.text_row(canvas, y, "Deliver to gate 3, call the site office on arrival", column=1)
    if y + 120 > _BOTTOM:  # the totals block stays in one piece
        canvas, y = next_page()
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.6)
    y = totals_column(canvas, y + 20, _totals(order, discount), label_x=450)
    if order.notes:
        canvas.lines(LEFT, y + 6, [f"Memo: {order.notes}"], size=8.5)
    footers(doc, [f"{order.buyer.name} | {order.buyer.email}"], "Page {page} of {pages}")
    return pdf_bytes(doc)
