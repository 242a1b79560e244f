"""The Dagster instance and the app's stores for a sensor that ticks every few seconds.

In the code server, the first use of `context.instance` or `context.resources` in a tick
builds a new DagsterInstance from the tick's instance ref: its storages, and on SQLite an
Alembic revision check that reads every migration script. That was half of the code
server's idle CPU. A frequent sensor takes no resources and keeps one instance per process
and instance ref instead; its stores come from the environment, as StoreResource and
FileStoreResource read them by default.
"""

from __future__ import annotations

import threading

import dagster as dg

from po_ingest.lib import settings
from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store

_instances: dict[str, dg.DagsterInstance] = {}
_lock = threading.Lock()


def instance_of(context: dg.SensorEvaluationContext) -> dg.DagsterInstance:
    """This process's instance for the tick's instance ref (a test's context carries an
    instance and no ref: that one)."""
    ref = context.instance_ref
    if ref is None:
        return context.instance
    key = dg.serialize_value(ref)
    with _lock:
        if key not in _instances:
            _instances[key] = dg.DagsterInstance.from_ref(ref)
        return _instances[key]


def app_store() -> Store:
    return Store(settings.database_url())


def file_store() -> FileStore:
    return FileStore(settings.files_dir())
