"""Where a value is printed on a PDF's text layer: its page and the box of its words.

Text is compared normalised (`printed_text`), amounts as numbers in the document's locale
(1.234,56 = 1,234.56 = "1 234,56 €"), dates as dates in any printed format, so a value read
by any extractor can be found again.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from decimal import Decimal
from typing import TYPE_CHECKING

from po_ingest.lib.extraction.documents import mostly_text
from po_ingest.lib.extraction.hyphens import as_printed
from po_ingest.lib.extraction.local.values import (
    CURRENCY_CODES,
    CURRENCY_SYMBOLS,
    day_first_dates,
    parse_amount,
    parse_date,
)
from po_ingest.lib.extraction.printed_text import Hit, PrintedText, Word, hit_of

if TYPE_CHECKING:
    import pymupdf

# An amount printed as several words ("1 234,56", "€ 99.00", "15.980,38 EUR") has narrow gaps
# between them; table cells are further apart than this share of the font height.
_MAX_GAP_IN_HEIGHTS = 0.5
_MAX_AMOUNT_WORDS = 3
_MAX_DATE_WORDS = 5  # "5 de marzo de 2026"
# A word ending a date: a four-digit year, or a numeric date with a two-digit one (30/03/26).
_YEAR = re.compile(r"\d{4}|\d[./-]\d{1,2}[./-]\d{2}$")
_DIGIT = re.compile(r"\d")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([,.])")  # "August 3 , 2014"
# A trailing minus marks a negative amount; amounts are compared by size anyway.
_TRAILING_PUNCTUATION = ".,;:*-"
# The words an amount is printed in besides its first: a currency, or the next digit group.
_CURRENCY_WORD = re.compile(rf"^[(-]?(?:{'|'.join(CURRENCY_CODES)}|US\$|[€$£])[)]?$")
_DIGIT_GROUP = re.compile(r"^\d{3}(?:[.,]\d{1,4})?\D?$")


def decimal_comma(text: str) -> bool:
    """Whether the document writes amounts with a decimal comma (12,50) rather than a point."""
    commas = len(re.findall(r"\d,\d{2}(?!\d)", text))
    points = len(re.findall(r"\d\.\d{2}(?!\d)", text))
    return commas > points


def _continues_amount(left: Word, right: Word) -> bool:
    """Whether `right` can be the next word of an amount `left` is part of."""
    if right.bbox[0] - left.bbox[2] > _MAX_GAP_IN_HEIGHTS * (left.bbox[3] - left.bbox[1]):
        return False
    return bool(_CURRENCY_WORD.match(right.text) or _DIGIT_GROUP.match(right.text)) or bool(
        _CURRENCY_WORD.match(left.text)
    )


class PrintedValues:
    """Every word of a PDF's text layer, indexed to find amounts, dates, codes and text."""

    def __init__(self, pdf: pymupdf.Document):
        self.words: list[Word] = []
        for number, page in enumerate(pdf):
            for x0, y0, x1, y1, text, block, line, _ in page.get_text("words", sort=False):
                self.words.append(
                    Word(
                        number,
                        (x0, y0, x1, y1),
                        as_printed(text),
                        (number, block, line),
                        len(self.words),
                    )
                )
        self.decimal_comma = decimal_comma(" ".join(w.text for w in self.words))
        self._lines: dict[tuple[int, int, int], list[Word]] = defaultdict(list)
        for word in self.words:
            self._lines[word.line].append(word)
        self._amounts: dict[Decimal, list[Hit]] | None = None
        self._dates: dict[dt.date, list[Hit]] | None = None
        self._page_count = pdf.page_count
        self._text: PrintedText | None = None
        chars = [0] * self._page_count
        for word in self.words:
            chars[word.page] += len(word.text)
        self.has_text_layer = mostly_text(chars)

    def amount(self, value: Decimal) -> list[Hit]:
        """Where `value` is printed as a number (the sign aside: discounts print either way)."""
        if self._amounts is None:
            self._amounts = self._index_amounts()
        return self._amounts.get(abs(value), [])

    def date(self, value: dt.date) -> list[Hit]:
        if self._dates is None:
            self._dates = self._index_dates()
        return self._dates.get(value, [])

    def text(self, value: str) -> list[Hit]:
        if self._text is None:
            self._text = PrintedText(self.words, self._page_count)
        return self._text.find(value)

    def currency(self, code: str) -> list[Hit]:
        """Where the ISO code is printed, else a sign standing for it (€ for EUR)."""
        by_code = re.compile(rf"(?<![A-Za-z]){re.escape(code)}(?![A-Za-z])")
        signs = [sign for sign, meant in CURRENCY_SYMBOLS.items() if meant == code]
        found = [hit_of([w]) for w in self.words if by_code.search(w.text)]
        return found or [hit_of([w]) for w in self.words if any(s in w.text for s in signs)]

    def _index_amounts(self) -> dict[Decimal, list[Hit]]:
        index: dict[Decimal, list[Hit]] = defaultdict(list)
        for words in self._lines.values():
            for first, word in enumerate(words):
                if not (_DIGIT.search(word.text) or _CURRENCY_WORD.match(word.text)):
                    continue
                for last in range(first, min(first + _MAX_AMOUNT_WORDS, len(words))):
                    if last > first and not _continues_amount(words[last - 1], words[last]):
                        break
                    span = words[first : last + 1]
                    text = " ".join(w.text for w in span).rstrip(_TRAILING_PUNCTUATION)
                    value = parse_amount(text, self.decimal_comma)
                    if value is not None:
                        index[abs(value)].append(hit_of(span))
        return index

    def _index_dates(self) -> dict[dt.date, list[Hit]]:
        """The shortest run of words ending in a year's word that reads as a date."""
        index: dict[dt.date, list[Hit]] = defaultdict(list)
        lines = [" ".join(w.text for w in words) for words in self._lines.values()]
        day_first = day_first_dates(lines)
        # Where the page does not settle it, 01/10/2025 may be either date: locating a value
        # already read, either reading shows where it is printed.
        orders = (True, False) if day_first is None else (day_first,)
        for words in self._lines.values():
            for last, word in enumerate(words):
                if not _YEAR.search(word.text):
                    continue
                for first in range(last, max(-1, last - _MAX_DATE_WORDS), -1):
                    text = " ".join(w.text for w in words[first : last + 1])
                    text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", text)
                    values = {parse_date(text, day_first=o) for o in orders} - {None}
                    for value in values:
                        index[value].append(hit_of(words[first : last + 1]))
                    if values:
                        break
        return index
