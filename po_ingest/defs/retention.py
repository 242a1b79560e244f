"""Retention: old batches' partitions leave Dagster; their orders stay in the app database."""

import datetime as dt
import os

import dagster as dg

from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.store import analytics as queries

RETENTION_INTERVAL_SECONDS = 3600
MAX_DELETES_PER_TICK = 500
DEFAULT_RETENTION_DAYS = 365


def retention_days() -> float:
    return float(os.environ.get("PO_INGEST_PARTITION_RETENTION_DAYS", DEFAULT_RETENTION_DAYS))


def expired_partitions(
    instance: dg.DagsterInstance,
    store,
    now: dt.datetime | None = None,
    limit: int = MAX_DELETES_PER_TICK,
) -> list[str]:
    """Partition keys of batches processed more than the retention period ago, oldest first."""
    cutoff = (now or dt.datetime.now(dt.UTC)) - dt.timedelta(days=retention_days())
    keys = instance.get_dynamic_partitions(batches_partitions.name)
    return queries.processed_before(store.engine, cutoff, keys, limit)


@dg.sensor(
    minimum_interval_seconds=RETENTION_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def partition_retention_sensor(
    context: dg.SensorEvaluationContext, store: StoreResource
) -> dg.SensorResult:
    """Hourly: removes the `batches` partitions of batches processed more than
    PO_INGEST_PARTITION_RETENTION_DAYS (default 365) ago, at most 500 a tick. Orders stay;
    `po-ingest lineage` still shows them from the app database."""
    expired = expired_partitions(context.instance, store.get())
    if not expired:
        return dg.SensorResult(skip_reason="no partition past retention")
    context.log.info(f"removing {len(expired)} partitions past retention: {expired[:10]}")
    return dg.SensorResult(
        dynamic_partitions_requests=[batches_partitions.build_delete_request(expired)]
    )
