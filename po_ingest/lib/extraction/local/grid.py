"""Item-table headers found by pymupdf's table finder: a ruled grid's cells (strategy
"lines") or an unruled table's aligned columns (strategy "text") give each column's true
edges, where titles are centred, wrapped inside their cell, or set apart from the numbers.
Slower than reading words, so it runs only when the words alone did not give an order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from po_ingest.lib.extraction.local.columns import (
    UNKNOWN,
    Column,
    Header,
    name_of,
    named_columns,
)
from po_ingest.lib.extraction.local.layout import Row

if TYPE_CHECKING:  # documents come from documents.open_pdf, which loads pymupdf
    import pymupdf

STRATEGIES = ("lines", "text")
# The table finder is slow: it reads only pages naming a quantity and a line amount. A
# table of prices without line totals (import orders with long appendices) is read from
# its words alone.
_SEARCHED_FOR = {"quantity", "line_total"}


def _columns(table) -> list[Column] | None:
    found = []
    for title, cell in zip(table.header.names, table.header.cells, strict=False):
        text = " ".join((title or "").split())
        if not text or cell is None:
            continue
        found.append(Column(name_of(text) or UNKNOWN, cell[0], cell[2]))
    return named_columns(found)


def _names_columns(rows: list[Row]) -> bool:
    """The page names a quantity and an amount column, in a word or two: what any item
    table's header shows, however its cells wrap their titles."""
    names = set()
    for row in rows:
        texts = [w.text for w in row.words]
        pairs = zip(texts, texts[1:], strict=False)
        names |= {name_of(t) for t in texts} | {name_of(f"{a} {b}") for a, b in pairs}
    return names >= _SEARCHED_FOR


def grid_headers(pdf: pymupdf.Document, rows: list[Row]) -> dict[int, Header]:
    """Per page, the first table whose header names an item table, keyed by the index of
    its first row in `rows`."""
    found: dict[int, Header] = {}
    for number, page in enumerate(pdf):
        if not _names_columns([r for r in rows if r.page == number]):
            continue  # an appendix, terms and conditions: no table finder needed
        for strategy in STRATEGIES:
            header = next(
                (
                    (columns, table.header.bbox)
                    for table in page.find_tables(strategy=strategy).tables
                    if (columns := _columns(table))
                ),
                None,
            )
            if header is None:
                continue
            columns, (_, top, _, bottom) = header
            inside = [i for i, r in enumerate(rows) if r.page == number and top <= r.y <= bottom]
            if inside:
                found[inside[0]] = (columns, len(inside))
                break
    return found
