"""A line of text printed across the item table's columns, not in them: SAP's forms print
an item's material number on its line of numbers and its description on the line under
it, one line of text running on under the quantity and the price ("16pol. Messerleiste
… Rastnase 0,75mm :ERNI 354094   RoHS"). Its numbers are words of the text, no amounts."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.under_item import describes

_AMOUNT_COLUMNS = {"quantity", "unit_price", "line_total"}
_CROSSED = 2  # columns of numbers a line of text runs on under, at least
_WORDS = 3  # words of letters in it, at least
_LAST_WORDS = 2  # words of letters alone spaced out far right on its line, at most


def description_across(
    row: Row, item: RawItem, last_y: float, columns: list[Column]
) -> list[Word] | None:
    """The description of `item`, which printed none on its line, when `row` is it: right
    under the item, starting under its code or description title, its first run of words
    text running on under two or more columns of numbers. A run after it counts only drawn
    on the same line of text as it, a word or two of letters alone: the line spaced out,
    one text (not a column, however far apart); None otherwise."""
    first, *rest = row.cells()
    if not describes(row, item, last_y, columns):
        return None
    if sum(w.text[:1].isalpha() for w in first.words) < _WORDS:
        return None
    crossed = [c for c in columns if c.name in _AMOUNT_COLUMNS and first.x0 < c.x0 < first.x1]
    if len(crossed) < _CROSSED:
        return None
    if not rest:
        return first.words
    line = first.words[0].line
    if line < 0 or any(w.line != line for w in row.words):
        return None
    if (
        len(rest) > 1
        or len(rest[0].words) > _LAST_WORDS
        or not all(w.text.isalpha() for w in rest[0].words)
    ):
        return None  # a value beside the text ("Whse: 01", a date), not its last words
    return [Word(first.x0, row.words[0].y0, row.words[-1].x1, row.words[-1].y1, row.text, line)]
