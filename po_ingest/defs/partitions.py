"""One dynamic partition per uploaded batch; the key is the batch id."""

import dagster as dg

batches_partitions = dg.DynamicPartitionsDefinition(name="batches")

BATCH_ID_TAG = "po_ingest/batch_id"
GENERATION_TAG = "po_ingest/generation"
# `local` | `model` (po_ingest.lib.lanes): the run queue limits each lane on its own.
LANE_TAG = "po_ingest/lane"
