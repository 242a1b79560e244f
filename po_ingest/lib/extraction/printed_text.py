"""Text values as printed: a page's words in reading order, compared normalised (case,
spacing, dashes, a hyphen that breaks a word at a line's end).

A value whose words the text layer does not keep together (a cell wrapped over lines that
the PDF stores in another order) is found piece by piece, each piece just below the last.
"""

from __future__ import annotations

import bisect
import unicodedata
from dataclasses import dataclass

_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"})
# Pieces of one wrapped value are on consecutive lines of one column.
_MAX_PIECE_GAP_IN_LINES = 1.5
_MAX_STARTS = 5


@dataclass(frozen=True)
class Hit:
    """One printed occurrence: page (0-based), box (x0, y0, x1, y1) and reading order."""

    page: int
    bbox: tuple[float, float, float, float]
    order: int


@dataclass(frozen=True)
class Word:
    page: int
    bbox: tuple[float, float, float, float]
    text: str
    line: tuple[int, int, int]  # page, block, line as pymupdf numbers them
    order: int


def _normalised(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).casefold()
    return "".join(text.split())


def hit_of(parts: list[Word] | list[Hit]) -> Hit:
    """The occurrence that encloses `parts` (words, or pieces of one value), on the first's page."""
    return Hit(
        parts[0].page,
        (
            min(p.bbox[0] for p in parts),
            min(p.bbox[1] for p in parts),
            max(p.bbox[2] for p in parts),
            max(p.bbox[3] for p in parts),
        ),
        parts[0].order,
    )


class _TextStream:
    """A page's words concatenated, normalised, so a value spanning words or lines is found."""

    def __init__(self, words: list[Word], normalised: list[str], *, join_hyphenated: bool):
        parts = []
        for index, (word, part) in enumerate(zip(words, normalised, strict=True)):
            breaks_line = index + 1 < len(words) and words[index + 1].line != word.line
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
                found.append(hit_of(self._words[first:last]))
            at = self._text.find(needle, at + 1)
        return found


def _below(previous: Hit, candidates: list[Hit]) -> Hit | None:
    """The candidate on the next lines of `previous`'s column, if any."""
    height = previous.bbox[3] - previous.bbox[1]
    near = [
        c
        for c in candidates
        if c.page == previous.page
        and c.bbox[1] >= previous.bbox[1]
        and c.bbox[1] - previous.bbox[3] <= _MAX_PIECE_GAP_IN_LINES * height
        and c.bbox[0] < previous.bbox[2]
        and previous.bbox[0] < c.bbox[2]
        and c != previous
    ]
    return min(near, key=lambda c: c.bbox[1], default=None)


class PrintedText:
    """Finds text values among a document's words."""

    def __init__(self, words: list[Word], page_count: int):
        self._streams = []
        for page in range(page_count):
            on_page = [w for w in words if w.page == page]
            normalised = [_normalised(w.text) for w in on_page]
            self._streams.append(
                (
                    _TextStream(on_page, normalised, join_hyphenated=False),
                    _TextStream(on_page, normalised, join_hyphenated=True),
                )
            )
        self._found: dict[str, list[Hit]] = {}

    def find(self, value: str) -> list[Hit]:
        """Every place `value` is printed as whole words, in reading order."""
        pieces = value.split()
        whole = self._whole("".join(pieces))
        return whole or (self._in_pieces([_normalised(p) for p in pieces]) if pieces else [])

    def _whole(self, text: str) -> list[Hit]:
        needle = _normalised(text)
        if needle not in self._found:
            self._found[needle] = [
                hit
                for kept, joined in self._streams
                for hit in kept.find(needle) or joined.find(needle)
            ]
        return self._found[needle]

    def _in_pieces(self, words: list[str]) -> list[Hit]:
        first, rest = self._longest_prefix(words)
        if not first or not rest:
            return []
        found = []
        for start in first[:_MAX_STARTS]:
            pieces, remaining = [start], rest
            while remaining:
                candidates, after = self._longest_prefix(remaining)
                piece = _below(pieces[-1], candidates)
                if piece is None:
                    break
                pieces.append(piece)
                remaining = after
            if not remaining:
                found.append(hit_of(pieces))
        return found

    def _longest_prefix(self, words: list[str]) -> tuple[list[Hit], list[str]]:
        """Where the longest run of `words` from the first is printed, and the words after it."""
        for count in range(len(words), 0, -1):
            hits = self._whole("".join(words[:count]))
            if hits:
                return hits, words[count:]
        return [], words
