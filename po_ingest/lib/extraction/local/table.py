"""The line-item table: under its header (`columns.py`), rows assigned to columns by
position, continued on later pages with or without a repeated header. Ruled grids give
their columns' true edges (pymupdf's table finder, `grid.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from po_ingest.lib.extraction.local.columns import (
    ITEM_OR_POSITION,
    Column,
    Header,
    header_columns,
)
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.totals import starting
from po_ingest.lib.extraction.local.values import parse_amount

_AMOUNT_COLUMNS = {"quantity", "unit_price", "line_total"}
_NUMERIC_COLUMNS = {"line_number", "quantity", "unit_price", "discount", "line_total", "other"}
# How far a number may sit from its column header's edge.
_ALIGN_SLACK = 24.0
# A larger vertical gap between rows ends the table (footers are not items).
_MAX_ROW_GAP = 40.0
# The totals block closes the table; "continued", "page 2" only pause it until the next page.
_TABLE_CLOSE = starting("subtotal", "tax", "total", "tax_sum")
_TABLE_PAUSE = starting("table_end")
_REFERENCE = re.compile(r"(?<!\w)(?:no\.?|nr\.?|id|#|number)\s*:?\s*\d+$", re.IGNORECASE)


@dataclass
class RawItem:
    page: int
    cells: dict[str, list[Word]] = field(default_factory=dict)

    def add(self, name: str, word: Word) -> None:
        self.cells.setdefault(name, []).append(word)

    def text(self, name: str) -> str | None:
        words = self.cells.get(name)
        return " ".join(w.text for w in words) if words else None


def _is_number(text: str) -> bool:
    return any(c.isdigit() for c in text) and (
        parse_amount(text, True) is not None or parse_amount(text, False) is not None
    )


def _distance(word: Word, column: Column) -> float:
    if column.x0 <= word.center_x <= column.x1:
        return 0.0
    return min(abs(word.x1 - column.x1), abs(word.x0 - column.x0))


def _column_of(word: Word, columns: list[Column]) -> str:
    """Numbers go to the column they align with (right or left edge, or inside it); other
    words to the last column starting left of them."""
    if _is_number(word.text):
        numeric = [c for c in columns if c.name in _NUMERIC_COLUMNS]
        if numeric:
            nearest = min(numeric, key=lambda c: _distance(word, c))
            if _distance(word, nearest) <= _ALIGN_SLACK:
                return nearest.name
    chosen = columns[0].name
    for column in columns:
        if column.x0 - _ALIGN_SLACK / 4 <= word.x0:
            chosen = column.name
    return chosen


def _split_code(item: RawItem) -> None:
    """A position or an item code is one token: words after it in its column overflowed
    from the description (a description left of its centred title); in a "Code /
    Description" column, the code is the first word."""
    if "code_description" in item.cells:
        words = item.cells.pop("code_description")
        item.cells["item_code"], rest = words[:1], words[1:]
        if rest:
            item.cells["description"] = rest + item.cells.get("description", [])
    for name in ("item_code", "line_number", ITEM_OR_POSITION):
        words = item.cells.get(name, [])
        if len(words) > 1:
            item.cells[name] = words[:1]
            item.cells["description"] = words[1:] + item.cells.get("description", [])


_TEXT_CELLS = ("item_code", "description", "unit")


def _text_cell_of(item: RawItem, word: Word) -> str:
    """The item's text cell that starts nearest left of `word`."""
    cells = [n for n in _TEXT_CELLS if n in item.cells and item.cells[n][0].x0 <= word.x0 + 2]
    return max(cells, key=lambda n: item.cells[n][0].x0) if cells else "description"


def _continues(row: Row, item: RawItem, last_y: float, pitch: float | None) -> bool:
    """A text-only row right under an item whose words start where the item's text cells
    start, one run of words per cell, continues it (a wrapped cell); anything else without
    numbers (a note running across the columns) is not part of any item. `pitch`, the
    smallest step from one item's last line to the next item: in a table padded wider than
    its lines (a grid), a row that far down is a row of its own, not a wrapped line."""
    starts = [item.cells[n][0].x0 for n in _TEXT_CELLS if n in item.cells]
    if not starts or row.page != item.page or row.y - last_y > 1.6 * row.height:
        return False
    if pitch is not None and pitch > 1.25 * row.height and row.y - last_y >= pitch - 1:
        return False
    if row.words[0].x0 < min(starts) - 2:
        return False
    if _REFERENCE.search(row.text):
        return False  # "LFC No. 300000237": a reference under the item, not its wrapped text
    runs = row.cells()
    return all(len({_text_cell_of(item, w) for w in run.words}) == 1 for run in runs)


