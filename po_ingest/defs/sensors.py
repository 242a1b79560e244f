"""The pending_batches sensor: registers each new batch as a partition and launches its run."""

import dagster as dg

from po_ingest.defs.assets import process_batch_job, uploaded_document
from po_ingest.defs.partitions import BATCH_ID_TAG, GENERATION_TAG, batches_partitions
from po_ingest.defs.resources import StoreResource
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


@dg.sensor(
    job=process_batch_job,
    minimum_interval_seconds=SENSOR_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def pending_batches_sensor(
    context: dg.SensorEvaluationContext, store: StoreResource
) -> dg.SensorResult:
    """Launch one run per pending batch whose retry time has come (oldest first, bounded per
    tick); the run key `{batch_id}:{generation}` makes each generation run once."""
    db = store.get()
    due = db.batches.due_pending(PROCESSED_BATCH_TYPES, limit=MAX_RUNS_PER_TICK)
    if not due:
        return dg.SensorResult(skip_reason="no pending batches")
    new_ids = [
        row.id
        for row in due
        if not context.instance.has_dynamic_partition(batches_partitions.name, row.id)
    ]
    new_batches = [b for b in (db.batches.get(i) for i in new_ids) if b is not None]
    return dg.SensorResult(
        dynamic_partitions_requests=(
            [batches_partitions.build_add_request(new_ids)] if new_ids else []
        ),
        asset_events=[
            dg.AssetMaterialization(
                asset_key=uploaded_document.key, partition=b.id, metadata=_upload_metadata(b)
            )
            for b in new_batches
        ],
        run_requests=[
            dg.RunRequest(
                run_key=f"{row.id}:{row.generation}",
                partition_key=row.id,
                tags={BATCH_ID_TAG: row.id, GENERATION_TAG: str(row.generation)},
            )
            for row in due
        ],
    )
