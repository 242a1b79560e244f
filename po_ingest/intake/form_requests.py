"""Upload routes' shared path: refuse a declared oversize body, read the form in a worker
thread of the upload slots, and answer the form's problems the same way on every route."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import TypeVar

from fastapi import HTTPException, Request, status
from starlette.requests import ClientDisconnect

from po_ingest.intake.deps import Intake
from po_ingest.intake.errors import RETRY_AFTER_SECONDS, error
from po_ingest.intake.multipart import (
    FILE_FIELD,
    FORM_OVERHEAD_BYTES,
    BadForm,
    BodyTooLarge,
    NotMultipart,
)
from po_ingest.intake.upload_slots import BodyStalled, UploadsFull
from po_ingest.lib.files import TooLarge
from po_ingest.lib.intake import UploadRejected

T = TypeVar("T")


# Only the shared bootstrap token's uploads take it; a named user's uploads are theirs.
UPLOADED_BY_FIELD = {
    "type": "string",
    "maxLength": 255,
    "description": "Who uploaded it, with the shared PO_INGEST_API_TOKEN only; a named "
    "user's uploads are recorded as that user.",
}


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
    status.HTTP_408_REQUEST_TIMEOUT: error("The body stopped arriving; nothing was kept."),
}


async def receive_in_thread(
    request: Request, intake: Intake, receive: Callable[[str | None, Iterator[bytes]], T]
) -> T:
    """`receive(content type, body chunks)` in an upload thread; its form errors become
    400 (bad form, rejected upload), 413 (too large) and 415 (not multipart), a stalled body
    408, and every upload slot taken 503."""
    max_bytes = intake.settings.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes + FORM_OVERHEAD_BYTES:
        raise HTTPException(
            status.HTTP_413_CONTENT_TOO_LARGE,
            detail=f"the file is larger than the {max_bytes // (1024 * 1024)} MB limit",
        )
    work = functools.partial(receive, request.headers.get("content-type"))
    try:
        return await intake.uploads.receive(request.stream(), work)
    except UploadsFull as exc:
        raise HTTPException(
            status.HTTP_503_SERVICE_UNAVAILABLE,
            detail=str(exc),
            headers={"Retry-After": str(RETRY_AFTER_SECONDS), "Connection": "close"},
        ) from None
    except BodyStalled as exc:
        raise HTTPException(
            status.HTTP_408_REQUEST_TIMEOUT, detail=str(exc), headers={"Connection": "close"}
        ) from None
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
