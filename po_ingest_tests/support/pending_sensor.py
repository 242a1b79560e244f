"""One tick of the pending sensor on a test's instance, app database and file store (the
sensor reads the stores from the environment, as in the code server)."""

from __future__ import annotations

import os
from unittest import mock

import dagster as dg

from po_ingest.defs.sensors import pending_batches_sensor
from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store


def pending_tick(
    instance: dg.DagsterInstance,
    store: Store,
    files: FileStore | None = None,
    cursor: str | None = None,
) -> dg.SensorResult:
    env = {"PO_INGEST_DATABASE_URL": store.url}
    if files is not None:
        env["PO_INGEST_FILES_DIR"] = str(files.root)
    with mock.patch.dict(os.environ, env):
        return pending_batches_sensor(dg.build_sensor_context(instance=instance, cursor=cursor))
