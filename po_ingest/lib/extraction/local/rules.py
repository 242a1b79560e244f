"""The horizontal rules drawn on a PDF's pages: a rule between two lines of text makes them
two rows of a table, not one cell wrapped. Read from pymupdf's drawings, a page when first
asked (most documents never ask)."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # documents come from documents.open_pdf, which loads pymupdf
    import pymupdf

_MIN_WIDTH = 20.0  # points: shorter strokes are underlines, ticks or glyph parts
_MAX_THICKNESS = 2.0
_WHITE = 0.98  # each colour component of a fill that does not show on a white page


class HorizontalRules:
    def __init__(self, pdf: pymupdf.Document) -> None:
        self._pdf = pdf
        self._rules: dict[int, list[tuple[float, float, float]]] = {}

    def between(self, page: int, top: float, bottom: float, x0: float = 0, x1: float = 1e9) -> bool:
        """A rule drawn between heights `top` and `bottom` of the page, crossing x0–x1."""
        rules = self._rules.get(page)
        if rules is None:
            rules = self._rules[page] = _rules(self._pdf[page])
        start = bisect_right(rules, (top, float("inf"), float("inf")))
        return any(a < x1 and b > x0 for y, a, b in rules[start:] if y < bottom)


def _rules(page: pymupdf.Page) -> list[tuple[float, float, float]]:
    """(height, left, right) of each horizontal rule, by height."""
    found = []
    for drawing in page.get_cdrawings():
        if _invisible(drawing):
            continue
        for item in drawing["items"]:
            if item[0] == "l":
                (x0, y0), (x1, y1) = item[1], item[2]
                if abs(y0 - y1) <= _MAX_THICKNESS and abs(x1 - x0) >= _MIN_WIDTH:
                    found.append(((y0 + y1) / 2, min(x0, x1), max(x0, x1)))
            elif item[0] == "re":
                x0, y0, x1, y1 = item[1]
                left, right = min(x0, x1), max(x0, x1)
                if right - left < _MIN_WIDTH:
                    continue
                if abs(y1 - y0) <= _MAX_THICKNESS:
                    found.append(((y0 + y1) / 2, left, right))
                else:  # a filled or boxed cell: its top and bottom
                    found += [(min(y0, y1), left, right), (max(y0, y1), left, right)]
    return sorted(found)


def _invisible(drawing: dict) -> bool:
    """A white box with no stroke, drawn to blank a cell's background: no line shows."""
    fill = drawing.get("fill")
    return drawing.get("color") is None and fill is not None and min(fill) >= _WHITE


_AMOUNTS = ("quantity", "unit_price", "line_total")
_TEXTS = ("item_code", "description", "unit")


def text_across_rule(items: list[dict], page_rules: HorizontalRules) -> int | None:
    """The number (from 1) of the first line whose text was read from across a rule drawn
    between it and its amounts: words from another row of a ruled table, which the
    arithmetic cannot catch; None when every line keeps within its row."""
    for number, item in enumerate(items, start=1):
        amounts = [w for name in _AMOUNTS if name in item for w in item[name].words]
        if not amounts:
            continue
        page, row = item[next(n for n in _AMOUNTS if n in item)].page, amounts[0]
        for name in _TEXTS:
            found = item.get(name)
            if found is None or found.page != page:
                continue
            for word in found.words:
                # In the gap between the two, touching neither: a border drawn through a
                # row that overflows its frame is no row of its own.
                upper, lower = (row, word) if word.center_y > row.center_y else (word, row)
                if page_rules.between(page, upper.y1, lower.y0, word.x0, word.x1):
                    return number
    return None
