"""What a batch's run is: its job, its tags and its lane. The pending sensor and the intake's
launch-now (po_ingest.lib.launch_now) request the same run, so both build it here, without
importing dagster (the intake and the CLI never load it)."""

from __future__ import annotations

import os
from dataclasses import dataclass

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
# On a packed run (a backlog's batches, several to a run): `id:generation id:generation …`.
PACKED_TAG = "po_ingest/packed"

JOB_NAMES = {"purchase_orders": "process_batch", "delivery_notes": "process_delivery_note"}
PACKED_JOB_NAMES = {
    "purchase_orders": "process_batch_backlog",
    "delivery_notes": "process_delivery_note_backlog",
}


def run_key(batch: Batch) -> str:
    """Each generation of a batch runs once."""
    return f"{batch.id}:{batch.generation}"


def run_tags(batch: Batch, lane: str) -> dict[str, str]:
    return {BATCH_ID_TAG: batch.id, GENERATION_TAG: str(batch.generation), LANE_TAG: lane}


@dataclass(frozen=True)
class BacklogPolicy:
    """When more `local`-lane batches are due at once than `threshold`, they are packed
    `pack_size` to a run (defs/backlog.py); the intake then leaves new uploads to the pending
    sensor instead of launching each at once. `pack_size` 1 turns packing off (and it is off
    under PO_INGEST_EXTRACTOR=gemini, where every document needs the model)."""

    threshold: int = 20
    pack_size: int = 10

    @classmethod
    def from_env(cls) -> BacklogPolicy:
        pack_size = int(os.environ.get("PO_INGEST_BACKLOG_PACK") or cls.pack_size)
        if (os.environ.get("PO_INGEST_EXTRACTOR") or "").strip() == "gemini":
            pack_size = 1
        return cls(
            threshold=int(os.environ.get("PO_INGEST_BACKLOG_THRESHOLD") or cls.threshold),
            pack_size=max(1, pack_size),
        )

    def packs(self, batches: list[Batch]) -> list[list[Batch]]:
        """`batches` (due, of the local lane) in packed runs' shares, or none: no backlog."""
        if self.pack_size == 1 or len(batches) <= self.threshold:
            return []
        by_type: dict[str, list[Batch]] = {}
        for batch in batches:
            by_type.setdefault(batch.batch_type, []).append(batch)
        return [
            same_type[start : start + self.pack_size]
            for same_type in by_type.values()
            for start in range(0, len(same_type), self.pack_size)
        ]


def packed_run_key(batches: list[Batch]) -> str:
    """The same batches at the same generations make the same run (the reconciliation may
    launch a lost request again)."""
    return "packed:" + ",".join(run_key(batch) for batch in batches)


def packed_run_tags(batches: list[Batch], lane: str) -> dict[str, str]:
    return {PACKED_TAG: " ".join(run_key(batch) for batch in batches), LANE_TAG: lane}


def packed_batches(tags: dict[str, str]) -> list[tuple[str, int]]:
    """(batch id, generation) for each batch a packed run carries, in its order."""
    refs = []
    for ref in tags.get(PACKED_TAG, "").split():
        batch_id, _, generation = ref.rpartition(":")
        refs.append((batch_id, int(generation)))
    return refs


def lane_of(batch: Batch, files: FileStore) -> str:
    """A batch moved to the model lane stays there; otherwise its content decides."""
    if batch.lane == MODEL:
        return MODEL
    if not batch.original_file or not files.exists(batch.original_file):
        return LOCAL  # the run says the file is missing, at once
    return guess_lane(batch.content_type, files.read(batch.original_file))
