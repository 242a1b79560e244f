"""Every launched `pending` batch progresses, whatever the run-status sensors missed: the
pending sensor's launch record and reconciliation, on SQLite and PostgreSQL."""

import datetime as dt

import dagster as dg
import pytest

from po_ingest.defs.reconcile import reconcile_launches
from po_ingest.defs.resources import StoreResource
from po_ingest.defs.run_status import batch_run_failure_sensor
from po_ingest.defs.sensors import MAX_BATCHES_PER_TICK
from po_ingest.defs.watchdog import rescue_abandoned, rescue_stuck
from po_ingest.lib.batch_runs import packed_batches
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import NewBatch
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.sensor_ticks import pending_tick, run_status_tick

LATER = dt.timedelta(minutes=5)  # the reconciliation's grace has passed


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


def _upload(store, files, po_number: str):
    pdf = purchase_order_pdf(order(po_number))
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf")


def _tick(instance, store, files, cursor=None):
    return pending_tick(instance, store, files, cursor)


def _run(instance, request: dg.RunRequest, end=None, **kw) -> dg.DagsterRun:
    """The run the daemon creates for `request`; `end` ends it (failed / canceled)."""
    tags = {**request.tags, "dagster/run_key": request.run_key, **kw.pop("tags", {})}
    run = dg.DagsterRun(
        job_name="process_batch", status=dg.DagsterRunStatus.STARTED, tags=tags, **kw
    )
    instance.add_run(run)
    if end == "failed":
        instance.report_run_failed(run, message="run worker crashed before the claim")
    elif end == "canceled":
        instance.report_run_canceled(run, message="canceled")
    return instance.get_run_by_id(run.run_id)


def _reconcile(instance, store):
    return reconcile_launches(instance, store, grace=60, now=dt.datetime.now(dt.UTC) + LATER)


@pytest.mark.parametrize("retry_end", ["failed", "canceled"])
def test_a_run_and_its_automatic_retry_both_ending_unclaimed_release_the_batch(
    store, files, instance, retry_end
):
    """1a: the run crashed before its claim (Dagster retries it), and so did the retry. The
    failure sensor leaves the first to its retry and acts only on runs without a parent."""
    batch = _upload(store, files, "PO-LOST")
    (request,) = _tick(instance, store, files).run_requests
    first = _run(instance, request, "failed", tags={"dagster/will_retry": "true"})
    run_status_tick(instance, store, first)
    retry = _run(
        instance,
        request,
        retry_end,
        tags={"dagster/retry_number": "1"},
        parent_run_id=first.run_id,
        root_run_id=first.run_id,
    )
    kind = "failed" if retry_end == "failed" else "canceled"
    event = (
        dg.DagsterEventType.RUN_FAILURE if kind == "failed" else dg.DagsterEventType.RUN_CANCELED
    )
    run_status_tick(instance, store, retry, event)
    assert store.batches.get(batch.id).status == "pending", "the sensors left it"

    assert _reconcile(instance, store) == {batch.id: "dead" if kind == "canceled" else "pending"}
    now = store.batches.get(batch.id)
    if kind == "canceled":
        assert (now.status, now.attempts) == ("dead", 1)
    else:
        assert (now.status, now.generation, now.attempts) == ("pending", 1, 1)
        (relaunch,) = _tick(instance, store, files).run_requests
        assert relaunch.run_key == f"{batch.id}:1"
    assert f"ended ({'CANCELED' if kind == 'canceled' else 'FAILURE'})" in now.last_error


def test_a_run_tagged_for_a_retry_that_never_came_releases_the_batch(store, files, instance):
    """1b: the code server was unreachable while runs were queued: the queue daemon failed the
    run, Dagster tagged it `will_retry`, then could not launch the retry."""
    batch = _upload(store, files, "PO-ROLLOUT")
    (request,) = _tick(instance, store, files).run_requests
    run = _run(instance, request, "failed", tags={"dagster/will_retry": "true"})
    run_status_tick(instance, store, run)  # leaves it to the retry
    assert rescue_abandoned(instance, store, grace_seconds=0) == []
    assert rescue_stuck(instance, store, stuck_after_seconds=0) == []
    assert _reconcile(instance, store) == {batch.id: "pending"}
    assert store.batches.get(batch.id).generation == 1


