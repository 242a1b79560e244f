"""/api/batches: upload, status, retry, list."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Iterator
from enum import StrEnum
from typing import Annotated

import anyio.from_thread
import anyio.to_thread
from fastapi import APIRouter, Depends, HTTPException, Query, Request, status
from fastapi.responses import JSONResponse
from starlette.requests import ClientDisconnect

from po_ingest.intake.deps import Intake, checked_batch_id, get_intake
from po_ingest.intake.errors import StorageUnavailable, error
from po_ingest.intake.schemas import BatchAccepted, BatchList, BatchOut
from po_ingest.intake.uploads import (
    FILE_FIELD,
    FORM_OVERHEAD_BYTES,
    BadForm,
    BodyTooLarge,
    NotMultipart,
    receive_form,
)
from po_ingest.lib.batch_state import RETRYABLE, Status
from po_ingest.lib.files import TooLarge
from po_ingest.lib.intake import UploadRejected, register_upload
from po_ingest.lib.settings import BATCH_TYPES
from po_ingest.lib.store import Batch

router = APIRouter(prefix="/batches", tags=["batches"])

BatchType = StrEnum("BatchType", {name: name for name in BATCH_TYPES})

_UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": [FILE_FIELD],
                    "properties": {
                        FILE_FIELD: {
                            "type": "string",
                            "format": "binary",
                            "description": "PDF, JPEG, PNG or WEBP (by its bytes), at most 20 MB.",
                        },
                        "batch_type": {
                            "type": "string",
                            "enum": list(BATCH_TYPES),
                            "default": "purchase_orders",
                        },
                        "uploaded_by": {"type": "string", "maxLength": 255},
                    },
                }
            }
        },
    }
}


def _batch_out(intake: Intake, batch: Batch) -> BatchOut:
    return BatchOut.of(batch, intake.settings.dagster_ui_url)


def _accept(intake: Intake, content_type: str | None, chunks: Iterator[bytes]) -> Batch:
    """Runs in a worker thread: stream the form to the file store, then write the row."""
    max_bytes = intake.settings.max_upload_bytes
    try:
        form = receive_form(content_type, chunks, intake.files, max_bytes=max_bytes)
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc
    if form.upload is None:
        raise BadForm(f"no file: send it as the form field {FILE_FIELD!r}")
    return register_upload(
        intake.store,
        intake.files,
        form.upload,
        filename=form.filename,
        batch_type=form.fields.get("batch_type", "purchase_orders"),
        uploaded_by=form.fields.get("uploaded_by") or None,
        skip_imported_files=True,
    )


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


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=BatchAccepted,
    summary="Upload a document",
    description=(
        "Stores the file and queues a batch; answers at once. The content type is detected "
        "from the bytes. Bytes already imported as an order give a batch that is `processed` "
        "at once, with that order's id and the warning `duplicate_file`."
    ),
    responses={
        status.HTTP_202_ACCEPTED: {
            "headers": {
                "Location": {"description": "The batch's URL.", "schema": {"type": "string"}}
            }
        },
        status.HTTP_400_BAD_REQUEST: error(
            "Unsupported or empty file, unknown batch_type, or a malformed form."
        ),
        status.HTTP_413_CONTENT_TOO_LARGE: error("The file is larger than 20 MB."),
        status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: error("The body is not multipart/form-data."),
    },
    openapi_extra=_UPLOAD_BODY,
)
async def create_batch(
    request: Request, intake: Annotated[Intake, Depends(get_intake)]
) -> JSONResponse:
    limit = intake.settings.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + FORM_OVERHEAD_BYTES:
        raise HTTPException(
            status.HTTP_413_CONTENT_TOO_LARGE,
            detail=f"the file is larger than the {limit // (1024 * 1024)} MB limit",
        )
    accept = functools.partial(
        _accept, intake, request.headers.get("content-type"), _pull(request.stream())
    )
    try:
        batch = await anyio.to_thread.run_sync(accept)
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
    return JSONResponse(
        BatchAccepted(batch_id=batch.id).model_dump(),
        status_code=status.HTTP_202_ACCEPTED,
        headers={"Location": f"/api/batches/{batch.id}"},
    )


@router.get(
    "",
    response_model=BatchList,
    summary="Recent batches, newest first",
)
def list_batches(
    intake: Annotated[Intake, Depends(get_intake)],
    status_filter: Annotated[Status | None, Query(alias="status")] = None,
    batch_type: Annotated[BatchType | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> BatchList:
    batches = intake.store.batches.list(
        status=status_filter.value if status_filter else None,
        batch_type=batch_type.value if batch_type else None,
        limit=limit,
        offset=offset,
    )
    return BatchList(
        items=[_batch_out(intake, b) for b in batches],
        limit=limit,
        offset=offset,
        counts=intake.store.batches.count_by_status(),
    )


def _get(intake: Intake, batch_id: str) -> Batch:
    batch = intake.store.batches.get(checked_batch_id(batch_id))
    if batch is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no batch {batch_id}")
    return batch


_ID_RESPONSES = {
    status.HTTP_400_BAD_REQUEST: error("Not a batch id."),
    status.HTTP_404_NOT_FOUND: error("No such batch."),
}


@router.get(
    "/{batch_id}",
    response_model=BatchOut,
    summary="Where a batch stands",
    responses=_ID_RESPONSES,
)
def get_batch(batch_id: str, intake: Annotated[Intake, Depends(get_intake)]) -> BatchOut:
    return _batch_out(intake, _get(intake, batch_id))


@router.post(
    "/{batch_id}/retry",
    response_model=BatchOut,
    summary="Start a failed or dead batch over (attempts 0)",
    responses={
        **_ID_RESPONSES,
        status.HTTP_409_CONFLICT: error("The batch is pending, processing or processed."),
    },
)
def retry_batch(batch_id: str, intake: Annotated[Intake, Depends(get_intake)]) -> BatchOut:
    batch = _get(intake, batch_id)
    if batch.status not in RETRYABLE or not intake.store.batches.retry(batch.id):
        current = intake.store.batches.get(batch.id)
        raise HTTPException(
            status.HTTP_409_CONFLICT,
            detail=f"batch {batch.id} is {current.status}; only failed or dead batches retry",
        )
    return _batch_out(intake, intake.store.batches.get(batch.id))
