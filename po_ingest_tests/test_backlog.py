"""Backlog mode: a long queue of digital documents is packed several batches to a run, and
each batch is still claimed, stored, materialized, retried and settled on its own (the
pending sensor, the packed job in process, the run-status sensors and the reconciliation),
on SQLite and PostgreSQL."""

import datetime as dt

import dagster as dg
import pytest

from po_ingest.defs.reconcile import reconcile_launches
from po_ingest.lib.batch_runs import PACKED_TAG, packed_run_tags
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.launch_now import launch_now
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import SCRIPTED, job_with, packed_production_job
from po_ingest_tests.support.sensor_ticks import pending_tick, run_status_tick

LATER = dt.timedelta(minutes=5)


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture(autouse=True)
def _short_retries(monkeypatch):
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "60,300")
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "3")


def _upload(store, files, po_number: str, script: dict | None = None, **kw):
    pdf = purchase_order_pdf(order(po_number), script)
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf", **kw)


def _run_packed(instance, store, files, batches, generations=None):
    """One packed run of `batches` in process, tagged as the sensor tags it."""
    tags = packed_run_tags(batches, "local")
    if generations is not None:
        tags[PACKED_TAG] = " ".join(
            f"{b.id}:{g}" for b, g in zip(batches, generations, strict=True)
        )
    instance.add_dynamic_partitions("batches", [b.id for b in batches])
    job = job_with(store.url, files.root, job_name="process_batch_backlog")
    return job.execute_in_process(instance=instance, tags=tags, raise_on_error=False)


def _materialization(instance, asset: str, partition: str) -> dg.EventLogRecord | None:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=[partition]), limit=1
    ).records
    return records[0] if records else None


def _failure(result: dg.ExecuteInProcessResult) -> str:
    """What the packed run's failure says (the description of its step's failure)."""
    (event,) = [e for e in result.all_events if e.event_type == dg.DagsterEventType.STEP_FAILURE]
    return event.step_failure_data.user_failure_data.description


def test_a_backlog_is_packed_ten_to_a_run_and_a_short_queue_is_not(store, files, instance):
    few = [_upload(store, files, f"PO-FEW-{n}") for n in range(3)]
    singles = pending_tick(instance, store, files).run_requests
    assert [r.run_key for r in singles] == [f"{b.id}:0" for b in few]
    assert {r.job_name for r in singles} == {"process_batch"}

    backlog = [_upload(store, files, f"PO-BACKLOG-{n:02}") for n in range(25)]
    note = _upload(store, files, "DN-1", batch_type="delivery_notes")
    result = pending_tick(instance, store, files)
    packed = [r for r in result.run_requests if r.job_name == "process_batch_backlog"]
    assert [r.tags[PACKED_TAG].split() for r in packed] == [
        [f"{b.id}:0" for b in backlog[start : start + 10]] for start in (0, 10, 20)
    ]
    assert all(r.tags["po_ingest/lane"] == "local" and r.partition_key is None for r in packed)
    # A note is of another type (its own job): with no backlog of its own it runs alone.
    (alone,) = [r for r in result.run_requests if r not in packed]
    assert (alone.job_name, alone.run_key) == ("process_delivery_note", f"{note.id}:0")
    (partitions,) = result.dynamic_partitions_requests
    assert set(partitions.partition_keys) == {b.id for b in [*backlog, note]}
    assert len(result.asset_events) == 26, "each upload recorded on its own partition"
    assert all(store.batches.get(b.id).launched_generation == 0 for b in backlog)
    assert pending_tick(instance, store, files).run_requests == [], "each launched once"


