"""Run status feeds batch status: the safety net for runs that ended abnormally.

The ops write their own outcome; these sensors act only on a batch still held by the
run that ended (or by the crashed run of its family that it retried, or, for a run that never
claimed, on the batch generation it was launched for), so they are idempotent and never touch
a batch a newer run holds. A failed run that Dagster will retry (`dagster/will_retry=true`,
set when run retries are on and the run worker crashed) leaves its batch to that retry.
"""

import os

import dagster as dg

from po_ingest.defs.assets import BATCH_ASSET_KEYS, BATCH_JOBS, PACKED_JOBS
from po_ingest.defs.claims import launched_generation, same_family
from po_ingest.defs.partitions import BATCH_ID_TAG
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.batch_runs import PACKED_TAG, packed_batches
from po_ingest.lib.batch_state import Status
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy
from po_ingest.lib.store import Store

_BATCH_ASSETS = BATCH_ASSET_KEYS
# The batch's own steps settle it; these sensors only catch a run that ended without doing
# so, and each evaluation builds a Dagster instance in the code server (at 15 s the three cost
# the idle stack about 1 % of a core), so they look once a minute: a crashed run's batch waits
# at most that, as long as Dagster's own first retry delay.
_INTERVAL_SECONDS = int(os.environ.get("PO_INGEST_RUN_STATUS_SENSOR_SECONDS") or 60)
# Only runs of the batch jobs: an analytics run that fails is none of these sensors' business,
# and Dagster's per-tick budget (DAGSTER_RUN_STATUS_SENSOR_PROCESS_LIMIT, set in
# definitions.py) counts only the runs a sensor monitors.
_MONITORED_JOBS = [*BATCH_JOBS, *PACKED_JOBS]
# A batch a run still holds: it has not settled it (processed, dead, handed on).
_HELD = (Status.PROCESSING, Status.FAILED)
# Dagster tags a failed run `true` when its automatic retry (run retries) is due.
WILL_RETRY_TAG = "dagster/will_retry"


def batch_id_of(run: dg.DagsterRun) -> str | None:
    """The batch a run works on: our tag, or the partition of a run materializing our assets."""
    if BATCH_ID_TAG in run.tags:
        return run.tags[BATCH_ID_TAG]
    if run.asset_selection and run.asset_selection & _BATCH_ASSETS:
        return run.tags.get("dagster/partition")
    return None


def will_be_retried(instance: dg.DagsterInstance, run: dg.DagsterRun) -> bool:
    """Dagster's run retries will re-execute this failed run (read fresh: the tag is written
    just after the failure event)."""
    current = instance.get_run_by_id(run.run_id) or run
    return any(r.tags.get(WILL_RETRY_TAG, "").lower() == "true" for r in (run, current))


def _holder_of_family(
    instance: dg.DagsterInstance | None, run: dg.DagsterRun, holder: str | None
) -> str | None:
    """The ended run of the same root still holding the batch: the crashed run whose retry
    ended before taking the batch over."""
    if instance is None or not same_family(instance, run, holder):
        return None
    held_by = instance.get_run_by_id(holder)
    return holder if held_by is not None and held_by.is_finished else None


def batches_of(run: dg.DagsterRun) -> list[tuple[str, int | None]]:
    """(batch id, the generation it was launched at, if it was) for each batch a run works on:
    the batches a packed run carries, or a one-batch run's."""
    if PACKED_TAG in run.tags:
        return list(packed_batches(run.tags))
    batch_id = batch_id_of(run)
    return [(batch_id, launched_generation(run))] if batch_id else []


def _settle_batch(
    store: Store,
    run: dg.DagsterRun,
    batch_id: str,
    generation: int | None,
    error: str,
    canceled: bool,
    instance: dg.DagsterInstance | None,
) -> str | None:
    policy = RetryPolicy.from_env()
    batch = store.batches.get(batch_id)
    if batch is None:
        return None
    holder = batch.dagster_run_id
    if holder != run.run_id:
        holder = _holder_of_family(instance, run, holder)
    if holder is not None:
        if canceled:
            return Status.DEAD if store.batches.mark_dead(batch_id, holder, error) else None
        return store.batches.release(batch_id, holder, error, policy.max_attempts)
    if run.parent_run_id is None and generation is not None:
        # A packed run that ended before reaching a batch ended for another batch's sake.
        return store.batches.release_unstarted(
            batch_id,
            generation,
            error,
            policy.max_attempts,
            dead=canceled,
            count_attempt=PACKED_TAG not in run.tags,
        )
    return None


def settle_ended_run(
    store: Store,
    run: dg.DagsterRun,
    error: str,
    *,
    canceled: bool = False,
    instance: dg.DagsterInstance | None = None,
) -> dict[str, str]:
    """Put each batch of a run that ended without settling it where it belongs: batch id →
    its new status, for the batches there was something to do for."""
    settled = {}
    for batch_id, generation in batches_of(run):
        status = _settle_batch(store, run, batch_id, generation, error, canceled, instance)
        if status:
            settled[batch_id] = status
    return settled


def _failure_message(context: dg.RunFailureSensorContext) -> str:
    event = context.failure_event
    detail = event.message if event and event.message else "run failed"
    return safe_error(f"run {context.dagster_run.run_id} failed: {detail}")


@dg.run_failure_sensor(
    monitored_jobs=_MONITORED_JOBS,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_INTERVAL_SECONDS,
)
def batch_run_failure_sensor(context: dg.RunFailureSensorContext, store: StoreResource):
    """A run that failed while holding its batch: back to `pending` (new generation) while
    attempts remain, else `dead`. A run Dagster will retry leaves its batch to the retry."""
    run = context.dagster_run
    if will_be_retried(context.instance, run):
        context.log.info(
            f"run {run.run_id} will be retried by Dagster: its retry settles the batch"
        )
        return
    status = settle_ended_run(
        store.get(), run, _failure_message(context), instance=context.instance
    )
    for batch_id, new_status in status.items():
        context.log.info(f"batch {batch_id} of run {run.run_id} is now {new_status}")


@dg.run_status_sensor(
    run_status=dg.DagsterRunStatus.CANCELED,
    monitored_jobs=_MONITORED_JOBS,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_INTERVAL_SECONDS,
)
def batch_run_canceled_sensor(context: dg.RunStatusSensorContext, store: StoreResource):
    """A canceled run's batch is `dead` with "canceled"; retry it to start over."""
    message = f"canceled: run {context.dagster_run.run_id} was canceled"
    settle_ended_run(
        store.get(), context.dagster_run, message, canceled=True, instance=context.instance
    )


@dg.run_status_sensor(
    run_status=dg.DagsterRunStatus.SUCCESS,
    monitored_jobs=_MONITORED_JOBS,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_INTERVAL_SECONDS,
)
def batch_run_success_sensor(context: dg.RunStatusSensorContext, store: StoreResource):
    """Checks that a successful run left its batch `processed`; if not, the batch is requeued."""
    run = context.dagster_run
    db = store.get()
    message = f"run {run.run_id} succeeded without storing the order"
    for batch_id, _ in batches_of(run):
        batch = db.batches.get(batch_id)
        if batch and batch.dagster_run_id == run.run_id and batch.status in _HELD:
            settle_ended_run(db, run, message)
            context.log.warning(f"batch {batch_id}: {message}")
