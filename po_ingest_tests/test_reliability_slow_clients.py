"""Slow and stalled uploads, as phones on a building site's mobile network send them, against
the intake under uvicorn: they cannot freeze the rest of the API, a stalled one is dropped with
nothing kept, and a slow but steady one gets through.

The timeouts are configured short here; `python -m bench --only intake` measures the defaults
(200 uploads at one byte every 2 s, a 5 MB photo at 50 KB/s).
"""

import socket
import time

import httpx
import pytest

from po_ingest.lib.store import Store
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import (
    TOKEN,
    BackgroundServer,
    intake_app,
    read_until_closed,
    stored_files,
)
from po_ingest_tests.support.reliability import multipart

PDF = purchase_order_pdf(order("PO-SLOW-1"))
BODY, CONTENT_TYPE = multipart([("file", b"slow.pdf", PDF)])
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def _start_upload(port: int, declared_length: int = 10_000_000) -> socket.socket:
    """An upload that sends its headers and the first bytes of its file, then nothing."""
    sock = socket.create_connection(("127.0.0.1", port))
    head = (
        "POST /api/batches HTTP/1.1\r\nHost: intake\r\n"
        f"Authorization: Bearer {TOKEN}\r\nContent-Type: {CONTENT_TYPE}\r\n"
        f"Content-Length: {declared_length}\r\n\r\n"
    )
    sock.sendall(head.encode() + BODY[:300])
    return sock


def _steady_body(chunk_bytes: int, interval: float):
    for start in range(0, len(BODY), chunk_bytes):
        time.sleep(interval)
        yield BODY[start : start + chunk_bytes]


@pytest.fixture
def store(sqlite_url) -> Store:
    return Store(sqlite_url)


@pytest.fixture
def serve(sqlite_url, files):
    def start(**settings) -> BackgroundServer:
        return BackgroundServer(intake_app(sqlite_url, files.root, **settings))

    return start


def test_while_200_stalled_uploads_are_open_the_api_answers_and_the_next_upload_is_503(
    serve, store
):
    with serve(max_concurrent_uploads=200, upload_idle_seconds=60) as server:
        stalled = [_start_upload(server.port) for _ in range(200)]
        with httpx.Client(base_url=server.url, headers=AUTH, timeout=30) as client:
            deadline = time.monotonic() + 20
            while (
                refused := client.post(
                    "/api/batches", content=BODY, headers={"Content-Type": CONTENT_TYPE}
                )
            ).status_code != 503 and time.monotonic() < deadline:
                time.sleep(0.1)  # until the server has taken in all 200
            assert refused.status_code == 503, refused.text
            assert refused.headers["retry-after"] == "5"
            assert "200 uploads are arriving already" in refused.json()["detail"]

            listed = client.get("/api/batches")
            assert listed.status_code == 200 and listed.json()["items"] == []
            assert client.get("/").status_code == 200
        for sock in stalled:
            sock.close()
    assert store.batches.list() == []


def test_a_stalled_upload_is_dropped_after_the_idle_timeout_and_nothing_is_kept(
    serve, store, files
):
    with serve(upload_idle_seconds=0.5) as server:
        sock = _start_upload(server.port)
        started = time.monotonic()
        answer = read_until_closed(sock, timeout=10)
        waited = time.monotonic() - started
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert b"no data arrived for 0.5 s" in answer
    assert 0.4 < waited < 5, waited  # dropped, connection closed, not left open
    assert store.batches.list() == [] and stored_files(files) == []


def test_a_slow_but_steady_upload_gets_through(serve, store, files):
    """Each chunk comes well inside the idle timeout, the whole upload takes four times it."""
    interval = 0.1
    chunk_bytes = len(BODY) // 20 + 1
    with serve(upload_idle_seconds=0.5) as server:
        started = time.monotonic()
        response = httpx.post(
            f"{server.url}/api/batches",
            content=_steady_body(chunk_bytes, interval),
            headers={**AUTH, "Content-Type": CONTENT_TYPE},
            timeout=30,
        )
        took = time.monotonic() - started
    assert response.status_code == 202, response.text
    assert took > 4 * 0.5
    batch = store.batches.get(response.json()["batch_id"])
    assert (batch.status, batch.file_size) == ("pending", len(PDF))
    assert files.read(batch.original_file) == PDF
