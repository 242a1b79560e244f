"""Sensors evaluated directly: pending batches → runs; ended runs → batch status; watchdog."""

import datetime as dt
import os

import dagster as dg
import pytest

from po_ingest.definitions import defs
from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.defs.run_status import (
    batch_run_canceled_sensor,
    batch_run_failure_sensor,
    batch_run_success_sensor,
)
from po_ingest.defs.watchdog import rescue_abandoned, rescue_stuck, stuck_batches_watchdog
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import NewBatch
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import job_with, run_batch
from po_ingest_tests.support.sensor_ticks import pending_tick


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


def _upload(store, files, po_number="PO-1", batch_type="purchase_orders"):
    pdf = purchase_order_pdf(order(po_number))
    return accept_upload(store, files, [pdf], filename="x.pdf", batch_type=batch_type)


def _evaluate_pending(instance, store, files=None):
    return pending_tick(instance, store, files)


def test_pending_batches_get_partitions_and_one_run_each(store, files, instance):
    first, second = _upload(store, files, "PO-1"), _upload(store, files, "PO-2")
    note = _upload(store, files, "DN-1", batch_type="delivery_notes")
    result = _evaluate_pending(instance, store, files)
    keys = [f"{first.id}:0", f"{second.id}:0", f"{note.id}:0"]
    assert [r.run_key for r in result.run_requests] == keys
    jobs = [r.job_name for r in result.run_requests]
    assert jobs == ["process_batch", "process_batch", "process_delivery_note"]
    assert result.run_requests[0].partition_key == first.id
    assert result.run_requests[0].tags == {
        "po_ingest/batch_id": first.id,
        "po_ingest/generation": "0",
        "po_ingest/lane": "local",
    }
    (request,) = result.dynamic_partitions_requests
    assert request.partitions_def_name == "batches"
    assert list(request.partition_keys) == [first.id, second.id, note.id]
    uploads = {e.partition: e.metadata for e in result.asset_events}
    assert uploads[first.id]["sha256"].value == first.file_sha256
    assert uploads[first.id]["file_size"].value == first.file_size

    instance.add_dynamic_partitions("batches", [first.id, second.id, note.id])
    again = _evaluate_pending(instance, store, files)
    assert again.run_requests == [], "launched for this generation: not requested again"
    launched = store.batches.get(first.id)
    assert (launched.launched_generation, launched.lane) == (0, "local") and launched.launched


def test_no_pending_batches_skips(store, instance):
    result = _evaluate_pending(instance, store)
    assert result.run_requests == [] and result.skip_reason


def test_requeued_batch_gets_a_new_run_key(store, files, instance):
    batch = _upload(store, files)
    store.batches.claim(batch.id, "run-a", statuses=["pending"], generation=0)
    store.batches.release(batch.id, "run-a", "crash", max_attempts=3)
    (request,) = _evaluate_pending(instance, store).run_requests
    assert request.run_key == f"{batch.id}:1"


def _failed_run(instance, store, files):
    """A real failed run of the job (it lost its claim), and a batch we then hand to it."""
    batch = _upload(store, files, "PO-CRASH")
    result = run_batch(job_with(store.url, files.root), instance, batch.id, generation=9)
    assert not result.success
    run = instance.get_run_by_id(result.run_id)
    assert store.batches.claim(batch.id, run.run_id, statuses=["pending"], generation=0)
    return batch, run


def _status_context(instance, store, run, event_type):
    (record,) = instance.all_logs(run.run_id, of_type=event_type)
    return dg.build_run_status_sensor_context(
        sensor_name="s",
        dagster_event=record.dagster_event,
        dagster_instance=instance,
        dagster_run=run,
        resources={"store": StoreResource(database_url=store.url)},
    )


