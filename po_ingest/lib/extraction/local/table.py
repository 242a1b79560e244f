"""The line-item table: under its header (`columns.py`), rows assigned to columns by
position, continued on later pages with or without a repeated header. Ruled grids give
their columns' true edges (pymupdf's table finder, `grid.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from po_ingest.lib.extraction.local.columns import (
    DESCRIPTION_OR_POSITION,
    ITEM_OR_POSITION,
    Column,
    Header,
    header_columns,
)
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.totals import starting
from po_ingest.lib.extraction.local.values import find_currency, parse_amount, per_unit

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
    described_below: bool = False  # its description is the first cell of the row under it

    def add(self, name: str, word: Word) -> None:
        self.cells.setdefault(name, []).append(word)

    def text(self, name: str) -> str | None:
        words = self.cells.get(name)
        return " ".join(w.text for w in words) if words else None


def _is_number(text: str) -> bool:
    text = (per_unit(text) or (text,))[0]  # "4.61/Ea" aligns as the price it is
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


_CODE_COLUMNS = {"item_code", ITEM_OR_POSITION}
_DESCRIBING = {"item_code", "code_description", "description"}
_TEXT_COLUMNS = {"item_code", "description", ITEM_OR_POSITION, DESCRIPTION_OR_POSITION}


def _run_column(run: Cell, columns: list[Column]) -> str | None:
    """The one column all of a run's words go to, if any: the text column whose title
    alone is over the run (a title centred over its column); for a number, a code
    column's title alone over it ("Item #" over 11619); for words ending in a number, the
    column of its first word."""
    under = [c for c in columns if run.x0 < c.x1 and run.x1 > c.x0]
    text_under = [c.name for c in under if c.name in _TEXT_COLUMNS]
    if _phrase_with_number(run):
        return text_under[0] if len(text_under) == 1 else _column_of(run.words[0], columns)
    if any(_is_number(w.text) for w in run.words):
        return under[0].name if len(under) == 1 and under[0].name in _CODE_COLUMNS else None
    return text_under[0] if len(text_under) == 1 else None


def _assign(row: Row, columns: list[Column]) -> RawItem:
    """The row's words by column: a run's words together where `_run_column` says so,
    else each by its own position."""
    values = RawItem(row.page)
    for run in row.cells():
        name = _run_column(run, columns)
        for word in run.words:
            values.add(name or _column_of(word, columns), word)
    return values


def _phrase_with_number(run: Cell) -> bool:
    """Words ending in a number ("ACCOUNT WITH VENDOR - 4000312525"): the number belongs
    to the phrase, not to a column of numbers."""
    first, last = run.words[0].text, run.words[-1].text
    return (
        len(run.words) > 1 and first.isalpha() and find_currency(first) is None and _is_number(last)
    )


def _split_code(item: RawItem) -> None:
    """A position or an item code is one token: words after it in its column overflowed
    from the description (a description left of its centred title); in a "Code /
    Description" column, the code is the first word; an "Item" holding digits alone
    beside a code column is the position."""
    if words := item.cells.pop(DESCRIPTION_OR_POSITION, None):
        position = len(words) == 1 and words[0].text.isdigit() and "line_number" not in item.cells
        item.cells["line_number" if position else "description"] = words
    if "code_description" in item.cells:
        numbered = item.cells.get("item_code", [])
        if len(numbered) == 1 and numbered[0].text.isdigit() and "line_number" not in item.cells:
            item.cells["line_number"] = numbered  # SAP's "Item#" 10 beside "Matl/Desc"
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


def _text_cells(item: RawItem) -> list[str]:
    """The item's cells that hold text a row under it may wrap: an "Item" holding a code
    ("FL-CHEP" over "PALLET") is one, a position (10) is not."""
    names = [n for n in _TEXT_CELLS if n in item.cells]
    either = item.text(ITEM_OR_POSITION)
    return names + [ITEM_OR_POSITION] if either and not either.isdigit() else names


def _text_cell_of(item: RawItem, word: Word) -> str:
    """The item's text cell that starts nearest left of `word`."""
    cells = [n for n in _text_cells(item) if item.cells[n][0].x0 <= word.x0 + 2]
    return max(cells, key=lambda n: item.cells[n][0].x0) if cells else "description"


def _under_subtitle(row: Row, subtitles: list[Row]) -> bool:
    """The row starts under a second line of titles ("Price count/item" under the header):
    what each item prints there is that title's value, not its wrapped description."""
    x = row.words[0].x0
    return any(c.x0 - 4 <= x <= c.x1 for s in subtitles if s.page == row.page for c in s.cells())


