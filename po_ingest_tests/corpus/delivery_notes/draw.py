"""Page parts every delivery-note family draws: label/value pairs, the lines table (grouped
by order when a note quotes several), and the signature box, signed with a squiggle."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pymupdf

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote, NoteLine
from po_ingest_tests.corpus.render import GREY, LEFT, RIGHT, Canvas
from po_ingest_tests.corpus.table import Column, Table

INK = (0.05, 0.12, 0.45)


def pairs(
    canvas: Canvas,
    x: float,
    y: float,
    rows: Sequence[tuple[str, str | None]],
    *,
    value_x: float,
    size: float = 9,
    bold_first: bool = True,
) -> float:
    """`label  value` lines; rows whose value is None are left out. Returns the next baseline."""
    shown = [(label, value) for label, value in rows if value is not None]
    for n, (label, value) in enumerate(shown):
        canvas.text(x, y, label, size=size)
        canvas.text(value_x, y, value, size=size, bold=bold_first and n == 0)
        y += size * 1.45
    return y


def lines_table(
    canvas: Canvas,
    y: float,
    table: Table,
    note: DeliveryNote,
    cells: Callable[[NoteLine], list[str]],
    order_heading: str,
) -> float:
    """The header and one row per line; a note quoting several orders puts each order's lines
    under a heading row `order_heading.format(po=...)`. Returns the bottom of the table."""
    y = table.header(canvas, y)
    grouped = len(note.po_refs) > 1
    current: str | None = None
    for line in note.lines:
        if grouped and line.po_number and line.po_number != current:
            current = line.po_number
            y = table.text_row(canvas, y, order_heading.format(po=current), column=1, bold=True)
        y = table.row(canvas, y, cells(line))
    return y


# What a lines-table column shows, by key; "price" and "total" only on valued notes.
_CELLS: dict[str, Callable[[NoteLine, str], str]] = {
    "line": lambda line, style: str(line.line_number),
    "po_line": lambda line, style: str(line.po_line) if line.po_line else "",
    "code": lambda line, style: line.item_code or "",
    "description": lambda line, style: line.description,
    "batch": lambda line, style: line.batch_or_lot or "",
    "quantity": lambda line, style: formats.quantity(line.quantity, style),
    "unit": lambda line, style: line.unit,
    "price": lambda line, style: formats.money(line.unit_price, style),
    "total": lambda line, style: formats.money(line.line_total, style),
}
_VALUED = ("price", "total")


def note_table(
    note: DeliveryNote,
    columns: Sequence[tuple[str, Column]],
    style: str,
    *,
    x: float = LEFT,
    width: float = RIGHT - LEFT,
    **looks,
) -> tuple[Table, Callable[[NoteLine], list[str]]]:
    """The table for `note` and its row maker: `columns` by key (see `_CELLS`), the price
    columns left out unless the note is valued, the description as wide as what is left."""
    kept = [(key, c) for key, c in columns if note.valued or key not in _VALUED]
    used = sum(c.width for key, c in kept if key != "description")
    fitted = tuple(
        Column(c.title, width - used, c.align) if key == "description" else c for key, c in kept
    )
    keys = [key for key, _ in kept]
    return Table(x, fitted, **looks), lambda line: [_CELLS[key](line, style) for key in keys]


def squiggle(page: pymupdf.Page, rect: pymupdf.Rect, rng: random.Random) -> None:
    """A hand signature: a few loops of ink across the box, different every time."""
    points = []
    steps = 60
    loops = rng.uniform(2.5, 4.5)
    for i in range(steps + 1):
        t = i / steps
        x = rect.x0 + 8 + t * (rect.width - 16) * rng.uniform(0.97, 1.0)
        wave = math.sin(t * loops * 2 * math.pi) * rect.height * 0.28
        y = rect.y0 + rect.height * 0.55 - wave * (1 - 0.5 * t) + rng.uniform(-1.2, 1.2)
        points.append((x, y))
    page.draw_polyline(points, color=INK, width=1.1)
    page.draw_line(
        (rect.x0 + rect.width * 0.55, rect.y1 - 7),
        (rect.x1 - 10, rect.y1 - 9),
        color=INK,
        width=0.9,
    )


def signature_box(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    note: DeliveryNote,
    labels: tuple[str, str],
    rng: random.Random,
) -> float:
    """`received by` with the name (or a blank line), and a box signed when the note is.
    Returns the bottom of the box."""
    name_label, signature_label = labels
    canvas.text(x, y, name_label, size=8.5, color=GREY)
    if note.received_by:
        canvas.text(x + 4, y + 14, note.received_by, size=10)
    canvas.line(x, y + 17, x + width, y + 17, color=GREY, width=0.5)
    top = y + 28
    canvas.text(x, top, signature_label, size=8.5, color=GREY)
    box = pymupdf.Rect(x, top + 5, x + width, top + 50)
    canvas.rect(box.x0, box.y0, box.x1, box.y1, color=GREY, width=0.6)
    if note.signed:
        squiggle(canvas.page, box, rng)
    return box.y1
