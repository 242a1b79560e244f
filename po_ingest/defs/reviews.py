"""People's edits in Dagster: each correction, approval, rejection or reopening becomes an
observation on its batch's `purchase_order` partition, next to the runs in the asset's
history, and on `order_reviews`, which the analytics tables depend on."""

import datetime as dt
import warnings

import dagster as dg

from po_ingest.defs.assets import purchase_order
from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.resources import StoreResource
from po_ingest.defs.sensor_io import app_store, instance_of
from po_ingest.lib.settings import env_seconds
from po_ingest.lib.store.revisions import edits_after, latest_edit_id

# The audit trail is the app's (order_revisions); these observations mirror it in Dagster, and
# the analytics' automation looks every 30 s anyway.
REVIEW_SENSOR_INTERVAL_SECONDS = int(env_seconds("PO_INGEST_REVIEW_SENSOR_SECONDS", 30))
MAX_REVISIONS_PER_TICK = 200
# PostgreSQL hands out ids before commit: a row younger than this may still be joined by a
# lower id committing late, so it waits a tick rather than being passed by the cursor.
SETTLE_SECONDS = 5

# Observable source assets are beta in Dagster 1.13; only their observations count as an
# update for the analytics' automation, so we use one and keep the import-time warning quiet.
warnings.filterwarnings(
    "ignore", message="Function `observable_source_asset`", category=dg.BetaWarning
)


@dg.observable_source_asset(group_name="review")
def order_reviews(store: StoreResource) -> dg.DataVersion:
    """People's work on stored orders (`order_revisions`); its version is the latest edit's
    id, so the analytics tables are rebuilt after every edit."""
    return dg.DataVersion(str(latest_edit_id(store.get().engine)))


def _metadata(row: dict) -> dict:
    return {
        "who": row["user_name"],
        "action": row["action"],
        "revision": dg.MetadataValue.int(row["revision"]),
        "changes": dg.MetadataValue.json(row["changes"]),
        "reason": row["reason"] or "",
        "order_id": dg.MetadataValue.int(row["purchase_order_id"]),
        "po_number": row["po_number"],
        "at": row["created_at"].isoformat(),
    }


def review_observations(instance: dg.DagsterInstance, rows: list[dict]) -> list:
    """One observation per edit on its batch's partition (none once retention removed the
    partition), and one on `order_reviews`."""
    kept = {
        batch_id
        for batch_id in {row["batch_id"] for row in rows}
        if instance.has_dynamic_partition(batches_partitions.name, batch_id)
    }
    events = [
        dg.AssetObservation(
            asset_key=purchase_order.key, partition=row["batch_id"], metadata=_metadata(row)
        )
        for row in rows
        if row["batch_id"] in kept
    ]
    last_edit = dg.AssetObservation(
        asset_key=order_reviews.key,
        tags={"dagster/data_version": str(rows[-1]["id"])},
        metadata={"edits": dg.MetadataValue.int(len(rows))},
    )
    return [*events, last_edit]


@dg.sensor(
    minimum_interval_seconds=REVIEW_SENSOR_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
)
def order_reviews_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult:
    """Reports people's edits (new `order_revisions` rows after the cursor, at most 200 a
    tick) as observations on the batch's `purchase_order` partition: who, action, revision,
    what changed."""
    after = int(context.cursor or 0)
    settled = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=SETTLE_SECONDS)
    rows = edits_after(app_store().engine, after, MAX_REVISIONS_PER_TICK, settled)
    if not rows:
        return dg.SensorResult(skip_reason="no new edits")
    return dg.SensorResult(
        asset_events=review_observations(instance_of(context), rows), cursor=str(rows[-1]["id"])
    )
