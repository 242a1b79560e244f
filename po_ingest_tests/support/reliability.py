"""Helpers for the reliability tests: invariants of the queue and its files, concurrent
HTTP uploads, in-process workers, a run worker that SIGKILLs itself inside persist, and
everything Dagster recorded about a run, as text to search for secrets.

As a process (the crash worker; see `crash_worker`)::

    python -m po_ingest_tests.support.reliability DB_URL FILES_DIR DAGSTER_HOME BATCH_ID GENERATION WINDOW
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dagster as dg
import httpx
import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.files import TMP_PREFIX, FileStore
from po_ingest.lib.store import Store
from po_ingest.lib.store.schema import purchase_orders

REPO_ROOT = Path(__file__).resolve().parents[2]
ENDED = {Status.PROCESSED, Status.DEAD}


# -- invariants ----------------------------------------------------------------------------------
def files_on_disk(files: FileStore) -> set[str]:
    """Every file under the store's folders (temporary files included), as keys."""
    return {key for key, _path, _age in files.entries()}


def referenced_files(store: Store) -> tuple[set[str], set[str]]:
    """The orders' files, and the files batches still hold."""
    return store.orders.file_keys(), {
        b.original_file for b in all_batches(store) if b.original_file
    }


def assert_files_consistent(store: Store, files: FileStore) -> None:
    """Files on disk = the orders' files + the files batches still hold; no temp file."""
    on_disk = files_on_disk(files)
    temps = {k for k in on_disk if Path(k).name.startswith(TMP_PREFIX)}
    assert not temps, f"temporary files left: {sorted(temps)}"
    order_keys, batch_keys = referenced_files(store)
    referenced = order_keys | batch_keys
    assert referenced - on_disk == set(), f"lost files: {sorted(referenced - on_disk)}"
    assert on_disk - referenced == set(), f"orphan files: {sorted(on_disk - referenced)}"
    assert all(key.startswith("orders/") for key in order_keys)
    assert all(key.startswith("batches/") for key in batch_keys)


def all_batches(store: Store):
    return store.batches.list(limit=100_000)


def assert_each_processed_once(
    store: Store, expected_batches: set[str], *, exclusive: bool = True
) -> dict[str, int]:
    """Every expected batch is `processed`, pointing at an existing order; one order per
    po_number, owned by exactly one batch. `exclusive`: the store holds no other batches.
    Returns {po_number: order id}."""
    batches = {b.id: b for b in all_batches(store)}
    if exclusive:
        assert set(batches) == expected_batches, "batches lost or invented"
    else:
        assert expected_batches <= set(batches), "batches lost"
        batches = {i: b for i, b in batches.items() if i in expected_batches}
    not_done = {b.id: (b.status, b.last_error) for b in batches.values() if b.status != "processed"}
    assert not not_done, f"not processed: {not_done}"
    with store.engine.connect() as conn:
        orders = conn.execute(
            sa.select(purchase_orders.c.id, purchase_orders.c.po_number, purchase_orders.c.batch_id)
        ).all()
    by_number = Counter(o.po_number for o in orders)
    assert max(by_number.values(), default=1) == 1, "a po_number stored twice"
    owners = Counter(o.batch_id for o in orders)
    assert max(owners.values(), default=1) == 1, "a batch stored two orders"
    order_ids = {o.id for o in orders}
    for batch in batches.values():
        assert batch.processed_record_id in order_ids, batch
    return {o.po_number: o.id for o in orders}


# -- concurrent HTTP uploads -----------------------------------------------------------------
def upload_concurrently(
    base_url: str, token: str, documents: list[tuple[str, bytes]], threads: int = 32
) -> list[httpx.Response]:
    """POST every (filename, bytes) to /api/batches from `threads` threads at once."""
    local = threading.local()

    def send(doc: tuple[str, bytes]) -> httpx.Response:
        client = getattr(local, "client", None)
        if client is None:
            client = local.client = httpx.Client(
                base_url=base_url, headers={"Authorization": f"Bearer {token}"}, timeout=60
            )
        name, content = doc
        return client.post("/api/batches", files={"file": (name, content, "application/pdf")})

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(send, documents))


# -- in-process workers ------------------------------------------------------------------------
class Workers:
    """`count` threads, each with its own Dagster instance, that run `process_batch` for due
    pending batches (as the sensor would launch them) until `stop()` and the queue is empty.

    Workers pick among the oldest due batches at random, so two may launch a run for the
    same batch: the claim lets only one of them work on it (the other run fails at claim)."""

    def __init__(self, store: Store, run: Callable[[dg.DagsterInstance, str, int], bool], count=4):
        self.store, self.run, self.count = store, run, count
        self.runs = Counter()  # "won" | "lost"
        self.errors: list[BaseException] = []
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._work, daemon=True) for _ in range(count)]

    def start(self) -> Workers:
        for thread in self._threads:
            thread.start()
        return self

    def stop_when_idle(self, timeout: float = 300) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout)
            assert not thread.is_alive(), "a worker did not finish"
        if self.errors:
            raise self.errors[0]

    def _work(self) -> None:
        try:
            with dg.DagsterInstance.ephemeral() as instance:
                while True:
                    due = self.store.batches.due_pending(["purchase_orders"], limit=self.count)
                    if not due:
                        if self._stop.is_set():
                            return
                        time.sleep(0.05)
                        continue
                    row = random.choice(due)
                    won = self.run(instance, row.id, row.generation)
                    with self._lock:
                        self.runs["won" if won else "lost"] += 1
        except BaseException as exc:  # surfaced by stop_when_idle
            self.errors.append(exc)


