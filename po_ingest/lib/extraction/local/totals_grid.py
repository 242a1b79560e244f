"""Totals printed as a row of columns, titles over amounts, as in a boxed grid: each amount
as a line of its own, named by the title over it."""

from __future__ import annotations

from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.totals_kinds import LABEL_WORDS, is_amount, kind_of
from po_ingest.lib.extraction.local.values import find_currency

_TITLE_ROWS = 3  # a column of totals titles wraps onto a few lines ("Sales" / "subtotal")
_GRID_PITCH = 2.5  # lines apart a boxed grid's titles and values may be


def _titled_amounts(row: Row, titles: list[Row], decimal_comma: bool) -> list[Row]:
    """Each amount of `row` as a row of its own, after the title words printed over it; a
    title row of as many cells as amounts titles them in order (titles left-aligned over
    amounts right-aligned: "Totale IVA" may sit nearer the next column's amount). A rate
    ("% IVA" over "21,00") is no amount of the block; a tax named with its rate ("MwSt19%"
    over "252,05") is."""
    amounts = [c for c in row.cells() if is_amount(c.text, decimal_comma)]
    lines = []
    for n, cell in enumerate(amounts):  # not the currency printed under "Currency"
        over = []
        for title in titles:
            if len(cells := title.cells()) == len(amounts):
                over += cells[n].words
            else:
                over += [w for c in cells if c.x0 < cell.x1 and c.x1 > cell.x0 for w in c.words]
        over = over or _title_left_of(cell, titles[-1])
        if not any(w.text.startswith("%") for w in over):  # "MwSt19%" names a tax
            lines.append(Row(row.page, over + cell.words))
    return lines


def _title_left_of(cell: Cell, title: Row) -> list[Word]:
    """Titles left-aligned over amounts set further right, under none of them ("Cuota IVA"
    over "1.308,07" right of it): the last title cell starting left of the amount."""
    starts = [c for c in title.cells() if c.x0 <= cell.x0]
    return starts[-1].words if starts else []


def _titles_over(row: Row, below: Row, decimal_comma: bool, pitch: float = 2) -> bool:
    """Short words and no amount, right above `below` (`pitch` lines apart at most)."""
    close = row.page == below.page and below.y - row.y <= pitch * max(row.height, below.height)
    cells = row.cells()
    return (
        close
        and not any(is_amount(c.text, decimal_comma) for c in cells)
        and all(len(c.text.split()) <= LABEL_WORDS for c in cells)  # a sentence titles none
    )


def _texts_among(row: Row, decimal_comma: bool) -> list[Cell] | None:
    """A row of two amounts or more, beside them only currencies and words naming no totals
    line ("TRANSFERENCIA" under "Forma de pago", "PAGADOS" under "Portes" between amounts):
    those words (a grid's values); None for any other row."""
    cells = row.cells()
    amounts = [c for c in cells if is_amount(c.text, decimal_comma)]
    texts = [c for c in cells if c not in amounts and find_currency(c.text) != c.text.strip()]
    if len(amounts) < 2 or any(kind_of([c.text]) for c in texts):
        return None
    return texts


def _names_totals(title: Row) -> bool:
    """Two titles or more naming totals lines ("Base imponible", "Total"), not an item
    table's header ("Nettopreis", "Nettowert")."""
    return sum(kind_of([c.text]) not in (None, "ignore") for c in title.cells()) >= 2


def _set_lower(row: Row, values: Row, titles: Row, decimal_comma: bool) -> list[Row] | None:
    """A grid's amounts printed a line under its other values ("Total Líquido" over a total
    set lower than "Base Imponible" and "Cuota IVA" beside it): each amount of `row`, alone
    on its row, under a title of the grid under which no other value stands, as a line of
    its own named by that title; None for any other row."""
    cells = row.cells()
    if not (
        row.page == values.page
        and row.y - values.y <= _GRID_PITCH * max(row.height, values.height)
        and all(is_amount(c.text, decimal_comma) for c in cells)
    ):
        return None
    free = [
        t
        for t in titles.cells()
        if not any(v.x0 < t.x1 and v.x1 > t.x0 for v in values.cells())
        and kind_of([t.text]) not in (None, "ignore")
    ]
    lines = []
    for cell in cells:
        over = [t for t in free if t.x0 < cell.x1 and t.x1 > cell.x0]
        if len(over) != 1:
            return None
        lines.append(Row(row.page, over[0].words + cell.words))
    return lines


def unfold_grids(rows: list[Row], decimal_comma: bool) -> list[Row]:
    """Totals printed as a row of columns, titles over amounts ("Sales tax" over "0.00"
    beside "Total" over "5,130.00"), as the block printed down the page they stand for."""
    out: list[Row] = []
    grid: tuple[Row, Row] | None = None  # the last grid's values and its titles' last row
    titled: list[Row] = []  # the lines the last grid's first row of values unfolded to
    for row in rows:
        if grid and _next_rate(row, grid[0], decimal_comma):
            # A breakdown by rate: each rate's base is part of the net, no total line; its
            # tax is one of the taxes.
            out = [line for line in out if line not in titled or _names_tax(line, decimal_comma)]
            lines = _titled_amounts(row, [grid[1]], decimal_comma)
            out += [line for line in lines if _names_tax(line, decimal_comma)]
            grid, titled = (row, grid[1]), []
            continue
        if grid and (lower := _set_lower(row, *grid, decimal_comma)) is not None:
            out += lower
            grid = None
            continue
        grid = None
        if (texts := _texts_among(row, decimal_comma)) is not None:
            titles, below = [], row
            while (
                out
                and len(titles) < _TITLE_ROWS
                # A boxed grid pads its cells: its values may sit further under their titles.
                and _titles_over(out[-1], below, decimal_comma, 2 if titles else _GRID_PITCH)
            ):
                below = out.pop()
                titles.insert(0, below)
            if titles and (not texts or _names_totals(titles[-1])):
                titled = _titled_amounts(row, titles, decimal_comma)
                out += titled
                grid = (row, titles[-1])
                continue
            out += titles  # words over an item's numbers: no titles of the totals
        out.append(row)
    return out


def _rate_of(row: Row) -> str | None:
    """The rate a row of a tax breakdown opens with ("22%", "10 %")."""
    cells = row.cells()
    first = cells[0].text.replace(" ", "") if cells else ""
    return first if first.endswith("%") and any(c.isdigit() for c in first) else None


def _next_rate(row: Row, values: Row, decimal_comma: bool) -> bool:
    """A row right under a grid's values, each opening with a rate and printing as many
    amounts under the same titles: the grid is a breakdown of the tax by rate ("Aliquota |
    Imponibile | Imposta" over "22% …" and "10% …"), a row per rate."""
    amounts = [c for c in row.cells() if is_amount(c.text, decimal_comma)]
    over = [c for c in values.cells() if is_amount(c.text, decimal_comma)]
    return (
        row.page == values.page
        and row.y - values.y <= _GRID_PITCH * max(row.height, values.height)
        and _rate_of(row) is not None
        and _rate_of(values) is not None
        and len(amounts) == len(over) == len(row.cells()) - 1
        and all(a.x0 < b.x1 and a.x1 > b.x0 for a, b in zip(amounts, over, strict=True))
    )


def _names_tax(line: Row, decimal_comma: bool) -> bool:
    label = " ".join(w.text for w in line.words if not is_amount(w.text, decimal_comma))
    return kind_of([label]) == "tax"
