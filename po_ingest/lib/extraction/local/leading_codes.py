"""Code and description in one cell: with no code column, every line's description opens
with a code of its own ("01994888 SORVETE FREDDO CHOC.TRUF.500ML" under "Produto"), and
that first word is the item's code."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION
from po_ingest.lib.extraction.local.item_cells import RawItem

# A digit in it and five characters or more: "500ML" or "2x" open descriptions, not codes.
_CODE = re.compile(r"^(?=\S*\d)[A-Z0-9][A-Z0-9\-/._]{4,}$")
_MIN_LINES = 2  # one line opening with a code could as well be a name with a number in it


def split_leading_codes(items: list[RawItem]) -> None:
    """Move each description's first word to the item code when every line of two or more
    opens with a different code, followed by words, and none has a code cell."""
    if len(items) < _MIN_LINES or not all(_opens_with_code(item) for item in items):
        return
    if len({item.cells["description"][0].text for item in items}) < len(items):
        return  # the same word on every line is a brand or a kind of goods, not a code
    for item in items:
        code, *rest = item.cells["description"]
        item.cells["item_code"], item.cells["description"] = [code], rest


def _opens_with_code(item: RawItem) -> bool:
    words = item.cells.get("description", [])
    return (
        len(words) > 1
        and not item.above
        and "item_code" not in item.cells
        and ITEM_OR_POSITION not in item.cells
        and bool(_CODE.match(words[0].text))
    )
