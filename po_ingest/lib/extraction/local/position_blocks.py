"""Items printed as blocks headed by their position (SAP forms such as "Position 0001"):
under titles whose code title ("Part number") stands a line above the quantity's and the
amount's ("Quantity", "Total price"), each block prints its line (the short text from the
left margin, untitled, then the code and the quantity with its unit under their titles),
its texts and dates, and last its price condition: "Price per 1 PC   4,28   3.424,00", the
price per one unit and the line's value right-aligned under the amount's title."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import Column, name_of
from po_ingest.lib.extraction.local.item_cells import RawItem, is_number
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.totals_kinds import closes_table
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_SLACK = 3.0  # points a value may stand off its title's edge
_TITLE_WORDS = 3  # the longest title looked for, in words
_TITLES_APART = 2.5  # line heights between the code's title line and the amounts' one
_POSITION = re.compile(r"^\d{1,6}$")
# "Price per 1 PC": a price per one unit; a price per 100 is left to the other readers.
_PRICE_PER_ONE = re.compile(
    rf"^(?:{alternatives(vocabulary()['price_basis']['labels'])})\s+1\s+[^\W\d_]{{1,5}}\.?$",
    re.IGNORECASE,
)


def _title(row: Row, name: str) -> Column | None:
    """The row's first run of one to three words the vocabulary names `name`."""
    words = row.words
    for start in range(len(words)):
        for size in range(_TITLE_WORDS, 0, -1):
            run = words[start : start + size]
            if len(run) == size and name_of(" ".join(w.text for w in run)) == name:
                return Column(name, run[0].x0, run[-1].x1)
    return None


def _header(rows: list[Row], index: int) -> list[Column] | None:
    """The code's, quantity's and amount's titles when `rows[index]` holds the last two and
    a line just above it the code's, left of the quantity's; None otherwise."""
    row = rows[index]
    quantity, amount = _title(row, "quantity"), _title(row, "line_total")
    if quantity is None or amount is None or amount.x0 < quantity.x1:
        return None
    for above in reversed(rows[max(0, index - 2) : index]):
        if above.page != row.page or row.y - above.y > _TITLES_APART * row.height:
            break
        code = _title(above, "item_code")
        if code is not None and code.x1 < quantity.x0:
            return [code, quantity, amount]
    return None


def _position(row: Row, right: float) -> Word | None:
    """The number of a block's heading row ("Position 0001"), words right of the table
    (a letterhead's side column) aside."""
    words = [w for w in row.words if w.x0 < right]
    if len(words) == 2 and name_of(words[0].text) == "line_number":
        return words[1] if _POSITION.match(words[1].text) else None
    return None


def _item_line(row: Row, columns: list[Column]) -> RawItem | None:
    """The block's first line: text left of the code's title, one code under it, the
    quantity and its unit under theirs; None when anything else stands there."""
    code, quantity, amount = columns
    item = RawItem(row.page)
    for word in row.words:
        if word.x0 >= amount.x1 + _SLACK:
            continue  # the side column
        if word.x1 < code.x0 - _SLACK:
            item.add("description", word)
        elif word.x0 < quantity.x0 - _SLACK:
            item.add("item_code", word)
        elif word.x1 < amount.x0:
            item.add("quantity" if "quantity" not in item.cells else "unit", word)
        else:
            return None
    quantities = item.cells.get("quantity", [])
    if len(item.cells.get("item_code", [])) != 1 or not quantities:
        return None
    if not is_number(quantities[0].text) or len(item.cells.get("unit", [])) > 1:
        return None
    return item if "description" in item.cells else None


def _price_line(row: Row, amount: Column) -> tuple[Word, Word] | None:
    """The price and the line's value of a price condition line, or None."""
    words = [w for w in row.words if w.x0 < amount.x1 + _SLACK]
    if len(words) < 3 or abs(words[-1].x1 - amount.x1) > _SLACK:
        return None
    if not (is_number(words[-1].text) and is_number(words[-2].text)):
        return None
    label = " ".join(w.text for w in words[:-2])
    return (words[-2], words[-1]) if _PRICE_PER_ONE.match(label) else None


def _amount_under(row: Row, amount: Column) -> bool:
    return any(is_number(w.text) and abs(w.x1 - amount.x1) <= _SLACK for w in row.words)


def find_position_block_items(rows: list[Row]) -> Table | None:
    """The items of a table of position blocks, followed over pages under its repeated
    titles up to the totals; None when there is none, or a block is not read whole (no
    price condition, two of them, an amount elsewhere)."""
    start = next((i for i in range(len(rows)) if _header(rows, i)), None)
    if start is None:
        return None
    columns = _header(rows, start)
    right = columns[2].x1 + _SLACK
    # The short text's column: untitled, from the margin to the code's title.
    text = Column("description", 0.0, columns[0].x0 - _SLACK, known=False)
    table = Table([text, *columns], [], start, len(rows))
    priced: list[bool] = []
    in_table, page, item_line = True, rows[start].page, -1
    for index in range(start + 1, len(rows)):
        row = rows[index]
        if row.page != page:
            in_table, page = False, row.page
        if _header(rows, index):
            in_table = True  # its titles repeated on the next page
            continue
        if not in_table or index == item_line:
            continue
        if closes_table(row.text):
            table.end_row = index
            return table if table.items and all(priced) else None
        if (number := _position(row, right)) is not None:
            item_line = index + 1
            item = _item_line(rows[item_line], columns) if item_line < len(rows) else None
            if item is None:
                return None
            item.cells["line_number"] = [number]
            table.items.append(item)
            priced.append(False)
        elif table.items and (price := _price_line(row, columns[2])) is not None:
            if priced[-1]:
                return None
            table.items[-1].cells["unit_price"] = [price[0]]
            table.items[-1].cells["line_total"] = [price[1]]
            priced[-1] = True
        elif _amount_under(row, columns[2]):
            return None
    return None
