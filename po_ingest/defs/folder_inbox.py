"""The watched-folder sensor: files dropped in PO_INGEST_INBOX_DIR/<batch type>/ become
batches exactly as uploads do (see po_ingest.lib.inbox_folder)."""

import json
import os
import time

import dagster as dg

from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib.inbox_folder import InboxSettings, process_inbox

FOLDER_SENSOR_INTERVAL_SECONDS = 5


def _observations(cursor: str | None) -> dict[str, list]:
    """The cursor's observations; an unreadable cursor only restarts the settle times."""
    try:
        loaded = json.loads(cursor) if cursor else {}
    except ValueError:
        return {}
    return loaded if isinstance(loaded, dict) else {}


@dg.sensor(
    minimum_interval_seconds=FOLDER_SENSOR_INTERVAL_SECONDS,
    # Unconfigured, it stays stopped rather than build a Dagster instance every few seconds
    # to say so; the code location reads PO_INGEST_INBOX_DIR when it (re)loads.
    default_status=(
        dg.DefaultSensorStatus.RUNNING
        if os.environ.get("PO_INGEST_INBOX_DIR", "").strip()
        else dg.DefaultSensorStatus.STOPPED
    ),
)
def watched_folder_sensor(
    context: dg.SensorEvaluationContext, store: StoreResource, files: FileStoreResource
) -> dg.SensorResult:
    """Takes files that have stopped changing (PO_INGEST_INBOX_SETTLE_SECONDS) from
    PO_INGEST_INBOX_DIR/<batch type>/ into the queue, as uploads by `folder:<type>`; moves
    unsupported ones to rejected/<type>/ with a reason. Off while PO_INGEST_INBOX_DIR is unset."""
    settings = InboxSettings.from_env()
    if settings is None:
        return dg.SensorResult(
            skip_reason="PO_INGEST_INBOX_DIR is unset: the watched folder is off"
        )
    report, observations, batches = process_inbox(
        store.get(), files.get(), settings, _observations(context.cursor), time.time()
    )
    for batch in batches:
        context.log.info(f"took {batch.original_filename} as batch {batch.id} ({batch.status})")
    return dg.SensorResult(skip_reason=report.message(), cursor=json.dumps(observations))
