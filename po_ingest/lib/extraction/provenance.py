"""Where a value is printed on a PDF's text layer: its page and the box of its words.

Text is compared normalised (case, spacing, dashes, a hyphen that breaks a word at a line's
end), amounts as numbers in the document's locale (1.234,56 = 1,234.56 = "1 234,56 €") and
dates as dates in any printed format, so a value read by any extractor can be found again.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from po_ingest.lib.extraction.local.values import (
    CURRENCY_CODES,
    CURRENCY_SYMBOLS,
    parse_amount,
    parse_date,
)

if TYPE_CHECKING:
    import pymupdf

# An amount printed as several words ("1 234,56", "€ 99.00", "15.980,38 EUR") has narrow gaps
# between them; table cells are further apart than this share of the font height.
_MAX_GAP_IN_HEIGHTS = 0.5
_MAX_AMOUNT_WORDS = 3
_MAX_DATE_WORDS = 4  # "Feb. 1, 2026", "1. März 2026"
_YEAR = re.compile(r"\d{4}")
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"})
# A trailing minus marks a negative amount; amounts are compared by size (discounts print either way).
_TRAILING_PUNCTUATION = ".,;:*-"
# The words an amount is printed in besides its first: a currency, or the next digit group.
_CURRENCY_WORD = re.compile(rf"^[(-]?(?:{'|'.join(CURRENCY_CODES)}|US\$|[€$£])[)]?$")
_DIGIT_GROUP = re.compile(r"^\d{3}(?:[.,]\d{1,4})?\D?$")


@dataclass(frozen=True)
class Hit:
    """One printed occurrence: page (0-based), box (x0, y0, x1, y1) and reading order."""

    page: int
    bbox: tuple[float, float, float, float]
    order: int


@dataclass(frozen=True)
class _Word:
    page: int
    bbox: tuple[float, float, float, float]
    text: str
    line: tuple[int, int, int]  # page, block, line as pymupdf numbers them
    order: int


def _normalised(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).casefold()
    return "".join(text.split())


def _hit(words: list[_Word]) -> Hit:
    return Hit(
        words[0].page,
        (
            min(w.bbox[0] for w in words),
            min(w.bbox[1] for w in words),
            max(w.bbox[2] for w in words),
            max(w.bbox[3] for w in words),
        ),
        words[0].order,
    )


def decimal_comma(text: str) -> bool:
    """Whether the document writes amounts with a decimal comma (12,50) rather than a point."""
    commas = len(re.findall(r"\d,\d{2}(?!\d)", text))
    points = len(re.findall(r"\d\.\d{2}(?!\d)", text))
    return commas > points


def _continues_amount(left: _Word, right: _Word) -> bool:
    """Whether `right` can be the next word of an amount `left` is part of."""
    if right.bbox[0] - left.bbox[2] > _MAX_GAP_IN_HEIGHTS * (left.bbox[3] - left.bbox[1]):
        return False
    return bool(_CURRENCY_WORD.match(right.text) or _DIGIT_GROUP.match(right.text)) or bool(
        _CURRENCY_WORD.match(left.text)
    )


class _TextStream:
    """A page's words concatenated, normalised, so a value spanning words or lines is found."""

    def __init__(self, words: list[_Word], normalised: list[str], *, join_hyphenated: bool):
        parts = []
        for word, part, following in zip(words, normalised, [*words[1:], None], strict=True):
            breaks_line = following is not None and following.line != word.line
            if join_hyphenated and breaks_line and len(part) > 1 and part.endswith("-"):
                part = part[:-1]
            parts.append(part)
        self._words = words
        self._starts, position = [], 0
        for part in parts:
            self._starts.append(position)
            position += len(part)
        self._ends = {start + len(part) for start, part in zip(self._starts, parts, strict=True)}
        self._text = "".join(parts)

    def find(self, needle: str) -> list[Hit]:
        found, at = [], self._text.find(needle)
        while at >= 0:
            first = bisect.bisect_left(self._starts, at)
            if (
                first < len(self._starts)
                and self._starts[first] == at
                and at + len(needle) in self._ends
            ):
                last = bisect.bisect_left(self._starts, at + len(needle))
                found.append(_hit(self._words[first:last]))
            at = self._text.find(needle, at + 1)
        return found


