"""Helpers for the intake tests: an app on a real store, and batches put in any state."""

from __future__ import annotations

import datetime as dt
import socket
import threading
import time
from pathlib import Path

import uvicorn
from fastapi.testclient import TestClient

from po_ingest.intake.app import create_app
from po_ingest.intake.settings import IntakeSettings
from po_ingest.lib.files import FileStore, order_key
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.store import Batch, Store
from po_ingest_tests.support.documents import order

TOKEN = "tst-Qm7Rx2Vb9LkP4wZc8NfH3jYd6TgS1uEa"
DAGSTER_UI = "http://dagster.test:3000"


def intake_app(db_url: str, files_dir: Path, **overrides):
    settings = IntakeSettings(
        api_token=TOKEN,
        database_url=db_url,
        files_dir=Path(files_dir),
        dagster_ui_url=DAGSTER_UI,
        **overrides,
    )
    return create_app(settings)


def client_as(app, store: Store, name: str, role: str) -> TestClient:
    """A client of `app` with the token of a new user `name` in `role`."""
    client = TestClient(app)
    client.headers["Authorization"] = f"Bearer {store.users.add(name, role)}"
    return client


def stored_files(files: FileStore) -> list[Path]:
    """Everything in the file store, temporary files included."""
    return sorted(p for p in files.root.rglob("*") if p.is_file())


def import_batch(store: Store, files: FileStore, batch: Batch, po_number: str) -> int:
    """What the pipeline does for a batch (claim, copy the file to the order, persist);
    returns the order id."""
    run_id = f"run-{batch.id}"
    assert store.batches.claim(batch.id, run_id, statuses=["pending"])
    key = order_key(batch.id, batch.content_type)
    files.copy(batch.original_file, key)
    result = ExtractionResult(
        order=ExtractedPurchaseOrder.model_validate(order(po_number)), extractor="test"
    )
    outcome = store.orders.persist(batch.id, run_id, result, key)
    files.delete(batch.original_file)
    return outcome.order_id


def put_in_state(store: Store, batch: Batch, status: str) -> None:
    """Move a pending batch to `status` the way the pipeline would (not `processed`)."""
    if status == "pending":
        return
    run_id = f"run-{batch.id}"
    assert store.batches.claim(batch.id, run_id, statuses=["pending"])
    if status == "failed":
        retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(minutes=1)
        assert store.batches.mark_failed(batch.id, run_id, "model unavailable (503)", retry_at)
    elif status == "dead":
        assert store.batches.mark_dead(batch.id, run_id, "model unavailable (503)")
    else:
        assert status == "processing", status


def read_until_closed(sock: socket.socket, timeout: float) -> bytes:
    """Everything the server sends until it closes the connection (or `timeout`)."""
    sock.settimeout(timeout)
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except TimeoutError:
        pass
    return received


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class BackgroundServer:
    """uvicorn serving an app on a free local port, in a thread of this process."""

    def __init__(self, app, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> BackgroundServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


# Headless Chromium from Debian's package; Playwright never downloads a browser.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
