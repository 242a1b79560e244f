"""An item's text over the supplier's own identification of the article: a line opening
with the maker's part number ("1SNA198549R0500 TE"), then the supplier's reference under
its label ("Réf. fournisseur BOR00288") ending the cell. Both name the article another
way; what the line describes is the text over them."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.item_cells import RawItem, is_code
from po_ingest.lib.extraction.local.layout import Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_LABELLED_REFERENCE = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['item_references']))})\s*[:#]?\s+\S",
    re.IGNORECASE,
)
# One item's label missing from the words would leave its lines in its text, unnoticed:
# the other items' blocks show it is missing.
_MIN_LINES = 2


def references_under_text(items: list[RawItem]) -> None:
    """Each description cut to its text when every line of the table prints its text,
    then one line opening with a part number, then a labelled supplier's reference last;
    a table where one line prints otherwise is left as read."""
    texts = [_text_over_references(item) for item in items]
    if len(items) < _MIN_LINES or any(text is None for text in texts):
        return
    for item, text in zip(items, texts, strict=True):
        item.cells["description"] = text


def _text_over_references(item: RawItem) -> list[Word] | None:
    words = item.cells.get("description", [])
    if item.above or not words:
        return None
    lines = _lines(words)
    if len(lines) < 3:
        return None
    *text, code_line, reference_line = lines
    if not is_code(code_line[0].text) or not _LABELLED_REFERENCE.match(_joined(reference_line)):
        return None
    if any(is_code(line[0].text) for line in text):
        return None  # which code line is the maker's is not told by the words
    return [w for line in text for w in line]


def _lines(words: list[Word]) -> list[list[Word]]:
    lines: list[list[Word]] = []
    for word in words:
        if lines and abs(word.center_y - lines[-1][0].center_y) < word.height / 2:
            lines[-1].append(word)
        else:
            lines.append([word])
    return lines


def _joined(line: list[Word]) -> str:
    return " ".join(w.text for w in line)
