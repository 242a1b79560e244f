"""Opening stored bytes safely: PDFs with pymupdf, photos with Pillow.

Everything that makes a document unreadable is a PermanentExtractionError with a reason a
person understands; retrying the same bytes cannot help.
"""

from __future__ import annotations

import io
import os
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

# pymupdf and Pillow load when a document is opened, not when the code location loads.
if TYPE_CHECKING:
    import pymupdf
    from PIL import Image

from po_ingest.lib.extraction.base import PermanentExtractionError

# A page with fewer visible characters than this has no usable text layer (a scan).
MIN_TEXT_CHARS_PER_PAGE = 40
# Larger images are refused before decoding: 20000×20000 would need 1.2 GB of RAM.
MAX_IMAGE_PIXELS = 40_000_000
MODEL_IMAGE_MAX_SIDE = 1600

IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp")


def max_pages() -> int:
    return int(os.environ.get("PO_INGEST_MAX_PAGES", "50"))


def open_pdf(content: bytes) -> pymupdf.Document:
    """The parsed PDF, or a permanent error saying why it cannot be read."""
    if not content:
        raise PermanentExtractionError("the file is empty")
    import pymupdf

    # Its table finder otherwise prints an advert on stdout, inside `po-ingest eval --json`.
    pymupdf.no_recommend_layout()

    try:
        doc = pymupdf.open(stream=content, filetype="pdf")
    except Exception as exc:
        raise PermanentExtractionError(f"corrupt PDF: cannot be opened ({exc})") from None
    if doc.needs_pass or doc.is_encrypted:
        doc.close()
        raise PermanentExtractionError("encrypted PDF: remove the password and upload again")
    if doc.page_count == 0:
        doc.close()
        raise PermanentExtractionError("corrupt PDF: no readable pages")
    if doc.page_count > max_pages():
        count = doc.page_count
        doc.close()
        raise PermanentExtractionError(
            f"the PDF has {count} pages; at most {max_pages()} are accepted (PO_INGEST_MAX_PAGES)"
        )
    return doc


def text_layers(
    doc: pymupdf.Document, first_pages: int | None = None
) -> list[tuple[pymupdf.Page, pymupdf.TextPage]]:
    """Each page (of the first `first_pages`) with its text layer, read once: its plain text,
    words and spans all come from it (their flags are the same, images left out)."""
    import pymupdf

    layers = []
    try:
        for n in range(min(doc.page_count, first_pages or doc.page_count)):
            page = doc[n]
            layers.append((page, page.get_textpage(flags=pymupdf.TEXTFLAGS_TEXT)))
    except Exception as exc:
        raise PermanentExtractionError(f"corrupt PDF: a page cannot be read ({exc})") from None
    return layers


def page_texts(doc: pymupdf.Document, first_pages: int | None = None) -> list[str]:
    return [page.get_text(textpage=layer) for page, layer in text_layers(doc, first_pages)]


def has_text_layer(doc: pymupdf.Document, first_pages: int | None = None) -> bool:
    """True when most pages (of the first `first_pages`) carry real text (a digital PDF),
    False for scans."""
    return texts_mostly_text(page_texts(doc, first_pages))


def texts_mostly_text(page_texts: list[str]) -> bool:
    return mostly_text([len("".join(t.split())) for t in page_texts])


def mostly_text(visible_chars_per_page: list[int]) -> bool:
    """True when most pages carry real text (a digital PDF), False for scans."""
    with_text = sum(1 for n in visible_chars_per_page if n >= MIN_TEXT_CHARS_PER_PAGE)
    return with_text * 2 >= len(visible_chars_per_page) and with_text > 0


@dataclass(frozen=True)
class ModelImage:
    data: bytes
    mime_type: str
    width: int
    height: int
    source_size: tuple[int, int]  # the upright photo's, before downscaling


def open_image(content: bytes) -> Image.Image:
    """The decoded photo (EXIF orientation applied), or a permanent error."""
    from PIL import Image, ImageOps

    if not content:
        raise PermanentExtractionError("the file is empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(content))
            width, height = image.size
            if width * height > MAX_IMAGE_PIXELS:
                raise PermanentExtractionError(
                    f"image is {width}×{height} pixels; at most {MAX_IMAGE_PIXELS:,} pixels are accepted"
                )
            image.load()
    except PermanentExtractionError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PermanentExtractionError(
            f"image is too large to decode safely (over {MAX_IMAGE_PIXELS:,} pixels)"
        ) from None
    except Exception as exc:
        raise PermanentExtractionError(f"corrupt image: cannot be decoded ({exc})") from None
    return ImageOps.exif_transpose(image)


def image_for_model(content: bytes) -> ModelImage:
    """A photo as a model should see it: upright, at most 1600 px on the long side, JPEG."""
    from PIL import Image

    image = open_image(content).convert("RGB")
    source_size = image.size
    image.thumbnail((MODEL_IMAGE_MAX_SIDE, MODEL_IMAGE_MAX_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=85, optimize=True)
    return ModelImage(out.getvalue(), "image/jpeg", image.width, image.height, source_size)
