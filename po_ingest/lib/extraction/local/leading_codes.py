"""Code and description in one cell: with no code column, every line's description opens
with a code of its own ("01994888 SORVETE FREDDO CHOC.TRUF.500ML" under "Produto"), and
that first word is the item's code; so is a reference in square brackets opening it, on
any line ("[SCF-T-40] Scaffold tube": Odoo prints a product's internal reference so)."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION, Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Word

# A digit in it and five characters or more: "500ML" or "2x" open descriptions, not codes.
_CODE = re.compile(r"^(?=\S*\d)[A-Z0-9][A-Z0-9\-/._]{4,}$")
# A code in brackets: a digit in it, or capitals joined ("[HDL-PAL]"); "[NEW]" is a tag.
_BRACKETED = re.compile(r"^\[((?=[^\]]*\d)[^\]\s]+|[A-Z0-9]+(?:[-_./][A-Z0-9]+)+)\]$")
# Set apart from its text by a dash ("LAB-GEN - General site operative", as Xero prints an
# item's code and description): capitals joined, no digit needed.
_DASHED_CODE = re.compile(r"^(?=\S*[\d\-/._])[A-Z0-9][A-Z0-9\-/._]*[A-Z0-9]$")
_DASHES = {"-", "–", "—"}
_MIN_LINES = 2  # one line opening with a code could as well be a name with a number in it


def split_leading_codes(items: list[RawItem]) -> None:
    """Move each description's first word to the item code when every line of two or more
    opens with a different code, followed by words (after a dash, when every line has one
    there), and none has a code cell."""
    if len(items) < _MIN_LINES or not all(_opens_with_code(item) for item in items):
        return
    if len({item.cells["description"][0].text for item in items}) < len(items):
        return  # the same word on every line is a brand or a kind of goods, not a code
    dashed = all(_dashed(item.cells["description"]) for item in items)
    for item in items:
        code, *rest = item.cells["description"]
        item.cells["item_code"], item.cells["description"] = [code], rest[1:] if dashed else rest


def _dashed(words: list[Word]) -> bool:
    """The code, a dash alone, then the text."""
    return len(words) > 2 and words[1].text in _DASHES and bool(_DASHED_CODE.match(words[0].text))


def split_bracketed_codes(items: list[RawItem]) -> None:
    """Move a description's opening reference in square brackets to the item code, on each
    line with words after it and no code of its own."""
    for item in items:
        words = item.cells.get("description", [])
        if len(words) < 2 or item.above or "item_code" in item.cells:
            continue
        if ITEM_OR_POSITION in item.cells or not (match := _BRACKETED.match(words[0].text)):
            continue
        first = words[0]
        item.cells["item_code"] = [Word(first.x0, first.y0, first.x1, first.y1, match[1])]
        item.cells["description"] = words[1:]


def _opens_with_code(item: RawItem) -> bool:
    words = item.cells.get("description", [])
    return (
        len(words) > 1
        and not item.above
        and "item_code" not in item.cells
        and ITEM_OR_POSITION not in item.cells
        and (bool(_CODE.match(words[0].text)) or _dashed(words))
    )


def codes_of_empty_column(items: list[RawItem], columns: list[Column]) -> None:
    """A second code column ("Mfg Product #" beside "Item #") with nothing under its title
    on any line, while every line's description opens with a code and words after it
    ("B4840A 48 x 40 BLOCK PALLETS"): the column's code, printed where the description
    starts. It leaves the description; it is the item's code when the line has none."""
    empty = [c for c in columns if c.second_code and not _under(c, items)]
    if not empty or not items or not all(_opens_with_other_code(item) for item in items):
        return
    description = next((c for c in columns if c.name == "description"), None)
    if description is None or not all(c.x1 <= description.x0 for c in empty):
        return
    for item in items:
        code, *rest = item.cells["description"]
        item.cells["description"] = rest
        item.cells.setdefault("item_code", [code])


def _under(column: Column, items: list[RawItem]) -> bool:
    return any(
        w.x0 < column.x1 and w.x1 > column.x0
        for item in items
        for words in item.cells.values()
        for w in words
    )


def _opens_with_other_code(item: RawItem) -> bool:
    words = item.cells.get("description", [])
    return len(words) > 1 and not item.above and bool(_CODE.match(words[0].text))
