"""A price printed for a number of units other than one (SAP's "2.080,00 pro 1.000 ST",
"353,28 /100"): the order's unit price is not printed, and the line's amount must be its
quantity × price ÷ that number."""

from __future__ import annotations

import re
from decimal import Decimal

from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount

_PER = ("/", "pro", "per", "je", "par", "por")
_PRICE_PER_MANY = re.compile(
    rf"^(?P<price>\d[\d.,' ]*?)\s*(?:(?:{'|'.join(CURRENCY_CODES)}|[€$£])\s*)?"
    rf"(?:{'|'.join(map(re.escape, _PER))})\s*(?P<basis>\d[\d.,]*)\s*(?:[^\W\d_]{{1,5}}\.?)?$",
    re.IGNORECASE,
)
# A line's amount is rounded to cents after dividing by the basis.
_CENT = Decimal("0.01")


def price_per_many(text: str | None, decimal_comma: bool | None) -> tuple[Decimal, Decimal] | None:
    """The price and the number of units it is for, when that number is more than one."""
    m = _PRICE_PER_MANY.match((text or "").strip())
    if m is None:
        return None
    price, basis = parse_amount(m["price"], decimal_comma), parse_amount(m["basis"], decimal_comma)
    if price is None or basis is None or basis <= 1 or basis != basis.to_integral_value():
        return None
    return price, basis


def adds_up_per_many(
    quantity: Decimal, price: Decimal, basis: Decimal, line_total: Decimal
) -> bool:
    return abs(quantity * price / basis - line_total) <= _CENT
