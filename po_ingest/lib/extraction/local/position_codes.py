"""A column of positions read as the item's code or description: its title not known or not
printed, the position's number runs into the neighbouring cell (10, "3 05AVAR1380----",
"00010 1237583", "00010 2352073-00 POWER-KONTAKT", "1 Steel" and "2 Iron"). A position
numbers the line; it never names or describes the article."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Word

# 1, 12, 039, 00010, 1000, "3.": a position's shape, counted in ones, tens or hundreds.
_POSITION = re.compile(r"^0*[1-9]\d{0,2}0?\.?$")
_PADDED_POSITION = re.compile(r"^0+[1-9]\d{0,2}0?$")  # SAP's 00010
_MIN_LINES = 2


def position_as_code(items: list[dict[str, Found]]) -> str | None:
    """Why an item's code is a position, if it is: a position's number in front of a code,
    or, alone, the line's own position (n, or 10·n as SAP counts) or a number with a point."""
    for number, item in enumerate(items, start=1):
        words = str(item["item_code"].value).split() if "item_code" in item else []
        if not words or not _POSITION.match(words[0]):
            continue
        if len(words) > 1 and any(c.isdigit() for c in words[1]):
            return f"line {number}'s item code starts with a position: {item['item_code'].value!r}"
        if len(words) == 1 and (words[0].endswith(".") or int(words[0]) in (number, 10 * number)):
            return f"line {number}'s item code is its position: {words[0]!r}"
    return _position_in_description(items) or _positions_going_back(items)


def _positions_going_back(items: list[dict[str, Found]]) -> str | None:
    """Positions count up: one that is not past the one before (1 … 9, 1, 11) is a number
    read in part, its other digits wrapped onto a line of their own in a narrow column
    whose title was not read."""
    for number, (before, item) in enumerate(zip(items, items[1:], strict=False), start=2):
        if "line_number" not in before or "line_number" not in item:
            continue
        previous, position = before["line_number"].value, item["line_number"].value
        if isinstance(previous, int) and isinstance(position, int) and position <= previous:
            return f"line {number}'s position {position} does not follow {previous}"
    return None


def _position_in_description(items: list[dict[str, Found]]) -> str | None:
    """A description starting with a zero-padded position, or every line's starting with
    its own number (1, 2, 3: one line alone may well start with a count: "3 Aspect
    signal head")."""
    firsts = []
    for number, item in enumerate(items, start=1):
        words = str(item["description"].value).split() if "description" in item else []
        if len(words) > 1 and _PADDED_POSITION.match(words[0]):
            return f"line {number}'s description starts with a position: {words[0]!r}"
        if len(words) > 1 and _POSITION.match(words[0]) and _alone_on_its_line(item["description"]):
            return f"line {number}'s description opens with a number alone: {words[0]!r}"
        firsts.append(len(words) > 1 and words[0].rstrip(".") == str(number))
    if len(items) > 1 and all(firsts):
        return "every line's description starts with its position"
    return None


def _alone_on_its_line(description: Found) -> bool:
    """The text's first word stands alone on its line, the text going on under it: a
    position's column the title over the text reached over ("Zorbel Material" over "10"),
    not a count in front of the words it counts."""
    first = next(
        (w for w in description.words if w.text == str(description.value).split()[0]), None
    )
    if first is None:
        return False
    return not any(
        w is not first and abs(w.center_y - first.center_y) < first.height / 2
        for w in description.words
    )


def positions_opening_descriptions(items: list[RawItem]) -> None:
    """Every line's description opens with its own number closed by a parenthesis ("1)
    UMBRELLA …", "2) …", in order) and no line prints a position of its own: those are the
    lines' positions, no words of their text. One line alone may open with a list's "1)"."""
    if len(items) < _MIN_LINES or any("line_number" in item.cells for item in items):
        return
    for number, item in enumerate(items, start=1):
        words = item.cells.get("description", [])
        if not words[1:] or words[0].text != f"{number})":
            return
    for number, item in enumerate(items, start=1):
        word, *rest = item.cells["description"]
        item.cells["line_number"] = [Word(word.x0, word.y0, word.x1, word.y1, str(number))]
        item.cells["description"] = rest
