"""7. Model outage: Gemini's endpoint gone for 10 minutes (the production retry delays, 60 and
300 s, and probe interval, 30 s). As many scans as the model lane has slots wait out the
outage; a digital PO uploaded then must be imported within 15 s; back up, every scan must be
imported, none dead, each once. Memory of a sleeping run worker and of the whole stack."""

from __future__ import annotations

import json
import time
from pathlib import Path

import yaml

from bench.common import Stack, corpus, digital, median, memory_kb, unique_pdf, upload
from po_ingest.lib.lanes import MODEL
from po_ingest_tests.support.daemon import REPO_ROOT
from po_ingest_tests.support.fake_gemini import TEST_API_KEY, FakeGemini


def model_lane_slots() -> int:
    runs = yaml.safe_load((REPO_ROOT / "dagster.yaml").read_text())["concurrency"]["runs"]
    return next(x["limit"] for x in runs["tag_concurrency_limits"] if x["value"] == MODEL)


def _scans(count: int) -> list[tuple[bytes, dict]]:
    """`count` distinct scans, each with its own purchase-order number."""
    sources = [d for d in corpus() if d.kind == "scan"]
    out = []
    for n in range(count):
        doc = sources[n % len(sources)]
        truth = {
            k: v for k, v in json.loads(doc.ground_truth_path.read_text()).items() if k[0] != "_"
        }
        truth["po_number"] = f"{truth['po_number']}-OUT{n}"
        out.append((unique_pdf(doc.path.read_bytes(), f"outage-{n}"), truth))
    return out


def _memory(stack: Stack) -> dict:
    """RSS of the sleeping run workers (processes the code server spawned) and of everything."""
    workers, total = [], 0
    for pid in stack.processes():
        try:
            rss = memory_kb(pid)["VmRSS"] * 1024
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except (OSError, KeyError):
            continue
        total += rss
        if "spawn_main" in cmdline:
            workers.append(rss)
    return {
        "run_workers": len(workers),
        "run_worker_rss_mib_median": median(workers) / 2**20 if workers else None,
        "stack_rss_mib": total / 2**20,
    }


def _waiting(stack: Stack, ids: list[str]) -> int:
    return sum(
        "waiting for the model" in (stack.store.batches.get(i).last_error or "") for i in ids
    )


def run(outage_minutes: float = 10) -> dict:
    slots = model_lane_slots()
    scans = _scans(slots)
    with FakeGemini() as fake:
        stack = Stack()
        stack.env.update(GEMINI_API_KEY=TEST_API_KEY, PO_INGEST_GEMINI_BASE_URL=fake.url)
        with stack, stack.intake.client() as client:
            warm = digital()[0]
            stack.wait_done([upload(client, unique_pdf(warm.path.read_bytes(), "w"), "w.pdf")], 240)
            fake.stop()
            down_at = time.monotonic()
            ids = []
            for n, (content, truth) in enumerate(scans):
                fake.expect(content, truth)
                ids.append(upload(client, content, f"scan-{n}.pdf"))
            deadline = down_at + 300
            while _waiting(stack, ids) < slots and time.monotonic() < deadline:
                time.sleep(2)
            waiting = _waiting(stack, ids)
            memory = _memory(stack)
            started = time.monotonic()
            healthy = upload(client, unique_pdf(digital()[1].path.read_bytes(), "h"), "h.pdf")
            stack.wait_done([healthy], timeout=120, poll=0.1)
            digital_seconds = time.monotonic() - started
            time.sleep(max(0.0, down_at + outage_minutes * 60 - time.monotonic()))
            dead_during = sum(stack.store.batches.get(i).status == "dead" for i in ids)
            fake.start()
            back_at = time.monotonic()
            stack.wait_done(ids, timeout=900, poll=1)
            drained = time.monotonic() - back_at
            done = [stack.store.batches.get(i) for i in ids]
            orders = {stack.store.orders.get(b.processed_record_id)["po_number"] for b in done}
            healthy_status = stack.store.batches.get(healthy).status
    return {
        "model_lane_slots": slots,
        "scans": len(ids),
        "scans_waiting_in_outage": waiting,
        "outage_minutes": outage_minutes,
        "digital_upload_to_processed_s": digital_seconds,
        "digital_status": healthy_status,
        "dead_during_outage": dead_during,
        "processed_after": sum(b.status == "processed" for b in done),
        "dead_after": sum(b.status == "dead" for b in done),
        "distinct_orders": len(orders),
        "attempts_max": max(b.attempts for b in done),
        "seconds_to_drain_after_recovery": drained,
        "memory": memory,
    }
