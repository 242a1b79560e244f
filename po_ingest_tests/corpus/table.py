"""Item tables: column titles, rows whose cells wrap, optional cell borders and fills."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from po_ingest_tests.corpus.render import BLACK, GREY, Canvas, Color, wrap


@dataclass(frozen=True)
class Column:
    title: str
    width: float
    align: str = "left"  # or "right", for numbers, or "center"


@dataclass(frozen=True)
class Table:
    x: float
    columns: tuple[Column, ...]
    size: float = 8.5
    pad: float = 3.5
    grid: bool = False
    header_fill: Color | None = None
    header_color: Color = BLACK
    rule: Color = GREY
    header_align: str | None = None  # titles aligned like their column unless set

    @property
    def width(self) -> float:
        return sum(c.width for c in self.columns)

    def _cells(self, cells: Sequence[str], font: str) -> list[list[str]]:
        return [
            wrap(cell, col.width - 2 * self.pad, font, self.size)
            for cell, col in zip(cells, self.columns, strict=True)
        ]

    def _height(self, cells: list[list[str]]) -> float:
        return max(len(lines) for lines in cells) * self.size * 1.2 + 2 * self.pad

    def row_height(self, canvas: Canvas, cells: Sequence[str]) -> float:
        return self._height(self._cells(cells, canvas.font))

    def _draw(
        self,
        canvas: Canvas,
        y: float,
        cells: list[list[str]],
        bold: bool,
        color: Color,
        align: str | None = None,
    ) -> float:
        height = self._height(cells)
        x = self.x
        for lines, col in zip(cells, self.columns, strict=True):
            side = align or col.align
            anchors = {"left": x + self.pad, "right": x + col.width - self.pad}
            anchor = anchors.get(side, x + col.width / 2)
            for n, line in enumerate(lines):
                baseline = y + self.pad + self.size * (0.85 + 1.2 * n)
                style = {"size": self.size, "bold": bold, "align": side, "color": color}
                canvas.text(anchor, baseline, line, **style)
            if self.grid:
                canvas.rect(x, y, x + col.width, y + height, width=0.5)
            x += col.width
        return y + height

    def header(self, canvas: Canvas, y: float) -> float:
        """Column titles; returns the top of the first row."""
        cells = self._cells([c.title for c in self.columns], canvas.bold)
        if self.header_fill:
            canvas.rect(
                self.x,
                y,
                self.x + self.width,
                y + self._height(cells),
                fill=self.header_fill,
                color=None,
            )
        bottom = self._draw(canvas, y, cells, True, self.header_color, self.header_align)
        if not self.grid:
            canvas.line(self.x, bottom, self.x + self.width, bottom, color=self.rule, width=0.8)
        return bottom

    def row(
        self, canvas: Canvas, y: float, cells: Sequence[str], *, fill: Color | None = None
    ) -> float:
        """One item line; returns the top of the next row."""
        wrapped = self._cells(cells, canvas.font)
        if fill:
            canvas.rect(
                self.x, y, self.x + self.width, y + self._height(wrapped), fill=fill, color=None
            )
        return self._draw(canvas, y, wrapped, False, BLACK)

    def text_row(
        self, canvas: Canvas, y: float, text: str, *, column: int, bold: bool = False
    ) -> float:
        """A row with text in one column only (a note or a section heading): no item."""
        x = self.x + sum(c.width for c in self.columns[:column])
        width = self.width - (x - self.x) - self.pad
        lines = wrap(text, width - self.pad, canvas.bold if bold else canvas.font, self.size)
        for n, line in enumerate(lines):
            baseline = y + self.pad + self.size * (0.85 + 1.2 * n)
            canvas.text(x + self.pad, baseline, line, size=self.size, bold=bold)
        height = len(lines) * self.size * 1.2 + 2 * self.pad
        if self.grid:
            canvas.rect(self.x, y, self.x + self.width, y + height, width=0.5)
        return y + height
