"""A stored document's original (an order's, a delivery note's): served as uploaded, or a
page of it as PNG."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import PurePath
from typing import BinaryIO
from urllib.parse import quote

from fastapi import HTTPException, Response, status
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.deps import Intake
from po_ingest.intake.errors import StorageUnavailable, error
from po_ingest.lib.content_types import EXTENSIONS
from po_ingest.lib.extraction.base import PermanentExtractionError
from po_ingest.lib.files import BadKey
from po_ingest.lib.page_images import RENDER_SCALE, NoSuchPage, page_image

_CONTENT_TYPES = {extension: content_type for content_type, extension in EXTENSIONS.items()}
_BINARY = {"schema": {"type": "string", "format": "binary"}}
_CHUNK_BYTES = 256 * 1024

FILE_OK = {
    "description": "The file as uploaded, with its detected content type; its name takes the "
    "extension of that type.",
    "content": {content_type: _BINARY for content_type in EXTENSIONS},
}
PAGE_DESCRIPTION = (
    f"A PDF page is rendered at {RENDER_SCALE}× (a provenance box in PDF points is at "
    f"{RENDER_SCALE}× its coordinates in pixels; a box's page 0 is page 1 here); a photo is "
    "shown upright. `X-Page-Count` says how many pages the document has."
)
PAGE_RESPONSES = {
    status.HTTP_200_OK: {"content": {"image/png": {"schema": {"type": "string"}}}},
    status.HTTP_422_UNPROCESSABLE_CONTENT: error("The stored file cannot be read."),
}


def open_stored(intake: Intake, key: str | None, what: str) -> BinaryIO:
    """The stored original of `what` (e.g. "order 7") for reading: 404 when it has none or
    it is missing."""
    if not key:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"{what} has no file")
    try:
        return intake.files.open(key)
    except (BadKey, FileNotFoundError):
        raise HTTPException(
            status.HTTP_404_NOT_FOUND, detail=f"the file of {what} is missing"
        ) from None
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc


def content_type_of(key: str) -> str:
    return _CONTENT_TYPES.get(PurePath(key).suffix, "application/octet-stream")


def original_response(intake: Intake, record: dict, what: str, stem: str) -> StreamingResponse:
    """A stored record's (an order's, a note's) original, inline, named as its batch's upload
    was but with the extension of the type we detected: `report.html` holding a PDF is served
    as `report.pdf`, so no viewer treats it as a web page (`stem` when the upload had no
    name)."""
    key = record["file_key"]
    handle = open_stored(intake, key, what)
    batch = intake.store.batches.get(record["batch_id"])
    uploaded_name = batch.original_filename if batch else None
    suffix = PurePath(key).suffix
    name_stem = os.path.splitext(uploaded_name)[0] if uploaded_name else ""
    return StreamingResponse(
        _chunks_of(handle),
        media_type=content_type_of(key),
        headers={
            "Content-Length": str(os.fstat(handle.fileno()).st_size),
            "Content-Disposition": _inline_disposition(f"{name_stem or stem}{suffix}"),
            "Cache-Control": "private, no-store",
            "X-Content-Type-Options": "nosniff",
        },
    )


async def page_response(intake: Intake, key: str | None, what: str, page: int) -> Response:
    """Page `page` (from 1) of the stored original as PNG; 404 past the last page."""
    with open_stored(intake, key, what) as handle:
        content = await run_in_threadpool(handle.read)
    try:
        image = await run_in_threadpool(page_image, content, content_type_of(key), page - 1)
    except NoSuchPage as exc:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=str(exc)) from None
    except PermanentExtractionError as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc)) from None
    return Response(
        image.png,
        media_type="image/png",
        headers={
            "X-Page-Count": str(image.page_count),
            "Cache-Control": "private, max-age=300",
            "X-Content-Type-Options": "nosniff",
        },
    )


def _inline_disposition(filename: str) -> str:
    quoted = quote(filename)
    if quoted != filename:
        return f"inline; filename*=utf-8''{quoted}"
    return f'inline; filename="{filename}"'


def _chunks_of(handle: BinaryIO) -> Iterator[bytes]:
    with handle:
        while chunk := handle.read(_CHUNK_BYTES):
            yield chunk
