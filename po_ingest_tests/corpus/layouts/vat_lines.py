"""`vat_lines`: a European business letter; net total, one or two VAT lines, gross total."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import footers
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

NAME = "vat_lines"
# currency, region, VAT rates (a second rate splits the lines), PO style, tax word
_ORDERS = (
    ("EUR", "DE", ("0.19",), "bst", "VAT"),
    ("GBP", "UK", ("0.20",), "slash", "VAT"),
    ("CHF", "CH", ("0.081",), "b_year", "MwSt"),
    ("EUR", "DE", ("0.19", "0.07"), "bst", "MwSt"),
    ("EUR", "AT", ("0.20", "0.10"), "b_year", "VAT"),
    ("EUR", "NL", ("0.21",), "slash", "VAT"),
)
_NUMBER_STYLE = {"EUR": "de", "CHF": "ch", "GBP": "en"}
_DATE_STYLE = {"EUR": "dots", "CHF": "dots", "GBP": "short"}


def spec(index: int) -> OrderSpec:
    currency, region, rates, po_style, _ = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        currency, region, tuple(Decimal(r) for r in rates), po_style, line_count=(3, 8)
    )


def _table(currency: str) -> Table:
    return Table(
        LEFT,
        (
            Column("Pos.", 30),
            Column("Art. no.", 72),
            Column("Description", 170),
            Column("Qty", 45, "right"),
            Column("Unit", 36),
            Column(f"Price {currency}", 56, "right"),
            Column("VAT", 30, "right"),
            Column(f"Net {currency}", 66, "right"),
        ),
        size=8.5,
    )


def render(order: Order, index: int) -> bytes:
    _, _, _, _, tax_word = _ORDERS[(index - 1) % len(_ORDERS)]
    style, date_style = _NUMBER_STYLE[order.currency], _DATE_STYLE[order.currency]
    doc = new_document(f"Purchase Order {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(297.5, 52, buyer.name.upper(), size=15, bold=True, align="center")
    canvas.text(
        297.5, 65, f"{buyer.street} · {buyer.city} · {buyer.country}", size=8, align="center"
    )
    canvas.text(297.5, 76, f"Phone {buyer.phone} · {buyer.email}", size=8, align="center")
    canvas.line(LEFT, 84, RIGHT, 84, width=1.2)
    canvas.line(LEFT, 87, RIGHT, 87, width=0.4)

    canvas.text(LEFT, 122, f"{buyer.name} · {buyer.street} · {buyer.city}", size=6.5, color=GREY)
    canvas.line(LEFT, 124, 290, 124, color=GREY, width=0.3)
    canvas.lines(LEFT, 140, order.supplier.address_lines, size=10)
    info = [
        ("Order no.", order.po_number),
        ("Order date", formats.date_text(order.order_date, date_style)),
        ("Supplier no.", order.supplier_number),
        ("Project ref.", order.project_code),
        ("Delivery date", formats.date_text(order.delivery_date, date_style)),
        ("Your contact", order.contact),
    ]
    y = 122
    for label, value in info:
        if value:
            canvas.text(350, y, label, size=8.5, color=GREY)
            canvas.text(430, y, value, size=8.5)
            y += 12

    canvas.text(LEFT, 232, f"Purchase Order {order.po_number}", size=13, bold=True)
    intro = "Dear Sir or Madam, we hereby order the following under our general terms of purchase:"
    canvas.text(LEFT, 250, intro, size=9)
    table = _table(order.currency)
    y = table.header(canvas, 260)
    for line in order.lines:
        cells = [
            str(line.position),
            line.item_code,
            line.description,
            formats.quantity(line.quantity, style),
            line.unit,
            formats.money(line.list_price, style),
            formats.percent(line.vat_rate, style),
            formats.money(line.line_total, style),
        ]
        y = table.row(canvas, y, cells)
    canvas.line(LEFT, y, RIGHT, y, width=0.6)

    rows = [("Net total", formats.money(order.subtotal, style))]
    split = len(order.tax_lines) > 1
    for tax in order.tax_lines:
        label = f"{tax_word} {formats.percent(tax.rate, style)}"
        if split:  # with two rates each VAT line names the net amount it is computed on
            label += f" on {formats.money(tax.base, style)}"
        rows.append((label, formats.money(tax.amount, style)))
    if split:
        rows.append((f"Total {tax_word}", formats.money(order.tax, style)))
    rows.append((f"Gross total {order.currency}", formats.money(order.total, style)))
    y += 16
    for n, (label, value) in enumerate(rows):
        last = n == len(rows) - 1
        if last:
            canvas.line(330, y - 11, RIGHT, y - 11, width=0.8)
        canvas.text(335, y, label, size=9.5, bold=last)
        canvas.text(RIGHT, y, value, size=9.5, bold=last, align="right")
        y += 15
    canvas.line(330, y - 11, RIGHT, y - 11, width=0.8)
    canvas.line(330, y - 9, RIGHT, y - 9, width=0.8)

    y = canvas.lines(LEFT, y + 14, [f"Terms of payment: {order.payment_terms}"], size=9)
    y = canvas.lines(
        LEFT, y, ["Delivery address: " + ", ".join(order.ship_to.address_lines)], size=9
    )
    if order.notes:
        y = canvas.lines(LEFT, y, [f"Remarks: {order.notes}"], size=9)
    canvas.lines(LEFT, y + 12, ["Kind regards", "", order.contact, buyer.name], size=9)
    footers(
        doc,
        [
            f"{buyer.name} · {buyer.street} · {buyer.city} · {buyer.country}",
            f"VAT ID {buyer.tax_id} · Bank: IBAN on request · Orders without PO number are not accepted",
        ],
        "Page {page}/{pages}",
        size=6.5,
    )
    return pdf_bytes(doc)
