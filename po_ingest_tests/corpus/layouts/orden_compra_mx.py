"""`orden_compra_mx`: a Mexican "Orden de Compra" from an ERP: "Orden de Compra No." or
"No. de Orden", "Fecha de emisión", the supplier's RFC, "Partida | Clave | Descripción |
Cant. | Unidad | P. Unitario | Importe" (or "Cantidad / U. de M. / Precio Unitario"),
$ 1,234.56 amounts with the currency named only as "MXN" (beside the total or as
"Moneda: MXN"), dates 05/03/2026, 05-mar-2026 or "5 de marzo de 2026", and "Subtotal /
Descuento / Flete / IVA 16% / Total"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    accent,
    address_block,
    footers,
    numbered_item_cells,
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

NAME = "orden_compra_mx"
# PO number style, date style, discount percent, currency printed in the header
_ORDERS = (
    ("ord", "dmy_slash", "0", True),
    ("plain", "spanish_short", "5", False),
    ("po_year", "spanish_long", "0", False),
    ("plain", "dmy_slash", "3", True),
    ("ord", "spanish_short", "0", False),
    ("b_year", "spanish_long", "2", True),
)
# number label, date label
_LABELS = (
    ("Orden de Compra No.", "Fecha de emisión"),
    ("No. de Orden", "Fecha"),
    ("Orden de compra", "Fecha de pedido"),
)
_COLUMNS = (
    (
        Column("Partida", 36),
        Column("Clave", 62),
        Column("Descripción", 205),
        Column("Cant.", 42, "right"),
        Column("Unidad", 40),
        Column("P. Unitario", 56, "right"),
        Column("Importe", 64, "right"),
    ),
    (
        Column("Partida", 36),
        Column("Clave", 62),
        Column("Descripción", 185),
        Column("Cantidad", 50, "right"),
        Column("U. de M.", 40),
        Column("Precio Unitario", 58, "right"),  # the title wraps
        Column("Importe", 74, "right"),
    ),
)


def _order(index: int) -> tuple:
    return _ORDERS[(index - 1) % len(_ORDERS)]


def spec(index: int) -> OrderSpec:
    po_style, _, discount, _ = _order(index)
    return OrderSpec(
        "MXN",
        "MX",
        (Decimal("0.16"),),
        po_style,
        line_count=(3, 9),
        language="es",
        allowance_pct=Decimal(discount),
        charges=index % 3 == 0,
        project_chance=0.5,
    )


def _pesos(value: Decimal) -> str:
    return f"$ {formats.money(value)}"


def _totals(order: Order) -> list[tuple[str, str]]:
    rows = [("Subtotal", _pesos(order.subtotal))]
    if order.allowances:
        rows.append(("Descuento", f"-{_pesos(order.allowances)}"))
    if order.charges:
        rows.append(("Flete", _pesos(order.charges)))
    rows.append(("IVA 16%", _pesos(order.tax)))
    rows.append(("Total", f"{_pesos(order.total)} MXN"))
    return rows


def render(order: Order, index: int) -> bytes:
    _, date_style, _, currency_in_header = _order(index)
    number_label, date_label = _LABELS[index % len(_LABELS)]
    doc = new_document(f"Orden de Compra {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 54, buyer.name, size=12, bold=True, color=accent(index))
    canvas.lines(LEFT, 67, (buyer.street, buyer.city, f"RFC: {buyer.tax_id}"), size=8)
    canvas.text(RIGHT, 54, "ORDEN DE COMPRA", size=15, bold=True, align="right")
    pairs = [(number_label, order.po_number)]
    pairs.append((date_label, formats.date_text(order.order_date, date_style)))
    if currency_in_header:
        pairs.append(("Moneda", "MXN"))
    if order.project_code:
        pairs.append(("Proyecto", order.project_code))
    for n, (label, value) in enumerate(pairs):
        canvas.text(380, 74 + 12 * n, f"{label}:", size=8.5, color=GREY)
        canvas.text(RIGHT, 74 + 12 * n, value, size=8.5, bold=n == 0, align="right")
    supplier = (*order.supplier.address_lines, f"RFC: {order.supplier.tax_id}")
    address_block(canvas, LEFT, 130, "Proveedor", supplier)
    address_block(canvas, 310, 130, "Entregar en", order.ship_to.address_lines)
    table = Table(LEFT, _COLUMNS[index % 2], size=8, header_fill=LIGHT, grid=index % 2 == 0)
    y = table.header(canvas, 222)
    for line in order.lines:
        y = table.row(canvas, y, numbered_item_cells(line))
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.6)
    y = totals_column(canvas, y + 20, _totals(order), label_x=430, size=9)
    terms = [f"Condiciones de pago: {order.payment_terms}"]
    y = canvas.lines(LEFT, y + 6, terms, size=8.5)
    if order.notes:
        canvas.lines(LEFT, y, [f"Observaciones: {order.notes}"], size=8.5)
    footers(doc, [f"{buyer.name} - {buyer.email}"], "Hoja {page} de {pages}")
    return pdf_bytes(doc)
