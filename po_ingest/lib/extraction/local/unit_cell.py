"""The unit cell of a line as printed in narrow columns: a unit too wide for its cell wraps
inside it ("FRASC" over "O"), and a description whose title is centred over a wide column
starts right after the unit, inside what the titles alone give the unit column."""

from __future__ import annotations

from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word


def _stacked(upper: Word, lower: Word) -> bool:
    """`lower` is printed under `upper`, within its width: the rest of a wrapped word."""
    below = lower.y0 > upper.center_y and lower.center_y > upper.y1 - upper.height / 4
    return below and upper.x0 - 1 <= lower.x0 and lower.x1 <= upper.x1 + 1


def _unwrapped(words: list[Word]) -> list[Word]:
    """Words wrapped one under the other in a narrow cell, joined back into one word."""
    joined: list[Word] = []
    for word in words:
        if joined and _stacked(joined[-1], word):
            upper = joined.pop()
            word = Word(upper.x0, upper.y0, upper.x1, word.y1, upper.text + word.text)
        joined.append(word)
    return joined


def read_unit_cell(raw: RawItem) -> None:
    """The unit as one word; words set a cell gap right of it, left of the description's
    own words and of the quantity, begin the description. Anything else stays in the unit
    (and the line is declined)."""
    words = raw.cells.get("unit")
    if not words:
        return
    unwrapped = _unwrapped(sorted(words, key=lambda w: w.x0))
    first, *rest = Row(raw.page, unwrapped).cells()
    spilled = [w for cell in rest for w in cell.words]
    description = raw.cells.get("description", [])
    starts = [raw.cells[n][0].x0 for n in ("description", "quantity") if raw.cells.get(n)]
    if spilled and any(x < spilled[0].x0 for x in starts):
        raw.cells["unit"] = unwrapped  # right of the description or the numbers: not its start
        return
    raw.cells["unit"] = first.words
    if spilled:
        raw.cells["description"] = spilled + description
