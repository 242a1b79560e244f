"""3b. Intake under slow clients, with the default settings (idle timeout 30 s, 256 uploads):
GET /api/batches while 200 uploads trickle in (one byte every 2 s; 1 KB/s), how long a stalled
upload stays open and what it leaves, and a 5 MB photo sent at 50 KB/s."""

from __future__ import annotations

import os
import select
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

from bench.common import IntakeServer, base_env, pct
from po_ingest.lib.store.migrate import upgrade
from po_ingest_tests.support.intake import read_until_closed

SLOW_UPLOADS = 200
HOLD_SECONDS = 20
TRICKLES = (("1 B / 2 s", 1, 2.0), ("1 KB/s", 1024, 1.0))  # (label, bytes, every seconds)
PHOTO_BYTES = 5 * 1024 * 1024
PHOTO_RATE = 50 * 1024  # bytes per second
BOUNDARY = "bench-slow-boundary"
PART_HEAD = (
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="site.jpg"\r\n'
    "Content-Type: image/jpeg\r\n\r\n"
).encode()
PART_TAIL = f"\r\n--{BOUNDARY}--\r\n".encode()


def _connect(server: IntakeServer, length_header: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(
        (
            f"POST /api/batches HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {server.token}\r\n"
            f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n{length_header}\r\n\r\n"
        ).encode()
    )
    return sock


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n" % len(data) + data + b"\r\n"


def _trickle(server: IntakeServer, size: int, every: float) -> dict:
    """SLOW_UPLOADS chunked uploads sending `size` bytes every `every` s; the API probed."""
    socks = [_connect(server, "Transfer-Encoding: chunked") for _ in range(SLOW_UPLOADS)]
    for sock in socks:
        sock.sendall(_chunk(PART_HEAD + b"\xff\xd8\xff\xe0"))  # a JPEG's first bytes
    stop = threading.Event()

    def feed() -> None:
        while not stop.wait(every):
            for sock in socks:
                sock.sendall(_chunk(b"A" * size))

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    time.sleep(2)  # all of them inside the server
    latencies, failures = [], 0
    with server.client() as client:
        client.timeout = 8
        deadline = time.monotonic() + HOLD_SECONDS
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                ok = client.get("/api/batches").status_code == 200
            except Exception:  # a timeout is the measurement, not an error of the bench
                ok = False
            latencies.append(time.perf_counter() - started)
            failures += not ok
            time.sleep(0.05)
    readable, _, _ = select.select(socks, [], [], 0)  # answered (dropped) before we let go
    stop.set()
    feeder.join()
    for sock in socks:
        sock.close()
    return {
        "uploads": SLOW_UPLOADS,
        "requests": len(latencies),
        "failed": failures,
        "p50_ms": pct(latencies, 50) * 1000,
        "p99_ms": pct(latencies, 99) * 1000,
        "max_ms": max(latencies) * 1000,
        "uploads_answered_early": len(readable),
    }


def _stalled(server: IntakeServer, files_dir: Path) -> dict:
    sock = _connect(server, "Content-Length: 10000000")
    sock.sendall(PART_HEAD + b"\xff\xd8\xff\xe0" + bytes(300))
    started = time.monotonic()
    answer = read_until_closed(sock, timeout=120)
    dropped_after = time.monotonic() - started
    sock.close()
    left = [p.name for p in files_dir.rglob("*") if p.is_file()]
    return {
        "status_line": answer.split(b"\r\n", 1)[0].decode(),
        "dropped_after_s": dropped_after,
        "files_left": left,
    }


def _photo_at_50_kb_s(server: IntakeServer) -> dict:
    photo = b"\xff\xd8\xff\xe0" + os.urandom(PHOTO_BYTES - 4)
    body = PART_HEAD + photo + PART_TAIL
    sock = _connect(server, f"Content-Length: {len(body)}")
    started = time.monotonic()
    for n, offset in enumerate(range(0, len(body), PHOTO_RATE)):
        time.sleep(max(0.0, started + n - time.monotonic()))
        sock.sendall(body[offset : offset + PHOTO_RATE])
    answer = read_until_closed(sock, timeout=30)
    sock.close()
    return {
        "bytes": len(photo),
        "status_line": answer.split(b"\r\n", 1)[0].decode(),
        "seconds": time.monotonic() - started,
    }


def run() -> dict:
    root = Path(tempfile.mkdtemp(prefix="bench-intake-slow-"))
    db_url = f"sqlite:///{root / 'app.sqlite'}"
    upgrade(db_url)
    server = IntakeServer(base_env(root, db_url), root / "intake.log")
    try:
        trickles = {label: _trickle(server, size, every) for label, size, every in TRICKLES}
        stalled = _stalled(server, root / "files")
        photo = _photo_at_50_kb_s(server)
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
    return {"trickles": trickles, "stalled": stalled, "photo": photo}
