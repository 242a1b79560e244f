"""A PO number printed under the document's title with a bare "No." or "Number" for its
label ("PURCHASE ORDER" over "No. P00342"), or with none, right under it, or beside it on
its line ("BESTELLUNG   Nr. 4508149994", "PEDIDO   58154" set as large): the title says
whose number it is."""

from __future__ import annotations

import datetime as dt
import re
import statistics
from collections.abc import Callable

from po_ingest.lib.extraction.local.header import TITLE, Found, is_a_label_cell
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.values import month_numbers
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

# The label ends where its word does, or before a digit ("Nr.4508", "N123"): "N" (the
# label "n." without its dot) opening a word is no label ("NIT 900.123.456-7", a tax id).
_NUMBER = re.compile(
    rf"^(?:{alternatives(vocabulary()['title_number']['words'])})(?:(?<=\W)|(?![^\W\d_]))"
    r"\s*[:#]?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
# A number followed by a comma and a place's name ("No.7, Kuwait City"): an address's.
_PLACE_AFTER = re.compile(r"^\S*\d\S*,\s*[^\W\d_]")
_ROWS_UNDER = 4  # a title's number sits within a few lines of it
_ALIGNED = 4.0  # points between the title's edge and its number label's
_BESIDE = 150.0  # points between the title and its number on its line, at most
_LARGE = 1.3  # a title is set this much larger than the body text, at least
_SAME_SIZE = 0.5  # points between the heights of words set in one size
_LINES_UNDER = 2.5  # a label's value stands within this many line heights under it


def _under(title: Cell, cell: Cell) -> bool:
    """Set under the title, flush with its left or its right edge."""
    return abs(cell.x0 - title.x0) <= _ALIGNED or abs(cell.x1 - title.x1) <= _ALIGNED


def _labelled(cells: list[Cell], position: int) -> tuple[str, list[Word]] | None:
    """What the number label at `position` labels: the rest of its cell ("No. P00342"),
    else the next cell ("Number   PO284256-1")."""
    match = _NUMBER.match(cells[position].text)
    if match is None or _in_an_address(cells, position, match["rest"]):
        return None
    if match["rest"]:
        return match["rest"], cells[position].words[1:]
    beside = cells[position + 1] if position + 1 < len(cells) else None
    return (beside.text, beside.words) if beside else None


def _in_an_address(cells: list[Cell], position: int, rest: str) -> bool:
    """A shop's or a building's number inside an address line ("complex - No.7, Kuwait
    City"): words before the label on its line, a comma and a place after its number."""
    before = position > 0 and cells[position].x0 - cells[position - 1].x1 <= _BESIDE
    return before and _PLACE_AFTER.match(rest) is not None


def _bare_number(title: Cell, cell: Cell) -> bool:
    """A number alone, all digits, on the next line under the title in its column, flush
    left with it or set within its width (centred under a right-hand "PURCHASE ORDER")."""
    flush = abs(cell.x0 - title.x0) <= _ALIGNED
    within = cell.x0 >= title.x0 - _ALIGNED and cell.x1 <= title.x1 + _ALIGNED
    # One digit alone there is a page's number as often as an order's; a code of a few
    # letters and four digits or more is an order's as well ("B307389", "SRE/F00876").
    return (flush or within) and len(cell.words) == 1 and _order_code(cell.text)


def _among_labels(cells: list[Cell], position: int) -> bool:
    """Labels on both sides of the bare number on its row ("Date", "Our Reference"): a row
    of labels, where a code stands in a label's place ("Buyer" as a word nobody taught)."""
    before = cells[position - 1] if position else None
    after = cells[position + 1] if position + 1 < len(cells) else None
    return all(c is not None and is_a_label_cell(c) for c in (before, after))


def _another_number_after(
    cells: list[Cell], position: int, parse: Callable[[str], str | None], top: Row, title: Cell
) -> bool:
    """Another number the order's could be further along the bare number's row, under no
    other cell of the title's row (that one's value: "PEDIDO" over "356584" beside "Nº
    PROVEEDOR" over "1720"): the bare one may be a label the reader does not know
    ("Zorbel-1" where "Bestellnummer" stood, its value "4500111131" on its right); which is
    the order's, the words do not tell."""
    value = parse(cells[position].text)
    others = [c for c in top.cells() if c.x0 != title.x0]
    return any(
        (other := parse(c.text)) is not None
        and other != value
        and not any(o.x0 < c.x1 and o.x1 > c.x0 for o in others)
        for c in cells[position + 1 :]
    )


def _another_number_under(
    rows: list[Row], index: int, cell: Cell, parse: Callable[[str], str | None]
) -> bool:
    """Another number the order's could be the next cell flush under the bare number, a
    line or two down: the bare one may be a label the reader does not know over its value (SAP's
    "Bestellnummer" over "4503683421", another word in its place)."""
    value = parse(cell.text)
    row = rows[index]
    for below in rows[index + 1 : index + 3]:
        if below.page != row.page or below.y - row.y > _LINES_UNDER * row.height:
            return False
        for under in below.cells():
            if abs(under.x0 - cell.x0) <= _ALIGNED:
                return (other := parse(under.text)) is not None and other != value
    return False


def _next_in_column(title: Cell, between: list[Row]) -> bool:
    """No line between the title and a row prints under the title: that row's words are the
    next ones in the title's column (NetSuite sets the order's number under "Purchase Order"
    on the right beside the buyer's address lines on the left)."""
    return not any(c.x0 < title.x1 and c.x1 > title.x0 for r in between for c in r.cells())


def _order_code(text: str) -> bool:
    digits = sum(c.isdigit() for c in text)
    letters = sum(c.isalpha() for c in text)
    return (text.isdigit() and len(text) > 1) or (digits >= 4 and letters <= 4)


def _heading_bar(title: Cell, cells: list[Cell]) -> bool:
    """The title first on its line and one cell alone after it, however far ("Bestellung"
    on the left of a coloured band, "Nr. 4508149994" on its right): a heading line of its
    own, whose labelled number is the title's."""
    return len(cells) == 2 and cells[0].x0 == title.x0


def _beside(title: Cell, cells: list[Cell], body: float) -> tuple[str, list[Word]] | None:
    """The number right of the title on its line: labelled "No." / "Nr." (near it, or alone
    with it on a heading line), or digits alone set as large as a title set large (a
    heading's two parts, not a field of the page)."""
    after = [n for n, c in enumerate(cells) if c.x0 >= title.x1]
    if not after:
        return None
    if _heading_bar(title, cells) and (labelled := _labelled(cells, after[0])):
        return labelled
    if cells[after[0]].x0 - title.x1 > _BESIDE:
        return None
    cell = cells[after[0]]
    if labelled := _labelled(cells, after[0]):
        return labelled
    height = max(w.height for w in title.words)
    large = height >= _LARGE * body and all(
        abs(w.height - height) <= _SAME_SIZE for w in cell.words
    )
    return (
        (cell.text, cell.words) if large and len(cell.words) == 1 and cell.text.isdigit() else None
    )


def number_under_title(
    rows: list[Row], parse: Callable[[str], str | None], title_pattern: re.Pattern[str] = TITLE
) -> Found | None:
    """The number labelled "No."/"Number" under the document's title (a purchase order's
    unless `title_pattern` says otherwise), if it parses; else the one beside it."""
    body = statistics.median(w.height for r in rows for w in r.words) if rows else 0.0
    for index, row in enumerate(rows):
        for title in (c for c in row.cells() if title_pattern.match(c.text)):
            beside = _beside(title, row.cells(), body)
            if beside and (value := parse(beside[0])) is not None:
                return Found(value, row.page, beside[1])
            for distance, below in enumerate(rows[index + 1 : index + 1 + _ROWS_UNDER]):
                cells = below.cells()
                for position, cell in enumerate(cells):
                    labelled = _labelled(cells, position) if _under(title, cell) else None
                    if (
                        labelled is None
                        and position + 1 < len(cells)
                        and _under(title, cells[position + 1])
                    ):
                        labelled = _labelled(cells, position)
                    if (
                        labelled is None
                        and _next_in_column(title, rows[index + 1 : index + 1 + distance])
                        and _bare_number(title, cell)
                        and not _among_labels(cells, position)
                        and not _another_number_after(cells, position, parse, row, title)
                        and not _another_number_under(rows, index + 1 + distance, cell, parse)
                    ):
                        labelled = cell.text, cell.words  # SAP: "Purchase Order" over 4509367961
                    if labelled and (value := parse(labelled[0])) is not None:
                        return Found(value, below.page, labelled[1])
    return None


def date_under_number(
    rows: list[Row], number: Found, parse: Callable[[str], dt.date | None], *, labelled=False
) -> Found | None:
    """A date alone on the next line with text under the title's number, flush left with it
    ("ORDER" over "No: 163513" over "07.03.2025"; a line of the next column's words set
    between them is another block's): the title block's date, the order's. Under a
    `labelled` number ("ORDER Nr." over "2812" over "2025-06-13"), only a date that starts
    its cell flush with the number's own words, with no label set beside it on its left."""
    if not number.words:  # "No.P00342" as one word: the number has no words of its own
        return None
    for index, row in enumerate(rows[:-1]):
        cell = next((c for c in row.cells() if number.words[0] in c.words), None)
        if cell is None:
            continue
        if labelled:
            cell = Cell(number.words)
        for below in rows[index + 1 :]:
            if below.page != row.page or below.y - row.y > 2 * row.height:
                return None
            cells = below.cells()
            column = [c for c in cells if c.x0 < cell.x1 and c.x1 > cell.x0]
            if not column:
                continue
            for under in column:
                flush = abs(under.x0 - cell.x0) <= _ALIGNED or abs(under.x1 - cell.x1) <= _ALIGNED
                if labelled and not (_starts_a_date(under.text) and _alone(under, cells)):
                    return None
                if flush and len(under.words) <= 3:
                    value = parse(under.text)
                    return Found(value, below.page, under.words) if value else None
            return None
    return None


def _starts_a_date(text: str) -> bool:
    """The text's first word is a date's first part, a number or a month ("07.03.2025",
    "Aug/14/2025"), not a label before one ("Delivery 07.03.2025")."""
    first = re.split(r"[\s/.,-]", text, maxsplit=1)[0].lower()
    return text[:1].isdigit() or first in month_numbers()


def _alone(cell: Cell, cells: list[Cell]) -> bool:
    """No cell of its row ends close enough left of `cell` to be a label it is the value of."""
    return not any(0 <= cell.x0 - c.x1 <= _BESIDE for c in cells)


def number_heading(rows: list[Row], parse: Callable[[str], str | None]) -> Found | None:
    """A bare number label and its number set large anywhere in the header, a heading of its
    own away from the title ("Ordine Fornitore" on the right, "N. 300 000 946" on the left,
    larger than the text around it): the document's own number, as under its title. Two
    such headings that read differently are not guessed between."""
    body = statistics.median(w.height for r in rows for w in r.words) if rows else 0.0
    found: list[Found] = []
    for row in rows:
        cells = row.cells()
        for position, cell in enumerate(cells):
            labelled = _labelled(cells, position)
            if labelled is None or not labelled[1]:
                continue
            words = [*cell.words, *labelled[1]]
            if all(w.height >= _LARGE * body for w in words) and (value := parse(labelled[0])):
                found.append(Found(value, row.page, labelled[1]))
    return found[0] if len({f.value for f in found}) == 1 else None
