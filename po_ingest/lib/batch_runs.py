"""What a batch's run is: its job, its tags and its lane. The pending sensor and the intake's
launch-now (po_ingest.lib.launch_now) request the same run, so both build it here, without
importing dagster (the intake and the CLI never load it)."""

from __future__ import annotations

from po_ingest.lib.files import FileStore
from po_ingest.lib.lanes import LOCAL, MODEL, guess_lane
from po_ingest.lib.store import Batch

BATCH_ID_TAG = "po_ingest/batch_id"
GENERATION_TAG = "po_ingest/generation"
# `local` | `model` (po_ingest.lib.lanes): the run queue limits each lane on its own.
LANE_TAG = "po_ingest/lane"
# `intake` on a run the intake launched at once; the pending sensor's runs carry none.
LAUNCHED_BY_TAG = "po_ingest/launched_by"
INTAKE = "intake"
PARTITION_TAG = "dagster/partition"

JOB_NAMES = {"purchase_orders": "process_batch", "delivery_notes": "process_delivery_note"}


def run_key(batch: Batch) -> str:
    """Each generation of a batch runs once."""
    return f"{batch.id}:{batch.generation}"


def run_tags(batch: Batch, lane: str) -> dict[str, str]:
    return {BATCH_ID_TAG: batch.id, GENERATION_TAG: str(batch.generation), LANE_TAG: lane}


def lane_of(batch: Batch, files: FileStore) -> str:
    """A batch moved to the model lane stays there; otherwise its content decides."""
    if batch.lane == MODEL:
        return MODEL
    if not batch.original_file or not files.exists(batch.original_file):
        return LOCAL  # the run says the file is missing, at once
    return guess_lane(batch.content_type, files.read(batch.original_file))
