"""A column of units printed without a title of its own, between the description and the
next titled column ("CANALINA … 25x60      Mt    30"): on every item's line, a short word
of letters set far apart from the description's text, at the same place on every line,
right of the description's title and left of the next one, is the line's unit."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Word

_UNIT = re.compile(r"^[^\W\d_]{1,5}\.?$")  # Mt, pcs, Stk., EA
_GAP = 12.0  # more than a few spaces: another column's, not the text's next word
_SAME_PLACE = 2.0  # how far the units' left edges may differ from line to line


def _unit_word(item: RawItem, column: Column, following: Column) -> Word | None:
    """The last word of the item's first description line, when it is a unit set apart
    between the description's title and the next column's."""
    words = item.cells.get("description", [])
    if len(words) < 2:
        return None
    first = [w for w in words if abs(w.center_y - words[0].center_y) < words[0].height / 2]
    if len(first) < 2:
        return None
    last, before = first[-1], first[-2]
    if not (
        _UNIT.match(last.text)
        and last.x0 - before.x1 > _GAP
        and last.x0 > column.x1
        and last.x1 < following.x0
    ):
        return None
    return last


def read_untitled_units(columns: list[Column], items: list[RawItem]) -> None:
    """Moves each item's unit out of its description when every item prints one in an
    untitled column (two items at least); otherwise leaves the items as they are."""
    names = [c.name for c in columns]
    if "unit" in names or "description" not in names or len(items) < 2:
        return
    index = names.index("description")
    if index + 1 == len(columns):
        return
    units = [_unit_word(item, columns[index], columns[index + 1]) for item in items]
    if any(u is None for u in units):
        return
    if max(u.x0 for u in units) - min(u.x0 for u in units) > _SAME_PLACE:
        return
    for item, unit in zip(items, units, strict=True):
        item.cells["description"] = [w for w in item.cells["description"] if w is not unit]
        item.cells["unit"] = [unit]
