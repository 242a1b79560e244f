"""The totals block under the item table: subtotal, tax line(s), total."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.values import parse_amount

_SUBTOTAL = re.compile(
    r"^(sub\s*-?\s*total|net\s*(total|amount|value)|total\s*(net|excl)|zwischensumme|"
    r"netto\s*(summe|betrag)?|nettobetrag|summe\s*netto|warenwert|total\s*before\s*tax)",
    re.IGNORECASE,
)
_TAX = re.compile(
    r"^(tax|vat|sales\s*tax|mwst|ust|umsatzsteuer|mehrwertsteuer|gst)\b", re.IGNORECASE
)
_TOTAL = re.compile(
    r"^(total|grand\s*total|gross\s*total|total\s*(due|amount|gross|incl)|amount\s*due|"
    r"order\s*total|gesamt\s*(betrag|summe)?|endbetrag|brutto\s*(betrag|summe)?|"
    r"bruttobetrag|summe\s*brutto|gesamtbetrag)",
    re.IGNORECASE,
)
_DISCOUNT = re.compile(r"^(discount|rabatt|skonto|less)", re.IGNORECASE)


@dataclass
class Totals:
    subtotal: Decimal | None = None
    tax: Decimal | None = None
    total: Decimal | None = None
    unknown: list[str] = field(default_factory=list)  # amount lines we cannot place


def _amount(row: Row, decimal_comma: bool) -> Decimal | None:
    """The row's rightmost clean amount (a rate such as `19%` is not one)."""
    for cell in reversed(row.cells()):
        for token in (cell.text, cell.words[-1].text):
            value = parse_amount(token, decimal_comma)
            if value is not None and "%" not in token:
                return value
    return None


def find_totals(rows: list[Row], decimal_comma: bool) -> Totals:
    totals = Totals()
    for row in rows:
        label = row.cells()[0].text
        value = _amount(row, decimal_comma)
        if value is None:
            continue
        if _SUBTOTAL.match(label):
            totals.subtotal = totals.subtotal if totals.subtotal is not None else value
        elif _TAX.match(label):
            totals.tax = (totals.tax or Decimal(0)) + value
        elif _TOTAL.match(label):
            totals.total = value
        elif _DISCOUNT.match(label):
            totals.unknown.append(label)
    return totals