def test_a_packed_run_stores_each_batch_on_its_own_partition_and_one_failure_holds_none(
    store, files, instance
):
    first = _upload(store, files, "PO-PACK-1")
    flaky = _upload(store, files, "PO-PACK-FLAKY", {"fail_times": 1})
    broken = _upload(store, files, "PO-PACK-BROKEN", {"permanent": True})
    last = _upload(store, files, "PO-PACK-2")
    result = _run_packed(instance, store, files, [first, flaky, broken, last])

    for batch, po_number in ((first, "PO-PACK-1"), (last, "PO-PACK-2")):
        done = store.batches.get(batch.id)
        assert (done.status, done.attempts, done.dagster_run_id) == (
            "processed",
            1,
            result.run_id,
        )
        assert store.orders.get(done.processed_record_id)["po_number"] == po_number
        for asset in ("extracted_purchase_order", "purchase_order"):
            record = _materialization(instance, asset, batch.id)
            assert record is not None and record.run_id == result.run_id
        stored = _materialization(instance, "purchase_order", batch.id).asset_materialization
        assert stored.metadata["po_number"].value == po_number
    requeued = store.batches.get(flaky.id)
    assert (requeued.status, requeued.attempts, requeued.generation) == ("pending", 1, 1)
    assert 50 < (requeued.next_retry_at - dt.datetime.now(dt.UTC)).total_seconds() <= 60
    assert "retried in a run of its own" not in requeued.last_error
    dead = store.batches.get(broken.id)
    assert (dead.status, dead.attempts) == ("dead", 1)
    assert _materialization(instance, "purchase_order", broken.id) is None

    checks = [
        record.dagster_event.event_specific_data
        for record in instance.all_logs(
            result.run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION
        )
    ]
    assert {(c.check_name, c.partition, c.passed) for c in checks} >= {
        ("purchase_order_has_items", first.id, True),
        ("purchase_order_totals_reconcile", last.id, True),
    }
    assert not result.success, "the run names the batch that needs a person"
    failure = _failure(result)
    assert f"{broken.id} dead" in failure and flaky.id not in failure, "a retry goes on alone"

    # Its retry is a run of its own, at its new generation, once its time has come.
    assert pending_tick(instance, store, files).run_requests == []
    later = store.batches.due_pending(["purchase_orders"], 10, now=requeued.next_retry_at)
    assert [b.id for b in later] == [flaky.id]


def _letter() -> bytes:
    """A digital PDF that is no order: the local reader declines it."""
    import pymupdf

    with pymupdf.open() as doc:
        page = doc.new_page()
        for n, line in enumerate(["Dear supplier,", "thank you for your visit last week."] * 6):
            page.insert_text((72, 72 + 16 * n), line)
        return doc.tobytes()


@pytest.mark.parametrize("mode", ["auto", "local"])
def test_what_the_local_reader_declines_in_a_packed_run_goes_to_the_model_lane(
    store, files, instance, mode
):
    letter = accept_upload(store, files, [_letter()], filename="letter.pdf")
    instance.add_dynamic_partitions("batches", [letter.id])
    job = job_with(store.url, files.root, extractor=mode, job_name="process_batch_backlog")
    job.execute_in_process(
        instance=instance, tags=packed_run_tags([letter], "local"), raise_on_error=False
    )
    after = store.batches.get(letter.id)
    if mode == "auto":  # the model reads it, in a run of the model lane; no attempt spent
        assert (after.status, after.lane, after.generation, after.attempts) == (
            "pending",
            "model",
            1,
            0,
        )
        assert "no purchase-order title" in after.last_error
        assert "model lane" in after.last_error
    else:  # nothing else would read it
        assert (after.status, after.attempts) == ("dead", 1)
        assert "PO_INGEST_EXTRACTOR=local" in after.last_error


def test_a_packed_run_leaves_a_batch_another_run_holds(store, files, instance):
    mine, taken = _upload(store, files, "PO-MINE"), _upload(store, files, "PO-TAKEN")
    assert store.batches.claim(taken.id, "other-run", statuses=["pending"], generation=0)
    result = _run_packed(instance, store, files, [mine, taken])
    assert store.batches.get(mine.id).status == "processed"
    held = store.batches.get(taken.id)
    assert (held.status, held.dagster_run_id, held.attempts) == ("processing", "other-run", 1)
    assert f"{taken.id} not claimed" in _failure(result)


def test_a_packed_run_re_executed_by_hand_retries_its_dead_batch_and_leaves_the_rest(
    store, files, db_url, monkeypatch
):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    monkeypatch.setenv("PO_INGEST_FILES_DIR", str(files.root))
    monkeypatch.setenv("PO_INGEST_EXTRACTOR", SCRIPTED)
    fine = _upload(store, files, "PO-FINE")
    broken = _upload(store, files, "PO-ONCE-BROKEN", {"fail_times": 1})
    job, tags = dg.reconstructable(packed_production_job), packed_run_tags([fine, broken], "local")
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("batches", [fine.id, broken.id])
        with dg.execute_job(job, instance, tags=tags) as first:
            assert first.success, "a requeued batch goes on by itself"
        assert store.batches.get(broken.id).status == "pending", "requeued for a run of its own"
        store.batches.claim(broken.id, "its-own-run", statuses=["pending"], generation=1)
        store.batches.mark_dead(broken.id, "its-own-run", "failed again")
        # The UI's re-execution: the parent's tags; each batch is a manual retry.
        options = dg.ReexecutionOptions(parent_run_id=first.run_id)
        with dg.execute_job(job, instance, tags=tags, reexecution_options=options) as again:
            assert again.success, "the processed batch is left alone, and is no failure"
    done = store.batches.get(broken.id)
    assert (done.status, done.attempts, done.dagster_run_id) == ("processed", 1, again.run_id)
    assert store.batches.get(fine.id).dagster_run_id == first.run_id


