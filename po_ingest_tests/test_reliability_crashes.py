"""Crashes inside persist: the run worker is SIGKILLed at each step boundary of the
`purchase_order` step, then the product's own safety net takes over (run monitoring marks
the run failed, `batch_run_failure_sensor` requeues the batch under a new generation, the
`pending_batches` sensor launches the next run, the watchdog removes orphan files).

The worker is a real process running the real job (in-process executor, as a run worker
does); `support/reliability.py` makes it kill itself with SIGKILL at the chosen boundary.
The SIGKILL during extraction through the real daemon is `test_e2e.py::
test_sigkill_of_the_run_worker_during_extraction_still_processes_once`.
"""

import signal

import dagster as dg
import pytest

from po_ingest.defs.resources import StoreResource
from po_ingest.defs.run_status import batch_run_failure_sensor
from po_ingest.lib.files import FileStore
from po_ingest.lib.housekeeping import collect_orphans
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import job_with, run_batch
from po_ingest_tests.support.reliability import (
    CRASH_WINDOWS,
    assert_each_processed_once,
    assert_files_consistent,
    files_on_disk,
    run_crash_worker,
)
from po_ingest_tests.support.sensor_ticks import pending_tick

# What the killed attempt left behind, by window: committed?, and the attempts at the end.
COMMITTED = {
    "after_copy": False,
    "before_commit": False,
    "after_commit": True,
    "after_delete": True,
}


def _recover(instance, store, run) -> None:
    """What the daemon does after a run worker died: run monitoring fails the run, the
    failure sensor settles its batch (twice: a sensor tick may repeat), the pending sensor
    launches the next run for each due batch."""
    instance.report_run_failed(run, message="run worker crashed (SIGKILL)")
    (record,) = instance.all_logs(run.run_id, of_type=dg.DagsterEventType.RUN_FAILURE)
    context = dg.build_run_status_sensor_context(
        sensor_name="batch_run_failure_sensor",
        dagster_event=record.dagster_event,
        dagster_instance=instance,
        dagster_run=instance.get_run_by_id(run.run_id),
        resources={"store": StoreResource(database_url=store.url)},
    ).for_run_failure()
    batch_run_failure_sensor(context)
    batch_run_failure_sensor(context)


def _launch_pending(instance, store, job) -> list[str]:
    result = pending_tick(instance, store)
    keys = []
    for request in result.run_requests or []:
        keys.append(request.run_key)
        batch_id = request.partition_key
        assert run_batch(job, instance, batch_id, tags=request.tags, generation=None).success
    return keys


@pytest.mark.slow
def test_sigkill_at_every_step_boundary_of_persist_processes_each_batch_once(
    db_url, store, files, tmp_path
):
    batches = {
        window: accept_upload(
            store, files, [purchase_order_pdf(order(f"PO-KILL-{window}"))], filename="k.pdf"
        )
        for window in CRASH_WINDOWS
    }
    homes = {window: tmp_path / f"dagster-{window}" for window in CRASH_WINDOWS}
    workers = {
        window: run_crash_worker(db_url, files.root, homes[window], batches[window].id, 0, window)
        for window in CRASH_WINDOWS
    }
    for window, worker in workers.items():
        output = worker.communicate(timeout=120)[0].decode(errors="replace")
        assert worker.returncode == -signal.SIGKILL, f"{window}: {output[-3000:]}"

    job = job_with(db_url, files.root)
    for window, batch in batches.items():
        with dg.DagsterInstance.local_temp(tempdir=str(homes[window])) as instance:
            (run,) = instance.get_runs()
            assert run.status == dg.DagsterRunStatus.STARTED, "killed: Dagster saw no end"
            left = store.batches.get(batch.id)
            if COMMITTED[window]:
                assert left.status == "processed" and left.original_file is None
                assert store.orders.find_by_po_number(f"PO-KILL-{window}") is not None
            else:  # the transaction died with the worker
                assert (left.status, left.dagster_run_id) == ("processing", run.run_id)
                assert store.orders.find_by_po_number(f"PO-KILL-{window}") is None
                assert files.exists(left.original_file), "the upload survives the crash"
            # Housekeeping at its most eager never removes a file a row refers to.
            collect_orphans(store, files, min_age_seconds=0)
            if left.original_file:
                assert files.exists(left.original_file)

            _recover(instance, store, run)
            keys = _launch_pending(instance, store, job)
            assert keys == ([] if COMMITTED[window] else [f"{batch.id}:1"]), window
            assert _launch_pending(instance, store, job) == [], "nothing left to launch"

            done = store.batches.get(batch.id)
            assert done.status == "processed", (window, done)
            assert done.attempts == (1 if COMMITTED[window] else 2), window
            saved = store.orders.get(done.processed_record_id)
            assert saved["batch_id"] == batch.id and files.exists(saved["file_key"])

    collect_orphans(store, files, min_age_seconds=0)
    assert_each_processed_once(store, {b.id for b in batches.values()})
    assert_files_consistent(store, files)


def test_a_run_that_lost_its_batch_inside_persist_leaves_the_winners_file_alone(
    db_url, store, files, monkeypatch
):
    """Run A is between its file copy and its commit when the batch is taken from it (run
    monitoring declared its worker dead; the worker was only stalled) and run B imports it.
    When A resumes, its commit loses (LostClaim) — and it must not delete orders/<id>,
    which is now B's order's file."""
    batch = accept_upload(store, files, [purchase_order_pdf(order("PO-ZOMBIE"))], filename="z.pdf")
    job = job_with(db_url, files.root)
    copy = FileStore.copy
    state = {"stalled": False}

    def copy_then_stall(self, source_key, target_key):
        copy(self, source_key, target_key)
        if target_key.startswith("orders/") and not state["stalled"]:
            state["stalled"] = True
            stalled = store.batches.get(batch.id)
            assert store.batches.release(batch.id, stalled.dagster_run_id, "worker lost", 3)
            with dg.DagsterInstance.ephemeral() as other:
                assert run_batch(job, other, batch.id, generation=1).success  # run B

    monkeypatch.setattr(FileStore, "copy", copy_then_stall)
    with dg.DagsterInstance.ephemeral() as instance:
        result = run_batch(job, instance, batch.id, generation=0)  # run A
    (failure,) = [e for e in result.all_events if e.event_type_value == "STEP_FAILURE"]
    assert failure.step_key == "purchase_order"
    assert "already processed" in failure.event_specific_data.error.message
    assert_each_processed_once(store, {batch.id})
    saved = store.orders.get(store.batches.get(batch.id).processed_record_id)
    assert files.exists(saved["file_key"]), "run A deleted the file of run B's order"
    collect_orphans(store, files, min_age_seconds=0)
    assert_files_consistent(store, files)
    assert files_on_disk(files) == {saved["file_key"]}
