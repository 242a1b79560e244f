"""SAP's item heading: a row of text starting with the item's position ("00010 OUTDR TERMN
11KV …"), printed over the item's long text and the row of its numbers, which repeats the
position ("00010  30980289  20 ST  188.97  3,779.40")."""

from __future__ import annotations

from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word

# Points between the two positions' left edges: the same place, give or take a page's
# print shifted a little when the heading is left at the foot of the page before.
_SAME_PLACE = 6.0


def heading_of(rows: list[Row], item: RawItem) -> list[Word] | None:
    """The words after the position of the text row, among `rows` (those since the item
    before), that starts with the item's own position: its description, when its row of
    numbers prints none (carried from the page before, if so); None otherwise. The rows between
    are its long text, left out."""
    position = item.cells.get("line_number", [])
    if "description" in item.cells or len(position) != 1 or not position[0].text.isdigit():
        return None
    for row in rows:
        first = row.words[0]
        if (
            len(row.words) > 1
            and first.text == position[0].text
            and abs(first.x0 - position[0].x0) <= _SAME_PLACE
        ):
            if row.page != item.page:
                item.carried |= {id(w): row.page for w in row.words[1:]}
            return row.words[1:]
    return None
