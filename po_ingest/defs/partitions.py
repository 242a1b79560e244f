"""One dynamic partition per uploaded batch; the key is the batch id."""

import dagster as dg

from po_ingest.lib.batch_runs import BATCH_ID_TAG, GENERATION_TAG, LANE_TAG, LAUNCHED_BY_TAG

batches_partitions = dg.DynamicPartitionsDefinition(name="batches")

__all__ = ["BATCH_ID_TAG", "GENERATION_TAG", "LANE_TAG", "LAUNCHED_BY_TAG", "batches_partitions"]
