"""/api/imports: timesheets and fuel logs (fixed-format CSV), imported at once, whole or not at all."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated

from fastapi import APIRouter, Depends, Request, status
from fastapi.responses import JSONResponse

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import StorageUnavailable
from po_ingest.intake.form_requests import (
    FORM_ERRORS,
    LOCATION_HEADER,
    UPLOADED_BY_FIELD,
    multipart_body,
    receive_in_thread,
)
from po_ingest.intake.schemas import CsvImportedOut, CsvProblemsBody
from po_ingest.intake.uploads import receive_form_in_memory
from po_ingest.lib.csv_imports.importer import CsvImported, import_csv
from po_ingest.lib.csv_imports.problems import CsvInvalid
from po_ingest.lib.settings import SYNCHRONOUS_BATCH_TYPES
from po_ingest.lib.users import Caller

router = APIRouter(prefix="/imports", tags=["imports"])

ImportType = StrEnum("ImportType", {name: name for name in SYNCHRONOUS_BATCH_TYPES})

_IMPORT_BODY = multipart_body(
    "CSV, UTF-8, delimited by `,` or `;`, at most 20 MB.",
    {"uploaded_by": UPLOADED_BY_FIELD},
)


def _import(
    intake: Intake,
    caller: Caller,
    batch_type: str,
    content_type: str | None,
    chunks: Iterator[bytes],
) -> CsvImported:
    """Runs in a worker thread: read the form (the file whole, in memory), then import it."""
    form = receive_form_in_memory(
        content_type,
        chunks,
        max_bytes=intake.settings.max_upload_bytes,
        text_fields=("uploaded_by",),
    )
    try:
        return import_csv(
            intake.store,
            intake.files,
            batch_type,
            form.content,
            filename=form.filename,
            uploaded_by=caller.uploader_name(form.fields.get("uploaded_by") or None),
        )
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc


@router.post(
    "/{batch_type}",
    status_code=status.HTTP_201_CREATED,
    response_model=CsvImportedOut,
    summary="Import a timesheet or fuel-log CSV",
    description=(
        "Validates the whole file, then stores every row with a `processed` batch in one "
        "transaction, and keeps the file. A file with any problem stores nothing and is "
        "answered 400 with the problems by row and column. Bytes imported before give a "
        "`processed` batch with the warning `duplicate_file` and `duplicate_of`, storing no "
        "rows again."
    ),
    responses={
        status.HTTP_201_CREATED: LOCATION_HEADER,
        status.HTTP_400_BAD_REQUEST: {
            "model": CsvProblemsBody,
            "description": "The CSV has problems (listed), or the form is malformed "
            "(`detail` only).",
        },
        **FORM_ERRORS,
    },
    openapi_extra=_IMPORT_BODY,
)
async def create_import(
    batch_type: ImportType,
    request: Request,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> JSONResponse:
    try:
        receive = functools.partial(_import, intake, caller, batch_type.value)
        imported = await receive_in_thread(request, intake, receive)
    except CsvInvalid as exc:
        body = CsvProblemsBody(
            detail=str(exc), errors=[p.to_json() for p in exc.problems], error_count=exc.count
        )
        return JSONResponse(body.model_dump(), status_code=status.HTTP_400_BAD_REQUEST)
    return JSONResponse(
        imported.to_json(),
        status_code=status.HTTP_201_CREATED,
        headers={"Location": f"/api/batches/{imported.batch_id}"},
    )
