"""Running prose: terms and conditions ("with minimum limits of USD $1,000,000 per
occurrence", "Regulation (EC) No 1272/2008 (CLP)"). A currency or code it names is about
insurance, law or another contract, not the money of this order, which is printed beside
labels and amounts in short rows."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount

_LOWER_WORD = re.compile(r"[a-zà-ÿß][a-zà-ÿß'’-]*[.,;:]?")

# A sentence has many small lowercase words; an amount row, a label row or an item row few.
_MIN_WORDS = 6
_MIN_SHARE = 0.6


def is_prose(row: Row) -> bool:
    tokens = row.text.split()
    words = sum(1 for token in tokens if _LOWER_WORD.fullmatch(token))
    return words >= _MIN_WORDS and words >= _MIN_SHARE * len(tokens)


def outside_prose(rows: list[Row]) -> list[Row]:
    return [row for row in rows if not is_prose(row)]


_ANY_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*[.,;:]?")


def currency_text(row: Row) -> str:
    """The row's text as evidence of the order's currency. In a sentence with no amount, in
    any case ("PLEASE SHIP ONLY GHS COMPLIANT PRODUCT", the Globally Harmonized System), a
    three-letter code is a word of the sentence, not money, and is left out."""
    tokens = row.text.split()
    codes = [t for t in tokens if t.strip("():;,.") in CURRENCY_CODES]
    words = sum(1 for t in tokens if t not in codes and _ANY_WORD.fullmatch(t))
    sentence = words >= _MIN_WORDS and words >= _MIN_SHARE * len(tokens)
    if not codes or not sentence or any(parse_amount(t) is not None for t in tokens):
        return row.text
    return " ".join(t for t in tokens if t not in codes)
