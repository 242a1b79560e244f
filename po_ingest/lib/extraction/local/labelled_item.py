"""An order for one article printed as a form, not a table: apparel suppliers' portals print
the style's quantity, price per piece and amount as labelled values stacked under each other
("Quantity: 2040 Pcs.", "Price per item: 8.20 USD", "Total amount: 16,728.00 USD"), its
description in a box titled "Description" beside them and its quantities per size in a grid
on another page. Read as the order's one line only when a size grid's row adds up to the
quantity (its size cells to its printed total, that total the quantity), so the quantity is
the whole order's, not one colour's; the gate then checks quantity × price = amount = total.
"""

from __future__ import annotations

import re
from decimal import Decimal

from po_ingest.lib.extraction.local.columns import Column, name_of
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_LABELS = {
    name: re.compile(rf"^(?:{alternatives(phrases)})\s*:$", re.IGNORECASE)
    for name, phrases in vocabulary()["labelled_item"].items()
}
_HEADING = re.compile(
    rf"^(?:{alternatives(vocabulary()['labelled_item_sections']['headings'])})$", re.IGNORECASE
)
_LONGEST_LABEL = 4  # words
_STACKED = 3  # rows from one label to the next at most
_ALIGNED = 2.0  # points between labels set flush left under each other
_SPACE = 0.3  # a space's width, in heights of the word after it
_COUNT = re.compile(r"^\d+$")
_UNIT = re.compile(r"^[^\W\d_]{1,5}\.?$")  # Pcs., ST, pairs


def labelled_item_table(rows: list[Row], decimal_comma: bool | None) -> Table | None:
    """The one article's line as a table of one item, from its description's title to its
    amount's row (the totals read from there on); None when the document prints no such
    form, prints it more than once, or no size grid confirms its quantity."""
    starts = [(i, w) for i, row in enumerate(rows) for w in _label_starts(row, "quantity")]
    if len(starts) != 1:
        return None
    index, (label, quantity) = starts[0]
    price_at = _stacked_under(rows, index, label, "unit_price")
    amount_at = price_at and _stacked_under(rows, price_at[0], label, "line_total")
    title_at = _description_title(rows, index)
    if not (quantity and price_at and amount_at and title_at):
        return None
    count = parse_amount(quantity[0].text, decimal_comma)
    if count is None or not _grid_confirms(rows, count):
        return None
    description = _line_under(rows, title_at[0], index, title_at[1])
    if description is None:
        return None
    cells = {
        "description": description,
        "quantity": quantity[:1],
        "unit_price": _amount_words(price_at[1]),
        "line_total": _amount_words(amount_at[1]),
    }
    if unit := [w for w in quantity[1:2] if _UNIT.match(w.text)]:
        cells["unit"] = unit
    if code := _code(rows, index, label):
        cells["item_code"] = code
    if len(quantity) > 1 + len(unit) or not all(cells.values()):
        return None
    columns = [Column(n, min(w.x0 for w in c), max(w.x1 for w in c)) for n, c in cells.items()]
    item = RawItem(rows[index].page, cells)
    return Table(columns, [item], start_row=title_at[0], end_row=amount_at[0], form=True)


def _label_starts(row: Row, name: str) -> list[tuple[Word, list[Word]]]:
    """Each of the row's cells opening with the label of `name` and a colon: the label's
    first word and the words after the label (its value, or the next cell's when the label
    stands alone in its cell)."""
    found = []
    cells = row.cells()
    for n, cell in enumerate(cells):
        for size in range(1, min(_LONGEST_LABEL, len(cell.words)) + 1):
            if _LABELS[name].match(" ".join(w.text for w in cell.words[:size])):
                value = cell.words[size:] or (cells[n + 1].words if n + 1 < len(cells) else [])
                found.append((cell.words[0], value))
                break
    return found


def _stacked_under(
    rows: list[Row], index: int, label: Word, name: str
) -> tuple[int, list[Word]] | None:
    """The row under `index` (a few at most) whose label of `name` starts where `label`
    does, and its value."""
    for at in range(index + 1, min(index + 1 + _STACKED, len(rows))):
        if rows[at].page != rows[index].page:
            return None
        for start, value in _label_starts(rows[at], name):
            if abs(start.x0 - label.x0) <= _ALIGNED and value:
                return at, value
    return None


def _code(rows: list[Row], index: int, label: Word) -> list[Word] | None:
    """The article's number labelled under the one heading naming the article ("Style
    Information" over "No: 12166518"), in the quantity's column above it: one word with a
    digit, labelled once."""
    page = rows[index].page
    headings = [
        at
        for at in range(index)
        if rows[at].page == page
        for cell in rows[at].cells()
        if abs(cell.x0 - label.x0) <= _ALIGNED and _HEADING.match(cell.text)
    ]
    if len(headings) != 1:
        return None
    values = [
        value
        for row in rows[headings[0] + 1 : index]
        for start, value in _label_starts(row, "item_code")
        if abs(start.x0 - label.x0) <= _ALIGNED
    ]
    if len(values) != 1 or len(values[0]) != 1 or not any(c.isdigit() for c in values[0][0].text):
        return None
    return values[0]


def _amount_words(value: list[Word]) -> list[Word]:
    """An amount and the currency code after it ("8.20 USD"), nothing else."""
    currency = [w for w in value[1:] if w.text in CURRENCY_CODES]
    return value[:1] if len(value) == 1 + len(currency) <= 2 else []


def _description_title(rows: list[Row], index: int) -> tuple[int, Word] | None:
    """The one "Description" title above the quantity's row on its page: its row and word."""
    found = [
        (at, cell.words[0])
        for at in range(index)
        if rows[at].page == rows[index].page
        for cell in rows[at].cells()
        if name_of(cell.text) == "description"
    ]
    return found[0] if len(found) == 1 else None


def _line_under(rows: list[Row], at: int, end: int, title: Word) -> list[Word] | None:
    """The description's first line, right under its title, which names the article (the
    lines under it are its specification); None when the next line's first word would not
    have fitted after it: the name may wrap onto it, unless that word is a label ("COLOR:")."""
    lines = [
        (row, cell)
        for row in rows[at + 1 : end]
        if row.page == rows[at].page
        for cell in row.cells()
        if abs(cell.x0 - title.x0) <= _ALIGNED
    ]
    if (
        not lines
        or lines[0][0] is not rows[at + 1]
        or rows[at + 1].y - rows[at].y > 2 * title.height
    ):
        return None
    first = lines[0][1]
    if first.text.endswith(":") or not any(ch.isalpha() for ch in first.text):
        return None
    if len(lines) > 1:
        following = lines[1][1].words[0]
        right = max(cell.x1 for _, cell in lines)
        fits = first.x1 + _SPACE * following.height + (following.x1 - following.x0) <= right
        if not fits and not following.text.endswith(":"):
            return None
    return first.words


def _grid_confirms(rows: list[Row], quantity: Decimal) -> bool:
    """A row of whole counts, its last the sum of the others and the quantity: a size
    grid's total (0 0 240 580 680 440 100 0 2040), by size and in all."""
    for row in rows:
        first = next((n for n, w in enumerate(row.words) if _COUNT.match(w.text)), None)
        counts = [] if first is None else [w.text for w in row.words[first:]]
        if len(counts) >= 3 and all(_COUNT.match(c) for c in counts):
            *sizes, total = (int(c) for c in counts)
            if total == quantity and sum(sizes) == total:
                return True
    return False
