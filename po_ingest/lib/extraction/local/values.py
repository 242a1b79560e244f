"""Amounts, dates and currencies as printed on documents, parsed strictly.

A value that could be read two ways (03/04/2026 in English, 1,234 without decimals) is not
guessed: the parser returns None and the document is declined rather than stored wrong.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation
from functools import cache
from itertools import pairwise

from po_ingest.lib.extraction.local.vocabulary import month_numbers, vocabulary

CURRENCY_SYMBOLS = {
    "US$": "USD",
    "R$": "BRL",
    "€": "EUR",
    "$": "USD",
    "£": "GBP",
    "₹": "INR",
    "Rs.": "INR",
    "SFr.": "CHF",
    "Fr.": "CHF",
    "KD": "KWD",
}
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
    "MXN",
    "BRL",
    "KWD",
    "AED",
    "SAR",
    "QAR",
    "BHD",
    "OMR",
    "PKR",
    "LKR",
    "NPR",
    "BDT",
    "ZAR",
    "NZD",
    "SGD",
    "HKD",
    "CNY",
    "KRW",
    "THB",
    "IDR",
    "MYR",
    "VND",
    "RUB",
    "UAH",
    "HUF",
    "RON",
    "BGN",
    "ISK",
    "ILS",
    "EGP",
    "NGN",
    "KES",
    "GHS",
    "MAD",
    "TND",
    "ARS",
    "CLP",
    "COP",
    "UYU",
)

_CODES = "|".join(CURRENCY_CODES)
_SIGN = r"(?:US\$|R\$|€|\$|£|₹|Rs\.?|KD)"
# "2.739,80 EURO", North America's "109.80 US" and "45.00 CDN": a currency named after an
# amount. Alone, "Euro" is no currency ("Euro pallets" are goods), nor "US" (an address).
_NAMED_AFTER_CODES = {"EUR": r"EUROS?|[Ee]uros?", "USD": r"US", "CAD": r"CDN"}
_NAMED_AFTER = "(?:" + "|".join(_NAMED_AFTER_CODES.values()) + ")"
_THOUSANDS = r"[.,'’ \u00a0\u202f]"
_LAKH = r"\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}"  # Indian grouping: 12,35,460.00
_AMOUNT = re.compile(
    rf"^(?P<lead>[-(]?)\s?(?:(?:{_CODES})\s?|{_SIGN}\s?)?(?P<lead2>-?)"
    rf"(?P<num>\d{{1,3}}(?:{_THOUSANDS}\d{{3}})+(?:[.,]\d{{1,6}})?|{_LAKH}|\d+(?:[.,]\d{{1,6}})?)"
    rf"(?:\s?(?:{_CODES})|\s?{_SIGN}|\s{_NAMED_AFTER})?(?P<trail>[-)]?)$"
)


def parse_amount(text: str, decimal_comma: bool | None = None) -> Decimal | None:
    """`1,234.56`, `1.234,56`, `1 234,56 €`, `1'234.56`, `CHF 99`, `12,5`, `-3.00`, `3.00-`,
    `(3.00)`, `(-)3.00` → Decimal; None when not a clean amount. `decimal_comma` (the
    document's habit) decides `1,234` and `1.234`; without it they are not guessed."""
    raw = text.strip().replace("\u2212", "-")
    raw = re.sub(r"^\(-\)\s?", "-", raw)  # Indian accounting software's minus
    if any(c.isdigit() and not c.isascii() for c in raw):
        return None  # "٢١": pymupdf gives right-to-left digits reversed (that is 12)
    match = _AMOUNT.match(raw)
    if not match:
        return None
    lead, trail = match["lead"] + match["lead2"], match["trail"]
    if (lead == "(") != (trail == ")") or (lead == "-" and trail == "-"):
        return None
    number = re.sub(r"['’ \u00a0\u202f]", "", match["num"])
    separators = [c for c in number if c in ".,"]
    if not separators:
        decimal_sep = "."
    elif len(set(separators)) == 2:
        decimal_sep = separators[-1]  # 1.234,56 and 1,234.56
        if separators.count(decimal_sep) > 1:
            return None
    elif len(separators) > 1:
        if re.fullmatch(_LAKH, number):
            return Decimal(number.replace(",", "")) * (-1 if (lead or trail) else 1)
        if not re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number):
            return None  # 1,234,56: not a grouping anyone prints
        decimal_sep = "," if separators[0] == "." else "."  # 1.234.567: thousands only
    elif len(number) - number.rfind(separators[0]) - 1 == 3 and not re.search(
        r"['’ \u00a0\u202f]", match["num"]
    ):
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
    return -value if (lead or trail) else value


