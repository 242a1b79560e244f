"""A code-and-description column ("Artikel-Nr./Bestellnummer/Bezeichnung") whose item line
prints the article's code alone: its description is the lines right under it, flush with
the code, up to the next item. Beside them, each line may print one word more, in a run of
its own standing where the first line's stands (the supplier's order number over its type,
"CJ9877-005" over "CSJA-24D/1XU-1XU-M"): a column of references the title names, none of
the description. A labelled value may stand between the code and the text (Oracle's
"Supplier Item:SMOE-62542", the delivery date beside it): a detail, none of either."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem, is_code
from po_ingest.lib.extraction.local.layout import Cell, Row
from po_ingest.lib.extraction.local.under_item import LABELLED_VALUE, without_references

_FLUSH = 2.0  # points between the starts of the code and of the text under it


def _code_alone(item: RawItem) -> list | None:
    """The item's one text word, a code, if its line prints no other text."""
    texts = [name for name in ("item_code", "description") if item.cells.get(name)]
    if len(texts) != 1 or len(item.cells[texts[0]]) != 1:
        return None
    return item.cells[texts[0]] if is_code(item.cells[texts[0]][0].text) else None


def _flush(row: Row, start: float) -> bool:
    return abs(row.words[0].x0 - start) <= _FLUSH


def _right_under(row: Row, item: RawItem, last_y: float) -> bool:
    return row.page == item.page and 0 < row.y - last_y <= 1.6 * row.height


def _reference(run: Cell) -> bool:
    """One word holding a digit: a number or a type, not words of text."""
    return len(run.words) == 1 and any(c.isdigit() for c in run.text)


def _split(row: Row, start: float, references: list | None) -> tuple[Cell, list] | None:
    """The row's text run, flush at `start`, and the reference beside it, if the row is
    one such line: no other run, the reference standing where the first one stood, no
    labelled value ("Lot: A-7") or reference number ("Order no. 4711") in it."""
    kept = without_references(row)
    if kept is None or len(kept.words) != len(row.words):
        return None
    first, *rest = row.cells()
    if not _flush(row, start) or len(rest) > 1:
        return None
    if not rest:
        return first, []
    if not _reference(rest[0]):
        return None
    if references is not None and (not references or abs(rest[0].x0 - references[0].x0) > _FLUSH):
        return None
    return first, rest[0].words


def detail_under_code(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """Under a code-and-description title, an item printing its code alone, then right
    under it, flush with it, a labelled value within the column's width (Oracle's
    "Supplier Item:SMOE-62542"), other columns' values beside it (its delivery date): a
    detail of the item; its description may start on the line under it."""
    column = next((c for c in columns if c.name == "code_description"), None)
    if column is None or item.described_below or item.text_ended or item.above:
        return False
    code = _code_alone(item)
    if code is None or not _right_under(row, item, last_y) or not _flush(row, code[0].x0):
        return False
    inside = [w for w in row.words if w.x0 < column.x1]
    text = " ".join(w.text for w in inside)
    return bool(LABELLED_VALUE.match(text)) and any(c.isdigit() for c in text.split(":", 1)[1])


def starts_description_under_code(
    row: Row, item: RawItem, last_y: float, columns: list[Column]
) -> bool:
    """Under a code-and-description title, an item printing its code alone, then a line of
    text right under it, flush with the code: its description starts; the code is the
    item's. The row's text and the reference beside it, if any, are taken."""
    if not any(c.name == "code_description" for c in columns):
        return False
    if item.described_below or item.text_ended or item.above:
        return False
    code = _code_alone(item)
    if code is None or not _right_under(row, item, last_y):
        return False
    split = _split(row, code[0].x0, None)
    if split is None or not split[0].words[0].text[:1].isalpha():
        return False
    item.cells.pop("description", None)
    item.cells["item_code"], item.cells["description"] = code, list(split[0].words)
    item.references_beside = split[1]
    item.described_below = True
    return True


def description_goes_on_under_code(row: Row, item: RawItem, last_y: float) -> bool:
    """The next line of a description started under its code: right under it, flush with
    it, and a reference beside it only where the first line printed one. Its words join; a
    line flush with it otherwise, no labelled detail, is marked unread (the description may
    go on there); a labelled detail ends the text as under any item."""
    references = item.references_beside
    if references is None or item.text_ended or not _right_under(row, item, last_y):
        return False
    start = item.cells["description"][0].x0
    split = _split(row, start, references)
    if split is None:
        kept = without_references(row)
        if kept is not None and len(kept.words) == len(row.words) and _flush(row, start):
            item.unread_line = row.text  # flush with the text, but not read as its line
        return False
    item.cells["description"] += split[0].words
    return True
