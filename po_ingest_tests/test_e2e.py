"""End to end: a real dagster-daemon (sensors, run queue), its code server (run workers), the
SQLite app database and a real file store, exactly as `make run` starts them
(support/e2e_stack.py; the browser tests share the same daemon)."""

import contextlib
import json
import os
import signal
import time
from pathlib import Path

import dagster as dg
import pytest

from po_ingest.lib.batch_runs import packed_batches
from po_ingest_tests.support import bad_files
from po_ingest_tests.support.daemon import wait_for
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.e2e_stack import MAX_ATTEMPTS, MODEL_LANE_SLOTS

pytestmark = pytest.mark.e2e
TIMEOUT = 180


@pytest.fixture(scope="module")
def stack(e2e_stack):
    return e2e_stack


@pytest.fixture(autouse=True)
def _environment(stack, monkeypatch):
    for key, value in stack.env().items():
        if key.startswith(("PO_INGEST_", "GEMINI_")) or key == "DAGSTER_HOME":
            monkeypatch.setenv(key, value)


def test_three_uploads_become_three_orders(stack):
    batches = [stack.upload(f"PO-E2E-{n}", lines=n) for n in (1, 2, 3)]
    for n, batch in enumerate(batches, start=1):
        done = stack.wait_status(batch.id, {"processed", "dead"})
        assert (done.status, done.attempts, done.original_file) == ("processed", 1, None)
        saved = stack.store.orders.get(done.processed_record_id)
        assert len(saved["items"]) == n
        assert stack.files.exists(saved["file_key"])
        # persist commits, then deletes the upload's file: the status can be seen first.
        wait_for(
            lambda key=batch.original_file: not stack.files.exists(key),
            TIMEOUT,
            "the uploaded file to be removed",
        )
    with dg.DagsterInstance.get() as instance:
        assert instance.has_dynamic_partition("batches", batches[0].id)
        run_id = stack.store.batches.get(batches[0].id).dagster_run_id
        # The batch is processed when persist commits; the run ends a moment later.
        run = wait_for(
            lambda: (r := instance.get_run_by_id(run_id)).is_finished and r,
            TIMEOUT,
            "the run to finish",
        )
        assert run.status == dg.DagsterRunStatus.SUCCESS
        assert run.tags["po_ingest/batch_id"] == batches[0].id


def test_two_failures_then_success_shows_failed_with_retry_time_in_between(stack):
    batch = stack.upload("PO-E2E-FLAKY", script={"fail_times": 2})
    seen: list = []
    done = stack.wait_status(batch.id, {"processed", "dead"}, seen=seen)
    assert (done.status, done.attempts) == ("processed", 3)
    waits = [retry_at for status, retry_at in seen if status == "failed"]
    assert waits and all(retry_at is not None for retry_at in waits)
    assert stack.store.orders.get(done.processed_record_id)["po_number"] == "PO-E2E-FLAKY"


