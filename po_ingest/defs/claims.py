"""Which run may work on a batch, and how a failed attempt is settled.

A run launched by the `pending_batches` sensor claims only a `pending` batch of its own
generation. Dagster's automatic retry of a crashed run (a re-execution tagged
`dagster/retry_number`) continues that run's attempt: it takes the batch over from the crashed
run of the same root and counts one more attempt (dead when they are spent; a batch left
`failed` waiting on a step retry is taken over at its `next_retry_at`, not before), or, when
the crashed run never claimed, claims as the run it retries would have. Any other run (a
partition materialized by hand, a re-execution from the UI) is a manual retry: it may claim
a pending, failed or dead batch and starts its attempts over, and it may take the batch over
from a run with the same root run (a re-execution from failure skips the claim step).

A run takes a batch over from a run of its family only once that run has finished: two
re-executions of one failed run (a double click, a manual one racing Dagster's automatic
retry) are one family, and the second is refused while the first still works on the batch.
"""

import datetime as dt
import math
from typing import NoReturn

import dagster as dg

from po_ingest.defs.partitions import GENERATION_TAG
from po_ingest.lib.batch_state import Outcome, Status, next_state
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy
from po_ingest.lib.store import Batch, Store

MANUAL_CLAIM_FROM = (Status.PENDING, Status.FAILED, Status.DEAD)
# Set by Dagster's run retries (the daemon's automatic re-execution of a failed run), never by
# a re-execution started in the UI.
RETRY_NUMBER_TAG = "dagster/retry_number"
# An automatic retry takes over only a batch its crashed run left mid-attempt.
TAKE_OVER_FROM = (Status.PROCESSING, Status.FAILED)
# Dagster fails a step once it has been retried `max_retries` times, counting every retry of
# the step (a transient failure's, and an automatic retry's wait for `next_retry_at`) against
# the limit given at each raise. The queue's own attempt counter enforces the cap
# (PO_INGEST_MAX_ATTEMPTS: settle_failure ends the batch dead with dg.Failure), so Dagster's
# limit only has to stay out of the way.
STEP_RETRY_LIMIT = 10_000


def launched_generation(run: dg.DagsterRun) -> int | None:
    """The batch generation a one-batch run was launched for (None: started by hand)."""
    generation = run.tags.get(GENERATION_TAG)
    return int(generation) if generation is not None else None


def is_automatic_retry(run: dg.DagsterRun) -> bool:
    return run.parent_run_id is not None and RETRY_NUMBER_TAG in run.tags


def _root(run: dg.DagsterRun) -> str:
    return run.root_run_id or run.run_id


def same_family(instance: dg.DagsterInstance, run: dg.DagsterRun, other_run_id: str | None) -> bool:
    if not other_run_id or other_run_id == run.run_id:
        return False
    if other_run_id in (run.parent_run_id, run.root_run_id):
        return True
    other = instance.get_run_by_id(other_run_id)
    return other is not None and _root(other) == _root(run)


def refuse(
    batch_id: str, store: Store, run_id: str, *, live_holder: dg.DagsterRun | None = None
) -> NoReturn:
    """Fail the run: this run does not hold the batch (and says who does)."""
    batch = store.batches.get(batch_id)
    if batch is None:
        raise dg.Failure(description=f"batch {batch_id} does not exist", allow_retries=False)
    if batch.status == Status.PROCESSED:
        why = f"it is already processed (purchase order {batch.processed_record_id})"
    else:
        why = f"it is {batch.status}, held by run {batch.dagster_run_id or '-'}"
    if live_holder is not None:
        why += (
            f", a run of the same family that is still {live_holder.status.value}: "
            "re-execute once it has finished"
        )
    raise dg.Failure(
        description=f"batch {batch_id} was not claimed by run {run_id}: {why}",
        allow_retries=False,
    )


def _claim_generation(store: Store, batch_id: str, run: dg.DagsterRun, generation: int) -> bool:
    return store.batches.claim(
        batch_id, run.run_id, statuses=[Status.PENDING], generation=generation
    )


def _finished_family_holder(
    context: dg.OpExecutionContext, store: Store, batch: Batch | None
) -> str | None:
    """The run of this run's family that holds the batch, when this run may take it over:
    that run has finished (a run whose record is gone counts as finished). While it is alive
    and holds the batch mid-attempt (`processing`, or `failed` waiting on its step retry),
    the claim is refused, naming it."""
    holder = batch.dagster_run_id if batch else None
    if not same_family(context.instance, context.run, holder):
        return None
    held_by = context.instance.get_run_by_id(holder)
    if held_by is None or held_by.is_finished:
        return holder
    if batch.status in TAKE_OVER_FROM:
        refuse(batch.id, store, context.run.run_id, live_holder=held_by)
    return None


