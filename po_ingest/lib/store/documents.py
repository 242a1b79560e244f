"""What every stored document type shares: the batch's `processed` transition, the
columns from the extraction and review, loading a document with its lines."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TypeVar

import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.models import ExtractionRecord
from po_ingest.lib.review.routing import Routing
from po_ingest.lib.store.batches import kept_when_processed
from po_ingest.lib.store.schema import batches

T = TypeVar("T")


class LostClaim(RuntimeError):
    """The batch is no longer held by this run; nothing was written."""


def once_more_on_conflict(write: Callable[[], T]) -> T:
    """Another batch may store the same document between our look-up and our insert: the
    unique constraint refuses ours, and the second try finds theirs."""
    try:
        return write()
    except sa.exc.IntegrityError:
        return write()


def document_values(
    extraction: ExtractionRecord,
    warnings: list[str],
    routing: Routing,
    batch_id: str,
    run_id: str | None,
    file_key: str | None,
    now: dt.datetime,
) -> dict:
    """The columns every stored document has: its file, the extraction, its batch and run,
    and where review routed it."""
    return dict(
        file_key=file_key,
        raw_extraction=extraction.model_dump_json(),
        warnings=warnings,
        batch_id=batch_id,
        dagster_run_id=run_id,
        created_at=now,
        review_status=routing.status.value,
        review_reasons=routing.reasons,
        verified_by=routing.verified_by,
        verified_at=now if routing.verified_by else None,
    )


def finish_batch(
    conn: sa.Connection,
    batch_id: str,
    run_id: str,
    record_id: int,
    warnings: list[str],
    record_owns_file: bool,
    now: dt.datetime,
) -> None:
    """Mark the batch processed with the record it made (or found), in the caller's
    transaction; LostClaim if the run no longer holds it. A record that now owns the file
    releases the batch's copy (deleted after commit)."""
    kept = conn.execute(sa.select(batches.c.warnings).where(batches.c.id == batch_id))
    values = dict(
        status=Status.PROCESSED,
        processed_at=now,
        processed_record_id=record_id,
        warnings=[*warnings, *kept_when_processed(kept.scalar())],
        next_retry_at=None,
        last_error=None,
    )
    if record_owns_file:
        values["original_file"] = None
    won = conn.execute(
        batches.update()
        .where(
            batches.c.id == batch_id,
            batches.c.dagster_run_id == run_id,
            batches.c.status == Status.PROCESSING,
        )
        .values(**values)
    ).rowcount
    if won != 1:
        raise LostClaim(f"batch {batch_id} is no longer held by run {run_id}")


def load_with_lines(
    conn: sa.Connection, table: sa.Table, parent_id: sa.Column, record_id: int, key: str
) -> dict | None:
    """A document's row with its lines (the rows whose `parent_id` is it) under `key`, in
    line-number order."""
    row = conn.execute(sa.select(table).where(table.c.id == record_id)).first()
    if row is None:
        return None
    lines = parent_id.table
    found = conn.execute(
        sa.select(lines).where(parent_id == record_id).order_by(lines.c.line_number, lines.c.id)
    ).all()
    return {**row._asdict(), key: [line._asdict() for line in found]}


def first_from_supplier(conn: sa.Connection, table: sa.Table, supplier: str | None) -> bool:
    """No document in `table` from this supplier (by name, any case) is stored yet."""
    if not supplier:
        return True
    earlier = conn.execute(
        sa.select(table.c.id)
        .where(sa.func.lower(table.c.supplier_name) == supplier.lower())
        .limit(1)
    ).first()
    return earlier is None
