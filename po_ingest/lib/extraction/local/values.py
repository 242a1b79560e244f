"""Amounts, dates and currencies as printed on documents, parsed strictly.

A value that could be read two ways (03/04/2026, 1,234 without decimals) is not guessed:
the parser returns None and the document is declined rather than stored wrong.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january", "januar", "jänner"),
            ("feb", "february", "februar"),
            ("mar", "march", "mär", "märz", "maerz"),
            ("apr", "april"),
            ("may", "mai"),
            ("jun", "june", "juni"),
            ("jul", "july", "juli"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october", "okt", "oktober"),
            ("nov", "november"),
            ("dec", "december", "dez", "dezember"),
        ],
        start=1,
    )
    for name in names
}

CURRENCY_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "US$": "USD", "Fr.": "CHF", "SFr.": "CHF"}
CURRENCY_CODES = (
    "EUR",
    "USD",
    "GBP",
    "CHF",
    "PLN",
    "CZK",
    "SEK",
    "NOK",
    "DKK",
    "CAD",
    "AUD",
    "INR",
    "JPY",
)

_CODES = "|".join(CURRENCY_CODES)
_AMOUNT = re.compile(
    rf"^[-−(]?(?:(?:{_CODES})\s?|(?:US)?[€$£]\s?)?"
    r"(?P<num>\d{1,3}(?:[.,  ']\d{3})*(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?)"
    rf"(?:\s?(?:{_CODES})|\s?[€$£])?[)]?$"
)


def parse_amount(text: str, decimal_comma: bool | None = None) -> Decimal | None:
    """`1,234.56`, `1.234,56`, `€ 99`, `12,5`, `-3.00` → Decimal; None when not a clean amount."""
    raw = text.strip().replace("\u2212", "-")
    match = _AMOUNT.match(raw)
    if not match:
        return None
    number = match.group("num").replace(" ", "").replace("\u202f", "").replace("'", "")
    negative = raw.startswith(("-", "("))
    separators = [c for c in number if c in ".,"]
    if not separators:
        decimal_sep = "."
    elif len(set(separators)) == 2:
        decimal_sep = separators[-1]  # 1.234,56 and 1,234.56
    elif len(separators) > 1:
        decimal_sep = "," if separators[0] == "." else "."  # 1.234.567: thousands only
    elif len(number) - number.rfind(separators[0]) - 1 == 3:
        if decimal_comma is None:
            return None  # 1,234 or 1.234: thousands or decimals? not guessed
        decimal_sep = "," if decimal_comma else "."
    else:
        decimal_sep = separators[0]
    thousands_sep = "," if decimal_sep == "." else "."
    cleaned = number.replace(thousands_sep, "").replace(decimal_sep, ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return -value if negative else value


_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DOTTED = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b")
_SLASHED = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_DAY_MONTH_NAME = re.compile(r"\b(\d{1,2})\.?[\s-]+([A-Za-zäÄ]{3,9})\.?,?[\s-]+(\d{4})\b")
_MONTH_NAME_DAY = re.compile(r"\b([A-Za-zäÄ]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b")


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def parse_date(text: str) -> dt.date | None:
    """The first unambiguous date in `text`; None for none or an ambiguous one (03/04/2026)."""
    if m := _ISO.search(text):
        return _date(int(m[1]), int(m[2]), int(m[3]))
    if m := _DOTTED.search(text):
        return _date(int(m[3]), int(m[2]), int(m[1]))  # dd.mm.yyyy is day-first everywhere
    if m := _DAY_MONTH_NAME.search(text):
        month = _MONTHS.get(m[2].lower())
        if month:
            return _date(int(m[3]), month, int(m[1]))
    if m := _MONTH_NAME_DAY.search(text):
        month = _MONTHS.get(m[1].lower())
        if month:
            return _date(int(m[3]), month, int(m[2]))
    if m := _SLASHED.search(text):
        first, second = int(m[1]), int(m[2])
        if first > 12 >= second:
            return _date(int(m[3]), second, first)
        if second > 12 >= first:
            return _date(int(m[3]), first, second)
    return None


def find_currency(text: str) -> str | None:
    """An ISO code printed in `text`, else one a currency symbol stands for."""
    for code in CURRENCY_CODES:
        if re.search(rf"\b{code}\b", text):
            return code
    for symbol, code in CURRENCY_SYMBOLS.items():
        if symbol in text:
            return code
    return None
