"""A description printed on its own line under its item's numbers, across the table's
columns, that wraps onto the next line: the line ran to the table's right edge, so the one
under it, flush with its start, goes on with it ("… ColdShrink (Set of 3) -" over
"Including Phase and Earth Lugs"). In a table titling no description, the lines of text
under the item's code are its description, after the buyer's reference to the supplier's
article ("Ihre Materialnummer A24886-000") where one comes first."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import (
    CODE_OR_DESCRIPTION,
    DESCRIPTION_OR_POSITION,
    ITEM_OR_POSITION,
    Column,
)
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.under_item import DATE, starts_text, without_references
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_FLUSH = 2.0  # points between the starts of a line and the line it wraps onto
# Columns that title the item's text, or may.
_TEXT_TITLED = {
    "description",
    "code_description",
    ITEM_OR_POSITION,
    DESCRIPTION_OR_POSITION,
    CODE_OR_DESCRIPTION,
}
_REFERENCE_LINE = re.compile(
    rf"^\W*(?:{alternatives(all_phrases(vocabulary()['item_references']))})(?!\w)", re.IGNORECASE
)


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


def reference_before_description(row: Row, item: RawItem) -> bool:
    """A line starting with the buyer's label for the supplier's number of the article,
    under an item not yet described: a detail; the description may follow it."""
    return "description" not in item.cells and bool(_REFERENCE_LINE.match(row.text))


def without_date_after(row: Row) -> Row:
    """The row without dates alone in runs right of its first (a delivery date printed
    beside the item's last line of text, "Überwurfmutter   22.08.2025"): no part of it."""
    first, *rest = row.cells()
    if not rest or not all(DATE.fullmatch(" " + run.text) for run in rest):
        return row
    return Row(row.page, first.words)


def more_text_below(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """In a table titling no column for the item's text but its code's, the next line of
    words under the item's description printed below its code, flush with it (a date
    beside it aside): its text goes on, up to a line that starts otherwise (a code, a
    bracket, a number alone) or is a reference ("Lot: A-7", "LFC No. 300000237")."""
    description = item.cells.get("description")
    if not (item.described_below and description) or item.text_ended:
        return False
    if any(c.name in _TEXT_TITLED for c in columns):
        return False  # the table titles a column for the item's text: lines below are notes
    row = without_date_after(row)
    if len(row.cells()) != 1:
        return False
    if row.page != item.page or row.y - last_y > 1.6 * row.height:
        return False
    flush = abs(row.words[0].x0 - description[0].x0) <= _FLUSH
    kept = without_references(row)
    unlabelled = kept is not None and len(kept.words) == len(row.words)  # not "Lot: A-7"
    return flush and unlabelled and starts_text(row.text.split())


_WORD_ROOM = 2.0  # line heights between two words of one phrase, at most


def opens_a_label(row: Row) -> bool:
    """The row's first word runs into a label ending in a colon a word's room after it
    ("Zorbel Nummer: 50-0041-000-100", where the buyer's "Ihre Nummer:" stood): the word may
    be the label's first, one the reader does not know, not the item's text."""
    if len(row.words) < 2:
        return False
    first, label = row.words[:2]
    near = label.x0 - first.x1 <= _WORD_ROOM * row.height
    return near and label.text.endswith(":") and label.text[:-1].isalpha()
