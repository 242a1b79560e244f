"""An order typed into a spreadsheet prints its line-total formula on every row of the
sheet: empty rows print a zero alone, and a row holding only more of an item's text prints
one beside it. Such a zero is no line amount."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import assign
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import parse_amount

# Empty rows one after another under the items, not one zero that a sums row prints.
_EMPTY_ROWS = 2


def _formula_zero(row: Row, columns: list[Column]) -> Word | None:
    """The row's one word in the line-total column when it is a zero amount and the row
    prints no quantity or price."""
    cells = assign(row, columns).cells
    totals = cells.get("line_total", [])
    if len(totals) != 1 or cells.get("quantity") or cells.get("unit_price"):
        return None
    amount = parse_amount(totals[0].text, False)
    return totals[0] if amount is not None and amount == 0 else None


def prints_formula_zeros(rows: list[Row], start: int, columns: list[Column]) -> bool:
    """Under the header at `start`, rows of the same page printing a zero line total
    alone, one after another: the sheet's empty rows."""
    if "line_total" not in {c.name for c in columns}:
        return False
    run = 0
    for row in rows[start:]:
        if row.page != rows[start].page:
            break
        alone = len(row.words) == 1 and _formula_zero(row, columns) is not None
        run = run + 1 if alone else 0
        if run >= _EMPTY_ROWS:
            return True
    return False


def without_formula_zero(row: Row, columns: list[Column]) -> Row:
    """The row without the sheet's zero (no words left: an empty row of the sheet)."""
    zero = _formula_zero(row, columns)
    return Row(row.page, [w for w in row.words if w is not zero])
