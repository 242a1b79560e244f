"""Upload routes' shared path: refuse a declared oversize body, read the form in a worker
thread, and answer the form's problems the same way on every route."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar

import anyio.from_thread
import anyio.to_thread
from fastapi import HTTPException, Request, status
from starlette.requests import ClientDisconnect

from po_ingest.intake.errors import error
from po_ingest.intake.multipart import (
    FILE_FIELD,
    FORM_OVERHEAD_BYTES,
    BadForm,
    BodyTooLarge,
    NotMultipart,
)
from po_ingest.lib.files import TooLarge
from po_ingest.lib.intake import UploadRejected

T = TypeVar("T")


def multipart_body(file_description: str, fields: dict[str, dict]) -> dict:
    """The OpenAPI request body of an upload form: the `file` part and its text `fields`."""
    properties = {
        FILE_FIELD: {"type": "string", "format": "binary", "description": file_description}
    }
    schema = {"type": "object", "required": [FILE_FIELD], "properties": properties | fields}
    return {
        "requestBody": {
            "required": True,
            "content": {"multipart/form-data": {"schema": schema}},
        }
    }


# The answer to an accepted upload names the batch's URL.
LOCATION_HEADER = {
    "headers": {"Location": {"description": "The batch's URL.", "schema": {"type": "string"}}}
}

FORM_ERRORS = {
    status.HTTP_413_CONTENT_TOO_LARGE: error("The file is larger than 20 MB."),
    status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: error("The body is not multipart/form-data."),
}


def _pull(body: AsyncIterator[bytes]) -> Iterator[bytes]:
    """The request body as a blocking iterator, for a worker thread: each chunk is awaited on
    the event loop only when the parser asks for it, so nothing piles up in memory."""

    async def next_chunk() -> bytes | None:
        try:
            return await anext(body)
        except StopAsyncIteration:
            return None

    while (chunk := anyio.from_thread.run(next_chunk)) is not None:
        if chunk:
            yield chunk


async def receive_in_thread(
    request: Request, max_bytes: int, receive: Callable[[str | None, Iterator[bytes]], T]
) -> T:
    """`receive(content type, body chunks)` in a worker thread; its form errors become
    400 (bad form, rejected upload), 413 (too large) and 415 (not multipart)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes + FORM_OVERHEAD_BYTES:
        raise HTTPException(
            status.HTTP_413_CONTENT_TOO_LARGE,
            detail=f"the file is larger than the {max_bytes // (1024 * 1024)} MB limit",
        )
    work = functools.partial(receive, request.headers.get("content-type"), _pull(request.stream()))
    try:
        return await anyio.to_thread.run_sync(work)
    except (UploadRejected, BadForm) as exc:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail=str(exc)) from None
    except NotMultipart as exc:
        raise HTTPException(status.HTTP_415_UNSUPPORTED_MEDIA_TYPE, detail=str(exc)) from None
    except (TooLarge, BodyTooLarge) as exc:
        raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE, detail=str(exc)) from None
    except ClientDisconnect:
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST, detail="the upload was interrupted"
        ) from None