def _wraps_position(item: RawItem, row: RawItem) -> bool:
    """Digits alone, right under the item's position and overlapping it."""
    words, above = row.cells.get("line_number", []), item.cells.get("line_number", [])
    if set(row.cells) != {"line_number"} or len(words) != 1 or len(above) != 1:
        return False
    word, last = words[0], above[0]
    return word.text.isdigit() and last.text.isdigit() and word.x0 < last.x1 and word.x1 > last.x0


def _wrap_position(item: RawItem, words: list[Word]) -> None:
    """A position too wide for its column wraps ("1" over "0" is 10): its digits join."""
    last = item.cells["line_number"][-1]
    joined = "".join(w.text for w in [last, *words])
    item.cells["line_number"][-1] = Word(
        last.x0, last.y0, max(last.x1, words[-1].x1), words[-1].y1, joined
    )


def _continue(item: RawItem, row: Row) -> None:
    for word in row.words:
        item.add(_text_cell_of(item, word), word)


def _is_full_item(row: Row, columns: list[Column]) -> bool:
    """A row with a number under each of quantity, unit price and amount (those printed)."""
    found = {_column_of(w, columns) for w in row.words if _is_number(w.text)}
    return found >= _AMOUNT_COLUMNS & {c.name for c in columns}


def _is_sentence(row: Row, columns: list[Column]) -> bool:
    """One run of words, without the gaps between cells, that is not a whole item: a note
    written across the columns ("Delivery via gate 3, call 24 h ahead"); its numbers are
    not an item's."""
    words = sum(w.text[:1].isalpha() for w in row.words)
    return len(row.cells()) == 1 and words >= 3 and not _is_full_item(row, columns)


@dataclass
class Table:
    columns: list[Column]
    items: list[RawItem]
    start_row: int  # index (in all rows) of the first header row
    end_row: int  # index (in all rows) of the first row after the table
    notes: list[str] = field(default_factory=list)  # text rows inside the table


def find_items(rows: list[Row], known: dict[int, Header] | None = None) -> Table | None:
    """Items of the first item table, following it across pages; None when there is none.
    `known` gives headers found otherwise (a ruled grid's cells), by the index of their row."""
    table: Table | None = None
    in_table, closed, current_page, last_y, index = False, False, -1, 0.0, 0
    pitch: float | None = None
    while index < len(rows):
        row = rows[index]
        if row.page != current_page:
            current_page, in_table = row.page, False
            resumable = table is not None and not closed
        header = (known or {}).get(index) or header_columns(rows, index)
        if header is not None:
            columns, span = header
            if closed:
                break  # the order's table is over; what follows is another one
            if table is not None and [c.name for c in columns] != [c.name for c in table.columns]:
                break  # another kind of table
            if table is None:
                table = Table(columns, [], index, len(rows))
            table.columns, in_table = columns, True
            last_y = rows[index + span - 1].y
            index += span
            continue
        index += 1
        if table is None or closed:
            continue
        if not in_table:
            if not (resumable and _is_full_item(row, table.columns)):
                continue
            # The table runs on over a page without repeating its header.
            in_table, resumable, last_y = True, False, row.y
        cells = row.cells()
        if any(_TABLE_CLOSE.match(c.text) for c in cells):
            in_table, closed, table.end_row = False, True, index - 1
            continue
        if any(_TABLE_PAUSE.match(c.text) for c in cells) or row.y - last_y > _MAX_ROW_GAP:
            in_table, table.end_row = False, index - 1
            continue
        values = RawItem(row.page)
        for word in row.words:
            values.add(_column_of(word, table.columns), word)
        if table.items and set(values.cells) == {"line_total"}:
            in_table, closed, table.end_row = False, True, index - 1  # an unlabelled sum
            continue
        previous_y, last_y = last_y, row.y
        numbers = [
            name
            for name, words in values.cells.items()
            if name in _AMOUNT_COLUMNS and any(_is_number(w.text) for w in words)
        ]
        if _is_sentence(row, table.columns):
            numbers = []
        if not numbers:
            items = table.items
            if items and _wraps_position(items[-1], values):
                _wrap_position(items[-1], values.cells["line_number"])
            elif items and _continues(row, items[-1], previous_y, pitch):
                _continue(items[-1], row)
            elif items or any(c.isdigit() for c in row.text):
                table.notes.append(row.text)
            table.end_row = index
            continue
        if table.items and table.items[-1].page == row.page:
            pitch = min(pitch or row.y - previous_y, row.y - previous_y)
        _split_code(values)
        table.items.append(values)
        table.end_row = index
    if table is None or not table.items:
        return None
    return table