_PER_UNIT = re.compile(r"^(?P<amount>[^/\s]*\d)/(?P<unit>[^\W\d_][^\W_]{0,5}\.?)$")


def per_unit(text: str) -> tuple[str, str] | None:
    """ "4.61/Ea" → ("4.61", "Ea"): a price and the unit it is for; None for anything else."""
    m = _PER_UNIT.match(text.strip())
    return (m["amount"], m["unit"]) if m and parse_amount(m["amount"]) is not None else None


_ISO = re.compile(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")
_NUMERIC = re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d.])")
# "06 / 01 / 2026": a form filler's date, a space either side of each slash (Neogrid's EDI
# prints); a four-digit year only, so no fraction or ratio reads as one.
_SPACED_SLASHES = re.compile(r"(?<![\d.])(\d{1,2}) (/) (\d{1,2}) / (\d{4})(?![\d.])")
_WORD = r"([^\W\d_]{3,10})"
_DAY_MONTH_NAME = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:\.|º|er|st|nd|rd|th)?[\s/.-]+(?:de\s+|of\s+)?{_WORD}[.,]?[\s/.-]+(?:de\s+)?(\d{{4}}|\d{{2}})(?![\d.,:])",
    re.IGNORECASE,
)
_MONTH_NAME_DAY = re.compile(
    rf"{_WORD}\.?[\s/-]+(\d{{1,2}})(?:st|nd|rd|th)?,?[\s/-]+(\d{{4}})(?!\d)"
)


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _year(digits: str) -> int:
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def _numeric_date(m: re.Match[str], language: str | None, day_first: bool | None) -> dt.date | None:
    first, separator, second = int(m[1]), m[2], int(m[3])
    year = _year(m[4])
    if separator == "." or first > 12 >= second:
        return _date(year, second, first)  # dd.mm.yyyy is day first everywhere
    if second > 12 >= first or first == second:
        return _date(year, first, second)
    if day_first is None:
        day_first = True if language in vocabulary()["date_order"]["day_first"] else None
    if day_first is None:
        return None  # 03/04/2026 in English (or an unknown language): not guessed
    return _date(year, second, first) if day_first else _date(year, first, second)


def day_first_dates(texts: list[str]) -> bool | None:
    """How the document writes its slashed dates, from those that can be read one way only
    (23/04/2026 is day first, 04/23/2026 and 1/14/21 month first); None if none or both
    ways appear. A two-digit year counts only as a word of its own, not inside a code."""
    orders = set()
    for text in texts:
        for m in _NUMERIC.finditer(text):
            first, separator, second = int(m[1]), m[2], int(m[3])
            whole = m.group(0) in text.split()
            if separator == "." or not (len(m[4]) == 4 or whole) or max(first, second) > 31:
                continue
            if (first > 12) != (second > 12):
                orders.add(first > 12)
    return orders.pop() if len(orders) == 1 else None


@cache
def _country_conventions() -> tuple[tuple[re.Pattern[str], bool], ...]:
    english = vocabulary()["date_order"]["english"]
    return tuple(
        (re.compile(pattern), day_first)
        for day_first, key in ((False, "month_first"), (True, "day_first"))
        for pattern in english[key]
    )


