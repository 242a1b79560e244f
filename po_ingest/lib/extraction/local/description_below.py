"""A description printed on its own line under its item's numbers, across the table's
columns, that wraps onto the next line: the line ran to the table's right edge, so the one
under it, flush with its start, goes on with it ("… ColdShrink (Set of 3) -" over
"Including Phase and Earth Lugs")."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row

_FLUSH = 2.0  # points between the starts of a line and the line it wraps onto


def wraps_description_below(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """`row`, one run of words on the next line under `item`'s description printed below
    its numbers, flush with it, when that description's last line reaches the last
    column: a full line wrapped, not a note under the item."""
    description = item.cells.get("description")
    if not (item.described_below and description) or item.text_ended:
        return False
    if row.page != item.page or row.y - last_y > 1.6 * row.height or len(row.cells()) != 1:
        return False
    last_line = [w for w in description if abs(w.y0 - description[-1].y0) < 1]
    reaches_last_column = last_line[-1].x1 > max(c.x0 for c in columns)
    return reaches_last_column and abs(row.words[0].x0 - description[0].x0) <= _FLUSH
