"""`pedido_compra_br`: a Brazilian ERP "Pedido de Compra", one or two pages: CNPJ and
Inscrição Estadual of both parties in the header, "Item | Código | Descrição | Qtde | Un. |
Vlr. Unit. | Vlr. Total" or "Quantidade / UN / Valor Unitário / Valor Total", dates
05/03/2026, R$ 1.234,56, and "Total dos Produtos / Desconto / Frete / IPI / Valor Total do
Pedido" (or "Valor dos Produtos … Total Geral")."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, footers, numbered_item_cells, totals_column
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.paging import PageBreak, paged_rows
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

NAME = "pedido_compra_br"
_BOTTOM = PAGE_HEIGHT - 80
# PO number style, date style, lines, IPI rates, discount percent
_ORDERS = (
    ("plain", "dmy_slash", (4, 9), ("0.05",), "0"),
    ("plain", "dmy_slash", (24, 32), ("0.10", "0.05"), "3"),
    ("ord", "dmy_short", (5, 10), ("0.10",), "5"),
    ("plain", "dmy_slash", (3, 7), ("0.15", "0.05"), "0"),
    ("po_year", "dmy_slash", (26, 34), ("0.05",), "2"),
    ("plain", "dmy_short", (6, 12), ("0.10", "0.05"), "0"),
)
# title, number label, date label, products label, total label
_WORDING = (
    (
        "PEDIDO DE COMPRA",
        "Nº do Pedido",
        "Data de Emissão",
        "Total dos Produtos",
        "Valor Total do Pedido",
    ),
    (
        "Pedido de Compra",
        "Pedido de Compra Nº",
        "Data do Pedido",
        "Valor dos Produtos",
        "Total Geral",
    ),
)
_COLUMNS = (
    (
        Column("Item", 28),
        Column("Código", 62),
        Column("Descrição", 200),
        Column("Qtde", 48, "right"),
        Column("Un.", 30, "center"),
        Column("Vlr. Unit.", 62, "right"),
        Column("Vlr. Total", 75, "right"),
    ),
    (
        Column("Item", 28),
        Column("Código", 62),
        Column("Descrição", 185),
        Column("Quantidade", 58, "right"),
        Column("UN", 28, "center"),
        Column("Valor Unitário", 64, "right"),
        Column("Valor Total", 80, "right"),
    ),
)


def _order(index: int) -> tuple:
    return _ORDERS[(index - 1) % len(_ORDERS)]


def spec(index: int) -> OrderSpec:
    po_style, _, lines, rates, discount = _order(index)
    return OrderSpec(
        "BRL",
        "BR",
        tuple(Decimal(r) for r in rates),
        po_style,
        line_count=lines,
        language="pt",
        allowance_pct=Decimal(discount),
        charges=index % 2 == 0,
        project_chance=0.4,
    )


def _money(value: Decimal) -> str:
    return formats.money(value, "de")


def _totals(order: Order, index: int) -> list[tuple[str, str]]:
    *_, products, total = _WORDING[index % 2]

    def real(value: Decimal) -> str:
        return f"R$ {_money(value)}"

    # Some ERPs sign the adjustments in the label: "(-) Desconto", "(+) Frete".
    minus, plus = ("(-) ", "(+) ") if index % 2 else ("", "")
    rows = [(products, real(order.subtotal))]
    if order.allowances:
        rows.append((f"{minus}Desconto", real(order.allowances)))
    if order.charges:
        rows.append((f"{plus}Frete", real(order.charges)))
    if len(order.tax_lines) == 1:
        rows.append((f"{plus}Valor do IPI", real(order.tax)))
    else:
        for tax in order.tax_lines:
            rate = formats.decimal_text(tax.rate * 100)
            rows.append((f"{plus}IPI {rate}%", real(tax.amount)))
    rows.append((total, real(order.total)))
    return rows


def _party_box(canvas: Canvas, y: float, title: str, party, lines: list[str]) -> float:
    canvas.rect(LEFT, y, RIGHT, y + 52, color=GREY, width=0.5)
    canvas.text(LEFT + 6, y + 11, title, size=7.5, bold=True, color=GREY)
    canvas.text(LEFT + 6, y + 24, party.name, size=9, bold=True)
    canvas.lines(LEFT + 6, y + 35, lines, size=8)
    return y + 52


def render(order: Order, index: int) -> bytes:
    _, date_style, *_ = _order(index)
    title, number_label, date_label, *_ = _WORDING[index % 2]
    doc = new_document(f"Pedido de Compra {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer, supplier = order.buyer, order.supplier
    canvas.text(LEFT, 54, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 67, (buyer.street, buyer.city, f"CNPJ: {buyer.tax_id}"), size=8)
    heading = f"{title} {order.po_number}" if number_label.startswith(title) else title
    canvas.text(RIGHT, 54, heading.upper(), size=14, bold=True, align="right")
    date = formats.date_text(order.order_date, date_style)
    pairs = [(number_label, order.po_number), (date_label, date)]
    if order.project_code:
        pairs.append(("Centro de custo", order.project_code))
    for n, (label, value) in enumerate(pairs):
        canvas.text(390, 74 + 12 * n, label, size=8.5, color=GREY)
        canvas.text(RIGHT, 74 + 12 * n, value, size=8.5, bold=n == 0, align="right")
    supplier_lines = [
        f"{supplier.street} - {supplier.city}",
        f"CNPJ: {supplier.tax_id}   Inscr. Estadual: {supplier.tax_id[:3].replace('.', '')}.{index:03d}.114.118",
    ]
    y = _party_box(canvas, 112, "FORNECEDOR", supplier, supplier_lines)
    delivery = formats.date_text(order.delivery_date, "dmy_slash")
    y = canvas.lines(
        LEFT,
        y + 16,
        [
            f"Local de entrega: {order.ship_to.name}, {order.ship_to.city}",
            f"Prazo de entrega: {delivery}   Condição de pagamento: {order.payment_terms}",
        ],
        size=8.5,
    )
    table = Table(LEFT, _COLUMNS[index % 2], size=8, grid=index % 3 == 0)
    y = table.header(canvas, y + 4)

    def next_page() -> tuple[Canvas, float]:
        return Canvas(new_page(doc)), 60.0

    canvas, y = paged_rows(
        canvas,
        y,
        table,
        order.lines,
        lambda line: numbered_item_cells(line, "de"),
        bottom=_BOTTOM,
        page_break=PageBreak(None, None, label_column=2),
        next_page=next_page,
        style="de",
    )
    if y + 110 > _BOTTOM:
        canvas, y = next_page()
    canvas.line(LEFT, y, RIGHT, y, color=GREY, width=0.6)
    y = totals_column(canvas, y + 20, _totals(order, index), label_x=440, size=9)
    if order.notes:
        canvas.lines(LEFT, y + 6, [f"Observações: {order.notes}"], size=8.5)
    footers(
        doc, [f"{buyer.name} - CNPJ {buyer.tax_id} - {buyer.email}"], "Página {page} de {pages}"
    )
    return pdf_bytes(doc)
