"""One tick of a sensor that reads its stores from the environment, as in the code server
(po_ingest.defs.sensor_io), on a test's instance, app database and file store."""

from __future__ import annotations

import os
from unittest import mock

import dagster as dg

from po_ingest.defs.resources import StoreResource
from po_ingest.defs.reviews import order_reviews_sensor
from po_ingest.defs.run_status import batch_run_canceled_sensor, batch_run_failure_sensor
from po_ingest.defs.sensors import pending_batches_sensor
from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store


def sensor_tick(
    sensor: dg.SensorDefinition,
    instance: dg.DagsterInstance,
    store: Store,
    files: FileStore | None = None,
    cursor: str | None = None,
) -> dg.SensorResult:
    env = {"PO_INGEST_DATABASE_URL": store.url}
    if files is not None:
        env["PO_INGEST_FILES_DIR"] = str(files.root)
    with mock.patch.dict(os.environ, env):
        return sensor(dg.build_sensor_context(instance=instance, cursor=cursor))


def pending_tick(instance, store, files=None, cursor=None) -> dg.SensorResult:
    return sensor_tick(pending_batches_sensor, instance, store, files, cursor)


def review_tick(instance, store, cursor=None) -> dg.SensorResult:
    return sensor_tick(order_reviews_sensor, instance, store, cursor=cursor)


def run_status_tick(
    instance: dg.DagsterInstance,
    store: Store,
    run: dg.DagsterRun,
    event_type: dg.DagsterEventType = dg.DagsterEventType.RUN_FAILURE,
) -> None:
    """The failure sensor's (or, for RUN_CANCELED, the canceled sensor's) tick on an ended run."""
    (record,) = instance.all_logs(run.run_id, of_type=event_type)
    context = dg.build_run_status_sensor_context(
        sensor_name="s",
        dagster_event=record.dagster_event,
        dagster_instance=instance,
        dagster_run=run,
        resources={"store": StoreResource(database_url=store.url)},
    )
    if event_type == dg.DagsterEventType.RUN_CANCELED:
        batch_run_canceled_sensor(context)
    else:
        batch_run_failure_sensor(context.for_run_failure())
