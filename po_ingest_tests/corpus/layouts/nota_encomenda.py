"""`nota_encomenda`: a Portuguese "Nota de encomenda" from an invoicing package: code and
description in one "Artigo / Designação" cell, a section heading inside the unruled,
zebra-striped table, 1 234,56 amounts, dates as "1º de março de 2026", 01-03-2026 or ISO,
and "Total ilíquido / Desconto comercial / Portes / IVA 23% / IVA 6% / Total (EUR)"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    TotalsWording,
    accent,
    address_block,
    adjusted_totals,
    footers,
    label_pairs,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    LEFT,
    RIGHT,
    WHITE,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "nota_encomenda"
# region, PO number style, order date style, order discount in percent
_ORDERS = (
    ("PT", "b_year", "portuguese_long", "5"),
    ("PT", "plain", "dmy_dash", "0"),
    ("PT", "ord", "portuguese_long", "2"),
    ("PT", "b_year", "iso", "3"),
    ("PT", "slash", "dmy_dash", "0"),
    ("PT", "plain", "portuguese_long", "8"),
)
_STRIPE = (0.94, 0.95, 0.97)


def spec(index: int) -> OrderSpec:
    region, po_style, _, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        "EUR",
        region,
        (Decimal("0.23"), Decimal("0.06")),
        po_style,
        line_count=(3, 8),
        language="pt",
        allowance_pct=Decimal(discount),
        charges=index % 3 != 0,
        project_chance=0.7,
    )


def _table(index: int) -> Table:
    return Table(
        LEFT,
        (
            Column("Artigo / Designação", 255),
            Column("Qtd.", 50, "right"),
            Column("Un.", 34),
            Column("Preço unitário", 48, "right"),  # the title wraps
            Column("Taxa IVA", 40, "right"),
            Column("Valor", 78, "right"),
        ),
        size=8.5,
        header_fill=accent(index),
        header_color=WHITE,
    )


def _money(value: Decimal) -> str:
    return formats.money(value, "fr")


_WORDING = TotalsWording(
    "Total ilíquido", "Desconto comercial {pct}%", "Portes", "IVA {rate}%", "Total ({currency})"
)


def _totals(order: Order, discount: str) -> list[tuple[str, str]]:
    return adjusted_totals(order, _WORDING, style="fr", negative="minus", discount_pct=discount)


def render(order: Order, index: int) -> bytes:
    _, _, date_style, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    doc = new_document(f"Nota de encomenda {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 58, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 71, (buyer.street, buyer.city, f"NIF {buyer.tax_id}"), size=8.5)
    canvas.text(RIGHT, 58, "NOTA DE ENCOMENDA", size=16, bold=True, align="right")
    pairs = [
        ("N.º da encomenda", order.po_number),
        ("Data", formats.date_text(order.order_date, date_style)),
        ("Moeda", order.currency),
    ]
    if order.project_code:
        pairs.append(("Obra", order.project_code))
    label_pairs(canvas, 345, 84, pairs)
    address_block(canvas, LEFT, 150, "Fornecedor", order.supplier.address_lines)
    address_block(canvas, 310, 150, "Local de entrega", order.ship_to.address_lines)

    table = _table(index)
    y = table.header(canvas, 226)
    y = table.text_row(canvas, y, "Fornecimento de materiais", column=0, bold=True)
    for n, line in enumerate(order.lines):
        cells = [
            f"{line.item_code} {line.description}",
            formats.quantity(line.quantity, "fr"),
            line.unit,
            _money(line.list_price),
            f"{formats.decimal_text(line.vat_rate * 100)}%",
            _money(line.line_total),
        ]
        y = table.row(canvas, y, cells, fill=_STRIPE if n % 2 else None)
    canvas.line(LEFT, y, RIGHT, y, width=0.6)

    y = totals_column(canvas, y + 22, _totals(order, discount), label_x=445)
    delivery = formats.date_text(order.delivery_date, "dmy_dash")
    terms = [f"Condições de pagamento: {order.payment_terms}", f"Data de entrega: {delivery}"]
    y = canvas.lines(LEFT, y + 8, terms, size=8.5)
    if order.notes:
        canvas.lines(LEFT, y, [f"Observações: {order.notes}"], size=8.5)
    footers(doc, [f"{buyer.name} - {buyer.email}"], "Página {page} de {pages}")
    return pdf_bytes(doc)
