"""Items printed on two lines under two lines of titles (SAP's purchase-order forms): the
text line ("Item  Material  Description") over the amounts line ("Order qty.  Unit  Price
per unit  Net value"), each value left-aligned after its title, before the next title."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import UNKNOWN, Column, name_of, named_columns
from po_ingest.lib.extraction.local.item_cells import RawItem, is_number, split_code
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.totals import starting

_AMOUNTS = {"quantity", "unit_price", "line_total"}
_CLOSE = starting("subtotal", "tax", "total", "tax_sum")
_SLACK = 2.0  # points a value may start left of its title


def _lane(row: Row) -> list[Column]:
    return [Column(name_of(c.text) or UNKNOWN, c.x0, c.x1) for c in row.cells()]


def _header(rows: list[Row], index: int) -> tuple[list[Column], list[Column]] | None:
    """The text line's titles and the amounts line's titles starting at `rows[index]`."""
    top, bottom = rows[index], rows[index + 1]
    if bottom.page != top.page or bottom.y - top.y > 2 * top.height:
        return None
    text, amounts = _lane(top), _lane(bottom)
    if {c.name for c in text} & _AMOUNTS or not {"quantity", "line_total"} <= {
        c.name for c in amounts
    }:
        return None
    if named_columns(text + amounts) is None:
        return None
    return text, amounts


def _by_lane(words: list[Word], lane: list[Column], item: RawItem) -> None:
    """Each word to the last title starting left of it."""
    for word in words:
        chosen = lane[0].name
        for column in lane:
            if column.x0 - _SLACK <= word.x0:
                chosen = column.name
        item.add(chosen, word)


def _amounts_row(row: Row, lane: list[Column]) -> RawItem | None:
    """The row as an amounts line: a number under the quantity and under the amount."""
    item = RawItem(row.page)
    _by_lane(row.words, lane, item)
    numbered = {name for name, words in item.cells.items() if any(is_number(w.text) for w in words)}
    return item if {"quantity", "line_total"} <= numbered else None


def find_two_line_items(rows: list[Row]) -> Table | None:
    """The items of a two-line table, each a text line right over its amounts line; None
    when there is no such table, or a line it cannot place."""
    header = next(
        (
            (index, found)
            for index in range(len(rows) - 1)
            if (found := _header(rows, index)) is not None
        ),
        None,
    )
    if header is None:
        return None
    start, (text_lane, amounts_lane) = header
    table = Table(text_lane + amounts_lane, [], start, len(rows))
    titles = (rows[start].text, rows[start + 1].text)
    pending: Row | None = None
    index = start + 2
    while index < len(rows):
        row = rows[index]
        if row.text in titles:  # the titles repeated on a following page
            index += 1
            continue
        if _CLOSE.match(row.text):
            table.end_row = index
            break
        amounts = _amounts_row(row, amounts_lane)
        if amounts is not None:
            over = pending
            if over is None or over.page != row.page or row.y - over.y > 1.8 * row.height:
                return None  # amounts without their text line: not guessed
            _by_lane(over.words, text_lane, amounts)
            split_code(amounts)
            table.items.append(amounts)
            pending = None
        elif row.words[0].x0 <= text_lane[0].x1:
            if pending is not None:
                return None  # two item lines in a row: a wrapped text, not guessed
            pending = row
        else:
            table.notes.append(row.text)  # "Your material number 4000056400" under an item
        index += 1
    return table if table.items and pending is None else None
