"""`orden_compra`: a Spanish "Orden de Compra" with 1.234,56 amounts, day-first slashed
dates (03/04/2026 is the 3rd of April in Spanish) and "Base imponible / IVA / Total"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    accent,
    address_block,
    coded_item_cells,
    footers,
    label_pairs,
    letterhead,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    LEFT,
    WHITE,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "orden_compra"
_ORDERS = (
    ("EUR", "NL", "0.21", "slash", "dmy_slash"),
    ("EUR", "DE", "0.21", "po_year", "spanish_long"),
    ("EUR", "AT", "0.10", "plain", "dmy_slash"),
    ("USD", "US", "0.16", "ord", "spanish_long"),
    ("EUR", "NL", "0.21", "slash", "dmy_slash"),
    ("EUR", "DE", "0.21", "po_year", "dmy_slash"),
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style, _ = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style)


def _table(index: int) -> Table:
    return Table(
        LEFT,
        (
            Column("Código", 75),
            Column("Descripción", 200),
            Column("Cantidad", 55, "right"),
            Column("Ud.", 35),
            Column("Precio unitario", 70, "right"),
            Column("Importe", 70, "right"),
        ),
        size=8.5,
        header_fill=accent(index),
        header_color=WHITE,
    )


def render(order: Order, index: int) -> bytes:
    date_style = _ORDERS[(index - 1) % len(_ORDERS)][4]
    doc = new_document(f"Orden de compra {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    letterhead(canvas, buyer, "ORDEN DE COMPRA", index, "Tel.")
    pairs = (
        ("Orden de compra Nº:", order.po_number),
        ("Fecha:", formats.date_text(order.order_date, date_style)),
        ("Obra:", order.project_code or "-"),
        ("Fecha de entrega:", formats.date_text(order.delivery_date, "dmy_slash")),
    )
    label_pairs(canvas, 350, 80, pairs)
    address_block(canvas, LEFT, 150, "Proveedor", order.supplier.address_lines)
    address_block(canvas, 310, 150, "Dirección de entrega", order.ship_to.address_lines)

    table = _table(index)
    y = table.header(canvas, 240)
    for line in order.lines:
        cells = coded_item_cells(line, "de")
        y = table.row(canvas, y, cells)

    rate = formats.percent(order.tax_lines[0].rate, "de")
    rows = (
        ("Base imponible", f"{formats.money(order.subtotal, 'de')} {order.currency}"),
        (f"IVA {rate}", f"{formats.money(order.tax, 'de')} {order.currency}"),
        ("Total", f"{formats.money(order.total, 'de')} {order.currency}"),
    )
    y = totals_column(canvas, y + 24, rows, label_x=440)
    canvas.lines(LEFT, y + 8, [f"Forma de pago: {order.payment_terms}"], size=8.5)
    footers(doc, [f"{buyer.name} · {buyer.email}"], "Página {page} de {pages}")
    return pdf_bytes(doc)
