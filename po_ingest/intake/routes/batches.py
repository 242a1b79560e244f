"""/api/batches: upload, status, retry, list."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, Request, status
from fastapi.responses import JSONResponse
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import Reviewer, current_caller
from po_ingest.intake.deps import Intake, checked_batch_id, get_intake
from po_ingest.intake.errors import StorageUnavailable, error
from po_ingest.intake.form_requests import (
    FORM_ERRORS,
    LOCATION_HEADER,
    UPLOADED_BY_FIELD,
    multipart_body,
    receive_in_thread,
)
from po_ingest.intake.retry_requests import RETRY_BODY, requested_batch_type
from po_ingest.intake.schemas import BatchAccepted, BatchList, BatchOut
from po_ingest.intake.uploads import receive_form
from po_ingest.lib.batch_state import Status
from po_ingest.lib.intake import register_upload
from po_ingest.lib.launch_now import launch_now
from po_ingest.lib.settings import BATCH_TYPES, QUEUED_BATCH_TYPES
from po_ingest.lib.store import Batch
from po_ingest.lib.users import Caller

router = APIRouter(prefix="/batches", tags=["batches"])

BatchType = StrEnum("BatchType", {name: name for name in BATCH_TYPES})

_UPLOAD_BODY = multipart_body(
    "PDF, JPEG, PNG or WEBP (by its bytes), at most 20 MB.",
    {
        "batch_type": {
            "type": "string",
            "enum": list(QUEUED_BATCH_TYPES),
            "default": "purchase_orders",
        },
        "uploaded_by": UPLOADED_BY_FIELD,
    },
)


def _batch_out(intake: Intake, batch: Batch) -> BatchOut:
    return BatchOut.of(batch, intake.settings.dagster_ui_url)


def _accept(
    intake: Intake, caller: Caller, content_type: str | None, chunks: Iterator[bytes]
) -> Batch:
    """Runs in a worker thread: stream the form to the file store, then write the row."""
    max_bytes = intake.settings.max_upload_bytes
    try:
        form = receive_form(content_type, chunks, intake.files, max_bytes=max_bytes)
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc
    return register_upload(
        intake.store,
        intake.files,
        form.upload,
        filename=form.filename,
        batch_type=form.fields.get("batch_type", "purchase_orders"),
        uploaded_by=caller.uploader_name(form.fields.get("uploaded_by") or None),
        skip_imported_files=True,
    )


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
        status.HTTP_202_ACCEPTED: LOCATION_HEADER,
        status.HTTP_400_BAD_REQUEST: error(
            "Unsupported or empty file, unknown batch_type, or a malformed form."
        ),
        **FORM_ERRORS,
    },
    openapi_extra=_UPLOAD_BODY,
)
async def create_batch(
    request: Request,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> JSONResponse:
    accept = functools.partial(_accept, intake, caller)
    batch = await receive_in_thread(request, intake, accept)
    return JSONResponse(
        BatchAccepted(batch_id=batch.id).model_dump(),
        status_code=status.HTTP_202_ACCEPTED,
        headers={"Location": f"/api/batches/{batch.id}"},
        # After the answer is sent: an intake with Dagster down still answers at once.
        background=BackgroundTask(launch_now, intake.store, intake.files, batch),
    )


@router.get(
    "",
    response_model=BatchList,
    summary="Recent batches, newest first (an uploader's own only)",
)
def list_batches(
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    status_filter: Annotated[Status | None, Query(alias="status")] = None,
    batch_type: Annotated[BatchType | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> BatchList:
    uploader = None if caller.sees_every_batch else caller.name
    batches = intake.store.batches.list(
        status=status_filter.value if status_filter else None,
        batch_type=batch_type.value if batch_type else None,
        uploaded_by=uploader,
        limit=limit,
        offset=offset,
    )
    return BatchList(
        items=[_batch_out(intake, b) for b in batches],
        limit=limit,
        offset=offset,
        counts=intake.store.batches.count_by_status(uploaded_by=uploader),
    )


def _get(intake: Intake, caller: Caller, batch_id: str) -> Batch:
    """The batch, if the caller may see it: an uploader sees only their own (another's
    answers 404, as if it did not exist)."""
    batch = intake.store.batches.get(checked_batch_id(batch_id))
    if batch is None or not (caller.sees_every_batch or batch.uploaded_by == caller.name):
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
def get_batch(
    batch_id: str,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> BatchOut:
    return _batch_out(intake, _get(intake, caller, batch_id))


def _not_retryable(batch: Batch) -> str:
    if batch.status == Status.PENDING:
        return f"batch {batch.id} is pending and its run is not launched yet: it is in line"
    return f"batch {batch.id} is {batch.status}; only failed or dead batches retry"


@router.post(
    "/{batch_id}/retry",
    response_model=BatchOut,
    summary="Start a failed or dead batch over (attempts 0), optionally as another type",
    description=(
        "Failed or dead: back to pending, attempts 0, a new run. A pending batch whose run "
        "was already launched retries too (its old run can no longer claim it). With "
        "`batch_type` the batch is read again as that document type; the change is kept in "
        "its warnings as `retyped:<old>-><new>:by:<user>`."
    ),
    responses={
        **_ID_RESPONSES,
        status.HTTP_400_BAD_REQUEST: error("Not a batch id, or a body that is not JSON."),
        status.HTTP_403_FORBIDDEN: error("Retrying needs the reviewer role."),
        status.HTTP_409_CONFLICT: error(
            "The batch is processing or processed, or pending with no run launched yet."
        ),
        status.HTTP_422_UNPROCESSABLE_CONTENT: error("A batch_type the queue does not take."),
    },
    dependencies=[Reviewer],
    openapi_extra=RETRY_BODY,
)
async def retry_batch(
    batch_id: str,
    request: Request,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> BatchOut:
    batch_type = await requested_batch_type(request)
    return await run_in_threadpool(_retry, intake, caller, batch_id, batch_type)


def _retry(intake: Intake, caller: Caller, batch_id: str, batch_type: str | None) -> BatchOut:
    batch = _get(intake, caller, batch_id)
    batches = intake.store.batches
    if batch_type is None:
        done = batch.retryable and batches.retry(batch.id)
    else:
        done = batch.retryable and batches.retry_as(batch.id, batch_type, caller.name)
    if not done:
        current = batches.get(batch.id)
        raise HTTPException(status.HTTP_409_CONFLICT, detail=_not_retryable(current))
    return _batch_out(intake, batches.get(batch.id))
