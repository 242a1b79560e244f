"""2. Throughput: a burst of uploads (8 at a time over HTTP) → time until all are processed.
A burst of 2 000 is the backlog: more than PO_INGEST_BACKLOG_THRESHOLD due at once, packed
PO_INGEST_BACKLOG_PACK to a run (po_ingest/defs/backlog.py)."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

from bench import latency
from bench.common import Stack, digital, median, unique_pdf, upload
from po_ingest.lib.batch_runs import PACKED_TAG


def concurrency_settings(config_path) -> dict:
    config = yaml.safe_load(Path(config_path).read_text())
    coordinator = config.get("run_coordinator", {}).get("config", {})
    concurrency = config.get("concurrency", {})
    return {
        "max_concurrent_runs": concurrency.get("runs", {}).get("max_concurrent_runs"),
        "pool_default_limit": concurrency.get("pools", {}).get("default_limit"),
        "dequeue_interval_seconds": coordinator.get("dequeue_interval_seconds"),
        "dequeue_use_threads": coordinator.get("dequeue_use_threads"),
        "sensor_workers": config.get("sensors", {}).get("num_workers"),
        "executor": "in_process (one run worker process per batch)",
    }


def run(stack: Stack, uploads: int = 200, timeout: float = 600) -> dict:
    docs = digital()
    payloads = [
        (unique_pdf(docs[n % len(docs)].path.read_bytes(), f"burst-{n}"), f"burst-{n}.pdf")
        for n in range(uploads)
    ]
    clients = [stack.intake.client() for _ in range(8)]

    def send(n: int) -> str:
        content, name = payloads[n]
        return upload(clients[n % 8], content, name)

    started = time.time()
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(send, range(uploads)))
    uploaded = time.time() - started
    for client in clients:
        client.close()
    try:
        stack.wait_done(ids, timeout=timeout, poll=0.5)
        timed_out = False
    except TimeoutError:
        timed_out = True  # report what finished
    got = [stack.store.batches.get(i) for i in ids]
    processed = [b for b in got if b.status == "processed"]
    last = max(b.processed_at.timestamp() for b in processed)
    seconds = last - started
    instance = stack.instance()
    samples = [s for b in processed if (s := latency.phases(instance, b)) is not None]
    totals = [b.processed_at.timestamp() - b.date_uploaded.timestamp() for b in processed]
    runs = instance.get_runs(limit=100_000)
    jobs: dict[str, int] = {}
    for r in runs:
        jobs[r.job_name] = jobs.get(r.job_name, 0) + 1
    packed_runs = {r.run_id for r in runs if PACKED_TAG in r.tags}
    return {
        "uploads": uploads,
        "processed": len(processed),
        "dead": sum(b.status == "dead" for b in got),
        "unfinished": sum(b.status not in ("processed", "dead") for b in got),
        "timed_out_after_s": timeout if timed_out else None,
        "upload_seconds": uploaded,
        "seconds_to_all_processed": seconds,
        "orders_per_minute": len(processed) / seconds * 60,
        "cpus": os.cpu_count(),
        "settings": concurrency_settings(stack.instance_config),
        # Batches of one-batch runs only: a packed run's steps are several batches'.
        "phases_p50_s": (
            {p: median([r[p] for r in samples]) for p in latency.PHASES} if samples else {}
        ),
        "upload_to_processed_p50_s": median(totals),
        "upload_to_processed_max_s": max(totals),
        "batches_in_packed_runs": sum(
            bool(b.dagster_run_id) and b.dagster_run_id in packed_runs for b in processed
        ),
        "runs_by_job": jobs,
    }
