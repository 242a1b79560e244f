"""The watchdog: rescues batches a vanished or ended run still holds, and removes orphan files."""

import datetime as dt

import dagster as dg

from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.defs.run_status import settle_ended_run
from po_ingest.lib.housekeeping import collect_orphans
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy, env_seconds

WATCHDOG_INTERVAL_SECONDS = 60
# Dagster starts a crashed run's automatic retry, and the run-status sensors settle an ended
# run's batch, within seconds; a batch still held by a run that ended this long ago was missed.
ENDED_RUN_GRACE_SECONDS = 60
# Set on a failed run once Dagster has launched its automatic retry.
AUTO_RETRY_RUN_ID_TAG = "dagster/auto_retry_run_id"


def _retry_under_way(instance: dg.DagsterInstance, run: dg.DagsterRun) -> bool:
    retry_id = run.tags.get(AUTO_RETRY_RUN_ID_TAG)
    retry = instance.get_run_by_id(retry_id) if retry_id else None
    return retry is not None and not retry.is_finished


def rescue_abandoned(
    instance: dg.DagsterInstance, store, grace_seconds: float = ENDED_RUN_GRACE_SECONDS
) -> list[str]:
    """Batches still held by a run that ended over `grace_seconds` ago, with no retry of it
    under way, are settled as the run-status sensors would have settled them: back to
    `pending` counting the attempt, or `dead` when attempts are spent (or it was canceled).

    This happens when Dagster marks a crashed run `dagster/will_retry=true` but never
    launches the retry (seen with many workers killed at once), so the failure sensor,
    which leaves such runs to their retry, never settles the batch."""
    now = dt.datetime.now(dt.UTC)
    settled = []
    for batch in store.batches.held_too_long(now):
        record = instance.get_run_record_by_id(batch.dagster_run_id or "")
        run = record.dagster_run if record else None
        if run is None or not run.is_finished or _retry_under_way(instance, run):
            continue
        ended = record.end_time or record.update_timestamp.timestamp()
        if ended > now.timestamp() - grace_seconds:
            continue
        message = safe_error(
            f"run {run.run_id} ended ({run.status.value}) without settling its batch, and no "
            "retry of it started"
        )
        canceled = run.status == dg.DagsterRunStatus.CANCELED
        if settle_ended_run(store, run, message, canceled=canceled, instance=instance):
            settled.append(batch.id)
    return settled


def rescue_stuck(instance: dg.DagsterInstance, store, stuck_after_seconds: float) -> list[str]:
    """Batches held past `stuck_after_seconds` by a run that is not alive go back to pending,
    or are dead when that run's attempt was their last."""
    policy = RetryPolicy.from_env()
    cutoff = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=stuck_after_seconds)
    rescued = []
    for batch in store.batches.held_too_long(cutoff):
        run = instance.get_run_by_id(batch.dagster_run_id) if batch.dagster_run_id else None
        if run is not None and not run.is_finished:
            continue
        spent = safe_error(
            f"its run {batch.dagster_run_id} {'ended' if run else 'vanished'} during attempt "
            f"{batch.attempts} of {policy.max_attempts} (watchdog)"
        )
        if store.batches.reset_to_pending(
            batch.id, batch.dagster_run_id, "watchdog_reset", policy.max_attempts, spent_error=spent
        ):
            rescued.append(batch.id)
    return rescued


@dg.sensor(
    minimum_interval_seconds=WATCHDOG_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def stuck_batches_watchdog(
    context: dg.SensorEvaluationContext, store: StoreResource, files: FileStoreResource
) -> dg.SkipReason:
    """Settles batches held by a run that ended a minute ago without settling them; batches
    stuck in `processing` (PO_INGEST_WATCHDOG_SECONDS, default 900) with no live run go back to
    `pending`, or `dead` when their attempts are spent; removes orphan files after an hour."""
    db = store.get()
    abandoned = rescue_abandoned(context.instance, db)
    rescued = rescue_stuck(context.instance, db, env_seconds("PO_INGEST_WATCHDOG_SECONDS", 900))
    removed = collect_orphans(db, files.get())
    for batch_id in abandoned:
        context.log.warning(f"batch {batch_id} was held by an ended run: settled")
    for batch_id in rescued:
        context.log.warning(
            f"batch {batch_id} was stuck with no live run: back to pending (dead if that was "
            "its last attempt)"
        )
    return dg.SkipReason(
        f"settled {len(abandoned)} batches of ended runs, rescued {len(rescued)} batches, "
        f"removed {len(removed)} orphan files"
    )