def _wait_for_retry_time(context: dg.OpExecutionContext, batch: Batch) -> None:
    """A crashed run's batch that waits for its step retry (`failed`, `next_retry_at` ahead)
    is taken over when that time comes, not at once: this step is retried then."""
    if batch.status != Status.FAILED or batch.next_retry_at is None:
        return
    remaining = (batch.next_retry_at - dt.datetime.now(dt.UTC)).total_seconds()
    if remaining <= 0:
        return
    seconds = max(1, math.ceil(remaining))
    context.log.info(
        f"batch {batch.id} waits for its retry at {batch.next_retry_at.isoformat()}: "
        f"taking it over in {seconds} s"
    )
    raise dg.RetryRequested(max_retries=STEP_RETRY_LIMIT, seconds_to_wait=seconds)


def _claim_as_automatic_retry(
    context: dg.OpExecutionContext, store: Store, batch_id: str, generation: int | None
) -> bool:
    """Continue the crashed run's attempt: take the batch over (attempts + 1, or dead when
    they are spent); if the crashed run never claimed, claim as it would have."""
    run = context.run
    batch = store.batches.get(batch_id)
    holder = _finished_family_holder(context, store, batch)
    if holder and batch.status in TAKE_OVER_FROM:
        policy = RetryPolicy.from_env()
        if batch.attempts >= policy.max_attempts:
            message = f"the run worker of run {holder} crashed during attempt {batch.attempts}"
            store.batches.release(batch_id, holder, message, policy.max_attempts)
            raise dg.Failure(
                description=f"batch {batch_id} is dead: {message}, its last", allow_retries=False
            )
        _wait_for_retry_time(context, batch)
        return store.batches.claim(batch_id, run.run_id, statuses=[], holder=holder)
    if generation is not None:
        return _claim_generation(store, batch_id, run, generation)
    return store.batches.claim(
        batch_id, run.run_id, statuses=MANUAL_CLAIM_FROM, reset_attempts=True
    )


def claim(
    context: dg.OpExecutionContext, store: Store, batch_id: str, generation: int | None = None
) -> Batch:
    """Claim the batch for this run (one conditional UPDATE) or fail the run saying why.
    `generation`: the one a packed run carries the batch at (a one-batch run's is its tag)."""
    run = context.run
    if generation is None:
        generation = launched_generation(run)
    if generation is not None and run.parent_run_id is None:
        won = _claim_generation(store, batch_id, run, generation)
    elif is_automatic_retry(run):
        won = _claim_as_automatic_retry(context, store, batch_id, generation)
    else:
        won = store.batches.claim(
            batch_id,
            run.run_id,
            statuses=MANUAL_CLAIM_FROM,
            holder=_finished_family_holder(context, store, store.batches.get(batch_id)),
            reset_attempts=True,
        )
    if not won:
        refuse(batch_id, store, run.run_id)
    return store.batches.get(batch_id)


def hold(context: dg.OpExecutionContext, store: Store, batch_id: str) -> Batch:
    """The batch, held by this run in `processing`: a step retry starts the next attempt
    here, and a re-execution that skipped the claim step takes the batch over here."""
    run_id = context.run.run_id
    batch = store.batches.get(batch_id)
    if batch is None:
        refuse(batch_id, store, run_id)
    if batch.dagster_run_id == run_id:
        if batch.status == Status.PROCESSING:
            return batch
        if batch.status == Status.FAILED and store.batches.reclaim_for_retry(batch_id, run_id):
            return store.batches.get(batch_id)
    elif same_family(context.instance, context.run, batch.dagster_run_id):
        return claim(context, store, batch_id)
    refuse(batch_id, store, run_id)


def settle_failure(
    context: dg.OpExecutionContext,
    store: Store,
    batch: Batch,
    error: BaseException,
    *,
    permanent: bool,
) -> NoReturn:
    """Write the failed attempt's outcome, then hand it to Dagster: a step retry after the
    configured delay, or a failed run. Call outside `except` so no traceback carries the
    unredacted error into Dagster's event log."""
    policy = RetryPolicy.from_env()
    message = safe_error(error)
    run_id = context.run.run_id
    outcome = Outcome.PERMANENT if permanent else Outcome.TRANSIENT
    transition = next_state(Status.PROCESSING, outcome, batch.attempts, policy)
    if transition.status == Status.DEAD:
        store.batches.mark_dead(batch.id, run_id, message)
        context.log.error(f"batch {batch.id} is dead after attempt {batch.attempts}: {message}")
        raise dg.Failure(
            description=f"batch {batch.id} is dead after attempt {batch.attempts}: {message}",
            allow_retries=False,
        )
    retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=transition.retry_in_seconds)
    store.batches.mark_failed(batch.id, run_id, message, retry_at)
    context.log.warning(
        f"attempt {batch.attempts} of batch {batch.id} failed ({message}); "
        f"retrying in {transition.retry_in_seconds} s"
    )
    raise dg.RetryRequested(
        max_retries=STEP_RETRY_LIMIT, seconds_to_wait=transition.retry_in_seconds
    )