def _packed_run(instance, batches, end: str) -> dg.DagsterRun:
    """The record of a packed run whose worker died before it claimed anything."""
    run = dg.DagsterRun(
        job_name="process_batch_backlog",
        status=dg.DagsterRunStatus.STARTED,
        tags=packed_run_tags(batches, "local"),
    )
    instance.add_run(run)
    if end == "failed":
        instance.report_run_failed(run, message="run worker crashed")
    else:
        instance.report_run_canceled(run, message="canceled")
    return instance.get_run_by_id(run.run_id)


def test_a_packed_run_that_died_settles_every_batch_it_carried(store, files, instance):
    done, held, unclaimed = (_upload(store, files, f"PO-DIED-{n}") for n in range(3))
    assert _run_packed(instance, store, files, [done]).success
    run = _packed_run(instance, [done, held, unclaimed], "failed")
    assert store.batches.claim(held.id, run.run_id, statuses=["pending"], generation=0)
    run_status_tick(instance, store, run)
    assert store.batches.get(done.id).status == "processed", "a newer run's work stays"
    back = store.batches.get(held.id)
    assert (back.status, back.generation, back.attempts) == ("pending", 1, 1)
    never = store.batches.get(unclaimed.id)
    assert (never.status, never.generation, never.attempts) == ("pending", 1, 0), "not its fault"
    run_status_tick(instance, store, run)
    assert store.batches.get(held.id).generation == 1, "idempotent"


def test_a_canceled_packed_run_sends_its_batches_dead(store, files, instance):
    batches = [_upload(store, files, f"PO-CANCEL-{n}") for n in range(2)]
    run = _packed_run(instance, batches, "canceled")
    run_status_tick(instance, store, run, dg.DagsterEventType.RUN_CANCELED)
    assert {store.batches.get(b.id).status for b in batches} == {"dead"}


def test_the_reconciliation_finds_packed_launches(store, files, instance):
    batches = [_upload(store, files, f"PO-RECON-{n:02}") for n in range(25)]
    requests = pending_tick(instance, store, files).run_requests
    assert len(requests) == 3
    later = dt.datetime.now(dt.UTC) + LATER
    # No run was created for any of them (the daemon died mid-tick): each is launched again.
    settled = reconcile_launches(instance, store, grace=60, now=later)
    assert settled == {b.id: "relaunched" for b in batches}
    again = pending_tick(instance, store, files).run_requests
    assert [r.run_key for r in again] == [r.run_key for r in requests], "the same runs"
    # Now they exist and one ended before claiming: only its batches are released.
    first, *_ = again
    run = dg.DagsterRun(
        job_name=first.job_name, status=dg.DagsterRunStatus.STARTED, tags=first.tags
    )
    instance.add_run(run)
    for request in again[1:]:
        instance.add_run(
            dg.DagsterRun(
                job_name=request.job_name, status=dg.DagsterRunStatus.NOT_STARTED, tags=request.tags
            )
        )
    instance.report_run_failed(run, message="run worker crashed before the claim")
    settled = reconcile_launches(instance, store, grace=60, now=later + LATER)
    assert settled == {b.id: "pending" for b in batches[:10]}


def test_the_intake_leaves_a_backlog_to_the_sensor(store, files, monkeypatch):
    monkeypatch.setenv("PO_INGEST_BACKLOG_THRESHOLD", "3")
    batches = [_upload(store, files, f"PO-INTAKE-{n}") for n in range(4)]
    # The URL is never asked: no Dagster answers here, and nothing is marked launched.
    assert launch_now(store, files, batches[-1], url="http://127.0.0.1:9/graphql") is None
    assert store.batches.get(batches[-1].id).launched_generation is None