def date_order(
    texts: list[str], language: str | None, addresses: list[str] | None = None
) -> bool | None:
    """Whether the document's slashed dates are day first: from its dates that read one way
    only, else, for an English document, from the one country convention its addresses and
    tax numbers show (in `addresses`, the texts outside its items when given: "PAL CHEP STD
    USA" names goods, not where the order was written); None where nothing (or something
    contradictory) settles it."""
    if (day_first := day_first_dates(texts)) is not None or language != "en":
        return day_first
    return country_day_first(texts if addresses is None else addresses)


def country_day_first(texts: list[str]) -> bool | None:
    """Whether the one country convention an English document's addresses and tax numbers
    show writes dates day first (False: the US); None for none or both."""
    seen = {
        day_first
        for pattern, day_first in _country_conventions()
        for t in texts
        if pattern.search(t)
    }
    return seen.pop() if len(seen) == 1 else None


def parse_date(
    text: str, language: str | None = None, day_first: bool | None = None
) -> dt.date | None:
    """The first date in `text`. Whether 03/04/2026 is day or month first: `day_first` (how
    the document's other dates are written), else `language` (the document's); else, and
    for no date, None."""
    if m := _ISO.search(text):
        return _date(int(m[1]), int(m[2]), int(m[3]))
    if m := _NUMERIC.search(text) or _SPACED_SLASHES.search(text):
        return _numeric_date(m, language, day_first)
    months = month_numbers()
    # The first match whose word is a month: "Ref 12/ABC/2026" is no date before the one after.
    for m in _DAY_MONTH_NAME.finditer(text):
        if month := months.get(m[2].lower()):
            return _date(_year(m[3]), month, int(m[1]))
    for m in _MONTH_NAME_DAY.finditer(text):
        if month := months.get(m[1].lower()):
            return _date(int(m[3]), month, int(m[2]))
    return None


# Currencies written with a bare "$" (a peso as often as a dollar).
_DOLLAR_SIGN_CODES = {"USD", *vocabulary()["dollar_money"]["currencies"].values()}


def other_currency(text: str, currency: str) -> str | None:
    """A currency `text` prints besides `currency`: another ISO code standing alone, or an
    amount with another currency's sign ("$" goes with any dollar or peso); None when all
    agree."""
    for token in text.split():
        bare = token.strip("():;,")
        if bare in CURRENCY_CODES and bare != currency:
            return bare
        for symbol, code in CURRENCY_SYMBOLS.items():
            if symbol in bare and parse_amount(bare) is not None:
                dollar = symbol == "$" and currency in _DOLLAR_SIGN_CODES
                if code != currency and not dollar:
                    return symbol
                break
    return None


def find_currency(text: str) -> str | None:
    """The currency of the first ISO code (`EUR`, `(CHF)`), else of the first token carrying
    a currency sign (`$51.50`, `12,00 €`); a code inside a word (`PAL-EUR-A`) is not one. A
    code wins over a sign: "$" is a peso as often as a dollar (`$ 1,234.56 MXN`); a
    currency named in words (`RUPEES`) is read last."""
    tokens = [token.strip("():;,") for token in text.split()]
    for bare in tokens:
        if bare in CURRENCY_CODES:
            return bare
    for bare in tokens:
        for symbol, code in CURRENCY_SYMBOLS.items():
            if (bare == symbol and (len(symbol) == 1 or symbol.endswith("$"))) or (
                symbol in bare and parse_amount(bare) is not None
            ):
                return code
    for before, bare in pairwise(tokens):
        if re.search(r"\d[.,]\d\d$", before):
            for code, name in _NAMED_AFTER_CODES.items():
                if re.fullmatch(name, bare):
                    return code
    for bare in tokens:
        for code, words in vocabulary()["currency_words"].items():
            if bare.lower() in words:
                return code
    return None
