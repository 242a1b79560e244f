"""A column printed without a title the reader knows, beside the description: its words
(a code, an HSN number, a unit, a date) are read into the description's cell, as if the
item's text. What gives it away is the gap: a clear vertical gutter through the
description's words on every item line, words on both sides of it on each. The code's cell
too: its words run on a word's space apart and wrap back to its left edge, so a word a
gutter away on its line ("1AP0854-00-P0054-0306M   G4099"), or on the line under it right
of where the code ends (a delivery week), and past the right edge of the code's title, is
the next column's. Under the code's own title it is a fixed-width print's padding ("CHEP
PALLET    00" under "STOCK NUMBER")."""

from __future__ import annotations

from collections.abc import Iterator
from statistics import median

from po_ingest.lib.extraction.local.columns import DESCRIPTION_OR_POSITION, Column
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Word

_APART = 2.0  # a column's gap against the widest space between the text's words
# How far a cell's first word may stand from its column title's left edge to be set flush.
_FLUSH = 1.0
# A gutter between a code's words: wider than the widest word space a spaced-out code is
# set with ("CHEP PALLET 00": a text's height).
_CODE_GUTTER = 1.5


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


def untitled_word_beside_text(items: list[dict[str, Found]]) -> str | None:
    """Why a wrapped description holds a word of an untitled column printed on one of its
    lines only (a "Specification" left empty on the other items): set apart from its line
    by a gap wider than twice any other between the text's words, it starts right of where
    each other line of the text ends, while text wraps at one edge."""
    for number, item in enumerate(items, start=1):
        lines = _lines(_value_words(item["description"]) if "description" in item else [])
        if len(lines) < 3:
            continue
        gaps = [(a, b) for line in lines for a, b in zip(line, line[1:], strict=False)]
        for index, line in enumerate(lines):
            ends = max(w.x1 for n, other in enumerate(lines) if n != index for w in other)
            for before, after in zip(line, line[1:], strict=False):
                gap = after.x0 - before.x1
                spaces = [b.x0 - a.x1 for a, b in gaps if b is not after]
                if after.x0 > ends and gap > _APART * max(spaces, default=gap):
                    return f"line {number}'s description holds an untitled column's word: {after.text!r}"
    return None


def words_set_aside_inside_text(
    items: list[dict[str, Found]], raw: list[RawItem]
) -> Iterator[tuple[int, str]]:
    """Each line whose text lost a word of its own, and why: a word the table put in another
    cell stands on one of the text's lines between its words, or a word set aside stands a
    word's space from them (an unknown title over the text, "Zorbel Description", made a
    column of its own out of "FOOCHKA" in "SHAREAT FOOCHKA IMLI", or of "ger RM1,27" ending
    "SM-STV 2x40pol ger RM1,27"). The text as read is not the line's."""
    for number, (item, cells) in enumerate(zip(items, raw, strict=True), start=1):
        text = _value_words(item["description"]) if "description" in item else []
        if lost := _lost_words(text, cells):
            yield number, f"line {number}'s text lost a word to another cell: {lost[0].text!r}"


def _lost_words(text: list[Word], cells: RawItem) -> list[Word]:
    for line in _lines(text):
        for name, words in cells.cells.items():
            if name == "description":
                continue
            on_line = [w for w in words if abs(w.center_y - line[0].center_y) < line[0].height / 2]
            lost = [w for w in on_line if line[0].x1 <= w.x0 and w.x1 <= line[-1].x0]
            if name == "other":
                lost += [w for w in on_line if _a_space_from(w, line)]
            if lost:
                return lost
    return []


def text_run_in_from_left(items: list[dict[str, Found]], columns: list[Column]) -> str | None:
    """Why a line's description holds the cell left of it, if it does: a word of the text
    starts flush with the description title's left edge, where a left-aligned column starts
    its cells, after words of the same line set left of that edge, a gap wider than the
    text's word spaces before it. The words before are another column's cell (a column
    whose title the reader lacks, or left out of a table finder's table) run up to the
    description's padding; one text starting left of its title is spaced as one."""
    edges = [c.x0 for c in columns if c.name in ("description", DESCRIPTION_OR_POSITION)]
    for number, item in enumerate(items, start=1):
        for line in _lines(item["description"].words if "description" in item else []):
            for before, word in zip(line, line[1:], strict=False):
                if any(_runs_in_at(line, before, word, x0) for x0 in edges):
                    left = " ".join(w.text for w in line if w.x0 < word.x0)
                    return (
                        f"line {number}'s text runs in from left of the description title: {left!r}"
                    )
    return None


def _runs_in_at(line: list[Word], before: Word, word: Word, edge: float) -> bool:
    """`word` starts a cell at `edge`: flush with it, the word before ending left of it, a
    gap wider than twice every other space on the line between them (no other space:
    nothing shows the two are one text)."""
    if abs(word.x0 - edge) > _FLUSH or before.x1 >= edge:
        return False
    spaces = [b.x0 - a.x1 for a, b in zip(line, line[1:], strict=False) if b is not word]
    return word.x0 - before.x1 > _APART * max(spaces, default=0.0)


_WORD_SPACE = 0.6  # text heights: a space between words of one text, not a column's gap


def _a_space_from(word: Word, line: list[Word]) -> bool:
    space = _WORD_SPACE * line[0].height
    return 0 <= word.x0 - line[-1].x1 <= space or 0 <= line[0].x0 - word.x1 <= space


def untitled_word_in_code(items: list[dict[str, Found]], columns: list[Column]) -> str | None:
    """Why an item's code holds an untitled column's word, if it does."""
    titles = [c for c in columns if c.name == "item_code"]
    if len(titles) != 1:
        return None
    for number, item in enumerate(items, start=1):
        if "item_code" in item and _another_columns(item["item_code"].words, titles[0]):
            return (
                f"line {number}'s item code runs into another column: {item['item_code'].value!r}"
            )
    return None


def _another_columns(words: list[Word], title: Column) -> bool:
    """A word of the code past its title's right edge (a table finder's cell may reach over
    an untitled column: any), set a gutter from the word before it on its line, or on a
    later line right of where the code's first line ends."""
    first = words[0]
    first_line_end = max(w.x1 for w in words if abs(w.y0 - first.y0) < first.height / 2)
    for before, word in zip(words, words[1:], strict=False):
        if word.x0 <= title.x1 and not title.cell_edges:
            continue
        if abs(word.y0 - before.y0) < before.height / 2:
            if word.x0 - before.x1 > _CODE_GUTTER * before.height:
                return True
        elif word.x0 > first_line_end:
            return True
    return False


def _lines(words: list[Word]) -> list[list[Word]]:
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: (w.center_y, w.x0)):
        if lines and abs(word.center_y - lines[-1][0].center_y) < word.height / 2:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [sorted(line, key=lambda w: w.x0) for line in lines]
