"""A part number read as the first word of a line's text, its own column's title missing.
Two signs give it away. The table has a code column with nothing under it on that line
("Mfg Product #" taken for it, "B4840A 48 x 40 BLOCK PALLETS" under "Description"), or the
line has no code while others have: the code was printed where the text starts, and which
column it belongs to cannot be told. Or the
text is set flush under its title's left edge and the part number wholly left of that edge
("00000000700-101790 PALLET WOOD CHEP" under a "Description" starting at "PALLET"): the
column left of it, its title not printed."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Word
from po_ingest.lib.extraction.local.values import parse_date

# A part number: a long run of digits, or digits between letters ("B4840A"); not a size
# ("2000H", "48X40"). A plus joins a code's options ("IFL1412/400+ MP+DD").
_PART_NUMBER = re.compile(r"^(?=\S*\d)[A-Z0-9][A-Z0-9\-/._+]{4,}$")
_LONG_DIGITS = 6
_DIGITS_BETWEEN_LETTERS = re.compile(r"[A-Z]\d+[A-Z]")
# Text flush under its title starts within half a text height of the title's left edge.
_FLUSH = 0.5


def _part_number(text: str) -> bool:
    if not _PART_NUMBER.match(text):
        return False
    return sum(c.isdigit() for c in text) >= _LONG_DIGITS or bool(
        _DIGITS_BETWEEN_LETTERS.search(text)
    )


def _empty_on_line(column: Column, cells: dict[str, list[Word]]) -> bool:
    """Nothing under the column on the line, in any cell: a second code column's words are
    set aside in one of their own, in no field of the item."""
    return not any(w.x0 < column.x1 and w.x1 > column.x0 for ws in cells.values() for w in ws)


def _left_of_flush_text(first: Word, rest: list[Word], title: Column) -> bool:
    """The text after the first word starts flush under the title (or a table finder's
    cell edge), the first word wholly left of that edge."""
    return first.x1 < title.x0 and abs(rest[0].x0 - title.x0) <= _FLUSH * first.height


def part_number_in_text(
    items: list[dict[str, Found]], raw: list[RawItem], columns: list[Column]
) -> str | None:
    """Why a line's text opens with another column's part number, if one does; `raw` the
    items' cells as the table gave them."""
    code_columns = [c for c in columns if c.name == "item_code" or c.second_code]
    titles = [c for c in columns if c.name == "description"]
    coded = any("item_code" in item for item in items)
    for number, (item, cells) in enumerate(zip(items, raw, strict=True), start=1):
        words = item["description"].words if "description" in item else []
        if len(words) < 2 or not _part_number(words[0].text):
            continue
        first, rest = words[0], words[1:]
        if str(item["description"].value).split()[0] != first.text:
            continue
        if any(_empty_on_line(c, cells.cells) for c in code_columns) or (
            coded and "item_code" not in item
        ):
            return f"line {number}'s text opens with a code while a code column is empty"
        if any(_left_of_flush_text(first, rest, title) for title in titles):
            return f"line {number}'s text opens with a code left of its title: another column's"
    return None


def code_beside_untitled_part_number(
    items: list[dict[str, Found]], raw: list[RawItem], columns: list[Column]
) -> str | None:
    """Why a line's code, read from its text with no code column titled, may not be its
    code: a column the reader has no title for prints a part number on the code's line
    ("CP5556-000" under an unknown title, "EPKJ-17B/3SB" opening the text). Either is the
    item's code; which, the words do not tell. A date there is a date, and the same code
    printed twice no second one."""
    if any(c.name in ("item_code", "code_description") for c in columns):
        return None
    for number, (item, cells) in enumerate(zip(items, raw, strict=True), start=1):
        if "item_code" not in item:
            continue
        code = item["item_code"].words[0]
        beside = [
            w
            for w in cells.cells.get("other", [])
            if abs(w.center_y - code.center_y) < code.height / 2
            and _part_number(w.text)
            and parse_date(w.text, day_first=True) is None
            and w.text != code.text
        ]
        if beside:
            return f"line {number}'s code {item['item_code'].value!r} or {beside[0].text!r}"
    return None
