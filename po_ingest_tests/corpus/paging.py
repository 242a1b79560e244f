"""Item rows laid over as many pages as they need, the way business software breaks a
table: the running sum at the foot of a full page ("A riportare", "Carried forward") and
again over the first row of the next ("Riporto", "Brought forward"), where the style
prints them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.orders import OrderLine
from po_ingest_tests.corpus.render import Canvas
from po_ingest_tests.corpus.table import Table


@dataclass(frozen=True)
class PageBreak:
    """What a page break prints; `{amount}` in a label takes the running sum, a label
    without it is printed alone ("Segue ./."); None prints nothing."""

    foot: str | None
    head: str | None
    label_column: int  # the description column: where the label stands


def _break_row(canvas: Canvas, y: float, table: Table, label: str, amount: str, column: int):
    cells = [""] * len(table.columns)
    if "{amount}" in label:
        cells[column], cells[-1] = label.replace("{amount}", "").strip(), amount
    else:
        cells[column] = label
    return table.row(canvas, y, cells)


def paged_rows(
    canvas: Canvas,
    y: float,
    table: Table,
    lines: Sequence[OrderLine],
    cells: Callable[[OrderLine], list[str]],
    *,
    bottom: float,
    page_break: PageBreak,
    next_page: Callable[[], tuple[Canvas, float]],
    style: str,
) -> tuple[Canvas, float]:
    """Draws a row of `cells(line)` for each line from `y`; `next_page` starts a page and
    returns it with the top of its first row; running sums in number `style`. Returns the
    page and the top below the last row."""

    def money(value: Decimal) -> str:
        return formats.money(value, style)

    running = Decimal(0)
    for line in lines:
        row = cells(line)
        reserve = table.row_height(canvas, row) + (table.size * 2 + 2 * table.pad)
        if y + reserve > bottom:
            if page_break.foot:
                label = page_break.foot
                y = _break_row(canvas, y, table, label, money(running), page_break.label_column)
            canvas, y = next_page()
            if page_break.head:
                label = page_break.head
                y = _break_row(canvas, y, table, label, money(running), page_break.label_column)
        y = table.row(canvas, y, row)
        running += line.line_total
    return canvas, y
