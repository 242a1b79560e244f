"""Text over its code: every line's description ends with the article's code alone on a
line of its own, flush under the text ("BJMI12 10-pol IP20" over "1SNA179631R0300"), and
no code column holds one. The layout is the table's, not a wrapped line's: the code is the
item's, the lines over it its description. SAP prints the other way round (the material
number over its text, `item_cells.code_over_description`); a line whose text over the code
is no code alone ("Cutting blade") tells the two apart."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import CODE_OR_DESCRIPTION, ITEM_OR_POSITION
from po_ingest.lib.extraction.local.item_cells import RawItem, is_code
from po_ingest.lib.extraction.local.layout import Row, Word

# A code alone set off a little under the item's text (a line further down than its text
# wraps): kept apart from the description, the item's code if the table's lines all print one.
CODE_UNDER = "code_under"
_MIN_LINES = 2  # one item's last word alone on its line may be a wrapped description's
_FLUSH = 2.0  # points between the starts of the text and of the code under it
_GAP = 3.0  # the item's line heights under its last line a code set off may stand


def code_set_off(row: Row, item: RawItem, last_y: float) -> bool:
    """`row` is one code alone, flush under the item's description, further down than the
    next line but within three of the item's lines, the item's text not ended and no code of its own."""
    description = item.cells.get("description")
    if not description or item.text_ended or item.described_below or item.above:
        return False
    if set(item.cells) & {"item_code", ITEM_OR_POSITION, CODE_OR_DESCRIPTION, CODE_UNDER}:
        return False
    return (
        len(row.words) == 1
        and row.page == item.page
        and 1.6 * row.height < row.y - last_y <= _GAP * description[0].height
        and abs(row.words[0].x0 - description[0].x0) <= _FLUSH
        and is_code(row.words[0].text)
    )


def split_codes_under_text(items: list[RawItem]) -> bool:
    """The code under each description moves to the item's code, when every line of two or
    more prints one so and one of them prints text over it that is no code alone: True
    then, the text over each code being what the line describes, a type's name as it may
    be ("DR4/6")."""
    lines = [_text_and_code(item) for item in items]
    for item in items:
        item.cells.pop(CODE_UNDER, None)
    pairs = [pair for pair in lines if pair is not None]
    if len(items) < _MIN_LINES or len(pairs) < len(items):
        return False
    if all(len(text) == 1 and is_code(text[0].text) for text, _ in pairs):
        return False  # codes over codes: which is the article's is not told by the words
    for item, (text, code) in zip(items, pairs, strict=True):
        item.cells["item_code"], item.cells["description"] = [code], text
    return True


def _text_and_code(item: RawItem) -> tuple[list[Word], Word] | None:
    """The description's words over its code, and that code: one word alone on the
    description's last line, or set off under it."""
    words = item.cells.get("description", [])
    if item.above or not words or set(item.cells) & {"item_code", ITEM_OR_POSITION}:
        return None
    if CODE_OR_DESCRIPTION in item.cells:
        return None
    if set_off := item.cells.get(CODE_UNDER):
        text, last = words, set_off[0]
    else:
        last = words[-1]
        text = [w for w in words if w.y1 <= last.y0 + 1]
        if len(text) != len(words) - 1 or not is_code(last.text):
            return None
    if not text or text[-1].y1 > last.y0 + 1 or abs(last.x0 - text[0].x0) > _FLUSH:
        return None
    return text, last
