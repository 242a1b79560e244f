"""A table of the tax by rate (rate, taxable base, tax: "Aliquota | Imponibile | Imposta")
printed left of the totals box, its lines falling between the box's: set apart from the
totals, and kept only when each rate's tax is its base at that rate, to the cent."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.totals import Totals
from po_ingest.lib.extraction.local.totals_kinds import is_amount, kind_of
from po_ingest.lib.extraction.local.values import parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_TITLES = {
    name: re.compile(rf"^(?:{alternatives(phrases)})$", re.IGNORECASE)
    for name, phrases in vocabulary()["rate_table"].items()
}
_RATE = re.compile(r"^(?P<rate>\d{1,2}(?:[.,]\d{1,2})?)\s?%$")
_CENT = Decimal("0.01")
_ROW_GAP = 3  # lines of the box alone between two of the table's


@dataclass
class _Titles:
    base: Cell
    tax: Cell
    box: float  # where the totals box starts, right of the table


@dataclass
class RateLine:
    rate: Decimal
    base: Decimal
    tax: Decimal


def _titles(row: Row, decimal_comma: bool) -> _Titles | None:
    """A row titling a taxable base then a tax, then the totals box's first line: its label
    and its amount (not a grid of totals titled "Net | VAT | Total" over their amounts)."""
    cells = row.cells()
    if len(cells) < 4 or not is_amount(cells[-1].text, decimal_comma):
        return None
    for n, base in enumerate(cells):
        if not _TITLES["base"].match(base.text):
            continue
        for m, tax in enumerate(cells[n + 1 : -2], n + 1):
            box = cells[m + 1]
            if _TITLES["tax"].match(tax.text) and kind_of([box.text]) not in (None, "ignore"):
                return _Titles(base, tax, box.x0)
    return None


def _rate_line(row: Row, titles: _Titles, decimal_comma: bool) -> RateLine | None:
    """One rate left of the base's title ("IVA 22%"), one amount ending under the base's
    column and one under the tax's (each right-aligned past its title); a code aside."""
    rates, bases, taxes = [], [], []
    for cell in row.cells():
        if cell.x0 < titles.base.x0 and (m := _RATE.match(cell.words[-1].text)):
            rates.append(parse_amount(m["rate"], decimal_comma))
        elif not is_amount(cell.text, decimal_comma):
            continue
        elif titles.base.x0 < cell.x1 <= titles.tax.x0:
            bases.append(parse_amount(cell.text, decimal_comma))
        elif titles.tax.x0 < cell.x1:
            taxes.append(parse_amount(cell.text, decimal_comma))
    if len(rates) != 1 or len(bases) != 1 or len(taxes) != 1:
        return None
    return RateLine(rates[0], bases[0], taxes[0])


def _taxed(line: RateLine) -> bool:
    return (line.base * line.rate / 100).quantize(_CENT, ROUND_HALF_UP) == line.tax


def _left_of(row: Row, x: float) -> list[Word]:
    return [w for w in row.words if w.x1 < x]


def rate_table_beside(rows: list[Row], decimal_comma: bool) -> tuple[list[Row], list[RateLine]]:
    """`rows` without the rate table's words, and its lines; `rows` unchanged and no lines
    when there is none, or one of its lines is not its base's tax."""
    for n, row in enumerate(rows):
        if (titles := _titles(row, decimal_comma)) is None:
            continue
        lines, used, last = [], {n}, row
        for m in range(n + 1, len(rows)):
            below = rows[m]
            if below.page != row.page or below.y - last.y > _ROW_GAP * below.height:
                break
            if not (left := _left_of(below, titles.box)):
                continue
            line = _rate_line(Row(below.page, left), titles, decimal_comma)
            if line is None:
                break
            lines.append(line)
            used.add(m)
            last = below
        if not lines or not all(_taxed(line) for line in lines):
            return rows, []
        kept = [
            Row(r.page, [w for w in r.words if w.x1 >= titles.box]) if m in used else r
            for m, r in enumerate(rows)
        ]
        return [r for r in kept if r.words], lines
    return rows, []


def rate_table_problem(lines: list[RateLine], totals: Totals) -> str | None:
    """Why the rate table and the totals box disagree: its taxes must be the tax, its bases
    and taxes the total."""
    tax = sum((line.tax for line in lines), Decimal(0))
    base = sum((line.base for line in lines), Decimal(0))
    if totals.tax is None or totals.total is None:
        return "a table of the tax by rate beside totals printing no tax or no total"
    if tax != totals.tax.value or base + tax != totals.total.value:
        return "the table of the tax by rate does not add up to the totals beside it"
    return None