def test_a_failure_sensor_that_raised_loses_nothing(store, files, instance):
    """1c: the app database was down during the failure sensor's tick; Dagster moved its
    cursor past the run anyway, so the sensor never sees it again."""
    good = {"store": StoreResource(database_url=store.url)}
    down = {"store": StoreResource(database_url="postgresql+psycopg2://x@127.0.0.1:1/nodb")}
    first = batch_run_failure_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, resources=good)
    )
    batch = _upload(store, files, "PO-DBDOWN")
    (request,) = _tick(instance, store, files).run_requests
    _run(instance, request, "failed")
    during = batch_run_failure_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, cursor=first.cursor, resources=down)
    )
    assert [r.error for r in during.dagster_run_reactions if r.error]
    after = batch_run_failure_sensor.evaluate_tick(
        dg.build_sensor_context(instance=instance, cursor=during.cursor, resources=good)
    )
    assert after.dagster_run_reactions == []
    assert store.batches.get(batch.id).status == "pending"
    assert _reconcile(instance, store) == {batch.id: "pending"}


def test_stuck_batches_never_fill_the_window(store, files, instance):
    """2: as many launched batches as one tick takes (a backlog: packed), their runs lost: a
    new upload is still launched on the next tick, and the lost ones are not requested again."""
    t0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    for i in range(MAX_BATCHES_PER_TICK):
        store.batches.create(
            NewBatch(f"old{i:04d}", "purchase_orders", "application/pdf", f"batches/old{i:04d}.pdf",
                     "x.pdf", 1, "0" * 64),
            now=t0 + dt.timedelta(seconds=i),
        )  # fmt: skip
    requests = _tick(instance, store, files).run_requests
    assert sum(len(packed_batches(r.tags)) for r in requests) == MAX_BATCHES_PER_TICK
    fresh = _upload(store, files, "PO-FRESH")
    keys = [r.run_key for r in _tick(instance, store, files).run_requests]
    assert keys == [f"{fresh.id}:0"]


def test_a_launch_whose_run_was_never_created_is_launched_again(store, files, instance):
    """The daemon died after the sensor's tick, before creating the run."""
    batch = _upload(store, files, "PO-NORUN")
    (request,) = _tick(instance, store, files).run_requests
    assert _tick(instance, store, files).run_requests == []
    assert _reconcile(instance, store) == {batch.id: "relaunched"}
    (again,) = _tick(instance, store, files).run_requests
    assert again.run_key == request.run_key
    assert store.batches.get(batch.id).attempts == 0


def test_a_launch_with_a_live_or_recently_ended_run_is_left_alone(store, files, instance):
    queued, ended = _upload(store, files, "PO-QUEUED"), _upload(store, files, "PO-RECENT")
    requests = {r.tags["po_ingest/batch_id"]: r for r in _tick(instance, store, files).run_requests}
    _run(instance, requests[queued.id])  # still running
    _run(instance, requests[ended.id], "failed")  # ended just now: the sensors' turn first
    assert reconcile_launches(instance, store, grace=60, now=dt.datetime.now(dt.UTC)) == {}
    assert _reconcile(instance, store) == {ended.id: "pending"}
    assert store.batches.get(queued.id).generation == 0


def test_the_last_attempt_lost_before_its_claim_is_dead(store, files, instance, monkeypatch):
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "1")
    batch = _upload(store, files, "PO-LAST")
    (request,) = _tick(instance, store, files).run_requests
    _run(instance, request, "failed")
    assert _reconcile(instance, store) == {batch.id: "dead"}


def test_retry_takes_a_launched_pending_batch_and_its_old_run_cannot_claim(store, files, instance):
    waiting = _upload(store, files, "PO-WAITING")
    assert not store.batches.retry(waiting.id), "not launched: it is in line"
    (request,) = _tick(instance, store, files).run_requests
    assert store.batches.get(waiting.id).retryable
    assert store.batches.retry(waiting.id)
    now = store.batches.get(waiting.id)
    assert (now.status, now.generation, now.attempts, now.launched) == ("pending", 1, 0, False)
    assert not store.batches.claim(waiting.id, "old-run", statuses=["pending"], generation=0)
