"""Items printed on two lines under two lines of titles (SAP's purchase-order forms): the
text line ("Item  Material  Description") over the amounts line ("Order qty.  Unit  Price
per unit  Net value"), each value left-aligned after its title, before the next title, or
a number right-aligned under it. A title may wrap onto a line of its own ("Nº producto"
over "proveedor"), a description onto the lines under the text line."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import (
    ORDER_COLUMNS,
    UNKNOWN,
    Column,
    name_of,
    named_columns,
)
from po_ingest.lib.extraction.local.header_rows import _titles
from po_ingest.lib.extraction.local.item_cells import RawItem, is_number, split_code
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.totals_kinds import closes_table

_AMOUNTS = {"quantity", "unit_price", "line_total"}
_NUMBERED = {"quantity", "line_total"}  # an amounts line prints these as numbers at least
_SLACK = 2.0  # points a value may start left of its title
# The amounts line's titles stand right under the text line's, a line's space or so apart.
_TITLES_APART = 2.5
_POSITION = re.compile(r"^\d{1,6}\.?$")  # 1, 10, SAP's 00010


def _lane(row: Row, wrapped: Row | None = None) -> list[Column]:
    """A line's titles, each with the words of `wrapped` under it joined to it. A cell the
    vocabulary does not know is read as the titles it does know in it, set close together
    ("Preis pro Einheit" then SAP's "pro Preiseinheit", printed as one run)."""
    lane = []
    for cell in row.cells():
        titles = [(cell.text, cell.x0, cell.x1)]
        if not name_of(_with_wrap(cell.text, cell.x0, cell.x1, wrapped)[0]):
            titles = _titles(cell.words, ORDER_COLUMNS)
        for title, x0, x1 in titles:
            text, right = _with_wrap(title, x0, x1, wrapped)
            lane.append(Column(name_of(text) or UNKNOWN, x0, right))
    return lane


def _with_wrap(title: str, x0: float, x1: float, wrapped: Row | None) -> tuple[str, float]:
    """The title with the words of `wrapped` under it, and its right edge."""
    under = [w for w in (wrapped.words if wrapped else []) if w.x0 < x1 and w.x1 > x0]
    return " ".join([title] + [w.text for w in under]), max([x1] + [w.x1 for w in under])


def _wraps(row: Row, following: Row | None) -> bool:
    """`following` is the titles of `row` wrapped onto a line of their own: right under it,
    every word under one of its titles, none a title itself nor holding a digit (an item's
    text line)."""
    if following is None or following.page != row.page:
        return False
    if any(c.isdigit() for c in following.text):
        return False
    if following.y - row.y > 1.5 * row.height or any(name_of(c.text) for c in following.cells()):
        return False
    cells = row.cells()
    return all(sum(w.x0 < c.x1 and w.x1 > c.x0 for c in cells) == 1 for w in following.words)


def two_line_header(
    rows: list[Row], index: int, amounts_first: bool = False
) -> tuple[list[Column], list[Column], int] | None:
    """The text line's titles and the amounts line's titles starting at `rows[index]`, and
    how many rows they take; with `amounts_first`, the amounts line's titles are the upper
    ones (SAP's "Pos.  Menge  Einheit  Preis" over "Material  Bezeichnung")."""
    top, index = rows[index], index + 1
    top_wrap = rows[index] if index < len(rows) and _wraps(top, rows[index]) else None
    index += top_wrap is not None
    if index >= len(rows):
        return None
    bottom, index = rows[index], index + 1
    if bottom.page != top.page or bottom.y - (top_wrap or top).y > _TITLES_APART * top.height:
        return None
    bottom_wrap = rows[index] if index < len(rows) and _wraps(bottom, rows[index]) else None
    text, amounts = _lane(top, top_wrap), _lane(bottom, bottom_wrap)
    if amounts_first:
        text, amounts = amounts, text
    if not _split_amounts({c.name for c in text}, {c.name for c in amounts}):
        return None
    if named_columns(text + amounts) is None:
        return None
    return text, amounts, index + (bottom_wrap is not None)


def _interleaved_header(
    rows: list[Row], index: int
) -> tuple[list[Column], list[Column], list[Row]] | None:
    """The text line's titles at `rows[index]`, the first item's text line under them, then
    the amounts line's titles over its amounts (SAP's "Position  Bezeichnung" over "00010
    Schrumpfschlauch …" over "Bestellmenge  Preis pro Mengeneinheit  Nettowert"): the two
    lanes and their title rows."""
    if index + 2 >= len(rows):
        return None
    top, text, bottom = rows[index : index + 3]
    if not top.page == text.page == bottom.page or any(c.isdigit() for c in bottom.text):
        return None
    if bottom.y - text.y > _TITLES_APART * text.height:
        return None
    text_lane, amounts_lane = _lane(top), _lane(bottom)
    if text.words[0].x0 > text_lane[0].x1 or not starts_item(text, text_lane):
        return None
    if text_lane[0].name != "line_number":
        return None  # the text line is told from titles by its position's number alone
    if not _split_amounts({c.name for c in text_lane}, {c.name for c in amounts_lane}):
        return None
    if named_columns(text_lane + amounts_lane) is None:
        return None
    return text_lane, amounts_lane, [top, bottom]


def _split_amounts(text: set[str], amounts: set[str]) -> bool:
    """The amounts line holds the amount and the quantity, or the quantity stands on the
    text line after the position's other values (SAP's "Pos.  Material  Lieferdatum  Menge
    Einh." over "Bezeichnung  Preis pro Einh.  Nettowert"); no price or amount on the text
    line, no quantity on both."""
    if text & {"unit_price", "line_total"} or "line_total" not in amounts:
        return False
    return ("quantity" in text) != ("quantity" in amounts)


def by_lane(words: list[Word], lane: list[Column], item: RawItem) -> None:
    """Each word to the last title starting left of it; a number starting left of a title
    and ending under it, to that title (an amount right-aligned in its column)."""
    for word in words:
        chosen = lane[0].name
        starts = [c for c in lane if abs(word.x0 - c.x0) <= _SLACK]
        if starts:  # set flush under its title: that title's, whatever it reaches under
            item.add(starts[0].name, word)
            continue
        for column in lane:
            if column.x0 - _SLACK <= word.x0 or (
                is_number(word.text) and column.x0 <= word.x1 <= column.x1
            ):
                chosen = column.name
        item.add(chosen, word)


def amounts_row(row: Row, lane: list[Column]) -> RawItem | None:
    """The row as an amounts line: a number under the amount, and under the quantity when
    the line titles it; a number left of every title (a footer's postcode) is under none."""
    item = RawItem(row.page)
    by_lane(row.words, lane, item)
    numbered = {
        name
        for name, words in item.cells.items()
        if any(is_number(w.text) and w.x1 > lane[0].x0 - _SLACK for w in words)
    }
    needed = {"quantity", "line_total"} & {c.name for c in lane}
    return item if "line_total" in needed and needed <= numbered else None


def word_per_title(row: Row, lane: list[Column], pending: list[Row]) -> RawItem | None:
    """Under a text line, an amounts line of one word per title of its lane, in their
    order, each ending before the next title starts, a number under the quantity and the
    amount: the titles' values, set off from them as a form may print them ("130  Unit
    7,190.00/1,000  934.70" left of "Order qty.  Unit  Price per unit  Net value"). The
    line's arithmetic checks them."""
    words = row.words
    if not pending or len(words) != len(lane) or words[0].x0 >= lane[0].x0:
        return None  # the lane's own alignment reads a line starting under its titles
    if any(w.x1 >= following.x0 for w, following in zip(words, lane[1:], strict=False)):
        return None
    item = RawItem(row.page)
    for word, column in zip(words, lane, strict=True):
        item.add(column.name, word)
    numbered = all(
        is_number(w.text) for w, c in zip(words, lane, strict=True) if c.name in _NUMBERED
    )
    return item if numbered and {c.name for c in lane} >= _NUMBERED else None


def starts_item(row: Row, text_lane: list[Column]) -> bool:
    """Under a position's title, an item's text line starts with its number ("00010")
    alone in that column; a line starting otherwise (an address repeated atop the next
    page, "8200 SCHAFFHAUSEN", a footer) is none."""
    if text_lane[0].name != "line_number" or len(text_lane) < 2:
        return True
    first, *rest = row.words
    return _POSITION.match(first.text) is not None and (
        not rest or rest[0].x0 >= text_lane[1].x0 - _SLACK
    )


def find_two_line_items(rows: list[Row]) -> Table | None:
    """The items of a two-line table, each a text line right over its amounts line; None
    when there is no such table, or a line it cannot place."""
    header = next(
        (
            (index, found)
            for index in range(len(rows) - 1)
            if (found := two_line_header(rows, index) or _interleaved(rows, index)) is not None
        ),
        None,
    )
    if header is None:
        return None
    start, (text_lane, amounts_lane, after, *title_rows) = header
    table = Table(text_lane + amounts_lane, [], start, len(rows))
    titles = tuple(r.text for r in (title_rows[0] if title_rows else rows[start:after]))
    furniture = _page_furniture(rows)
    pending: list[Row] = []  # the text line and its wrapped lines
    index = after
    while index < len(rows):
        row = rows[index]
        footer = (row.text, round(row.y)) in furniture and not closes_table(row.text)
        if row.text in titles or footer:
            if pending and title_rows and row.text in titles:
                pending.append(row)  # the amounts line's titles between its text and amounts
            index += 1  # the titles repeated on a following page; its footer
            continue
        if row.page != rows[index - 1].page:
            # A following page's letterhead, down to the titles repeated under it (an item
            # broken over the break goes on under them).
            index = _after_titles(rows, index, titles) or index
            row = rows[index]
        if closes_table(row.text):
            table.end_row = index
            resumed = _resumed(rows, index, titles)
            if resumed is None or pending:
                break
            index = resumed  # the totals printed on each page: the last block is the order's
            continue
        amounts = amounts_row(row, amounts_lane) or word_per_title(row, amounts_lane, pending)
        if amounts is not None:
            over = pending[-1] if pending else None
            if over is None or not (
                (over.page == row.page and row.y - over.y <= 1.8 * row.height)
                or _carried_over(rows, index, over)
                or _under_repeated_titles(rows, index, over, titles)
            ):
                return None  # amounts without their text line: not guessed
            text = [w for line in pending if line.text not in titles for w in line.words]
            by_lane(text, text_lane, amounts)
            split_code(amounts)
            if pending[0].page != row.page:
                _carry(amounts, row, pending[0].page)
            table.items.append(amounts)
            pending = []
        elif row.words[0].x0 <= text_lane[0].x1 and starts_item(row, text_lane):
            if pending:
                return None  # two item lines in a row: a wrapped text, not guessed
            pending = [row]
        elif pending and row.page == pending[-1].page and row.y - pending[-1].y <= 1.6 * row.height:
            pending.append(row)  # the text line's description wrapped onto the next line
        else:
            table.notes.append(row.text)  # "Your material number 4000056400" under an item
        index += 1
    return table if table.items and not pending else None


def _carry(item: RawItem, amounts: Row, page: int) -> None:
    """The item's words other than its amounts line's as printed on `page`."""
    on_amounts_line = {id(w) for w in amounts.words}
    words = [w for cell in item.cells.values() for w in cell if id(w) not in on_amounts_line]
    item.carried |= {id(w): page for w in words}


def _carried_over(rows: list[Row], index: int, over: Row) -> bool:
    """The amounts line at `rows[index]` heads the page after its text line's, under only
    what earlier pages print (the letterhead repeated: the date, the order's number): one
    item broken over the page break, as SAP's forms break it."""
    page = rows[index].page
    if page != over.page + 1:
        return False
    printed = {c.text for r in rows if r.page < page for c in r.cells()}
    above = [r for r in rows[:index] if r.page == page]
    return all(c.text in printed for r in above for c in r.cells())


def _under_repeated_titles(rows: list[Row], index: int, over: Row, titles: tuple[str, ...]) -> bool:
    """The amounts line at `rows[index]` right under the table's titles repeated atop the
    page after its text line's: one item broken over the page break, the table's header
    printed again over its second half."""
    page, start = rows[index].page, index - len(titles)
    return (
        page == over.page + 1
        and start >= 0
        and all(r.page == page for r in rows[start:index])
        and tuple(r.text for r in rows[start:index]) == titles
    )


def _interleaved(rows: list[Row], index: int):
    """`_interleaved_header` as `two_line_header` gives a header, its title rows after it,
    the items starting right under the text line's titles."""
    if (found := _interleaved_header(rows, index)) is None:
        return None
    text_lane, amounts_lane, title_rows = found
    return text_lane, amounts_lane, index + 1, title_rows


def _resumed(rows: list[Row], index: int, titles: tuple[str, ...]) -> int | None:
    """Where the table goes on after the totals block at `rows[index]`: right after its
    titles repeated on a following page, if they are; None when the table ends here."""
    page = rows[index].page
    for later in range(index + 1, len(rows) - len(titles) + 1):
        if (
            rows[later].page > page
            and tuple(r.text for r in rows[later : later + len(titles)]) == titles
        ):
            return later + len(titles)
    return None


def _page_furniture(rows: list[Row]) -> set[tuple[str, int]]:
    """Lines printed alike at the same height on more than one page: a footer (the bank,
    "this document is valid without a signature"), not an item's text; a totals line
    printed on each page is no footer."""
    pages: dict[tuple[str, int], set[int]] = {}
    for row in rows:
        pages.setdefault((row.text, round(row.y)), set()).add(row.page)
    return {key for key, on in pages.items() if len(on) > 1}


def _after_titles(rows: list[Row], index: int, titles: tuple[str, ...]) -> int | None:
    """The row after the titles repeated on the page of `rows[index]`, if they are."""
    page = rows[index].page
    for later in range(index, len(rows) - len(titles) + 1):
        if rows[later].page != page:
            return None
        if tuple(r.text for r in rows[later : later + len(titles)]) == titles:
            return later + len(titles) if later + len(titles) < len(rows) else None
    return None
