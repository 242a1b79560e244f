"""Words with positions → visual rows → cells (runs of words with no wide gap between them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from po_ingest.lib.extraction.hyphens import as_printed
from po_ingest.lib.models import Box

if TYPE_CHECKING:  # pages come from documents.open_pdf, which loads pymupdf
    import pymupdf


# "-----------", "=======" or "__": a rule typed as text, not words of any cell.
_RULE = re.compile(r"^(?:[-=_*~.·]{3,}|_+)$")


@dataclass(frozen=True)
class Word:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    # The line of text the PDF draws it in (pymupdf's block and line): words far apart on
    # one line are one text spaced out, not cells of a table. -1 when not known.
    line: int = field(default=-1, compare=False, repr=False)

    @property
    def center_x(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def center_y(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass
class Cell:
    words: list[Word]

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def x1(self) -> float:
        return self.words[-1].x1


@dataclass
class Row:
    page: int
    words: list[Word] = field(default_factory=list)

    # A row's words are settled once it is made (`page_rows` keeps its own running sum): its
    # height, middle and text are read over and over, and computed once.
    @cached_property
    def height(self) -> float:
        return max(w.height for w in self.words)

    @cached_property
    def y(self) -> float:
        return sum(w.center_y for w in self.words) / len(self.words)

    @cached_property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    def cells(self) -> list[Cell]:
        """Words split where the gap is wider than about one character box, or where a word
        starts before the one left of it ends: a cell clipped at its column's edge, and the
        next column's text drawn over its end ("Distributio" touching "Yes")."""
        cells: list[Cell] = []
        for word in self.words:
            gap_limit = max(6.0, 0.8 * word.height)
            if cells and 0 <= word.x0 - cells[-1].words[-1].x1 <= gap_limit:
                cells[-1].words.append(word)
            else:
                cells.append(Cell([word]))
        return cells


_LINES_PER_BLOCK = 100_000


def page_rows(page: pymupdf.Page, layer: pymupdf.TextPage, page_number: int) -> list[Row]:
    """The page's words (from its text `layer`) grouped into rows by vertical position, top
    to bottom, left to right."""
    lines: dict[tuple[int, int], list[Word]] = {}
    for w in page.get_text("words", textpage=layer):
        if w[4].strip() and not _RULE.match(w[4]):
            line = w[5] * _LINES_PER_BLOCK + w[6]
            text = as_printed(w[4])
            lines.setdefault((w[5], w[6]), []).append(Word(w[0], w[1], w[2], w[3], text, line))
    lines = {key: words for key, words in lines.items() if not _set_vertically(words)}
    words = [part for word in _without_overprints(lines) for part in split_scripts(word)]
    words.sort(key=lambda w: (w.center_y, w.x0))
    grouped: list[list[Word]] = []
    middles = 0.0  # the sum of the last group's center_y: its mean is the row's y
    for word in words:
        if grouped and abs(word.center_y - middles / len(grouped[-1])) <= max(
            2.0, 0.4 * word.height
        ):
            grouped[-1].append(word)
            middles += word.center_y
        else:
            grouped.append([word])
            middles = word.center_y
    return [Row(page_number, sorted(group, key=lambda w: w.x0)) for group in grouped]


_VERTICAL_RATIO = 3  # a line this many times taller than wide runs down the page
_VERTICAL_CHARACTERS = 4  # fewer can stand upright as well as turned (a digit, "IT")


def _set_vertically(words: list[Word]) -> bool:
    """A line of text turned on its side (a Spanish company's registry line up the left
    margin, a web address along the edge): no row of the page holds it."""
    width = max(w.x1 for w in words) - min(w.x0 for w in words)
    height = max(w.y1 for w in words) - min(w.y0 for w in words)
    characters = sum(len(w.text) for w in words)
    return characters >= _VERTICAL_CHARACTERS and height > _VERTICAL_RATIO * width


# How far apart the same word drawn twice may be to be one word printed bold by overprinting.
_OVERPRINT = 1.5


def _without_overprints(lines: dict[tuple[int, int], list[Word]]) -> list[Word]:
    """Each word once: a form's "bold" drawn as the same text two to four times, a fraction
    of a point apart (SAP Business One's "BLOCK, BLOCK, FILL FILL"), is one word. A line
    of text (as pymupdf reads it) mostly drawn already is such a copy, dropped whole: a copy
    may wrap elsewhere ("… TANK, DIODE" / "PS" drawn over "… TANK," / "DIODE PS")."""
    kept: list[Word] = []
    seen: dict[str, list[Word]] = {}
    line_starts: list[Word] = []

    def near(a: Word, b: Word) -> bool:
        return abs(a.x0 - b.x0) <= _OVERPRINT and abs(a.y0 - b.y0) <= _OVERPRINT

    def drawn(word: Word) -> bool:
        return any(near(w, word) for w in seen.get(word.text, ()))

    copying = False
    for words in lines.values():
        copies = [drawn(w) for w in words]
        # After a copied line, one starting where a line was drawn is the copy wrapped anew.
        rewrapped = copying and any(near(words[0], start) for start in line_starts)
        copying = 2 * sum(copies) >= len(words) or rewrapped
        if copying:
            continue
        line_starts.append(words[0])
        for word, copy in zip(words, copies, strict=True):
            if not copy:
                seen.setdefault(word.text, []).append(word)
                kept.append(word)
    return kept


# A number run into a word of another script ("ﻹﺟﻤﺎﻟﻲ152.050"), as pymupdf joins right-to-left
# text and the amount after it.
_SCRIPT_AND_NUMBER = re.compile(r"^(?P<text>[^\W\d_a-zA-Z\u00c0-\u024f]+)(?P<number>\d[\d.,]*)$")


def split_scripts(word: Word) -> list[Word]:
    """A word of another script run into a number, as the two words they are; the number
    takes the right end of the box, in proportion to its characters."""
    m = _SCRIPT_AND_NUMBER.match(word.text)
    if m is None:
        return [word]
    cut = word.x1 - (word.x1 - word.x0) * len(m["number"]) / len(word.text)
    return [
        Word(word.x0, word.y0, cut, word.y1, m["text"], word.line),
        Word(cut, word.y0, word.x1, word.y1, m["number"], word.line),
    ]


def title_texts(page: pymupdf.Page, layer: pymupdf.TextPage) -> list[str]:
    """Text set noticeably larger than the page's body text: titles and letterheads."""
    spans = [
        (span["size"], span["text"].strip())
        for block in page.get_text("dict", textpage=layer)["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
        if span["text"].strip()
    ]
    if not spans:
        return []
    sizes = sorted(size for size, _ in spans)
    body = sizes[len(sizes) // 2]
    return [unspaced(" ".join(text.split())) for size, text in spans if size >= body * 1.3]


# A title set in spaced capitals ("B E S T E L L U N G", "I N V O I C E") is its word.
_LETTER_SPACED = re.compile(r"^(?:[^\W\d_] ){3,}[^\W\d_]$")


def unspaced(title: str) -> str:
    return title.replace(" ", "") if _LETTER_SPACED.match(title) else title


def box(page: int, words: list[Word]) -> Box:
    """Where `words` are printed: the union of their boxes."""
    return Box(
        page=page,
        bbox=(
            min(w.x0 for w in words),
            min(w.y0 for w in words),
            max(w.x1 for w in words),
            max(w.y1 for w in words),
        ),
    )