def test_failed_run_holding_its_batch_requeues_it_once(store, files, instance):
    batch, run = _failed_run(instance, store, files)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_failure_sensor(context.for_run_failure())
    requeued = store.batches.get(batch.id)
    assert (requeued.status, requeued.generation, requeued.attempts) == ("pending", 1, 1)
    assert "failed" in requeued.last_error
    batch_run_failure_sensor(context.for_run_failure())
    assert store.batches.get(batch.id) == requeued, "a second evaluation changes nothing"


def test_failed_run_with_attempts_spent_sends_batch_dead(store, files, instance, monkeypatch):
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "1")
    batch, run = _failed_run(instance, store, files)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_failure_sensor(context.for_run_failure())
    assert store.batches.get(batch.id).status == "dead"


def test_failure_sensor_leaves_a_batch_held_by_a_newer_run(store, files, instance, monkeypatch):
    batch, run = _failed_run(instance, store, files)
    store.batches.release(batch.id, run.run_id, "crash", max_attempts=3)
    store.batches.claim(batch.id, "newer-run", statuses=["pending"], generation=1)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_failure_sensor(context.for_run_failure())
    now = store.batches.get(batch.id)
    assert (now.status, now.dagster_run_id) == ("processing", "newer-run")


def test_canceled_run_sends_its_batch_dead(store, files, instance):
    batch, run = _failed_run(instance, store, files)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_canceled_sensor(context)
    dead = store.batches.get(batch.id)
    assert dead.status == "dead" and dead.last_error.startswith("canceled")


def _unclaimed_run(instance, store, files):
    """A batch still pending, and a real failed run tagged as its generation-0 run."""
    batch = _upload(store, files, "PO-LOST")
    result = run_batch(job_with(store.url, files.root), instance, batch.id, generation=9)
    run = instance.get_run_by_id(result.run_id)
    return batch, run.with_tags({**run.tags, "po_ingest/generation": "0"})


def test_run_that_failed_before_claiming_requeues_its_generation(store, files, instance):
    batch, run = _unclaimed_run(instance, store, files)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_failure_sensor(context.for_run_failure())
    requeued = store.batches.get(batch.id)
    assert (requeued.status, requeued.generation, requeued.attempts) == ("pending", 1, 1)
    batch_run_failure_sensor(context.for_run_failure())
    assert store.batches.get(batch.id).generation == 1, "idempotent"


def test_run_canceled_while_queued_sends_its_batch_dead(store, files, instance):
    batch, run = _unclaimed_run(instance, store, files)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_FAILURE)
    batch_run_canceled_sensor(context)
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.generation) == ("dead", 1)


def test_success_sensor_accepts_a_processed_batch(store, files, instance):
    batch = _upload(store, files)
    result = run_batch(job_with(store.url, files.root), instance, batch.id)
    run = instance.get_run_by_id(result.run_id)
    context = _status_context(instance, store, run, dg.DagsterEventType.RUN_SUCCESS)
    batch_run_success_sensor(context)
    assert store.batches.get(batch.id).status == "processed"


@pytest.mark.parametrize("ending", ["failed", "canceled"])
def test_run_status_sensors_settle_120_ended_runs_in_two_ticks_and_only_the_batch_job(
    store, instance, ending
):
    """120 runs that ended before claiming (a burst of crashed workers) are all settled
    within two ticks; a failed analytics run is not the sensor's business and takes none of
    the tick's budget."""
    sensor, end, settled = {
        "failed": (batch_run_failure_sensor, instance.report_run_failed, ("pending", 1)),
        "canceled": (batch_run_canceled_sensor, instance.report_run_canceled, ("dead", 1)),
    }[ending]
    resources = {"store": StoreResource(database_url=store.url)}
    tick = sensor.evaluate_tick(dg.build_sensor_context(instance=instance, resources=resources))
    analytics = _ended_run(instance, end, job_name="__ASSET_JOB")
    ids = [f"burst{n:04d}" for n in range(120)]
    for batch_id in ids:
        key = f"batches/{batch_id}.pdf"
        store.batches.create(
            NewBatch(batch_id, "purchase_orders", "application/pdf", key, "x.pdf", 1, "0" * 64)
        )
        _ended_run(instance, end, **{"po_ingest/batch_id": batch_id, "po_ingest/generation": "0"})
    reacted = []
    for _ in range(2):
        tick = sensor.evaluate_tick(
            dg.build_sensor_context(instance=instance, cursor=tick.cursor, resources=resources)
        )
        reacted.append([reaction.dagster_run.run_id for reaction in tick.dagster_run_reactions])
    assert [len(runs) for runs in reacted] == [100, 20]
    assert analytics.run_id not in reacted[0] + reacted[1]
    assert {(b.status, b.generation) for b in map(store.batches.get, ids)} == {settled}


