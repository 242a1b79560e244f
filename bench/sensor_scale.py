"""4. Sensor at scale: 100 000 batch rows (1 000 pending) on SQLite and PostgreSQL →
`pending_batches_sensor` evaluation time and the query plan of `due_pending`."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import shutil
import tempfile
import time
from pathlib import Path

import dagster as dg
import sqlalchemy as sa

from bench.common import median
from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.defs.sensors import MAX_RUNS_PER_TICK, pending_batches_sensor
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest.lib.store.migrate import upgrade
from po_ingest.lib.store.schema import batches
from po_ingest_tests.support.databases import new_postgres_database

INDEX = "ix_batches_status_type_retry"
OTHER_STATUSES = ("processed",) * 90 + ("dead",) * 6 + ("failed",) * 2 + ("processing",) * 2


def rows(total: int, pending: int):
    """`total` rows, `pending` of them pending purchase orders (a tenth waiting on a retry)."""
    start = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
    now = dt.datetime.now(dt.UTC)
    step = (now - start) / total
    pending_every = total // pending
    for n in range(total):
        is_pending = n % pending_every == 0 and n // pending_every < pending
        status = "pending" if is_pending else OTHER_STATUSES[n % len(OTHER_STATUSES)]
        retry = (
            now + dt.timedelta(minutes=5) if is_pending and n // pending_every % 10 == 0 else None
        )
        yield {
            "id": f"b{n:011d}",
            "batch_type": "delivery_notes" if n % 20 == 7 else "purchase_orders",
            "content_type": "application/pdf",
            "original_file": f"uploads/b{n:011d}.pdf" if status != "processed" else None,
            "original_filename": f"order-{n}.pdf",
            "file_size": 50_000 + n % 1000,
            "file_sha256": hashlib.sha256(str(n).encode()).hexdigest(),
            "date_uploaded": start + step * n,
            "status": status,
            "attempts": 0 if is_pending else 1,
            "next_retry_at": retry,
            "processed_at": start + step * n if status == "processed" else None,
            "generation": 0,
            "warnings": [],
        }


def fill(url: str, total: int, pending: int) -> float:
    engine = Store(url).engine
    started = time.perf_counter()
    chunk: list[dict] = []
    with engine.begin() as conn:
        for row in rows(total, pending):
            chunk.append(row)
            if len(chunk) == 10_000:
                conn.execute(batches.insert(), chunk)  # executemany (insertmanyvalues)
                chunk = []
        if chunk:
            conn.execute(batches.insert(), chunk)
    with engine.begin() as conn:
        conn.execute(sa.text("ANALYZE"))
    return time.perf_counter() - started


def query_plan(url: str) -> str:
    """EXPLAIN of the statement `due_pending` actually sends (captured from the engine)."""
    engine = Store(url).engine
    captured: list = []

    def capture(conn, cursor, statement, parameters, context, executemany):
        captured.append((statement, parameters))

    sa.event.listen(engine, "before_cursor_execute", capture)
    try:
        Store(url).batches.due_pending(PROCESSED_BATCH_TYPES, limit=MAX_RUNS_PER_TICK)
    finally:
        sa.event.remove(engine, "before_cursor_execute", capture)
    statement, parameters = captured[-1]
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        if engine.dialect.name == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + statement, parameters)
            return "\n".join(str(row[-1]) for row in cursor.fetchall())
        cursor.execute("EXPLAIN " + statement, parameters)
        return "\n".join(row[0] for row in cursor.fetchall())
    finally:
        raw.close()


def measure(url: str, ticks: int = 7) -> dict:
    with (
        tempfile.TemporaryDirectory(prefix="bench-instance-") as home,
        dg.DagsterInstance.local_temp(tempdir=home) as instance,
    ):
        context = dg.build_sensor_context(
            instance=instance,
            resources={"store": StoreResource(database_url=url), "files": FileStoreResource()},
        )
        times, runs = [], 0
        for _ in range(ticks + 1):  # the first (cold) tick is not counted
            started = time.perf_counter()
            result = pending_batches_sensor(context)
            times.append(time.perf_counter() - started)
            runs = len(result.run_requests or [])
    store = Store(url)
    queries = []
    for _ in range(ticks):
        started = time.perf_counter()
        store.batches.due_pending(PROCESSED_BATCH_TYPES, limit=MAX_RUNS_PER_TICK)
        queries.append(time.perf_counter() - started)
    plan = query_plan(url)
    return {
        "due_pending_median_s": median(queries),
        "tick_median_s": median(times[1:]),
        "tick_cold_s": times[0],
        "ticks": ticks,
        "run_requests_per_tick": runs,
        "index_used": INDEX in plan,
        "plan": plan,
    }


@contextlib.contextmanager
def sqlite_database():
    root = Path(tempfile.mkdtemp(prefix="bench-sensor-"))
    url = f"sqlite:///{root / 'app.sqlite'}"
    upgrade(url)
    try:
        yield url
    finally:
        dispose_all()
        shutil.rmtree(root, ignore_errors=True)


def run(total: int = 100_000, pending: int = 1_000) -> dict:
    out = {"rows": total, "pending": pending}
    for name, database in (("sqlite", sqlite_database), ("postgresql", new_postgres_database)):
        with database() as url:
            fill_s = fill(url, total, pending)
            out[name] = {"fill_s": fill_s, **measure(url)}
    return out
