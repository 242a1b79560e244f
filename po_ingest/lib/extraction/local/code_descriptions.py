"""A description column of part numbers: every line prints one code under the description
beside its own item code (the buyer's article, then the maker's part number), and the part
number is what the line describes."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION
from po_ingest.lib.extraction.local.item_cells import RawItem

# Digits alone are as often another column's number (an order, a tariff code) as a part.
_PART_NUMBER = re.compile(r"^(?=\S*\d)(?!\d+$)[A-Z0-9][A-Z0-9\-/._]{3,}$")
_MIN_LINES = 2  # one line's code alone could be a misread cell as well as a column of codes


def codes_as_descriptions(items: list[RawItem]) -> bool:
    """Each of two lines or more prints one code alone as its description, nothing above
    or under it, and an item code of its own that is another."""
    if len(items) < _MIN_LINES:
        return False
    return all(_part_number_described(item) for item in items)


def _part_number_described(item: RawItem) -> bool:
    words = item.cells.get("description", [])
    code = item.text("item_code") or item.text(ITEM_OR_POSITION)
    return (
        len(words) == 1
        and not item.above
        and bool(_PART_NUMBER.match(words[0].text))
        and code is not None
        and code != words[0].text
    )
