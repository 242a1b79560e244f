"""A model outage costs healthy batches nothing, and costs the waiting ones no attempts.

While the outage gate is closed (po_ingest.lib.extraction.model_gate), a model-lane step makes
no call: its batch waits `failed` with the outage in `last_error`, the attempt not counted, and
the step sleeps in Dagster's retry until the next probe is due. A run of the `local` lane never
sleeps on the model: a document there that needs the model while it fails is handed to the
model lane (pending, new generation), so digital documents keep their lane to themselves.
"""

import datetime as dt

import dagster as dg

from po_ingest.defs import claims
from po_ingest.defs.partitions import LANE_TAG
from po_ingest.lib.batch_state import Outcome, Status, next_state
from po_ingest.lib.extraction.model_gate import ModelOutage, ModelUnavailableError, OutagePolicy
from po_ingest.lib.lanes import LOCAL, MODEL
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy
from po_ingest.lib.store import Batch, Store
from po_ingest.lib.store.batches import OUTAGE_WARNING


def outage_warning(since: dt.datetime) -> str:
    return f"{OUTAGE_WARNING}:{since.isoformat(timespec='seconds')}"


class LastAttempt(Exception):
    """The attempt that failed was the batch's last: the usual transient path ends it dead."""


def hand_to_model_lane(
    store: Store, batch: Batch, run_id: str, error: Exception, *, counted: bool
) -> str | None:
    """Hand the batch to a run of the model lane: `pending` under a new generation, due after
    the retry delay when the attempt `counted`. The message, or None when `run_id` no longer
    holds the batch; LastAttempt when the failed attempt was its last."""
    retry_at = None
    if counted:
        transition = next_state(
            Status.PROCESSING, Outcome.TRANSIENT, batch.attempts, RetryPolicy.from_env()
        )
        if transition.status == Status.DEAD:
            raise LastAttempt()
        retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=transition.retry_in_seconds)
    message = safe_error(f"{error} (moved to the model lane)")
    moved = store.batches.move_to_lane(
        batch.id, run_id, MODEL, message, count_attempt=counted, retry_at=retry_at
    )
    return message if moved else None


def _move_to_model_lane(
    context: dg.OpExecutionContext, store: Store, batch: Batch, error: Exception, counted: bool
):
    run_id = context.run.run_id
    try:
        message = hand_to_model_lane(store, batch, run_id, error, counted=counted)
    except LastAttempt:
        return
    if message is None:
        claims.refuse(batch.id, store, run_id)
    context.log.warning(f"batch {batch.id}: {message}")
    raise dg.Failure(
        description=f"batch {batch.id} moved to the model lane: {message}", allow_retries=False
    )


def settle_model_trouble(
    context: dg.OpExecutionContext,
    store: Store,
    batch: Batch,
    error: ModelOutage | ModelUnavailableError,
) -> None:
    """Wait out an outage, or hand a local-lane batch to the model lane. Returns (raising
    nothing) when the error is an ordinary transient failure of the model lane."""
    lane = context.run.tags.get(LANE_TAG, MODEL)
    outage = isinstance(error, ModelOutage)
    if lane == LOCAL:
        _move_to_model_lane(context, store, batch, error, counted=not outage)
    if not outage:
        return
    wait = OutagePolicy.from_env().probe_every_seconds
    retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=wait)
    message = safe_error(error)
    if not store.batches.wait_for_model(
        batch.id, context.run.run_id, message, retry_at, outage_warning(error.since)
    ):
        claims.refuse(batch.id, store, context.run.run_id)
    context.log.warning(f"batch {batch.id}: {message}; next look in {wait:.0f} s")
    raise dg.RetryRequested(max_retries=claims.STEP_RETRY_LIMIT, seconds_to_wait=wait)