# -- a run worker killed inside persist --------------------------------------------------------
# Where the worker SIGKILLs itself: the step boundaries of persist (`purchase_order`).
CRASH_WINDOWS = {
    "after_copy": "the order's copy of the file is written; nothing committed",
    "before_commit": "order and items inserted in the open transaction; not committed",
    "after_commit": "order and `processed` committed; the batch's file not yet deleted",
    "after_delete": "persist done; the run ends before Dagster records its success",
}


def install_crash(window: str) -> None:
    from po_ingest.lib.files import FileStore as Files
    from po_ingest.lib.store.orders import OrderStore

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    if window == "after_copy":
        copy = Files.copy

        def copy_then_die(self, source_key, target_key):
            copy(self, source_key, target_key)
            if target_key.startswith("orders/"):
                die()

        Files.copy = copy_then_die
    elif window == "before_commit":
        insert = OrderStore._insert

        def insert_then_die(self, *args, **kwargs):
            insert(self, *args, **kwargs)
            die()

        OrderStore._insert = insert_then_die
    elif window in ("after_commit", "after_delete"):
        delete = Files.delete

        def delete_around_death(self, key):
            if key.startswith("batches/") and window == "after_commit":
                die()
            delete(self, key)
            if key.startswith("batches/"):
                die()

        Files.delete = delete_around_death
    else:
        raise ValueError(window)


def crash_worker(argv: list[str]) -> None:
    """Run process_batch for one batch in this process, as a run worker does, and SIGKILL
    this process at the persist step boundary `window`."""
    from po_ingest_tests.support.pipeline import job_with, run_batch

    db_url, files_dir, dagster_home, batch_id, generation, window = argv
    install_crash(window)
    with dg.DagsterInstance.local_temp(tempdir=dagster_home) as instance:
        run_batch(job_with(db_url, files_dir), instance, batch_id, generation=int(generation))
    sys.exit(3)  # not killed: the window was never reached


def run_crash_worker(
    db_url: str, files_dir: Path, dagster_home: Path, batch_id: str, generation: int, window: str
) -> subprocess.Popen:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
    }
    Path(dagster_home).mkdir(parents=True, exist_ok=True)
    args = [db_url, str(files_dir), str(dagster_home), batch_id, str(generation), window]
    return subprocess.Popen(
        [sys.executable, "-m", "po_ingest_tests.support.reliability", *args],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


# -- hostile documents and requests ------------------------------------------------------------
def multipart(parts: list[tuple[str, bytes | None, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body byte for byte: (field name, raw filename or None, data).
    Client libraries escape what a hostile client would send as is (NUL, quotes, …)."""
    boundary = b"reliability-boundary-7f3a"
    body = b""
    for name, filename, data in parts:
        disposition = b'form-data; name="' + name.encode() + b'"'
        if filename is not None:
            disposition += b'; filename="' + filename + b'"'
        body += b"--" + boundary + b"\r\nContent-Disposition: " + disposition + b"\r\n"
        if filename is not None:
            body += b"Content-Type: application/pdf\r\n"
        body += b"\r\n" + data + b"\r\n"
    body += b"--" + boundary + b"--\r\n"
    return body, f"multipart/form-data; boundary={boundary.decode()}"


def pdf_with_truth(truth: dict, text: list[str] | None = None) -> bytes:
    """A PDF showing `text` (nothing: a scan, which the local parser declines) with the order
    embedded, so the fake Gemini answers it unless scripted otherwise."""
    import json

    import pymupdf

    from po_ingest_tests.support.documents import GROUND_TRUTH_NAME

    doc = pymupdf.open()
    page = doc.new_page()
    for number, line in enumerate(text or []):
        page.insert_text((72, 72 + 16 * number), line, fontsize=11)
    doc.embfile_add(GROUND_TRUTH_NAME, json.dumps({"order": truth, "script": {}}).encode())
    return doc.tobytes()


# -- an extractor whose errors carry secrets ---------------------------------------------------
class LeakyExtractor:
    """Fails as a careless client library would: the API key, the API token and a database
    password in the exception text, in shapes no credential pattern recognises. Transient
    on the first call of a document, permanent on the second (`module:factory` extractor)."""

    name = "leaky"
    calls: Counter = Counter()

    def extract(self, document):
        from po_ingest.lib.extraction.base import (
            PermanentExtractionError,
            TransientExtractionError,
        )

        key = os.environ["GEMINI_API_KEY"]
        token = os.environ["PO_INGEST_API_TOKEN"]
        LeakyExtractor.calls[document.batch_id] += 1
        if LeakyExtractor.calls[document.batch_id] == 1:
            raise TransientExtractionError(
                f"upstream 503 while calling with credentials {key}; retry later"
            )
        if LeakyExtractor.calls[document.batch_id] == 2:
            raise RuntimeError(f"unexpected: client state {{'k': '{key}', 'intake': '{token}'}}")
        raise PermanentExtractionError(f"refused: {key} / {token}")


# -- what Dagster recorded ---------------------------------------------------------------------
def recorded_text(instance: dg.DagsterInstance, run_id: str) -> str:
    """The run (tags, config), every event log record of it (messages, errors, metadata) and
    the captured compute logs, serialized: what the UI, GraphQL and the event log show."""
    parts = [dg.serialize_value(instance.get_run_by_id(run_id))]
    parts += [dg.serialize_value(record) for record in instance.all_logs(run_id)]
    return "\n".join(parts)


if __name__ == "__main__":
    crash_worker(sys.argv[1:])
