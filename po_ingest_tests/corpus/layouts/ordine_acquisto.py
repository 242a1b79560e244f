"""`ordine_acquisto`: an Italian "Ordine d'acquisto" from a gestionale: a ruled grid with
"Cod. articolo | Descrizione | U.M. | Q.tà | Prezzo unitario | Sc. % | Importo" (the price
title wraps), a delivery note as a text row inside the grid, 1.234,56 amounts, dates as
"5 marzo 2026" or 05/03/26, and "Totale merce / Sconto 3% 12,34- / Spese di trasporto /
IVA 22% / IVA 10% / Totale documento"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    TotalsWording,
    accent,
    address_block,
    adjusted_totals,
    footers,
    totals_column,
)
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

NAME = "ordine_acquisto"
# region, PO number style, order date style, order discount in percent
_ORDERS = (
    ("IT", "slash", "italian_long", "3"),
    ("IT", "plain", "dmy_short", "0"),
    ("DE", "po_year", "italian_long", "5"),
    ("IT", "b_year", "dmy_slash", "2"),
    ("AT", "slash", "dmy_short", "4"),
    ("IT", "plain", "italian_long", "0"),
)
_TABLE = Table(
    LEFT,
    (
        Column("Cod. articolo", 70),
        Column("Descrizione", 190),
        Column("U.M.", 32, "center"),
        Column("Q.tà", 48, "right"),
        Column("Prezzo unitario", 52, "right"),
        Column("Sc. %", 36, "right"),
        Column("Importo", 77, "right"),
    ),
    size=8,
    grid=True,
    header_fill=LIGHT,
)
_STRIP_X = (LEFT, 170, 290, 420)


def spec(index: int) -> OrderSpec:
    region, po_style, _, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    rates = (Decimal("0.22"), Decimal("0.10"))
    return OrderSpec(
        "EUR",
        region,
        rates,
        po_style,
        line_count=(3, 7),
        language="it",
        discounts=index % 2 == 1,
        allowance_pct=Decimal(discount),
        charges=True,
        project_chance=1.0,
    )


def _money(value: Decimal) -> str:
    return formats.money(value, "de")


def _cells(line) -> list[str]:
    return [
        line.item_code,
        line.description,
        line.unit,
        formats.quantity(line.quantity, "de", places=2),
        _money(line.list_price),
        formats.decimal_text(line.discount_pct) if line.discount_pct else "",
        _money(line.line_total),
    ]


_WORDING = TotalsWording(
    "Totale merce",
    "Sconto {pct}%",
    "Spese di trasporto",
    "IVA {rate}%",
    "Totale documento {currency}",
)


def _totals(order: Order, discount: str) -> list[tuple[str, str]]:
    return adjusted_totals(order, _WORDING, style="de", negative="trailing", discount_pct=discount)


def render(order: Order, index: int) -> bytes:
    _, _, date_style, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    doc = new_document(f"Ordine d'acquisto {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 56, buyer.name, size=14, bold=True, color=accent(index))
    canvas.lines(LEFT, 70, (buyer.street, buyer.city, f"P.IVA {buyer.tax_id}"), size=8)
    canvas.text(RIGHT, 56, "ORDINE D'ACQUISTO", size=15, bold=True, align="right")

    strip = (
        ("Numero ordine", order.po_number),
        ("Data ordine", formats.date_text(order.order_date, date_style)),
        ("Commessa", order.project_code or "-"),
        ("Cod. fornitore", order.supplier_number),
    )
    canvas.rect(LEFT, 106, RIGHT, 140, color=GREY, width=0.5)
    for x, (label, value) in zip(_STRIP_X, strip, strict=True):
        canvas.text(x + 6, 118, label, size=7, color=GREY)
        canvas.text(x + 6, 133, value, size=9.5, bold=x == LEFT)

    address_block(canvas, LEFT, 162, "Fornitore", order.supplier.address_lines)
    address_block(canvas, 310, 162, "Luogo di consegna", order.ship_to.address_lines)

    y = _TABLE.header(canvas, 232)
    for line in order.lines:
        y = _TABLE.row(canvas, y, _cells(line))
    delivery = formats.date_text(order.delivery_date, "dmy_slash")
    y = _TABLE.text_row(canvas, y, f"Consegna richiesta entro il {delivery}", column=1)

    y = totals_column(canvas, y + 22, _totals(order, discount), label_x=445, size=9)
    y = canvas.lines(LEFT, y + 8, [f"Pagamento: {order.payment_terms}"], size=8.5)
    if order.notes:
        canvas.lines(LEFT, y, [f"Note: {order.notes}"], size=8.5)
    footers(doc, [f"{buyer.name} - {buyer.email}"], "Pagina {page} di {pages}")
    return pdf_bytes(doc)
