"""A line of text left as a note that stands where the item's description would wrap to:
right under the description's last line, starting flush with it, inside its column (no
word reaching the next column's title). Nothing read it as the text's next line, yet
nothing told it apart from one either: the description may go on there, and the item is
declined (`lines.read_item`) rather than read with its first lines alone."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.under_item import (
    DATE,
    beyond_padding,
    under_subtitle,
    without_references,
)

_FLUSH = 2.0  # points between the starts of a line and the line it wraps onto
_LINE = 1.6  # line heights from one line of a text to the next
_PITCH = 1.0  # points a wrapped line's step may differ from the lines' above it
_TEXT_WORDS = 3  # words of letters a line of text holds, at least
_PUNCTUATION = "()[],.;:&/-"


def _next_title(columns: list[Column], start: float) -> float | None:
    """Where the first title right of the description's start begins."""
    right = [c.x0 for c in columns if c.x0 > start + _FLUSH]
    return min(right) if right else None


def _words_of_text(row: Row) -> bool:
    """A line of words, mostly of letters, with no reference, labelled value or date in
    it: what a wrapped description's line is, and a detail under an item is not ("Lot:
    A-7", "Delivery date: 11.01.2026", "VPE 40 Stk", a code alone)."""
    kept = without_references(row)
    if kept is None or len(kept.words) != len(row.words):
        return False
    if any(DATE.search(w.text) for w in row.words):
        return False
    plain = sum(w.text.strip(_PUNCTUATION).isalpha() for w in row.words)
    return plain >= _TEXT_WORDS and 2 * plain > len(row.words)


def left_unread(
    row: Row,
    item: RawItem,
    last_y: float,
    columns: list[Column],
    subtitles: list[Row],
    pitch: float | None,
) -> bool:
    """`row`, about to be kept as a note, is right under the item's description's last
    line (the row before it), flush with its start and within its column, the text not
    yet seen to end, and no row of its own (under a second line of titles, or as far down
    as a padded table's next item, `pitch`): a line that may be the description's next."""
    if under_subtitle(row, subtitles) or beyond_padding(row, last_y, pitch):
        return False
    description = item.cells.get("description")
    if not description or item.text_ended:
        return False  # a text seen to end (details beside its line, a note under it) is whole
    if row.page != item.page or item.page_of(description) != item.page:
        return False
    last = description[-1]
    if abs(last.center_y - last_y) > last.height / 2:
        return False  # the row before this one is no line of the description
    if not 0 < row.y - last_y <= _LINE * row.height:
        return False
    start = description[0].x0
    if abs(row.words[0].x0 - start) > _FLUSH:
        return False
    edge = _next_title(columns, start)
    if edge is not None and max(w.x1 for w in row.words) >= edge:
        return False
    return _words_of_text(row) or (
        _at_wrap_pitch(row, description, last_y) and _text_beside_label(row)
    )


def _at_wrap_pitch(row: Row, description: list, last_y: float) -> bool:
    """The description has wrapped already, and the row stands as far under its last line
    as its lines stand apart: where its next line would be."""
    middles = sorted({round(w.center_y, 1) for w in description})
    steps = [b - a for a, b in zip(middles, middles[1:], strict=False)]
    return bool(steps) and abs(row.y - last_y - steps[-1]) <= _PITCH


def _text_beside_label(row: Row) -> bool:
    """Words of text with a labelled value or reference beside them on the line ("500 -
    630sqmm   SSE Comm Code: 197508."): no detail alone; the text's words may be the
    description's, and the label's as well ("Code:" is as often a description's word)."""
    kept = without_references(row)
    return kept is not None and 0 < len(kept.words) < len(row.words)
