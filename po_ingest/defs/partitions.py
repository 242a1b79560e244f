"""One dynamic partition per uploaded batch; the key is the batch id."""

import dagster as dg

batches_partitions = dg.DynamicPartitionsDefinition(name="batches")

BATCH_ID_TAG = "po_ingest/batch_id"
GENERATION_TAG = "po_ingest/generation"
