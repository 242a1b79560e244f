"""A word of an item's text or code standing under the title of another column that holds
nothing else on its line: that column's value, which the reader did not take for one (a
word where a number was expected, an HSN code or a position printed as a word the reader
does not know), run into the text or the code, or the text's own word run under the next
title. The words alone do not tell which. A word opening the cell's line, or set more than
a word's space from the cell's words before it, is what is checked: text running on under
the next title a word's space after its line ("tube BBIT 150/60-A/U" under "Unit", a
fixed-width print's grid) is one text."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import LED_COLUMNS, RawItem
from po_ingest.lib.extraction.local.layout import Word

_CHECKED = ("description", "item_code")
_AMOUNTS = ("quantity", "unit_price", "line_total")
_WORD_SPACE = 0.6  # text heights: a space between words of one text, not a cell's gap
_UNDER = 0.5  # of a word's width under a title: it stands under that title


def word_under_empty_title(raw: list[RawItem], columns: list[Column]) -> str | None:
    """Why a line's text or code holds a word standing under the title of a column of values
    (not of text), that column empty on its line, if one does: on the line printing the
    item's amounts, where every column prints its value."""
    values = [c for c in columns if c.name not in LED_COLUMNS and not c.cell_edges]
    for number, item in enumerate(raw, start=1):
        everything = [w for words in item.cells.values() for w in words]
        amounts = [w for name in _AMOUNTS for w in item.cells.get(name, [])]
        for name in _CHECKED:
            cell = item.cells.get(name, [])
            for word in cell:
                under = [c for c in values if _under(word, c)]
                if not under or not any(_same_line(word, a) for a in amounts):
                    continue
                if not _set_apart(word, cell):
                    continue
                for column in under:
                    others = [w for w in everything if w is not word and _same_line(w, word)]
                    if not any(_overlaps(w, column) for w in others):
                        return (
                            f"line {number}'s {name} has {word.text!r} under the"
                            f" {column.name} title, empty on its line: whose it is is not known"
                        )
    return None


def _set_apart(word: Word, words: list[Word]) -> bool:
    """The word opens a line of the cell, or is set more than a word's space from the word
    before it on it."""
    before = [w for w in words if _same_line(w, word) and w.x1 <= word.x0 + 0.5]
    return not before or word.x0 - max(w.x1 for w in before) > _WORD_SPACE * word.height


def _same_line(one: Word, other: Word) -> bool:
    return abs(one.center_y - other.center_y) < min(one.height, other.height) / 2


def _overlaps(word: Word, column: Column) -> bool:
    return min(word.x1, column.x1) > max(word.x0, column.x0)


def _under(word: Word, column: Column) -> bool:
    """More than half the word stands under the title."""
    width = word.x1 - word.x0
    return width > 0 and min(word.x1, column.x1) - max(word.x0, column.x0) > _UNDER * width


_EDGE = 1.0  # points between left edges set flush
_LINES = 2  # lines whose cells start at an edge make it a column's edge


def word_at_another_columns_edge(raw: list[RawItem]) -> str | None:
    """Why a line's text or code holds a word set apart from the rest of it (a gap wider
    than a word's space either side) that starts flush with where another column's cells
    start on other lines: that column's cell (its title one the reader does not know,
    "Zorbel Code" over the codes; a value printed as a word), or the text's own, starting
    there on lines whose code went into the text too; the words do not tell which."""
    starts = sorted(
        (x, number, name)
        for number, item in enumerate(raw, start=1)
        for name, xs in _cell_starts(item).items()
        for x in xs
    )
    edges = [x for x, _, _ in starts]
    for number, item in enumerate(raw, start=1):
        for name in _CHECKED:
            words = item.cells.get(name, [])
            for word in words:
                near = starts[
                    bisect_left(edges, word.x0 - _EDGE) : bisect_right(edges, word.x0 + _EDGE)
                ]
                theirs = len({n for _, n, key in near if n != number and key != name})
                if theirs >= _LINES and _apart_both(word, words):
                    return (
                        f"line {number}'s {name} has {word.text!r} set apart where another"
                        " column's cells start: whose it is is not known"
                    )
    return None


def _cell_starts(item: RawItem) -> dict[str, list[float]]:
    """Where each column's cells start on the item's lines: each line's first word's left
    edge."""
    starts: dict[str, list[float]] = {}
    for name, words in item.cells.items():
        for word in words:
            if not any(_same_line(w, word) and w.x0 < word.x0 for w in words):
                starts.setdefault(name, []).append(word.x0)
    return starts


def _apart_both(word: Word, words: list[Word]) -> bool:
    """No word of the cell a word's space or less before or after it on its line, and
    another word of it on the line."""
    line = [w for w in words if w is not word and _same_line(w, word)]
    space = _WORD_SPACE * word.height
    near = [w for w in line if -0.5 <= word.x0 - w.x1 <= space or -0.5 <= w.x0 - word.x1 <= space]
    return bool(line) and not near
