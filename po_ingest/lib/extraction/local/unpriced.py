"""Orders that print no prices, only goods and their quantities: nothing on the page
checks what was read, so one is taken only where nothing could have been misread."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION
from po_ingest.lib.extraction.local.header import ORDER_LABELS, find_labelled
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.totals import Totals
from po_ingest.lib.extraction.local.values import find_currency

_PRICES = {"unit_price", "line_total"}
_CENTS = re.compile(r"\d[.,]\d{2}(?!\d)")
_LABELLED = {"po_number", "order_date"}
# A line's code or position: a row of words and a count without one ("Total units: 35") is
# no line.
_IDENTIFIED = {"item_code", "line_number", ITEM_OR_POSITION, "code_description"}


def prints_no_prices(table: Table) -> bool:
    """No price column, or none holding a word on any line (SAP's release order against a
    contract titles "Price per unit" and "Net Value" and prints neither)."""
    priced = _PRICES & {c.name for c in table.columns}
    return not priced or not any(item.cells.get(name) for item in table.items for name in priced)


def unpriced_problem(table: Table, totals: Totals, labelled: set[str], rows: list[Row]) -> str:
    """Why an order without prices cannot be taken, or "" when it can: its number and date
    come from their labels, every title of its table is known ("other" may hide part of a
    description), every line prints its code or position, every row among the lines is
    one, no amount is printed under the table, and a labelled currency reads as one (the
    default would stand for it otherwise)."""
    if missing := _LABELLED - labelled:
        return f"an order without prices needs its {' and '.join(sorted(missing))} labelled"
    if any(not c.known for c in table.columns):
        return "an order without prices has a column it does not know"
    if amount := _amount_in_line(table):
        return f"an order without prices prints an amount in a line: {amount!r}"
    if not all(_identified(item) for item in table.items):
        return "a line of an order without prices prints no code or position"
    if stray := table.subtitles[:1] or _stray_rows(table, rows):
        return f"an order without prices has a row among its lines that is none: {stray[0].text!r}"
    lines = [*totals.taxes, *totals.allowances, *totals.charges]
    if lines or any((totals.total, totals.subtotal, totals.tax_sum)):
        return "amounts printed under a table without prices"
    if _unread_currency(rows):
        return "a currency is named but does not read as one"
    return ""


def _amount_in_line(table: Table) -> str | None:
    """A number with cents outside the quantity: a price its column did not take."""
    for item in table.items:
        for name, words in item.cells.items():
            found = name != "quantity" and next((w for w in words if _CENTS.search(w.text)), None)
            if found:
                return found.text
    return None


def _identified(item: RawItem) -> bool:
    """The line prints a code or a position with a digit in it."""
    words = [w for name in _IDENTIFIED for w in item.cells.get(name, [])]
    return any(c.isdigit() for w in words for c in w.text)


def _stray_rows(table: Table, rows: list[Row]) -> list[Row]:
    """Rows between the first line and the last that are no line's words: a line whose
    quantity was not read would go missing with nothing to tell."""
    taken = {id(w) for item in table.items for words in item.cells.values() for w in words}
    lines = [r for r in rows if any(id(w) in taken for w in r.words)]
    first, last = (lines[0].page, lines[0].y), (lines[-1].page, lines[-1].y)
    return [
        r
        for r in rows[table.start_row : table.end_row + 1]
        if first < (r.page, r.y) < last and not any(id(w) in taken for w in r.words)
    ]


def _unread_currency(rows: list[Row]) -> bool:
    """A currency label ("Moneda de pago: Dólares") whose value is no code or sign."""
    pattern = ORDER_LABELS.patterns["currency"]
    named = any(pattern.match(c.text) for r in rows for c in r.cells())
    return named and not find_labelled(rows, {"currency": find_currency})
