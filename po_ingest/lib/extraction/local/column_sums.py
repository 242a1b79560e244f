"""A "Total" row of the item table's column sums ("Total  36137.90  200766.10" under
"TaxAmt" and "Amount", Indian GST forms): the lines' amounts and their tax added up, not
the order's total, which is printed further down ("Total Invoice Value : 236904.00")."""

from __future__ import annotations

import re
from decimal import Decimal

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import parse_amount

# An amount in cents ("36137.90"), not a count ("3.000", "12", "1.00").
_CENTS = re.compile(r"^\d[\d.,' ]*[.,]\d{2}$")


def sums_beside(row: Row, amount: list[Word], decimal_comma: bool) -> list[Found]:
    """The other columns' sums in cents printed left of a total's amount, after its label
    (the last cell with letters). A whole number beside it ("1.00") may be the quantities'
    sum: not one of them."""
    cells = Row(row.page, [w for w in row.words if w.x1 <= amount[0].x0]).cells()
    lettered = [n for n, cell in enumerate(cells) if any(c.isalpha() for c in cell.text)]
    sums = []
    # Amounts left of the label are another block's beside the totals (a VAT breakdown's
    # "6%  37 734,90  2 264,09" left of "Total"), not sums of the table's columns.
    for cell in cells[(lettered[-1] if lettered else 0) + 1 :]:
        value = parse_amount(cell.text, decimal_comma) if _CENTS.match(cell.text) else None
        if value is not None and value != value.to_integral_value():
            sums.append(Found(value, row.page, cell.words))
    return sums


def tax_of_sums(amount: Decimal, sums: list[Found], total: Decimal) -> Found | None:
    """Which sum beside the lines' `amount` is their tax: the one that, added to it, gives
    the order's total printed further down; None unless exactly one does."""
    taxes = [s for s in sums if amount + s.value == total]
    return taxes[0] if len(taxes) == 1 else None
