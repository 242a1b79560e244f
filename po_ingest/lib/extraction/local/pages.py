"""A digital PDF opened for the layout readers: its title texts and its rows, every page's;
anything else (a photo, a scan) is declined before any reading."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.documents import open_pdf, text_layers, texts_mostly_text
from po_ingest.lib.extraction.local.gate import decline
from po_ingest.lib.extraction.local.layout import Row, page_rows, title_texts

if TYPE_CHECKING:  # documents come from documents.open_pdf, which loads pymupdf
    import pymupdf


@contextmanager
def text_pages(document: Document) -> Iterator[tuple[pymupdf.Document, list[str], list[Row]]]:
    """(the open PDF, its first page's titles, all its rows), or ExtractionDeclined."""
    if document.content_type != "application/pdf":
        raise decline("not a PDF (photos need AI extraction)")
    with open_pdf(document.content) as pdf:
        layers = text_layers(pdf)
        if not texts_mostly_text([page.get_text(textpage=layer) for page, layer in layers]):
            raise decline("the PDF has no text layer (a scan)")
        titles = title_texts(*layers[0])
        yield pdf, titles, [row for n, layer in enumerate(layers) for row in page_rows(*layer, n)]
