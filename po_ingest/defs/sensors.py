"""The pending_batches sensor: registers each new batch as a partition, launches its run in
its lane, records the launch, and reconciles launches whose runs ended without claiming."""

import datetime as dt

import dagster as dg

from po_ingest.defs.assets import BATCH_JOBS, DOCUMENT_TYPES, uploaded_document
from po_ingest.defs.partitions import BATCH_ID_TAG, GENERATION_TAG, LANE_TAG, batches_partitions
from po_ingest.defs.reconcile import grace_seconds, reconcile_launches
from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib.files import FileStore
from po_ingest.lib.lanes import LOCAL, MODEL, guess_lane
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES
from po_ingest.lib.store import Batch

SENSOR_INTERVAL_SECONDS = 2
MAX_RUNS_PER_TICK = 50


def _upload_metadata(batch: Batch) -> dict:
    return {
        "batch_id": batch.id,
        "batch_type": batch.batch_type,
        "filename": batch.original_filename or "",
        "file_size": dg.MetadataValue.int(batch.file_size),
        "sha256": batch.file_sha256,
        "content_type": batch.content_type,
        "uploaded_by": batch.uploaded_by or "",
        "uploaded_at": batch.date_uploaded.isoformat(),
        "storage_key": batch.original_file or "",
    }


def lane_of(batch: Batch, files: FileStore) -> str:
    """A batch moved to the model lane stays there; otherwise its content decides."""
    if batch.lane == MODEL:
        return MODEL
    if not batch.original_file or not files.exists(batch.original_file):
        return LOCAL  # the run says the file is missing, at once
    return guess_lane(batch.content_type, files.read(batch.original_file))


@dg.sensor(
    jobs=BATCH_JOBS,
    minimum_interval_seconds=SENSOR_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def pending_batches_sensor(
    context: dg.SensorEvaluationContext, store: StoreResource, files: FileStoreResource
) -> dg.SensorResult:
    """Launch one run per pending batch not yet launched for its generation (oldest first,
    bounded per tick) in its lane; the run key `{batch_id}:{generation}` makes each generation
    run once. Launches whose runs all ended without claiming are released (reconciliation)."""
    db, file_store = store.get(), files.get()
    settled = reconcile_launches(context.instance, db, grace_seconds())
    for batch_id, outcome in settled.items():
        context.log.warning(f"batch {batch_id}: its launched run is gone; {outcome}")
    due = db.batches.due_pending(PROCESSED_BATCH_TYPES, limit=MAX_RUNS_PER_TICK)
    if not due:
        return dg.SensorResult(skip_reason="no pending batches")
    lanes = {batch.id: lane_of(batch, file_store) for batch in due}
    db.launches.mark_launched(
        [(batch.id, batch.generation, lanes[batch.id]) for batch in due], dt.datetime.now(dt.UTC)
    )
    new = [
        b for b in due if not context.instance.has_dynamic_partition(batches_partitions.name, b.id)
    ]
    return dg.SensorResult(
        dynamic_partitions_requests=(
            [batches_partitions.build_add_request([b.id for b in new])] if new else []
        ),
        asset_events=[
            dg.AssetMaterialization(
                asset_key=uploaded_document.key, partition=b.id, metadata=_upload_metadata(b)
            )
            for b in new
        ],
        run_requests=[
            dg.RunRequest(
                job_name=DOCUMENT_TYPES[batch.batch_type].job.name,
                run_key=f"{batch.id}:{batch.generation}",
                partition_key=batch.id,
                tags={
                    BATCH_ID_TAG: batch.id,
                    GENERATION_TAG: str(batch.generation),
                    LANE_TAG: lanes[batch.id],
                },
            )
            for batch in due
        ],
    )
