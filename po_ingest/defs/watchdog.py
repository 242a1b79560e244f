"""The watchdog: rescues batches a vanished run still holds, and removes orphan files."""

import datetime as dt

import dagster as dg

from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib.housekeeping import collect_orphans
from po_ingest.lib.settings import env_seconds

WATCHDOG_INTERVAL_SECONDS = 60


def rescue_stuck(instance: dg.DagsterInstance, store, stuck_after_seconds: float) -> list[str]:
    """Batches held past `stuck_after_seconds` by a run that is not alive go back to pending."""
    cutoff = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=stuck_after_seconds)
    rescued = []
    for batch in store.batches.held_too_long(cutoff):
        run = instance.get_run_by_id(batch.dagster_run_id) if batch.dagster_run_id else None
        if run is not None and not run.is_finished:
            continue
        if store.batches.reset_to_pending(batch.id, batch.dagster_run_id, "watchdog_reset"):
            rescued.append(batch.id)
    return rescued


@dg.sensor(
    minimum_interval_seconds=WATCHDOG_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def stuck_batches_watchdog(
    context: dg.SensorEvaluationContext, store: StoreResource, files: FileStoreResource
) -> dg.SkipReason:
    """Puts batches stuck in `processing` (PO_INGEST_WATCHDOG_SECONDS, default 900) whose run
    is no longer alive back to `pending`, and deletes files no batch or order refers to."""
    db = store.get()
    rescued = rescue_stuck(context.instance, db, env_seconds("PO_INGEST_WATCHDOG_SECONDS", 900))
    removed = collect_orphans(db, files.get())
    for batch_id in rescued:
        context.log.warning(f"batch {batch_id} was stuck with no live run: back to pending")
    return dg.SkipReason(f"rescued {len(rescued)} batches, removed {len(removed)} orphan files")