def test_watchdog_rescues_only_batches_whose_run_is_gone(store, files, instance):
    gone, alive = _upload(store, files, "PO-G"), _upload(store, files, "PO-A")
    live_run = dg.DagsterRun(job_name="process_batch", status=dg.DagsterRunStatus.STARTED)
    instance.add_run(live_run)
    store.batches.claim(gone.id, "vanished-run", statuses=["pending"], generation=0)
    store.batches.claim(alive.id, live_run.run_id, statuses=["pending"], generation=0)
    assert rescue_stuck(instance, store, stuck_after_seconds=900) == []
    assert rescue_stuck(instance, store, stuck_after_seconds=0) == [gone.id]
    rescued = store.batches.get(gone.id)
    assert (rescued.status, rescued.generation, rescued.last_error) == (
        "pending",
        1,
        "watchdog_reset",
    )
    assert store.batches.get(alive.id).status == "processing"


def _ended_run(
    instance, end, job_name="process_batch", asset_selection=None, **tags
) -> dg.DagsterRun:
    """A run recorded as started, then ended by `end` (report_run_failed or _canceled)."""
    run = dg.DagsterRun(
        job_name=job_name,
        status=dg.DagsterRunStatus.STARTED,
        asset_selection=asset_selection,
        tags=tags,
    )
    instance.add_run(run)
    end(run, message="run worker crashed")
    return instance.get_run_by_id(run.run_id)


def _crashed_run(instance, **tags) -> dg.DagsterRun:
    return _ended_run(instance, instance.report_run_failed, **tags)


def test_watchdog_settles_a_batch_whose_crashed_run_was_never_retried(store, files, instance):
    """Dagster tagged the crashed run `will_retry` (so the failure sensor left it alone) but
    never launched the retry: a minute after the run ended, the batch is requeued."""
    lost, retried = _upload(store, files, "PO-L"), _upload(store, files, "PO-R")
    lost_run = _crashed_run(
        instance, **{"dagster/will_retry": "true", "po_ingest/batch_id": lost.id}
    )
    pending_retry = dg.DagsterRun(job_name="process_batch", status=dg.DagsterRunStatus.STARTED)
    instance.add_run(pending_retry)
    retried_run = _crashed_run(
        instance,
        **{
            "dagster/will_retry": "true",
            "dagster/auto_retry_run_id": pending_retry.run_id,
            "po_ingest/batch_id": retried.id,
        },
    )
    store.batches.claim(lost.id, lost_run.run_id, statuses=["pending"], generation=0)
    store.batches.claim(retried.id, retried_run.run_id, statuses=["pending"], generation=0)

    assert rescue_abandoned(instance, store) == [], "within a minute the retry may still come"
    assert rescue_abandoned(instance, store, grace_seconds=0) == [lost.id]
    settled = store.batches.get(lost.id)
    assert (settled.status, settled.generation, settled.attempts) == ("pending", 1, 1)
    assert "no retry of it started" in settled.last_error
    assert store.batches.get(retried.id).status == "processing", "its retry takes it over"
    assert rescue_abandoned(instance, store, grace_seconds=0) == [], "settled once"


