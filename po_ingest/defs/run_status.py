"""Run status feeds batch status: the safety net for runs that ended abnormally.

The ops write their own outcome; these sensors act only on a batch still held by the
run that ended (or, for a run that never claimed, on the batch generation it was launched
for), so they are idempotent and never touch a batch a newer run holds.
"""

import dagster as dg

from po_ingest.defs.assets import extracted_purchase_order, purchase_order
from po_ingest.defs.partitions import BATCH_ID_TAG, GENERATION_TAG
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.batch_state import Status
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy
from po_ingest.lib.store import Store

_BATCH_ASSETS = {extracted_purchase_order.key, purchase_order.key}
_INTERVAL_SECONDS = 5


def batch_id_of(run: dg.DagsterRun) -> str | None:
    """The batch a run works on: our tag, or the partition of a run materializing our assets."""
    if BATCH_ID_TAG in run.tags:
        return run.tags[BATCH_ID_TAG]
    if run.asset_selection and run.asset_selection & _BATCH_ASSETS:
        return run.tags.get("dagster/partition")
    return None


def settle_ended_run(
    store: Store, run: dg.DagsterRun, error: str, *, canceled: bool = False
) -> str | None:
    """Put the batch of a run that ended without settling it where it belongs. Returns the
    batch's new status, or None when there was nothing to do."""
    batch_id = batch_id_of(run)
    if batch_id is None:
        return None
    policy = RetryPolicy.from_env()
    batch = store.batches.get(batch_id)
    if batch is None:
        return None
    if batch.dagster_run_id == run.run_id:
        if canceled:
            return Status.DEAD if store.batches.mark_dead(batch_id, run.run_id, error) else None
        return store.batches.release(batch_id, run.run_id, error, policy.max_attempts)
    generation = run.tags.get(GENERATION_TAG)
    if run.parent_run_id is None and generation is not None:
        return store.batches.release_unstarted(
            batch_id, int(generation), error, policy.max_attempts, dead=canceled
        )
    return None


def _failure_message(context: dg.RunFailureSensorContext) -> str:
    event = context.failure_event
    detail = event.message if event and event.message else "run failed"
    return safe_error(f"run {context.dagster_run.run_id} failed: {detail}")


@dg.run_failure_sensor(
    default_status=dg.DefaultSensorStatus.RUNNING, minimum_interval_seconds=_INTERVAL_SECONDS
)
def batch_run_failure_sensor(context: dg.RunFailureSensorContext, store: StoreResource):
    """A run that failed while holding its batch: back to `pending` (new generation) while
    attempts remain, else `dead`."""
    status = settle_ended_run(store.get(), context.dagster_run, _failure_message(context))
    if status:
        context.log.info(f"batch of run {context.dagster_run.run_id} is now {status}")


@dg.run_status_sensor(
    run_status=dg.DagsterRunStatus.CANCELED,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_INTERVAL_SECONDS,
)
def batch_run_canceled_sensor(context: dg.RunStatusSensorContext, store: StoreResource):
    """A canceled run's batch is `dead` with "canceled"; retry it to start over."""
    message = f"canceled: run {context.dagster_run.run_id} was canceled"
    settle_ended_run(store.get(), context.dagster_run, message, canceled=True)


@dg.run_status_sensor(
    run_status=dg.DagsterRunStatus.SUCCESS,
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=_INTERVAL_SECONDS,
)
def batch_run_success_sensor(context: dg.RunStatusSensorContext, store: StoreResource):
    """Checks that a successful run left its batch `processed`; if not, the batch is requeued."""
    run = context.dagster_run
    batch_id = batch_id_of(run)
    batch = store.get().batches.get(batch_id) if batch_id else None
    if batch and batch.dagster_run_id == run.run_id and batch.status != Status.PROCESSED:
        message = f"run {run.run_id} succeeded without storing the order"
        settle_ended_run(store.get(), run, message)
        context.log.warning(f"batch {batch_id}: {message}")
