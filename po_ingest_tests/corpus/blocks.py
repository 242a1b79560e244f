"""Document parts several layouts share: address blocks, totals columns, footers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import pymupdf

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.orders import Order, OrderLine
from po_ingest_tests.corpus.parties import Party
from po_ingest_tests.corpus.render import GREY, LEFT, PAGE_HEIGHT, RIGHT, Canvas, Color

ACCENTS: tuple[Color, ...] = (
    (0.1, 0.25, 0.5),
    (0.55, 0.12, 0.1),
    (0.1, 0.4, 0.3),
    (0.3, 0.3, 0.35),
    (0.45, 0.3, 0.05),
    (0.2, 0.2, 0.55),
)


def accent(index: int) -> Color:
    return ACCENTS[index % len(ACCENTS)]


def tax_id_text(party: Party) -> str:
    """`VAT ID DE 811 204 377`; US employer numbers already say what they are (`EIN ...`)."""
    return party.tax_id if party.tax_id.startswith("EIN") else f"VAT ID {party.tax_id}"


def address_block(
    canvas: Canvas, x: float, y: float, title: str, lines: Sequence[str], *, size: float = 9
) -> float:
    """A bold title over address lines; returns the baseline below the block."""
    canvas.text(x, y, title, size=size, bold=True)
    return canvas.lines(x, y + size * 1.35, lines, size=size)


def totals_column(
    canvas: Canvas,
    y: float,
    rows: Sequence[tuple[str, str]],
    *,
    label_x: float,
    size: float = 9.5,
    bold_last: bool = True,
) -> float:
    """Labels right-aligned at `label_x`, values right-aligned at the right margin."""
    for n, (label, value) in enumerate(rows):
        bold = bold_last and n == len(rows) - 1
        if bold:
            canvas.line(label_x - 90, y - size - 2, RIGHT, y - size - 2, width=0.8)
        canvas.text(label_x, y, label, size=size, bold=bold, align="right")
        canvas.text(RIGHT, y, value, size=size, bold=bold, align="right")
        y += size * 1.7
    return y


def footers(
    doc: pymupdf.Document,
    lines: Sequence[str],
    page_label: str,
    *,
    font: str = "helv",
    size: float = 7,
    color: Color = GREY,
) -> None:
    """Footer lines and a page number on every page; call once all pages exist."""
    count = doc.page_count
    for number, page in enumerate(doc, start=1):
        canvas = Canvas(page, font)
        top = PAGE_HEIGHT - 22 - len(lines) * size * 1.3
        canvas.line(LEFT, top - size - 3, RIGHT, top - size - 3, color=color, width=0.4)
        canvas.lines(LEFT, top, lines, size=size, color=color)
        label = page_label.format(page=number, pages=count)
        canvas.text(RIGHT, top, label, size=size, align="right", color=color)


def label_pairs(
    canvas: Canvas,
    x: float,
    y: float,
    pairs: Sequence[tuple[str, str]],
    *,
    value_x: float = RIGHT,
    bold_first: bool = True,
) -> None:
    """Labels at `x`, one line each, their values right-aligned at `value_x` (the first,
    the order number, in bold)."""
    for n, (label, value) in enumerate(pairs):
        canvas.text(x, y + 13 * n, label, size=9)
        canvas.text(value_x, y + 13 * n, value, size=9, bold=bold_first and n == 0, align="right")


def letterhead(canvas: Canvas, buyer: Party, title: str, index: int, phone: str) -> None:
    """The buyer's name and address top left in the accent colour, the title top right."""
    canvas.text(LEFT, 58, buyer.name, size=13, bold=True, color=accent(index))
    canvas.lines(LEFT, 71, (buyer.street, buyer.city, f"{phone} {buyer.phone}"), size=8.5)
    canvas.text(RIGHT, 58, title, size=17, bold=True, align="right")


def coded_item_cells(line: OrderLine, style: str) -> list[str]:
    """Code, description, quantity, unit, list price, line total, numbers in `style`."""
    return [
        line.item_code,
        line.description,
        formats.quantity(line.quantity, style),
        line.unit,
        formats.money(line.list_price, style),
        formats.money(line.line_total, style),
    ]


def numbered_item_cells(line: OrderLine, style: str = "en") -> list[str]:
    """Position, code, description, quantity, unit, list price, line total."""
    return [str(line.position), *coded_item_cells(line, style)]


@dataclass(frozen=True)
class TotalsWording:
    """How a totals block names its lines; `discount` takes {pct}, `tax` takes {rate}."""

    subtotal: str
    discount: str
    charges: str
    tax: str
    total: str


def adjusted_totals(
    order: Order,
    wording: TotalsWording,
    *,
    style: str,
    negative: str,
    discount_pct: str,
    suffix: str = "",
) -> list[tuple[str, str]]:
    """Subtotal, the order discount as a negative amount, freight, a line per VAT rate and
    the total, amounts in `style` followed by `suffix`."""

    def money(value: Decimal) -> str:
        return f"{formats.signed_money(value, style, negative)}{suffix}"

    rows = [(wording.subtotal, money(order.subtotal))]
    if order.allowances:
        rows.append((wording.discount.format(pct=discount_pct), money(-order.allowances)))
    if order.charges:
        rows.append((wording.charges, money(order.charges)))
    for tax in order.tax_lines:
        rate = formats.decimal_text(tax.rate * 100)
        rows.append((wording.tax.format(rate=rate), money(tax.amount)))
    rows.append((wording.total.format(currency=order.currency), money(order.total)))
    return rows
