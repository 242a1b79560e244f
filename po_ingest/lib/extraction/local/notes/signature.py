"""Whether the note is signed: ink (a drawn stroke or an image) in the space a "Signature"
label leaves for it, right of it or under it. A box or a rule drawn there is not ink."""

from __future__ import annotations

from typing import TYPE_CHECKING

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.notes.words import NOTE_LABELS

if TYPE_CHECKING:  # pages come from documents.open_pdf, which loads pymupdf
    import pymupdf

_WIDTH = 260.0  # points right of the label's left edge where a signature's middle may be
_DEPTH = 60.0  # points under the label
_STROKES = 4  # a hand's stroke is many short segments, a box or a rule a few straight ones


def _label_words(rows: list[Row]) -> tuple[int, list[Word]] | None:
    pattern = NOTE_LABELS.patterns["signature"]
    for row in rows:
        for cell in row.cells():
            if (m := pattern.match(cell.text)) and not m["rest"].strip(" :_.-"):
                return row.page, cell.words
    return None


def _is_ink(path: dict) -> bool:
    segments = [item for item in path["items"] if item[0] in ("l", "c")]
    crooked = [
        item
        for item in segments
        if item[0] == "c" or (item[1].x != item[2].x and item[1].y != item[2].y)
    ]
    return len(crooked) >= _STROKES


def signature(pdf: pymupdf.Document, rows: list[Row]) -> Found | None:
    """True with the ink's box, False with the empty space's; None with no signature label."""
    found = _label_words(rows)
    if found is None:
        return None
    page_number, words = found
    page = pdf[page_number]
    x0, y0 = min(w.x0 for w in words), min(w.y0 for w in words)
    y1 = max(w.y1 for w in words)
    area = (x0 - 4, y0 - 4, min(page.rect.x1, x0 + _WIDTH), min(page.rect.y1, y1 + _DEPTH))
    inside = [
        r
        for r in [p["rect"] for p in page.get_drawings() if _is_ink(p)]
        + [info["bbox"] for info in page.get_image_info()]
        if area[0] <= (r[0] + r[2]) / 2 <= area[2]
        and area[1] <= (r[1] + r[3]) / 2 <= area[3]
        and r[3] - r[1] <= _DEPTH
    ]
    if not inside:
        return Found(False, page_number, [Word(*area, "")])
    ink = Word(
        min(r[0] for r in inside),
        min(r[1] for r in inside),
        max(r[2] for r in inside),
        max(r[3] for r in inside),
        "",
    )
    return Found(True, page_number, [ink])
