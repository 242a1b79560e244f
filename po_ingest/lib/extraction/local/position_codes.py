"""A column of positions read as the item's code: its title not known or not printed, the
position's number runs into the code's cell (10, "3 05AVAR1380----", "00010 1237583"). A
position numbers the line; it never names the article."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import is_code

# 1, 12, 039, 00010, 1000, "3.": a position's shape, counted in ones, tens or hundreds.
_POSITION = re.compile(r"^0*[1-9]\d{0,2}0?\.?$")


def position_as_code(items: list[dict[str, Found]]) -> str | None:
    """Why an item's code is a position, if it is: a position's number in front of a code,
    or, alone, the line's own position (n, or 10·n as SAP counts) or a number with a point."""
    for number, item in enumerate(items, start=1):
        words = str(item["item_code"].value).split() if "item_code" in item else []
        if not words or not _POSITION.match(words[0]):
            continue
        if len(words) > 1 and is_code(words[1]):
            return f"line {number}'s item code starts with a position: {item['item_code'].value!r}"
        if len(words) == 1 and (words[0].endswith(".") or int(words[0]) in (number, 10 * number)):
            return f"line {number}'s item code is its position: {words[0]!r}"
    return None