class PrintedValues:
    """Every word of a PDF's text layer, indexed to find amounts, dates, codes and text."""

    def __init__(self, pdf: pymupdf.Document):
        self.words: list[_Word] = []
        self._page_count = pdf.page_count
        for number, page in enumerate(pdf):
            for x0, y0, x1, y1, text, block, line, _ in page.get_text("words", sort=False):
                self.words.append(
                    _Word(number, (x0, y0, x1, y1), text, (number, block, line), len(self.words))
                )
        self.decimal_comma = decimal_comma(" ".join(w.text for w in self.words))
        self._lines: dict[tuple[int, int, int], list[_Word]] = defaultdict(list)
        for word in self.words:
            self._lines[word.line].append(word)
        self._amounts: dict[Decimal, list[Hit]] | None = None
        self._dates: dict[dt.date, list[Hit]] | None = None
        self._streams: dict[int, tuple[_TextStream, _TextStream]] = {}
        self._texts: dict[str, list[Hit]] = {}

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
        needle = _normalised(value)
        if not needle:
            return []
        if needle not in self._texts:
            found: list[Hit] = []
            for page in range(self._page_count):
                kept, joined = self._page_streams(page)
                found += kept.find(needle) or joined.find(needle)
            self._texts[needle] = found
        return self._texts[needle]

    def currency(self, code: str) -> list[Hit]:
        """Where the ISO code is printed, else a sign standing for it (€ for EUR)."""
        by_code = re.compile(rf"(?<![A-Za-z]){re.escape(code)}(?![A-Za-z])")
        signs = [sign for sign, meant in CURRENCY_SYMBOLS.items() if meant == code]
        found = [_hit([w]) for w in self.words if by_code.search(w.text)]
        return found or [_hit([w]) for w in self.words if any(s in w.text for s in signs)]

    def _page_streams(self, page: int) -> tuple[_TextStream, _TextStream]:
        if page not in self._streams:
            words = [w for w in self.words if w.page == page]
            normalised = [_normalised(w.text) for w in words]
            self._streams[page] = (
                _TextStream(words, normalised, join_hyphenated=False),
                _TextStream(words, normalised, join_hyphenated=True),
            )
        return self._streams[page]

    def _index_amounts(self) -> dict[Decimal, list[Hit]]:
        index: dict[Decimal, list[Hit]] = defaultdict(list)
        for words in self._lines.values():
            for first, word in enumerate(words):
                if not (any(c.isdigit() for c in word.text) or _CURRENCY_WORD.match(word.text)):
                    continue
                for last in range(first, min(first + _MAX_AMOUNT_WORDS, len(words))):
                    if last > first and not _continues_amount(words[last - 1], words[last]):
                        break
                    span = words[first : last + 1]
                    text = " ".join(w.text for w in span).rstrip(_TRAILING_PUNCTUATION)
                    value = parse_amount(text, self.decimal_comma)
                    if value is not None:
                        index[abs(value)].append(_hit(span))
        return index

    def _index_dates(self) -> dict[dt.date, list[Hit]]:
        """The shortest run of words ending in a year's word that reads as a date."""
        index: dict[dt.date, list[Hit]] = defaultdict(list)
        for words in self._lines.values():
            for last, word in enumerate(words):
                if not _YEAR.search(word.text):
                    continue
                for first in range(last, max(-1, last - _MAX_DATE_WORDS), -1):
                    value = parse_date(" ".join(w.text for w in words[first : last + 1]))
                    if value is not None:
                        index[value].append(_hit(words[first : last + 1]))
                        break
        return index
