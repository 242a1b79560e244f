"""Drawing helpers on pymupdf: aligned and wrapped text, lines, boxes, deterministic PDF bytes."""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

PAGE_WIDTH, PAGE_HEIGHT = 595.0, 842.0  # A4 in points
LEFT, RIGHT = 45.0, 550.0
BLACK = (0.0, 0.0, 0.0)
GREY = (0.42, 0.42, 0.42)
LIGHT = (0.9, 0.9, 0.9)
WHITE = (1.0, 1.0, 1.0)

Color = tuple[float, float, float]


def text_width(text: str, font: str, size: float) -> float:
    return pymupdf.get_text_length(text, fontname=font, fontsize=size)


def wrap(text: str, width: float, font: str, size: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current]


class Canvas:
    """One page with a body font and a bold font; y is the baseline, growing downwards."""

    def __init__(self, page: pymupdf.Page, font: str = "helv", bold: str = "hebo") -> None:
        self.page = page
        self.font = font
        self.bold = bold

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 9,
        bold: bool = False,
        align: str = "left",
        color: Color = BLACK,
    ) -> None:
        # The base-14 fonts only know Latin-1; anything else would print as a dot.
        text.encode("latin-1")
        font = self.bold if bold else self.font
        width = text_width(text, font, size)
        x -= {"left": 0, "right": width, "center": width / 2}[align]
        self.page.insert_text((x, y), text, fontname=font, fontsize=size, color=color)

    def lines(self, x: float, y: float, lines: Sequence[str], *, size: float = 9, **style) -> float:
        """Lines one under the other; returns the baseline below the last one."""
        for line in lines:
            self.text(x, y, line, size=size, **style)
            y += size * 1.3
        return y

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        fill: Color | None = None,
        color: Color | None = BLACK,
        width: float = 0.6,
    ) -> None:
        self.page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=color, fill=fill, width=width)

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        color: Color = BLACK,
        width: float = 0.6,
    ) -> None:
        self.page.draw_line((x0, y0), (x1, y1), color=color, width=width)


def new_document(title: str, author: str) -> pymupdf.Document:
    doc = pymupdf.open()
    doc.set_metadata({"title": title, "author": author, "creator": "po_ingest corpus"})
    return doc


def new_page(doc: pymupdf.Document) -> pymupdf.Page:
    return doc.new_page(width=PAGE_WIDTH, height=PAGE_HEIGHT)


def pdf_bytes(doc: pymupdf.Document) -> bytes:
    """The PDF with a fixed /ID (no_new_id), so the same seed gives the same bytes."""
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data
