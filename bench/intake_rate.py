"""3. Intake: uploads of 100 KB and 5 MB at concurrency 1 and 8 against the intake under
uvicorn (its own process, SQLite, no daemon) → requests/s, p50/p99, peak RSS from /proc."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.common import IntakeServer, base_env, memory_kb, pct, upload
from po_ingest.lib.store.migrate import upgrade

CASES = (  # (label, bytes, concurrency, requests)
    ("100KB", 100 * 1024, 1, 300),
    ("100KB", 100 * 1024, 8, 400),
    ("5MB", 5 * 1024 * 1024, 1, 30),
    ("5MB", 5 * 1024 * 1024, 8, 40),
)


def _pdf(size: int) -> bytes:
    return b"%PDF-1.7\n" + os.urandom(size - 9)


def run() -> dict:
    root = Path(tempfile.mkdtemp(prefix="bench-intake-"))
    db_url = f"sqlite:///{root / 'app.sqlite'}"
    upgrade(db_url)
    server = IntakeServer(base_env(root, db_url), root / "intake.log")
    results = []
    try:
        with server.client() as client:
            upload(client, _pdf(1024), "warm.pdf")
        baseline = memory_kb(server.process.pid)
        for label, size, concurrency, count in CASES:
            bodies = [_pdf(size) for _ in range(min(count, 8))]
            clients = [server.client() for _ in range(concurrency)]

            def send(n: int, bodies=bodies, clients=clients, label=label) -> float:
                t = time.perf_counter()
                upload(clients[n % len(clients)], bodies[n % len(bodies)], f"{label}-{n}.pdf")
                return time.perf_counter() - t

            started = time.perf_counter()
            with ThreadPoolExecutor(concurrency) as pool:
                latencies = list(pool.map(send, range(count)))
            wall = time.perf_counter() - started
            for c in clients:
                c.close()
            results.append(
                {
                    "size": label,
                    "concurrency": concurrency,
                    "requests": count,
                    "requests_per_s": count / wall,
                    "mb_per_s": count * size / wall / 2**20,
                    "p50_ms": pct(latencies, 50) * 1000,
                    "p99_ms": pct(latencies, 99) * 1000,
                    "peak_rss_mib": memory_kb(server.process.pid)["VmHWM"] / 1024,
                }
            )
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
    return {"baseline_rss_mib": baseline["VmHWM"] / 1024, "cases": results}
