"""1. Latency: uploads one at a time into the real stack, over HTTP or through `po-ingest
upload` → upload-to-processed, split into phases from the batch's timestamps and the run's
event log."""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import Stack, digital, median, pct, unique_pdf, upload
from po_ingest.lib.batch_runs import PACKED_TAG
from po_ingest_tests.support.daemon import REPO_ROOT

PO_INGEST = REPO_ROOT / ".venv" / "bin" / "po-ingest"

PHASES = (
    "sensor_wait",  # upload → run created (sensor tick)
    "queue_wait",  # run created → RUN_STARTING (dequeued and launched)
    "worker_launch",  # RUN_STARTING → the run worker's first engine event (process spawned)
    "worker_load",  # → RUN_START (the worker imported dagster and loaded the code location)
    "first_step",  # RUN_START → claim step starts
    "claim",
    "extract",
    "persist",
    "other",  # between steps and after persist's commit
)


_STEPS = {
    "extracted_purchase_order.claim_batch": "claim",
    "extracted_purchase_order.extract_order": "extract",
    "purchase_order": "persist",
}
# Dagster still writes the run events under their old PIPELINE_* names.
_RUN_EVENTS = {
    "RUN_STARTING": "starting",
    "PIPELINE_STARTING": "starting",
    "RUN_START": "start",
    "PIPELINE_START": "start",
    "ENGINE_EVENT": "engine",
}


def phases(instance, batch) -> dict[str, float] | None:
    """Seconds per phase of one processed batch; None when a packed backlog run processed it
    (its steps are several batches'), or its run record is not found."""
    record = instance.get_run_record_by_id(batch.dagster_run_id)
    if record is None or PACKED_TAG in record.dagster_run.tags:
        return None
    uploaded = batch.date_uploaded.timestamp()
    created = record.create_timestamp.timestamp()
    events: dict[str, float] = {}
    steps: dict[str, list[float]] = {}
    for entry in instance.all_logs(batch.dagster_run_id):
        event = entry.dagster_event
        if event is None:
            continue
        kind = _RUN_EVENTS.get(event.event_type_value)
        if kind == "engine" and "starting" not in events:
            continue
        if kind and kind not in events:
            events[kind] = entry.timestamp
        step = _STEPS.get(entry.step_key or "")
        if step and event.event_type_value in ("STEP_START", "STEP_SUCCESS"):
            steps.setdefault(step, []).append(entry.timestamp)
    out = {
        "sensor_wait": created - uploaded,
        "queue_wait": events["starting"] - created,
        "worker_launch": events["engine"] - events["starting"],
        "worker_load": events["start"] - events["engine"],
        "first_step": steps["claim"][0] - events["start"],
    }
    for name in ("claim", "extract", "persist"):
        out[name] = steps[name][-1] - steps[name][0]
    out["total"] = batch.processed_at.timestamp() - uploaded
    out["other"] = out["total"] - sum(out[p] for p in PHASES[:-1])
    return out


def cli_upload(stack: Stack, content: bytes, filename: str) -> tuple[str, float]:
    """`po-ingest upload` in the stack's environment (it launches the run itself when the
    stack launches at once): the batch id and the command's wall time."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / filename
        path.write_bytes(content)
        started = time.perf_counter()
        done = subprocess.run(
            [str(PO_INGEST), "upload", str(path)],
            env=stack.env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip(), time.perf_counter() - started


def run(stack: Stack, uploads: int = 20, via: str = "http") -> dict:
    docs = digital()
    samples, cli_seconds = [], []
    with stack.intake.client() as client:
        for n in range(uploads):
            doc = docs[n % len(docs)]
            content = unique_pdf(doc.path.read_bytes(), f"latency-{via}-{n}")
            if via == "cli":
                batch_id, seconds = cli_upload(stack, content, doc.path.name)
                cli_seconds.append(seconds)
            else:
                batch_id = upload(client, content, doc.path.name)
            stack.wait_done([batch_id], timeout=120)
            samples.append(batch_id)
            time.sleep(0.3)  # let the run worker exit before the next upload
    instance = stack.instance()
    rows, dead = [], 0
    for batch_id in samples:
        batch = stack.store.batches.get(batch_id)
        if batch.status != "processed":
            dead += 1
            continue
        rows.append(phases(instance, batch))
    totals = [r["total"] for r in rows]
    return {
        "via": via,
        "uploads": uploads,
        "cli_wall_p50_s": median(cli_seconds) if cli_seconds else None,
        "not_processed": dead,
        "p50_s": median(totals),
        "p95_s": pct(totals, 95),
        "phases_p50_s": {p: median([r[p] for r in rows]) for p in PHASES},
        "phases_p95_s": {p: pct([r[p] for r in rows], 95) for p in PHASES},
        "samples": rows,
    }
