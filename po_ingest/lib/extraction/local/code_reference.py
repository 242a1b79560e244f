"""An item cell printing the part number on a line of its own right over the item's
numbers, its references glued to their labels beside it ("PPS:007"), then, on the numbers'
line, the same number under a reference label ("Your #: 790065004"), then the description
(Oracle's "Part Number and Description"). The first two lines are the code and its
reference, no text of the item."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.item_cells import RawItem, is_code
from po_ingest.lib.extraction.local.layout import Row, Word

# "Your #: 790065004", "Ref. No.: 4711": a label's number, the whole line.
_REFERENCE_LINE = re.compile(
    r"^[^\W\d_][^:]{0,20}?(?:#|no\.?|nr\.?|number)\s*:\s*(?P<value>\S+)$", re.IGNORECASE
)
_GLUED_REFERENCE = re.compile(r"^[^\W\d_]+:\S+$")  # "PPS:007"


def codes_over_references(items: list[RawItem], rows: list[Row]) -> None:
    """Each such item's code read from the line over its numbers, its description from
    the lines under the reference; any other cell stays as read (and is declined)."""
    for item in items:
        words = item.cells.get("description", [])
        if "item_code" in item.cells or not words or len(item.above) > 1:
            continue
        middle, half = words[0].center_y, words[0].height / 2
        first = [w for w in words if abs(w.center_y - middle) < half]
        text = [w for w in words if w.center_y >= middle + half]
        reference = _REFERENCE_LINE.match(" ".join(w.text for w in first))
        code = _code_line_over(rows, item, words[0])
        if (
            reference is None
            or code is None
            or reference["value"] != code.text
            or not text
            or len(first) + len(text) != len(words)
        ):
            continue
        item.cells["item_code"], item.cells["description"], item.above = [code], text, []


def _code_line_over(rows: list[Row], item: RawItem, start: Word) -> Word | None:
    """The code opening the row a line over `start`, starting where it does, when that row
    holds the code and glued references alone (and is the item's text above, if any)."""
    for row in rows:
        step = start.center_y - row.y
        if row.page != item.page or not 0.5 * start.height < step < 1.5 * start.height:
            continue
        code, *beside = row.words
        if (
            abs(code.x0 - start.x0) <= 1
            and is_code(code.text)
            and all(_GLUED_REFERENCE.match(w.text) for w in beside)
            and all(r.words == row.words for r in item.above)
        ):
            return code
    return None
