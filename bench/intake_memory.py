"""Benchmark (not a test): the intake's memory while it receives a 20 MB upload.

Starts `python -m po_ingest.intake.serve` on a free local port (temporary SQLite database
and file store), reads the server's peak RSS (VmHWM in /proc/<pid>/status) once it has
answered a first request, streams a 20 MB upload (the largest accepted) and then a
20 MB + 1 byte one (refused with 413), and prints the peak RSS after each.

    .venv/bin/python bench/intake_memory.py [--mb 20] [--uploads 3]

A server that buffered uploads in memory would grow by at least the file size; a
streaming one stays within a few MB of where it started.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from po_ingest.lib.content_types import MAX_UPLOAD_BYTES  # noqa: E402
from po_ingest.lib.store.migrate import upgrade  # noqa: E402

CHUNK = 256 * 1024
BOUNDARY = "benchboundary7f3a"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS (now) and VmHWM (peak) of a process, in kB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0])
    return values


def multipart(size: int) -> tuple[int, Iterator[bytes]]:
    """(Content-Length, body chunks) of a form with a `size`-byte PDF-looking file."""
    head = (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="batch_type"\r\n\r\n'
        f'purchase_orders\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n'
    ).encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()

    def chunks() -> Iterator[bytes]:
        yield head
        sent = 0
        while sent < size:
            n = min(CHUNK, size - sent)
            chunk = os.urandom(n)
            if sent == 0:
                chunk = b"%PDF-" + chunk[5:]
            sent += n
            yield chunk
        yield tail

    return len(head) + size + len(tail), chunks()


def upload(port: int, token: str, size: int) -> tuple[int, dict, float]:
    length, body = multipart(size)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    started = time.monotonic()
    try:
        conn.request(
            "POST",
            "/api/batches",
            body=body,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
                "Content-Length": str(length),
            },
        )
        response = conn.getresponse()
        status, payload = response.status, json.loads(response.read() or b"{}")
    except (BrokenPipeError, ConnectionResetError):
        # The server answered (413) and closed while we were still sending.
        response = conn.getresponse()
        status, payload = response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()
    return status, payload, time.monotonic() - started


def wait_until_up(port: int, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=MAX_UPLOAD_BYTES / (1024 * 1024))
    parser.add_argument("--uploads", type=int, default=3, help="accepted uploads to send")
    args = parser.parse_args()
    size = int(args.mb * 1024 * 1024)

    with tempfile.TemporaryDirectory(prefix="intake-bench-") as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
        upgrade(db_url)
        token = secrets.token_urlsafe(32)
        port = free_port()
        env = {
            **os.environ,
            "PO_INGEST_API_TOKEN": token,
            "PO_INGEST_DATABASE_URL": db_url,
            "PO_INGEST_FILES_DIR": str(Path(tmp) / "files"),
            "PO_INGEST_VAR_DIR": str(Path(tmp) / "var"),
            "PYTHONPATH": str(REPO),
        }
        server = subprocess.Popen(
            [sys.executable, "-m", "po_ingest.intake.serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(port, server)
            # Warm up: one small upload loads every code path (multipart, SQLAlchemy, …).
            status, _, _ = upload(port, token, 1024)
            assert status == 202, status
            before = memory_kb(server.pid)
            print(f"server pid {server.pid}; upload size {size / 2**20:.1f} MiB")
            print(
                f"before:                 peak RSS {before['VmHWM'] / 1024:7.1f} MiB "
                f"(current {before['VmRSS'] / 1024:.1f} MiB)"
            )
            for n in range(1, args.uploads + 1):
                status, payload, seconds = upload(port, token, size)
                after = memory_kb(server.pid)
                print(
                    f"after upload {n} ({status}):  peak RSS {after['VmHWM'] / 1024:7.1f} MiB "
                    f"(+{(after['VmHWM'] - before['VmHWM']) / 1024:.1f} MiB) in {seconds:.2f} s"
                    f"  {payload.get('batch_id', payload.get('detail', ''))}"
                )
            status, payload, seconds = upload(port, token, MAX_UPLOAD_BYTES + 1)
            after = memory_kb(server.pid)
            print(
                f"after 20 MB + 1 ({status}):  peak RSS {after['VmHWM'] / 1024:7.1f} MiB "
                f"(+{(after['VmHWM'] - before['VmHWM']) / 1024:.1f} MiB)  {payload.get('detail', '')}"
            )
            leftovers = [p for p in (Path(tmp) / "files").rglob(".tmp-*")]
            print(f"temporary files left in the file store: {len(leftovers)}")
        finally:
            server.terminate()
            server.wait(timeout=30)
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"peak RSS of the server process (getrusage, after exit): {children / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