def test_always_failing_batch_is_dead_after_three_attempts(stack):
    batch = stack.upload("PO-E2E-DOOMED", script={"always_fail": True})
    dead = stack.wait_status(batch.id, {"processed", "dead"})
    assert (dead.status, dead.attempts) == ("dead", 3)
    assert "model unavailable (503) on call 3" in dead.last_error
    assert "AIza" not in dead.last_error


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _command(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def test_a_run_worker_is_forked_from_the_code_servers_warm_forkserver(stack):
    # make run's code server (po_ingest/code_server.py): no new interpreter and no
    # `import dagster` for each batch's run.
    batch = stack.upload("PO-E2E-FORKED", script={"hold": "forked"})
    stack.wait_status(batch.id, {"processing"})
    code_server = stack.daemon.code_server.process.pid
    (forkserver,) = [
        pid for pid in _children(code_server) if b"multiprocessing.forkserver" in _command(pid)
    ]
    # The stack is shared: another test's run may still be finishing beside this one.
    workers = wait_for(lambda: _children(forkserver), 30, "the run worker")
    assert {_command(worker) for worker in workers} == {_command(forkserver)}, (
        "forked, not a new program"
    )
    stack.state_dir.mkdir(parents=True, exist_ok=True)
    (stack.state_dir / "forked").write_text("released")
    assert stack.wait_status(batch.id, {"processed", "dead"}).status == "processed"


def test_sigkill_of_run_workers_during_extraction_still_processes_each_once(stack):
    # One more than the `gemini` pool's 4 slots: a killed worker's slot must be freed
    # (run_monitoring.free_slots_after_run_end_seconds), or the fifth batch waits forever.
    numbers = [f"PO-E2E-KILL-{n}" for n in range(5)]
    batches = [stack.upload(number, script={"kill_once": True}) for number in numbers]
    for number, batch in zip(numbers, batches, strict=True):
        done = stack.wait_status(batch.id, {"processed", "dead"})
        # The failure sensor requeued the batch under a new generation; a new run imported it.
        assert (done.status, done.generation, done.attempts) == ("processed", 1, 2), done
        assert stack.store.orders.find_by_po_number(number)["id"] == done.processed_record_id
        with dg.DagsterInstance.get() as instance:
            runs = instance.get_runs(dg.RunsFilter(tags={"po_ingest/batch_id": batch.id}))
            statuses = sorted(run.status.value for run in runs if run.run_id != done.dagster_run_id)
            assert statuses == ["FAILURE"], "the killed run is failed"


def test_a_backlog_is_packed_and_a_killed_packed_run_loses_and_doubles_nothing(stack):
    """More digital documents due at once than PO_INGEST_BACKLOG_THRESHOLD (10 in this
    stack): the sensor packs them five to a run (defs/backlog.py). One kills its run worker,
    one fails once."""
    numbers = [f"PO-E2E-BACKLOG-{n:02}" for n in range(24)]
    scripts = {numbers[12]: {"kill_once": True}, numbers[5]: {"fail_times": 1}}
    pdfs = [purchase_order_pdf(order(n), scripts.get(n)) for n in numbers]
    batches = [stack.upload_bytes(pdf, f"{n}.pdf") for n, pdf in zip(numbers, pdfs, strict=True)]
    for number, batch in zip(numbers, batches, strict=True):
        done = stack.wait_status(batch.id, {"processed", "dead"})
        assert done.status == "processed", done.last_error
        assert stack.store.orders.find_by_po_number(number)["id"] == done.processed_record_id
    assert stack.store.batches.get(batches[12].id).attempts == 2, "killed once, then imported"
    assert stack.store.batches.get(batches[5].id).attempts == 2, "failed once, then imported"
    with dg.DagsterInstance.get() as instance:
        packed = instance.get_runs(dg.RunsFilter(job_name="process_batch_backlog"))
        carried = {ref[0] for run in packed for ref in packed_batches(run.tags)}
        assert len(carried & {b.id for b in batches}) >= 10, "a backlog shares runs"
        for batch in batches:
            records = instance.fetch_materializations(
                dg.AssetRecordsFilter(
                    asset_key=dg.AssetKey("purchase_order"), asset_partitions=[batch.id]
                ),
                limit=5,
            ).records
            assert len(records) == 1, "each batch stored, and materialized, once"


def test_retry_of_a_dead_batch_processes_it(stack):
    batch = stack.upload("PO-E2E-RETRY", script={"fail_times": 3})
    assert stack.wait_status(batch.id, {"processed", "dead"}).status == "dead"
    assert stack.store.batches.retry(batch.id)
    done = stack.wait_status(batch.id, {"processed"})
    assert (done.attempts, done.generation) == (1, 1)
    assert stack.store.orders.count() >= 1


def _corpus_file(corpus_documents, kind: str, layout: str):
    _, documents = corpus_documents
    doc = next(d for d in documents if d.kind == kind and d.layout == layout)
    truth = json.loads(doc.ground_truth_path.read_text())
    return doc.path.read_bytes(), {k: v for k, v in truth.items() if not k.startswith("_")}


def test_digital_po_is_imported_with_no_model_call(stack, corpus_documents):
    content, truth = _corpus_file(corpus_documents, "digital", "multi_page")
    calls_before = len(stack.gemini.requests)
    batch = stack.upload_bytes(content, "scanner-output.pdf")
    done = stack.wait_status(batch.id, {"processed", "dead"})
    assert done.status == "processed", done.last_error
    saved = stack.store.orders.get(done.processed_record_id)
    assert saved["po_number"] == truth["po_number"] and len(saved["items"]) == len(truth["items"])
    assert len(stack.gemini.requests) == calls_before


def test_scan_is_imported_through_gemini(stack, corpus_documents):
    content, truth = _corpus_file(corpus_documents, "scan", "german")
    stack.gemini.expect(content, truth)
    batch = stack.upload_bytes(content, "scan.pdf")
    done = stack.wait_status(batch.id, {"processed", "dead"})
    assert done.status == "processed", done.last_error
    saved = stack.store.orders.get(done.processed_record_id)
    raw = json.loads(saved["raw_extraction"])
    assert raw["extractor"] == "gemini" and raw["input_tokens"] > 0

    # A model's reading waits for a person; their approval shows in the partition's history.
    assert saved["review_status"] == "needs_review"
    stack.store.reviews.approve(done.processed_record_id, "rita", saved["revision"])
    observed = dg.AssetRecordsFilter(
        asset_key=dg.AssetKey("purchase_order"), asset_partitions=[batch.id]
    )

    def approval_observed():
        with dg.DagsterInstance.get() as instance:
            records = instance.fetch_observations(observed, limit=10).records
        return [
            r.asset_observation.metadata["who"].value
            for r in records
            if r.asset_observation and r.asset_observation.metadata["action"].value == "approved"
        ]

    assert wait_for(approval_observed, 60, "the approval in Dagster", poll=1) == ["rita"]


def test_a_model_outage_starves_no_digital_document_and_kills_no_scan(stack, corpus_documents):
    """Gemini's endpoint goes away. Scans fill the model lane, waiting out the outage with no
    attempt spent; a digital PO uploaded then is imported at once, in its own lane. Down for
    for more tries than the retry budget (3 attempts, 1 + 2 s here): back up, every scan is
    imported, once."""
    _, documents = corpus_documents
    scans = [d for d in documents if d.kind == "scan"][: MODEL_LANE_SLOTS + 1]
    stack.gemini.stop()  # connection refused, as when the API or the network is gone
    try:
        waiting = []
        for doc in scans:
            truth = {
                k: v
                for k, v in json.loads(doc.ground_truth_path.read_text()).items()
                if k[0] != "_"
            }
            stack.gemini.expect(doc.path.read_bytes(), truth)
            waiting.append((stack.upload_bytes(doc.path.read_bytes(), doc.path.name), truth))

        def in_outage() -> bool:
            rows = [stack.store.batches.get(b.id) for b, _ in waiting]
            return (
                sum("waiting for the model" in (r.last_error or "") for r in rows)
                >= MODEL_LANE_SLOTS
            )

        wait_for(in_outage, TIMEOUT, "the scans to wait out the outage")
        # Starved, it would wait for the endpoint, which stays down until it is done; how fast
        # it goes (15 s) is measured by `make bench` (outage), not timed on a shared machine.
        digital = stack.upload("PO-E2E-DURING-OUTAGE")
        done = stack.wait_status(digital.id, {"processed", "dead"}, timeout=TIMEOUT)
        assert done.status == "processed" and done.lane == "local", done.last_error
        assert done.attempts == 1
        assert in_outage(), "the scans still hold the model lane while the digital PO went by"

        # Each scan holding the lane tries its step again more times than its whole attempt
        # budget (3, 1 + 2 s of backoff) while the model stays down: counted, it would die.
        def rows():
            return [stack.store.batches.get(b.id) for b, _ in waiting]

        holding = [
            r.dagster_run_id for r in rows() if "waiting for the model" in (r.last_error or "")
        ]
        tried = {run_id: _step_retries(run_id) for run_id in holding}
        wait_for(
            lambda: (
                any(r.status == "dead" for r in rows())
                or all(_step_retries(run_id) >= tried[run_id] + MAX_ATTEMPTS for run_id in holding)
            ),
            TIMEOUT,
            f"each waiting scan to try {MAX_ATTEMPTS} more times",
            poll=1,
        )
        dead = [r for r in rows() if r.status == "dead"]
        assert not dead, [r.last_error for r in dead]
    finally:
        stack.gemini.start()
    waited = 0
    for batch, truth in waiting:
        done = stack.wait_status(batch.id, {"processed", "dead"})
        assert done.status == "processed", done.last_error
        assert done.attempts <= 3 and done.lane == "model"
        order = stack.store.orders.find_by_po_number(truth["po_number"])
        assert order["id"] == done.processed_record_id and order["batch_id"] == batch.id
        waited += any(w.startswith("model_outage:") for w in done.warnings)
    # The one past the lane's slots was queued, not waiting, for most of the outage.
    assert waited >= MODEL_LANE_SLOTS


def _step_retries(run_id: str) -> int:
    with dg.DagsterInstance.get() as instance:
        return len(instance.all_logs(run_id, of_type=dg.DagsterEventType.STEP_UP_FOR_RETRY))


BAD_FILES = {
    "corrupt PDF": bad_files.corrupt_pdf,
    "encrypted PDF": bad_files.encrypted_pdf,
    "the PDF has 500 pages": bad_files.many_pages_pdf,
    "image is too large": bad_files.huge_png,
    "not a purchase order": bad_files.jpeg_photo,  # a JPEG named .pdf
}


def test_bad_files_end_dead_with_a_reason_and_the_queue_goes_on(stack):
    uploaded = {
        reason: stack.upload_bytes(make(), "order.pdf") for reason, make in BAD_FILES.items()
    }
    healthy = stack.upload("PO-E2E-AFTER-BAD-FILES")
    for reason, batch in uploaded.items():
        dead = stack.wait_status(batch.id, {"processed", "dead"})
        assert (dead.status, dead.attempts) == ("dead", 1)
        assert reason in dead.last_error
    assert stack.wait_status(healthy.id, {"processed", "dead"}).status == "processed"
    assert stack.daemon.process.poll() is None, "the daemon is still running"


def test_daemon_killed_mid_tick_and_restarted_loses_and_duplicates_nothing(stack):
    batches = [stack.upload(f"PO-E2E-DAEMON-{n}") for n in range(4)]
    time.sleep(1.0)  # the sensor ticks every 2 s: kill it while it registers and launches
    os.kill(stack.daemon.process.pid, signal.SIGKILL)  # the daemon only: the code server and
    stack.daemon.process.wait()  # its runs live on
    stack.daemon.start()
    for batch in batches:
        done = stack.wait_status(batch.id, {"processed", "dead"})
        assert done.status == "processed", done.last_error
    numbers = [f"PO-E2E-DAEMON-{n}" for n in range(4)]
    orders = [stack.store.orders.find_by_po_number(n) for n in numbers]
    assert all(orders) and len({o["batch_id"] for o in orders}) == 4