def _right_under(row: Row, item: RawItem, last_y: float) -> bool:
    return row.page == item.page and row.y - last_y <= 1.6 * row.height


def _describes(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """An item printing no description on its line (a code alone, or no description
    column) is described by the row right under it, starting under its code or description
    title; the rest of that row (a warehouse, a date) does not describe it."""
    if "description" in item.cells or not _right_under(row, item, last_y):
        return False
    x = row.words[0].x0
    return any(c.x0 - 4 <= x <= c.x1 for c in columns if c.name in _DESCRIBING)


def _continues(row: Row, item: RawItem, last_y: float, subtitles: list[Row]) -> bool:
    """A text-only row right under an item whose words start where the item's text cells
    start, one run of words per cell, continues it (a wrapped cell); anything else without
    numbers (a note running across the columns) is not part of any item."""
    starts = [item.cells[n][0].x0 for n in _text_cells(item)]
    if not starts or item.described_below or not _right_under(row, item, last_y):
        return False
    if row.words[0].x0 < min(starts) - 2 or _under_subtitle(row, subtitles):
        return False
    runs = row.cells()
    return all(len({_text_cell_of(item, w) for w in run.words}) == 1 for run in runs)


def _without_references(row: Row) -> Row | None:
    """The row without its references ("LFC No. 300000237", "account #4000227995"): they
    stand under an item, they are not its wrapped text."""
    kept = [w for c in row.cells() if not _REFERENCE.search(c.text) for w in c.words]
    return Row(row.page, kept) if kept else None


def _labels_over_values(row: Row, following: Row) -> bool:
    """Two or more labels ("Requested Date", "Promised Date") with a value starting under
    each on the next row: details of the item, not its wrapped text."""
    labels, values = row.cells(), following.cells()
    if following.page != row.page or following.y - row.y > 1.8 * row.height:
        return False
    if (
        len(labels) < 2
        or len(values) != len(labels)
        or any(_is_number(w.text) for w in following.words)
    ):
        return False
    return all(abs(v.x0 - label.x0) <= 3 for v, label in zip(values, labels, strict=True))


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
    """A row with a number under each of quantity, unit price and amount."""
    found = {_column_of(w, columns) for w in row.words if _is_number(w.text)}
    return found >= _AMOUNT_COLUMNS


@dataclass
class Table:
    columns: list[Column]
    items: list[RawItem]
    start_row: int  # index (in all rows) of the first header row
    end_row: int  # index (in all rows) of the first row after the table
    notes: list[str] = field(default_factory=list)  # text rows inside the table
    subtitles: list[Row] = field(default_factory=list)  # text rows right under the header


def find_items(rows: list[Row], known: dict[int, Header] | None = None) -> Table | None:
    """Items of the first item table, following it across pages; None when there is none.
    `known` gives headers found otherwise (a ruled grid's cells), by the index of their row."""
    table: Table | None = None
    in_table, closed, current_page, last_y, index = False, False, -1, 0.0, 0
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
        values = _assign(row, table.columns)
        if table.items and set(values.cells) == {"line_total"}:
            in_table, closed, table.end_row = False, True, index - 1  # an unlabelled sum
            continue
        previous_y, last_y = last_y, row.y
        numbers = [
            name
            for name, words in values.cells.items()
            if name in _AMOUNT_COLUMNS and any(_is_number(w.text) for w in words)
        ]
        if not numbers:
            items = table.items
            following = rows[index] if index < len(rows) else None
            if items and following and _labels_over_values(row, following):
                table.notes += [row.text, following.text]  # "Requested Date" over its date
                index, last_y = index + 1, following.y
            elif items and _wraps_position(items[-1], values):
                _wrap_position(items[-1], values.cells["line_number"])
            elif items and _describes(row, items[-1], previous_y, table.columns):
                items[-1].cells["description"] = row.cells()[0].words
                items[-1].described_below = True
            elif (
                items
                and (text := _without_references(row))
                and _continues(text, items[-1], previous_y, table.subtitles)
            ):
                _continue(items[-1], text)
            elif not items and row.y - previous_y <= 1.8 * row.height:
                table.subtitles.append(row)
            elif items or any(c.isdigit() for c in row.text):
                table.notes.append(row.text)
            table.end_row = index
            continue
        _split_code(values)
        table.items.append(values)
        table.end_row = index
    if table is None or not table.items:
        return None
    return table
