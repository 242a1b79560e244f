"""The queue table. Every transition is one conditional UPDATE; its row count says who won."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, fields

import sqlalchemy as sa

from po_ingest.lib.batch_state import RETRYABLE, Status
from po_ingest.lib.settings import SYNCHRONOUS_BATCH_TYPES
from po_ingest.lib.store.schema import batches, delivery_notes, purchase_orders

_now = lambda: dt.datetime.now(dt.UTC)  # noqa: E731

# The uploaded bytes were imported before: the batch points at that order, no model call.
DUPLICATE_FILE = "duplicate_file"
# `model_outage:<since>`: the batch waited out a model outage. About the batch's life, not
# the document: it stays on the batch when the order is stored, and never reaches the order.
OUTAGE_WARNING = "model_outage"


# `retyped:<old>-><new>:by:<user>`: someone retried the batch as another document type.
RETYPED_WARNING = "retyped"


def batch_life_warnings(warnings: list[str] | None) -> list[str]:
    return [w for w in warnings or [] if w.startswith(OUTAGE_WARNING)]


def kept_when_processed(warnings: list[str] | None) -> list[str]:
    """The warnings about the batch's life (outages waited out, type changes), which stay
    on it when its record is stored."""
    return [w for w in warnings or [] if w.startswith((OUTAGE_WARNING, RETYPED_WARNING))]


def retyped_warning(old_type: str, new_type: str, by: str) -> str:
    return f"{RETYPED_WARNING}:{old_type}->{new_type}:by:{by}"


# The table each queued batch type stores its records in (processed_record_id is an id there).
RECORD_TABLES = {"purchase_orders": purchase_orders, "delivery_notes": delivery_notes}

# What a batch's status reads as: the web app wrote some rows with none, and those were done.
effective_status = sa.func.coalesce(batches.c.status, Status.PROCESSED.value)


def status_is(status: str) -> sa.ColumnElement[bool]:
    """`status = :status`, a NULL status counting as `processed` (index-friendly: no function
    on the column)."""
    if status == Status.PROCESSED:
        return sa.or_(batches.c.status == status, batches.c.status.is_(None))
    return batches.c.status == status


@dataclass(frozen=True)
class Batch:
    id: str
    batch_type: str
    content_type: str
    original_file: str | None
    original_filename: str | None
    file_size: int
    file_sha256: str
    date_uploaded: dt.datetime
    uploaded_by: str | None
    status: str
    attempts: int
    last_error: str | None
    last_attempt_at: dt.datetime | None
    next_retry_at: dt.datetime | None
    processed_at: dt.datetime | None
    processed_record_id: int | None
    dagster_run_id: str | None
    generation: int
    extraction: str | None
    warnings: list[str]
    lane: str | None = None
    launched_generation: int | None = None
    launched_at: dt.datetime | None = None
    source_message_id: str | None = None
    source_subject: str | None = None
    source_sender: str | None = None

    @classmethod
    def from_row(cls, row: sa.Row) -> Batch:
        values = {f.name: getattr(row, f.name) for f in fields(cls)}
        values["status"] = values["status"] or Status.PROCESSED.value
        return cls(**values)

    @property
    def launched(self) -> bool:
        """A run was requested for this generation (it may have ended without claiming)."""
        return self.status == Status.PENDING and self.launched_generation == self.generation

    @property
    def retryable(self) -> bool:
        """A manual retry may start it over: failed, dead, or pending with its run launched."""
        return self.status in RETRYABLE or self.launched

    def to_json(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extraction"}
        for key, value in data.items():
            if isinstance(value, dt.datetime):
                data[key] = value.isoformat()
        data["extraction"] = json.loads(self.extraction) if self.extraction else None
        return data


@dataclass(frozen=True)
class MailSource:
    """The mail a batch came from: Message-ID, subject, sender address."""

    message_id: str
    subject: str | None = None
    sender: str | None = None


@dataclass(frozen=True)
class NewBatch:
    id: str
    batch_type: str
    content_type: str
    original_file: str
    original_filename: str | None
    file_size: int
    file_sha256: str
    uploaded_by: str | None = None
    source_message_id: str | None = None
    source_subject: str | None = None
    source_sender: str | None = None


class BatchStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    # -- reads -------------------------------------------------------------------------
    def get(self, batch_id: str) -> Batch | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(batches).where(batches.c.id == batch_id)).first()
        return Batch.from_row(row) if row else None

    def list(
        self,
        *,
        status: str | None = None,
        batch_type: str | None = None,
        uploaded_by: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Batch]:
        """Newest first; `uploaded_by` keeps one uploader's batches only."""
        query = sa.select(batches).order_by(batches.c.date_uploaded.desc(), batches.c.id)
        if uploaded_by is not None:
            query = query.where(batches.c.uploaded_by == uploaded_by)
        if status:
            query = query.where(status_is(status))
        if batch_type:
            query = query.where(batches.c.batch_type == batch_type)
        with self.engine.connect() as conn:
            rows = conn.execute(query.limit(limit).offset(offset)).all()
        return [Batch.from_row(r) for r in rows]

    def due_pending(self, batch_types: Iterable[str], limit: int, now: dt.datetime | None = None):
        """Pending batches whose retry time has come and whose generation has no run yet,
        oldest first: a launched batch whose run is lost never fills the window (the
        reconciliation releases it). Never a CSV batch type: those are imported
        synchronously, and a pending one has nothing a run could do."""
        now = now or _now()
        queued_types = [t for t in batch_types if t not in SYNCHRONOUS_BATCH_TYPES]
        query = (
            sa.select(batches)
            .where(
                batches.c.status == Status.PENDING,
                batches.c.batch_type.in_(queued_types),
                sa.or_(batches.c.next_retry_at.is_(None), batches.c.next_retry_at <= now),
                sa.or_(
                    batches.c.launched_generation.is_(None),
                    batches.c.launched_generation != batches.c.generation,
                ),
            )
            .order_by(batches.c.date_uploaded, batches.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [Batch.from_row(r) for r in conn.execute(query).all()]

    def held_too_long(self, older_than: dt.datetime) -> list[Batch]:
        """Batches a run holds (processing, or failed waiting on a retry) since before `older_than`."""
        query = sa.select(batches).where(
            sa.or_(
                sa.and_(
                    batches.c.status == Status.PROCESSING,
                    batches.c.last_attempt_at < older_than,
                ),
                sa.and_(
                    batches.c.status == Status.FAILED,
                    batches.c.next_retry_at < older_than,
                ),
            )
        )
        with self.engine.connect() as conn:
            return [Batch.from_row(r) for r in conn.execute(query).all()]

    def uploaded_order(self, uploader: str, order_id: int, order_batch_id: str) -> bool:
        """One of `uploader`'s batches made this order or points at it (a duplicate)."""
        return self._uploaded_record(uploader, "purchase_orders", order_id, order_batch_id)

    def uploaded_note(self, uploader: str, note_id: int, note_batch_id: str) -> bool:
        """One of `uploader`'s batches made this delivery note or points at it (a duplicate)."""
        return self._uploaded_record(uploader, "delivery_notes", note_id, note_batch_id)

    def _uploaded_record(
        self, uploader: str, batch_type: str, record_id: int, record_batch_id: str
    ) -> bool:
        # Orders and notes number their ids apart: a batch points at a record of its own type.
        points_at = sa.and_(
            batches.c.batch_type == batch_type, batches.c.processed_record_id == record_id
        )
        query = sa.select(batches.c.id).where(
            batches.c.uploaded_by == uploader,
            sa.or_(batches.c.id == record_batch_id, points_at),
        )
        with self.engine.connect() as conn:
            return conn.execute(query.limit(1)).first() is not None

    def count_by_status(self, uploaded_by: str | None = None) -> dict[str, int]:
        query = sa.select(effective_status, sa.func.count()).group_by(effective_status)
        if uploaded_by is not None:
            query = query.where(batches.c.uploaded_by == uploaded_by)
        with self.engine.connect() as conn:
            return {status: count for status, count in conn.execute(query).all()}

    # -- writes ------------------------------------------------------------------------
    def create(self, new: NewBatch, now: dt.datetime | None = None) -> Batch:
        """Insert the batch as `pending`; a mail's attachment already taken gives that batch."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    batches.insert().values(
                        **new.__dict__, date_uploaded=now or _now(), status=Status.PENDING
                    )
                )
        except sa.exc.IntegrityError:
            if (taken := self._taken_from_mail(new)) is None:
                raise
            return taken
        return self.get(new.id)

    def _taken_from_mail(self, new: NewBatch) -> Batch | None:
        """The batch already made from the same mail and bytes (the idempotency key), if any."""
        if new.source_message_id is None:
            return None
        query = sa.select(batches).where(
            batches.c.source_message_id == new.source_message_id,
            batches.c.file_sha256 == new.file_sha256,
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return Batch.from_row(row) if row else None

    def create_unless_imported(self, new: NewBatch, now: dt.datetime | None = None) -> Batch:
        """Insert the batch as `pending` — unless a `processed` batch of the same type with an
        existing record (order or note) has the same sha256: then the new batch is written
        `processed` at once, with that record's id, warning `duplicate_file` and no file of its
        own. One transaction. A mail's attachment already taken gives that batch."""
        now = now or _now()
        records = RECORD_TABLES.get(new.batch_type, purchase_orders)
        try:
            with self.engine.begin() as conn:
                record_id = conn.execute(
                    sa.select(records.c.id)
                    .select_from(
                        batches.join(records, records.c.id == batches.c.processed_record_id)
                    )
                    .where(
                        batches.c.file_sha256 == new.file_sha256,
                        batches.c.batch_type == new.batch_type,
                        status_is(Status.PROCESSED),
                    )
                    .order_by(batches.c.processed_at, batches.c.id)
                    .limit(1)
                ).scalar()
                values = {**new.__dict__, "date_uploaded": now, "status": Status.PENDING}
                if record_id is not None:
                    values.update(
                        status=Status.PROCESSED,
                        original_file=None,
                        processed_at=now,
                        processed_record_id=record_id,
                        warnings=[DUPLICATE_FILE],
                    )
                conn.execute(batches.insert().values(**values))
        except sa.exc.IntegrityError:
            if (taken := self._taken_from_mail(new)) is None:
                raise
            return taken
        return self.get(new.id)

    def _update(self, conditions: list, **values) -> bool:
        with self.engine.begin() as conn:
            result = conn.execute(batches.update().where(*conditions).values(**values))
        return result.rowcount == 1

    def _held_by(self, batch_id: str, run_id: str, *statuses: str) -> list:
        return [
            batches.c.id == batch_id,
            batches.c.dagster_run_id == run_id,
            batches.c.status.in_(statuses),
        ]

    def claim(
        self,
        batch_id: str,
        run_id: str,
        *,
        statuses: Iterable[str],
        generation: int | None = None,
        holder: str | None = None,
        reset_attempts: bool = False,
    ) -> bool:
        """Take the batch for `run_id`: from one of `statuses`, or from the run `holder`."""
        allowed = batches.c.status.in_(list(statuses))
        if holder:
            allowed = sa.or_(
                allowed,
                sa.and_(batches.c.dagster_run_id == holder, batches.c.status != Status.PROCESSED),
            )
        conditions = [batches.c.id == batch_id, allowed]
        if generation is not None:
            conditions.append(batches.c.generation == generation)
        return self._update(
            conditions,
            status=Status.PROCESSING,
            attempts=1 if reset_attempts else batches.c.attempts + 1,
            dagster_run_id=run_id,
            last_attempt_at=_now(),
            next_retry_at=None,
        )

    def reclaim_for_retry(self, batch_id: str, run_id: str) -> bool:
        """A step retry in the run that holds a `failed` batch starts the next attempt."""
        return self._update(
            self._held_by(batch_id, run_id, Status.FAILED),
            status=Status.PROCESSING,
            attempts=batches.c.attempts + 1,
            last_attempt_at=_now(),
            next_retry_at=None,
        )

    def save_extraction(self, batch_id: str, run_id: str, extraction_json: str) -> bool:
        return self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING), extraction=extraction_json
        )

    def mark_failed(
        self, batch_id: str, run_id: str, error: str, next_retry_at: dt.datetime
    ) -> bool:
        return self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING),
            status=Status.FAILED,
            last_error=error,
            next_retry_at=next_retry_at,
        )

    def wait_for_model(
        self, batch_id: str, run_id: str, error: str, retry_at: dt.datetime, warning: str
    ) -> bool:
        """The model is down: the attempt the run started does not count. The batch waits
        `failed` (still held by the run) until `retry_at`, the outage in its error and
        warnings."""
        with self.engine.begin() as conn:
            warnings = conn.execute(
                sa.select(batches.c.warnings).where(
                    *self._held_by(batch_id, run_id, Status.PROCESSING)
                )
            ).scalar()
            if warnings is None:
                return False
            result = conn.execute(
                batches.update()
                .where(*self._held_by(batch_id, run_id, Status.PROCESSING))
                .values(
                    status=Status.FAILED,
                    attempts=batches.c.attempts - 1,
                    last_error=error,
                    next_retry_at=retry_at,
                    warnings=warnings if warning in warnings else [*warnings, warning],
                )
            )
        return result.rowcount == 1

    def move_to_lane(
        self,
        batch_id: str,
        run_id: str,
        lane: str,
        error: str,
        *,
        count_attempt: bool,
        retry_at: dt.datetime | None = None,
    ) -> bool:
        """Hand the batch to a run of another lane: `pending` under a new generation, due at
        `retry_at`; the attempt counts only when it really failed."""
        return self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING),
            status=Status.PENDING,
            generation=batches.c.generation + 1,
            lane=lane,
            attempts=batches.c.attempts if count_attempt else batches.c.attempts - 1,
            last_error=error,
            next_retry_at=retry_at,
        )

    def mark_dead(self, batch_id: str, run_id: str, error: str) -> bool:
        return self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING, Status.FAILED),
            status=Status.DEAD,
            last_error=error,
            next_retry_at=None,
        )

    def release(self, batch_id: str, run_id: str, error: str, max_attempts: int) -> str | None:
        """A run that held the batch ended abnormally: dead if its attempts are spent, else
        back to `pending` under a new generation (keeping any retry time). Returns the status."""
        spent = batches.c.attempts >= max_attempts
        done = self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING, Status.FAILED),
            status=sa.case((spent, Status.DEAD.value), else_=Status.PENDING.value),
            generation=sa.case((spent, batches.c.generation), else_=batches.c.generation + 1),
            last_error=error,
        )
        return self.get(batch_id).status if done else None

    def release_unstarted(
        self,
        batch_id: str,
        generation: int,
        error: str,
        max_attempts: int,
        *,
        dead: bool = False,
        count_attempt: bool = True,
    ) -> str | None:
        """The run launched for this generation ended before it claimed the batch (canceled
        while queued, failed to start). Counts as an attempt (not when another batch's work
        ended the run it shared: `count_attempt=False`); a new generation is due."""
        attempts = batches.c.attempts + (1 if count_attempt else 0)
        to_dead = sa.true() if dead else attempts >= max_attempts
        done = self._update(
            [
                batches.c.id == batch_id,
                batches.c.status == Status.PENDING,
                batches.c.generation == generation,
            ],
            status=sa.case((to_dead, Status.DEAD.value), else_=Status.PENDING.value),
            attempts=attempts,
            generation=batches.c.generation + 1,
            last_error=error,
        )
        return self.get(batch_id).status if done else None

    def reset_to_pending(
        self, batch_id: str, run_id: str, error: str, max_attempts: int, *, spent_error: str
    ) -> str | None:
        """The watchdog's rescue: the holding run is gone, so the batch goes back to the queue
        under a new generation, or is dead with `spent_error` when its attempts are spent.
        Returns the new status, or None when `run_id` no longer holds the batch."""
        spent = batches.c.attempts >= max_attempts
        done = self._update(
            self._held_by(batch_id, run_id, Status.PROCESSING, Status.FAILED),
            status=sa.case((spent, Status.DEAD.value), else_=Status.PENDING.value),
            generation=sa.case((spent, batches.c.generation), else_=batches.c.generation + 1),
            last_error=sa.case((spent, spent_error), else_=error),
            next_retry_at=None,
        )
        return self.get(batch_id).status if done else None

    def retry(self, batch_id: str) -> bool:
        """Manual retry: a failed or dead batch starts over from its stored file, and so does
        a pending one whose run was launched (a run of the old generation cannot claim it)."""
        return self._update([batches.c.id == batch_id, _retryable()], **_STARTED_OVER)

    def retry_as(self, batch_id: str, batch_type: str, by: str) -> bool:
        """Manual retry as another document type (a delivery note uploaded as an order, or
        the other way round): type and retry in one conditional UPDATE, which loses to any
        change since the batch was read; who changed the type is kept in its warnings."""
        with self.engine.begin() as conn:
            seen = conn.execute(
                sa.select(batches.c.batch_type, batches.c.warnings, batches.c.generation).where(
                    batches.c.id == batch_id
                )
            ).first()
            if seen is None:
                return False
            values = dict(_STARTED_OVER)
            if seen.batch_type != batch_type:
                change = retyped_warning(seen.batch_type, batch_type, by)
                values.update(batch_type=batch_type, warnings=[*(seen.warnings or []), change])
            result = conn.execute(
                batches.update()
                .where(
                    batches.c.id == batch_id,
                    batches.c.generation == seen.generation,
                    batches.c.batch_type == seen.batch_type,
                    _retryable(),
                )
                .values(**values)
            )
        return result.rowcount == 1

    def retry_all_dead(self) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(
                batches.update().where(batches.c.status == Status.DEAD).values(**_STARTED_OVER)
            )
        return result.rowcount


# A manual retry: back to the queue under a new generation, its attempts counted from 0.
_STARTED_OVER = dict(
    status=Status.PENDING,
    attempts=0,
    generation=batches.c.generation + 1,
    next_retry_at=None,
)


def _retryable() -> sa.ColumnElement[bool]:
    """Failed, dead, or pending with its run launched (Batch.retryable, in SQL)."""
    launched = sa.and_(
        batches.c.status == Status.PENDING,
        batches.c.launched_generation == batches.c.generation,
    )
    return sa.or_(batches.c.status.in_([Status.FAILED, Status.DEAD]), launched)
