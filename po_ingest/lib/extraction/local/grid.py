"""Item-table headers found by pymupdf's table finder: a ruled grid's cells (strategy
"lines") or an unruled table's aligned columns (strategy "text") give each column's true
edges, where titles are centred, wrapped inside their cell, or set apart from the numbers.
Slower than reading words, so it runs only when the words alone did not give an order,
only on pages whose words name a quantity and an amount column, and only from the first
column title down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from po_ingest.lib.extraction.local.columns import (
    ORDER_COLUMNS,
    ColumnWords,
    name_of,
    titled_columns,
)
from po_ingest.lib.extraction.local.header_rows import Header
from po_ingest.lib.extraction.local.layout import Row

if TYPE_CHECKING:  # documents come from documents.open_pdf, which loads pymupdf
    import pymupdf

STRATEGIES = ("lines", "text")
# A ruled header's top border sits above its first line of titles.
_BORDER_MARGIN = 12.0


def _titles(table) -> list[tuple[str, float, float]]:
    """Each header cell's title and its edges."""
    return [
        (" ".join(title.split()), cell[0], cell[2])
        for title, cell in zip(table.header.names, table.header.cells, strict=False)
        if title and title.strip() and cell is not None
    ]


# Titles an item table's header cannot do without (an order's: a quantity and an amount); a
# wrapped title ("Qty" over "Ordered", "Extended" over "Price") still has one word that names
# its column alone.
_ORDER_NEEDED = frozenset({"quantity", "line_total"})
_REGION_ROWS = 12


def _header_region(
    rows: list[Row], kind: ColumnWords, needed: frozenset[str]
) -> tuple[float, float] | None:
    """From the top of the page's first row naming two columns (else one: a lone "Total"
    above the table does not count first) to a few rows below it, when the page's words
    name every column an item table needs; else None (no table finder can read an item
    header there). The header and a few items are enough to find the table."""
    titles = [[w for w in row.words if name_of(w.text, kind)] for row in rows]
    if not {name_of(w.text, kind) for row in titles for w in row} >= needed:
        return None
    first = next(
        (i for i, row in enumerate(titles) if len(row) >= 2),
        next(i for i, row in enumerate(titles) if row),
    )
    top = min(w.y0 for w in titles[first])
    last = rows[min(first + _REGION_ROWS, len(rows) - 1)]
    return top, max(w.y1 for w in last.words)


class GridTables:
    """The tables pymupdf finds in a page's region by one strategy, found once: each kind of
    columns searches the same regions, and the finder is the reader's slowest step."""

    def __init__(self, pdf: pymupdf.Document) -> None:
        self.pdf = pdf
        self._found: dict[tuple, list] = {}

    def tables(self, number: int, clip: tuple[float, ...], strategy: str) -> list:
        key = (number, clip, strategy)
        if key not in self._found:
            self._found[key] = self.pdf[number].find_tables(clip=clip, strategy=strategy).tables
        return self._found[key]


def grid_headers(
    grid: GridTables,
    rows: list[Row],
    kind: ColumnWords = ORDER_COLUMNS,
    needed: frozenset[str] = _ORDER_NEEDED,
) -> dict[int, Header]:
    """Per page, the first table whose header names an item table of `kind` (its words
    naming the `needed` columns), keyed by the index of its first row in `rows`."""
    found: dict[int, Header] = {}
    for number, page in enumerate(grid.pdf):
        region = _header_region([r for r in rows if r.page == number], kind, needed)
        if region is None:
            continue
        top, bottom = region
        clip = (page.rect.x0, top - _BORDER_MARGIN, page.rect.x1, bottom + _BORDER_MARGIN)
        for strategy in STRATEGIES:
            header = next(
                (
                    (columns, table.header.bbox)
                    for table in grid.tables(number, clip, strategy)
                    if (columns := titled_columns(_titles(table), kind))
                ),
                None,
            )
            if header is None:
                continue
            columns, (_, top, _, bottom) = header
            for column in columns:
                column.cell_edges = True
            inside = [i for i, r in enumerate(rows) if r.page == number and top <= r.y <= bottom]
            if inside:
                found[inside[0]] = (columns, len(inside))
                break
    return found
