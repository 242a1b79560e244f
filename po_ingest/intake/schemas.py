"""The API's response bodies (they are also its OpenAPI schema)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from po_ingest.lib.batch_state import Status
from po_ingest.lib.store import Batch


class ErrorBody(BaseModel):
    detail: str = Field(description="What went wrong, for a person to read.")


class BatchAccepted(BaseModel):
    batch_id: str = Field(description="Poll GET /api/batches/{batch_id} for its progress.")
    status: Literal["queued"] = "queued"


class CsvImportedOut(BaseModel):
    batch_id: str = Field(description="The import's batch, already `processed`.")
    status: Literal["processed"] = "processed"
    batch_type: Literal["timesheets", "fuel_logs"]
    rows: int = Field(description="Entries stored (0 for a duplicate).")
    warnings: list[str] = Field(description="`site_unmatched:<code>` per unknown project code.")
    duplicate_of: str | None = Field(
        description="The batch that imported these exact bytes before; nothing new stored."
    )


class CsvProblemOut(BaseModel):
    row: int | None = Field(description="As a spreadsheet numbers it: the header is row 1.")
    column: str | None
    message: str


class CsvProblemsBody(BaseModel):
    detail: str
    # Absent when the form itself is malformed: then `detail` says what is wrong with it.
    errors: list[CsvProblemOut] = Field(default=[], description="The first 100 problems.")
    error_count: int = Field(default=0, description="How many problems the file has.")


# Batch type → what its processed_record_id names, and that record's page.
_RECORD_PAGES = {
    "purchase_orders": ("purchase_order", "/orders"),
    "delivery_notes": ("delivery_note", "/delivery-notes"),
}


class BatchOut(BaseModel):
    id: str
    batch_type: str
    status: Status
    attempts: int
    last_error: str | None
    next_retry_at: dt.datetime | None = Field(description="When a failed batch is tried again.")
    processed_record_id: int | None = Field(
        description="Once processed: the id of the record made (or found), of `record_type`."
    )
    warnings: list[str]
    dagster_run_id: str | None
    dagster_run_url: str | None = Field(description="The run in the Dagster UI.")
    order_url: str | None = Field(description="The order page, once processed as an order.")
    record_type: Literal["purchase_order", "delivery_note"] | None = Field(
        description="What `processed_record_id` names (null: no record, e.g. a CSV import)."
    )
    record_url: str | None = Field(description="The page of that order or delivery note.")
    content_type: str
    original_filename: str | None
    file_size: int
    date_uploaded: dt.datetime
    last_attempt_at: dt.datetime | None
    processed_at: dt.datetime | None
    source_message_id: str | None = Field(
        None, description="Mailed in: the mail's Message-ID (null for other ways in)."
    )
    source_subject: str | None = Field(None, description="Mailed in: the mail's subject.")
    source_sender: str | None = Field(None, description="Mailed in: who sent it.")

    @classmethod
    def of(cls, batch: Batch, dagster_ui_url: str) -> BatchOut:
        record_id = batch.processed_record_id
        record_type, page = _RECORD_PAGES.get(batch.batch_type, (None, None))
        if record_id is None:
            record_type = page = None
        return cls(
            id=batch.id,
            batch_type=batch.batch_type,
            status=Status(batch.status),
            attempts=batch.attempts,
            last_error=batch.last_error,
            next_retry_at=batch.next_retry_at,
            processed_record_id=record_id,
            warnings=list(batch.warnings or []),
            dagster_run_id=batch.dagster_run_id,
            dagster_run_url=(
                f"{dagster_ui_url}/runs/{batch.dagster_run_id}" if batch.dagster_run_id else None
            ),
            order_url=f"/orders/{record_id}" if record_type == "purchase_order" else None,
            record_type=record_type,
            record_url=f"{page}/{record_id}" if page else None,
            content_type=batch.content_type,
            original_filename=batch.original_filename,
            file_size=batch.file_size,
            date_uploaded=batch.date_uploaded,
            last_attempt_at=batch.last_attempt_at,
            processed_at=batch.processed_at,
            source_message_id=batch.source_message_id,
            source_subject=batch.source_subject,
            source_sender=batch.source_sender,
        )


class BatchList(BaseModel):
    items: list[BatchOut]
    limit: int
    offset: int
    counts: dict[str, int] = Field(description="Batches per status, over all batch types.")


def decimal_text(value: Decimal | None) -> str | None:
    """Exact decimal as text, without the trailing zeros PostgreSQL's NUMERIC adds."""
    if value is None:
        return None
    return format(value.normalize(), "f")


def money_text(value: Decimal | None) -> str | None:
    """Exact decimal as text with at least two decimals (21 → 21.00, 0.125 stays)."""
    if value is None:
        return None
    value = value.normalize()
    if value.as_tuple().exponent > -2:
        value = value.quantize(Decimal("0.01"))
    return format(value, "f")


class MailRejectionOut(BaseModel):
    message_id: str
    sender: str | None
    subject: str | None
    filename: str | None = Field(description="The attachment refused (null: the whole mail).")
    reason: str
    created_at: dt.datetime


class MailRejections(BaseModel):
    items: list[MailRejectionOut] = Field(description="Newest first.")
