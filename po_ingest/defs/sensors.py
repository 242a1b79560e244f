"""The pending_batches sensor: registers each new batch as a partition, launches its run in
its lane (in a backlog, several of the local lane's batches to a run), records the launch,
and reconciles launches whose runs ended without claiming."""

import datetime as dt

import dagster as dg

from po_ingest.defs.assets import BATCH_JOBS, PACKED_JOBS, upload_materialization
from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.reconcile import grace_seconds, reconcile_launches
from po_ingest.defs.sensor_io import app_store, file_store, instance_of
from po_ingest.lib.batch_runs import (
    JOB_NAMES,
    PACKED_JOB_NAMES,
    BacklogPolicy,
    lane_of,
    packed_run_key,
    packed_run_tags,
    run_key,
    run_tags,
)
from po_ingest.lib.lanes import LOCAL
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES, env_seconds
from po_ingest.lib.store import Batch

# The intake asks Dagster to launch a new batch's run at once (po_ingest.lib.launch_now);
# this sensor is the safety net (Dagster was down, a mailbox or folder batch, a retry), so it
# need not tick every second or two: each tick costs the daemon and the code server.
SENSOR_INTERVAL_SECONDS = int(env_seconds("PO_INGEST_PENDING_SENSOR_SECONDS", 5))
MAX_RUNS_PER_TICK = 50
# In a backlog a tick packs up to this many batches (each lane guess reads the file).
MAX_BATCHES_PER_TICK = 200


def _runs_for(due: list[Batch], lanes: dict[str, str]) -> list[list[Batch]]:
    """The runs to request, each a list of batches (one, or a packed run's), oldest first,
    at most MAX_RUNS_PER_TICK."""
    packs = BacklogPolicy.from_env().packs([b for b in due if lanes[b.id] == LOCAL])
    packed = {batch.id for pack in packs for batch in pack}
    runs = packs + [[batch] for batch in due if batch.id not in packed]
    runs.sort(key=lambda run: min(batch.date_uploaded for batch in run))
    return runs[:MAX_RUNS_PER_TICK]


def _run_request(run: list[Batch], lanes: dict[str, str]) -> dg.RunRequest:
    if len(run) > 1:
        return dg.RunRequest(
            job_name=PACKED_JOB_NAMES[run[0].batch_type],
            run_key=packed_run_key(run),
            tags=packed_run_tags(run, LOCAL),
        )
    batch = run[0]
    return dg.RunRequest(
        job_name=JOB_NAMES[batch.batch_type],
        run_key=run_key(batch),
        partition_key=batch.id,
        tags=run_tags(batch, lanes[batch.id]),
    )


@dg.sensor(
    jobs=[*BATCH_JOBS, *PACKED_JOBS],
    minimum_interval_seconds=SENSOR_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def pending_batches_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Launch one run per pending batch not yet launched for its generation (oldest first,
    bounded per tick) in its lane; in a backlog, several digital documents share a run. Run
    keys make each generation run once. Launches whose runs all ended without claiming are
    released (reconciliation)."""
    db, files, instance = app_store(), file_store(), instance_of(context)
    settled = reconcile_launches(instance, db, grace_seconds())
    for batch_id, outcome in settled.items():
        context.log.warning(f"batch {batch_id}: its launched run is gone; {outcome}")
    due = db.batches.due_pending(PROCESSED_BATCH_TYPES, limit=MAX_BATCHES_PER_TICK)
    if not due:
        return dg.SensorResult(skip_reason="no pending batches")
    lanes = {batch.id: lane_of(batch, files) for batch in due}
    runs = _runs_for(due, lanes)
    marked = db.launches.mark_launched(
        [(batch.id, batch.generation, lanes[batch.id]) for run in runs for batch in run],
        dt.datetime.now(dt.UTC),
    )
    # A batch not marked was launched by the intake meanwhile, or is no longer pending.
    runs = [kept for run in runs if (kept := [b for b in run if b.id in marked])]
    launched = [batch for run in runs for batch in run]
    new = [b for b in launched if not instance.has_dynamic_partition(batches_partitions.name, b.id)]
    return dg.SensorResult(
        dynamic_partitions_requests=(
            [batches_partitions.build_add_request([b.id for b in new])] if new else []
        ),
        asset_events=[upload_materialization(b) for b in new],
        run_requests=[_run_request(run, lanes) for run in runs],
    )
