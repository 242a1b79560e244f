"""Two titles that may each name a position or an article ("Item" then "Article"): the
titles do not tell which is which, the values do. The column numbering the lines in
ascending order (1000, 2000, …) is the position, the other, a code on every line, the
item's code."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION, Column
from po_ingest.lib.extraction.local.gate import decline
from po_ingest.lib.extraction.local.item_cells import RawItem, is_code

_MIN_LINES = 2  # one number alone shows no numbering


def positions_beside_codes(items: list[RawItem], columns: list[Column]) -> None:
    """The first weak column's numbers become the line numbers and the second's codes the
    item codes when the values say so; declines when both columns hold values that do not
    tell which numbers the lines (read as titled, a code would be a line's number)."""
    weak = {c.name for c in columns if c.weak}
    if ITEM_OR_POSITION in weak and "line_number" not in weak:
        _positions_counting_up(items)
    if not {ITEM_OR_POSITION, "line_number"} <= weak:
        return
    firsts = [_single(item, ITEM_OR_POSITION) for item in items]
    seconds = [_single(item, "line_number") for item in items]
    if not any(item.cells.get("line_number") for item in items):
        return  # the second column is empty: the first holds a code or a position
    if len(items) >= _MIN_LINES and _positions(firsts) and _codes(seconds):
        for item in items:
            item.cells["line_number"], item.cells["item_code"] = (
                item.cells.pop(ITEM_OR_POSITION),
                item.cells["line_number"],
            )
        return
    if len(items) >= _MIN_LINES and _positions(seconds) and _codes(firsts):
        return  # "Article" then "Item": as titled
    raise decline(
        "two columns titled as either position or article, their values not telling which"
    )


def _positions_counting_up(items: list[RawItem]) -> None:
    """An "Item" column alone whose numbers count up in equal steps (1000, 2000, 3000)
    numbers the lines: SAP's positions, too long to look like one, are no article codes."""
    if any(item.cells.get("line_number") for item in items):
        return
    texts = [_single(item, ITEM_OR_POSITION) for item in items]
    if len(items) < _MIN_LINES or not _positions(texts):
        return
    values = [int(t) for t in texts if t is not None]
    if len({b - a for a, b in zip(values, values[1:], strict=False)}) != 1:
        return
    for item in items:
        item.cells["line_number"] = item.cells.pop(ITEM_OR_POSITION)


def _single(item: RawItem, name: str) -> str | None:
    words = item.cells.get(name, [])
    return words[0].text if len(words) == 1 else None


def _positions(texts: list[str | None]) -> bool:
    if not all(t is not None and t.isdigit() for t in texts):
        return False
    values = [int(t) for t in texts if t is not None]
    return all(a < b for a, b in zip(values, values[1:], strict=False))


def _codes(texts: list[str | None]) -> bool:
    """Codes on every line that are no numbering themselves."""
    return all(t is not None and is_code(t) for t in texts) and not _positions(texts)
