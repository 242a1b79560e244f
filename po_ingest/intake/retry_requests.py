"""What a retry asks for: optionally another document type, as JSON or as a form field."""

from __future__ import annotations

import json

from fastapi import HTTPException, Request, status

from po_ingest.lib.settings import QUEUED_BATCH_TYPES

_MAX_BODY_BYTES = 64 * 1024
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")

RETRY_BODY = {
    "requestBody": {
        "required": False,
        "description": "Optional: `batch_type` retries the batch as that document type (a "
        "delivery note uploaded as a purchase order, or the other way round).",
        "content": {
            media: {
                "schema": {
                    "type": "object",
                    "properties": {"batch_type": {"type": "string", "enum": QUEUED_BATCH_TYPES}},
                }
            }
            for media in ("application/json", *_FORMS)
        },
    }
}


async def requested_batch_type(request: Request) -> str | None:
    """The `batch_type` the retry asks for, None when it asks for none; 422 for a type the
    queue has no place for, 400 for a body that cannot be read."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media in _FORMS:
        form = await request.form(max_files=0, max_fields=20)
        value = form.get("batch_type") or None
    else:
        body = await request.body()
        if len(body) > _MAX_BODY_BYTES:
            raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE, detail="the body is too large")
        value = _from_json(body) if body.strip() else None
    if value is not None and value not in QUEUED_BATCH_TYPES:
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT,
            detail=f"batch_type must be one of {', '.join(QUEUED_BATCH_TYPES)}, not {value!r}",
        )
    return value


def _from_json(body: bytes) -> object:
    try:
        parsed = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST, detail="the body is not JSON (or a form)"
        ) from None
    if not isinstance(parsed, dict):
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT,
            detail='the body must be a JSON object, e.g. {"batch_type": "delivery_notes"}',
        )
    return parsed.get("batch_type")
