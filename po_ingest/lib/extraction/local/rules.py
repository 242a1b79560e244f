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


class HorizontalRules:
    def __init__(self, pdf: pymupdf.Document) -> None:
        self._pdf = pdf
        self._ys: dict[int, list[float]] = {}

    def between(self, page: int, top: float, bottom: float) -> bool:
        """A rule drawn between heights `top` and `bottom` of the page."""
        ys = self._ys.get(page)
        if ys is None:
            ys = self._ys[page] = _rule_heights(self._pdf[page])
        start = bisect_right(ys, top)
        return start < len(ys) and ys[start] < bottom


def _rule_heights(page: pymupdf.Page) -> list[float]:
    heights = []
    for drawing in page.get_cdrawings():
        for item in drawing["items"]:
            if item[0] == "l":
                (x0, y0), (x1, y1) = item[1], item[2]
                if abs(y0 - y1) <= _MAX_THICKNESS and abs(x1 - x0) >= _MIN_WIDTH:
                    heights.append((y0 + y1) / 2)
            elif item[0] == "re":
                x0, y0, x1, y1 = item[1]
                if abs(y1 - y0) <= _MAX_THICKNESS and abs(x1 - x0) >= _MIN_WIDTH:
                    heights.append((y0 + y1) / 2)
                elif abs(x1 - x0) >= _MIN_WIDTH:  # a filled or boxed cell: its top and bottom
                    heights += [min(y0, y1), max(y0, y1)]
    return sorted(heights)
