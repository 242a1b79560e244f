"""Two printed lines read as one row: a font whose boxes are much taller than its letters
puts a line's words within a row's reach of the next line's, and the row then interleaves
both lines' words in an order no one printed."""

from __future__ import annotations

from po_ingest.lib.extraction.local.layout import Word

# Overlap, in points, that two words of one printed line never have.
_OVERLAP = 1.0


def overprinted_pair(words: list[Word]) -> tuple[Word, Word] | None:
    """Two of the words that overlap side by side while standing less than a line apart:
    they belong to two lines read as one; None when there are none."""
    for index, a in enumerate(words):
        for b in words[index + 1 :]:
            side_by_side = min(a.x1, b.x1) - max(a.x0, b.x0) > _OVERLAP
            one_row = abs(a.center_y - b.center_y) < max(a.height, b.height) / 2
            if side_by_side and one_row and a.text != b.text:
                return a, b
    return None
