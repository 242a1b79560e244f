"""A column printed without a title the reader knows, beside the description: its words
(a code, an HSN number, a unit, a date) are read into the description's cell, as if the
item's text. What gives it away is the gap: a clear vertical gutter through the
description's words on every item line, words on both sides of it on each."""

from __future__ import annotations

from statistics import median

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Word


def _gutters(words: list[Word]) -> list[tuple[float, float]]:
    """The x-ranges no word covers, between the leftmost and rightmost word, wider than
    the gap that splits a row into cells."""
    width = max(6.0, 0.8 * median(w.height for w in words))
    spans = sorted((w.x0, w.x1) for w in words)
    gutters, right = [], spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - right > width:
            gutters.append((right, x0))
        right = max(right, x1)
    return gutters


def _value_words(found: Found) -> list[Word]:
    """The words of the description's value (its box may hold more: lines left out of it)."""
    value = set(str(found.value).split())
    return [w for w in found.words if w.text in value]


def untitled_column_in_description(
    items: list[dict[str, Found]], columns: list[Column]
) -> str | None:
    """Why the descriptions hold an untitled column's words, if they do. A gutter under
    the description's own title is a gap inside its column (two cells under one title, or
    "Producto" and "Descripción" read as one); a table finder's cell is no title."""
    cells = [_value_words(item["description"]) for item in items if "description" in item]
    if not cells or len(cells) != len(items) or not all(cells):
        return None
    titles = [c for c in columns if c.name == "description" and not c.cell_edges]
    for left, right in _gutters([w for words in cells for w in words]):
        if any(c.x0 <= left and right <= c.x1 for c in titles):
            continue
        if all(
            any(w.x1 <= left for w in words) and any(w.x0 >= right for w in words)
            for words in cells
        ):
            texts = [w.text for w in cells[0]]
            return f"the descriptions hold an untitled column's words: {' '.join(texts)!r}"
    return None