@pytest.mark.parametrize("last_run", ["vanished", "ended"])
def test_watchdog_sends_a_batch_stuck_in_its_last_attempt_dead(store, files, instance, last_run):
    """The run of attempt 3 of 3 is gone (no record) or ended: the batch is dead with the
    reason, never back in the queue for a 4th attempt."""
    batch = _upload(store, files, "PO-CAP")
    holders = ["gone-0", "gone-1", "gone-2"]
    if last_run == "ended":
        holders[2] = _crashed_run(instance).run_id
    for n, holder in enumerate(holders):
        assert store.batches.claim(batch.id, holder, statuses=["pending"], generation=n)
        if n < 2:
            store.batches.release(batch.id, holder, "crash", max_attempts=3)
    assert rescue_stuck(instance, store, stuck_after_seconds=0) == [batch.id]
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts, dead.generation) == ("dead", 3, 2)
    assert dead.last_error == (f"its run {holders[2]} {last_run} during attempt 3 of 3 (watchdog)")
    assert _evaluate_pending(instance, store).run_requests == [], "no 4th attempt is launched"
    assert rescue_stuck(instance, store, stuck_after_seconds=0) == [], "settled once"


def test_a_crashed_materialization_from_the_asset_graph_is_settled_by_the_watchdog(
    store, files, instance
):
    """A partition materialized by hand from the asset graph runs as `__ASSET_JOB`, which
    the run status sensors do not watch: the watchdog settles its batch a minute later."""
    batch = _upload(store, files, "PO-BY-HAND")
    resources = {"store": StoreResource(database_url=store.url)}
    tick = batch_run_failure_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, resources=resources)
    )
    run = _ended_run(
        instance,
        instance.report_run_failed,
        job_name="__ASSET_JOB",
        asset_selection={dg.AssetKey("extracted_purchase_order"), dg.AssetKey("purchase_order")},
        **{"dagster/partition": batch.id},
    )
    assert store.batches.claim(batch.id, run.run_id, statuses=["pending"], reset_attempts=True)
    tick = batch_run_failure_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, cursor=tick.cursor, resources=resources)
    )
    assert list(tick.dagster_run_reactions) == []
    assert rescue_abandoned(instance, store, grace_seconds=0) == [batch.id]
    settled = store.batches.get(batch.id)
    assert (settled.status, settled.generation, settled.attempts) == ("pending", 1, 1)


def test_watchdog_sensor_removes_old_orphan_files_only(store, files, instance):
    kept = _upload(store, files, "PO-K")
    orphan = "batches/orphan000001.pdf"
    files.write(orphan, [b"%PDF-1.4 orphan"])
    young = "orders/young0000001.pdf"
    files.write(young, [b"%PDF-1.4 young"])
    old = (dt.datetime.now() - dt.timedelta(hours=2)).timestamp()
    for key in (orphan, kept.original_file):
        os.utime(files.path(key), (old, old))
    context = dg.build_sensor_context(
        instance=instance,
        resources={
            "store": StoreResource(database_url=store.url),
            "files": FileStoreResource(files_dir=str(files.root)),
        },
    )
    outcome = stuck_batches_watchdog(context)
    assert "removed 1 orphan" in outcome.skip_message
    assert not files.exists(orphan)
    assert files.exists(kept.original_file) and files.exists(young)


def test_definitions_load_and_every_job_resolves():
    for job in defs.jobs:
        assert defs.resolve_job_def(job.name).name == job.name
    sensors = {s.name: s for s in defs.sensors}
    assert sensors["pending_batches_sensor"].minimum_interval_seconds <= 5
    off_unless_configured = {"mailbox_sensor", "watched_folder_sensor"}  # not set up here
    for name, sensor in sensors.items():
        expected = "STOPPED" if name in off_unless_configured else "RUNNING"
        assert sensor.default_status.value == expected, name
    graph = defs.resolve_asset_graph()
    parents = graph.get(dg.AssetKey("purchase_order")).parent_keys
    assert parents == {dg.AssetKey("extracted_purchase_order")}
    assert graph.get(dg.AssetKey("extracted_purchase_order")).parent_keys == {
        dg.AssetKey("uploaded_document")
    }
