"""A stored document's page as the reviewer sees it: a PDF page rendered at 2× (so a box in
PDF points is at twice its coordinates in pixels), a photo upright as its EXIF says."""

from __future__ import annotations

import io
from dataclasses import dataclass

from po_ingest.lib.extraction.documents import IMAGE_TYPES, open_image, open_pdf

# Pixels per PDF point: sharp on a high-density screen, and boxes scale by a round number.
RENDER_SCALE = 2


class NoSuchPage(LookupError):
    """The document has no page with that number."""


@dataclass(frozen=True)
class PageImage:
    png: bytes
    page_count: int


def page_image(content: bytes, content_type: str, page: int) -> PageImage:
    """Page `page` (from 0) of the document as PNG; PermanentExtractionError when the bytes
    cannot be read, NoSuchPage past its last page."""
    if content_type in IMAGE_TYPES:
        if page != 0:
            raise NoSuchPage(f"a photo has one page, not {page + 1}")
        out = io.BytesIO()
        open_image(content).save(out, format="PNG")
        return PageImage(out.getvalue(), 1)
    with open_pdf(content) as doc:
        if page >= doc.page_count:
            raise NoSuchPage(f"the document has {doc.page_count} pages, not {page + 1}")
        pixmap = doc[page].get_pixmap(matrix=_scale(), alpha=False)
        return PageImage(pixmap.tobytes("png"), doc.page_count)


def _scale():
    import pymupdf

    return pymupdf.Matrix(RENDER_SCALE, RENDER_SCALE)
