"""One-page PDFs drawn word by word, for the layout readers' tests: one test, one change."""

from __future__ import annotations

import pymupdf


def drawn_page(
    lines: list[tuple[float, float, str]],
    *,
    title: str,
    ink: list[tuple[float, float]] = (),
    large: list[tuple[float, float, str]] = (),
) -> tuple[bytes, pymupdf.Document]:
    """A large title, then `lines` as (x, y, text); x < 0 means right-aligned at -x. `ink`:
    a stroke drawn through these points (a hand's signature). `large`: more text set as
    large as the title, as (x, y, text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 50), title, fontname="hebo", fontsize=18)
    for x, y, text in large:
        page.insert_text((x, y), text, fontname="hebo", fontsize=18)
    for x, y, text in lines:
        if x < 0:
            x = -x - pymupdf.get_text_length(text, fontname="helv", fontsize=9)
        page.insert_text((x, y), text, fontname="helv", fontsize=9)
    if ink:
        page.draw_polyline(list(ink))
    content = doc.tobytes()
    return content, pymupdf.open(stream=content, filetype="pdf")
