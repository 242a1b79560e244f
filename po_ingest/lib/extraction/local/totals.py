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
    r"^((zzgl|plus|add)\.?\s*[\d.,]*\s*%?\s*)?"
    r"(tax|vat|sales\s*tax|mwst|ust|umsatzsteuer|mehrwertsteuer|gst)\b(?!\s*-?\s*(id|no|nr|reg))",
    re.IGNORECASE,
)
_TAX_SUM = re.compile(r"^total\s*(tax|vat|mwst|ust)\b", re.IGNORECASE)
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
    tax_sum: Decimal | None = None  # a "Total VAT" line under several rates
    unknown: list[str] = field(default_factory=list)  # amount lines we cannot place


def _is_amount(token: str, decimal_comma: bool) -> bool:
    return "%" not in token and parse_amount(token, decimal_comma) is not None


def _label_and_amount(row: Row, decimal_comma: bool) -> tuple[str, Decimal | None]:
    """The row's rightmost clean amount (a rate such as `19%` is not one) and the words
    just left of it, which name it."""
    words = [w.text for w in row.words]
    for end in range(len(words), 0, -1):
        for start in (end - 2, end - 1):  # "CHF 1,234.56" or "1,234.56"
            if start < 0:
                continue
            token = " ".join(words[start:end])
            if _is_amount(token, decimal_comma):
                before = Row(row.page, row.words[:start]).cells()
                return (before[-1].text if before else ""), parse_amount(token, decimal_comma)
    return "", None


def find_totals(rows: list[Row], decimal_comma: bool) -> Totals:
    totals = Totals()
    for row in rows:
        label, value = _label_and_amount(row, decimal_comma)
        if value is None:
            continue
        if _TAX_SUM.match(label):
            totals.tax_sum = value
        elif _SUBTOTAL.match(label):
            totals.subtotal = totals.subtotal if totals.subtotal is not None else value
        elif _TAX.match(label):
            totals.tax = (totals.tax or Decimal(0)) + value
        elif _TOTAL.match(label):
            totals.total = value
            break  # what follows the total is footer (VAT IDs, bank details)
        elif _DISCOUNT.match(label):
            totals.unknown.append(label)
    if totals.tax_sum is not None:
        if totals.tax is not None and totals.tax != totals.tax_sum:
            totals.unknown.append("tax lines do not add up to the tax total")
        totals.tax = totals.tax_sum
    return totals
