"""Dagster's run retries (docker/dagster.yaml): only crashed run workers are retried, the
failure sensor leaves such a run's batch to its retry, and the retry (a re-execution tagged
`dagster/retry_number`) continues the crashed attempt instead of starting over.

A crash cannot happen in-process, so each test leaves the batch the way a SIGKILLed worker
does (held by the failed run, in `processing`); test_production_shape kills a real one."""

import datetime as dt
import os
from pathlib import Path

import dagster as dg
import pytest

from po_ingest.defs.resources import StoreResource
from po_ingest.defs.run_status import batch_run_canceled_sensor, batch_run_failure_sensor
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import SCRIPTED, production_job

CLAIM_STEP = "extracted_purchase_order.claim_batch"


@pytest.fixture
def instance(store, files, db_url, monkeypatch):
    """A persistent test instance; the code location's own job reads PO_INGEST_* at run time."""
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    monkeypatch.setenv("PO_INGEST_FILES_DIR", str(files.root))
    monkeypatch.setenv("PO_INGEST_EXTRACTOR", SCRIPTED)
    with dg.instance_for_test() as inst:
        yield inst


def _upload(store, files, po_number: str, script: dict | None = None):
    pdf = purchase_order_pdf(order(po_number), script)
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf")


def _tags(batch_id: str, generation: int = 0) -> dict[str, str]:
    return {
        "dagster/partition": batch_id,
        "po_ingest/batch_id": batch_id,
        "po_ingest/generation": str(generation),
    }


def _execute(
    instance, tags, reexecute: str | None = None, *, from_failure: bool = True
) -> tuple[str, bool, set[str]]:
    """One run of the code location's job, or a re-execution of run `reexecute` (from
    failure, or all steps); (run id, success, steps that started)."""
    options = None
    if reexecute and from_failure:
        options = dg.ReexecutionOptions.from_failure(reexecute, instance)
    elif reexecute:
        options = dg.ReexecutionOptions(parent_run_id=reexecute)
    job = dg.reconstructable(production_job)
    with dg.execute_job(job, instance, tags=tags, reexecution_options=options) as result:
        steps = {e.step_key for e in result.all_events if e.event_type_value == "STEP_START"}
        return result.run_id, result.success, steps


def _crashed_after_claim(instance, store, files, po_number: str, script: dict | None = None):
    """A failed sensor run whose claim step succeeded, and its batch left as a killed worker
    leaves it: `processing`, held by that run, attempt 1 counted."""
    batch = _upload(store, files, po_number, script)
    instance.add_dynamic_partitions("batches", [batch.id])
    # The first attempt fails permanently (the file is gone: dead, run failed after claiming)...
    stored = files.read(batch.original_file)
    files.delete(batch.original_file)
    run_id, success, steps = _execute(instance, _tags(batch.id))
    assert not success and CLAIM_STEP in steps
    files.write(batch.original_file, [stored])
    # ...then the batch is put back to what a SIGKILL in extract leaves: held, processing.
    assert store.batches.get(batch.id).status == "dead"
    assert store.batches.claim(batch.id, run_id, statuses=[], holder=run_id, reset_attempts=True)
    held = store.batches.get(batch.id)
    assert (held.status, held.attempts, held.dagster_run_id) == ("processing", 1, run_id)
    return batch, run_id


def _automatic_retry_tags(instance, parent_run_id: str) -> dict[str, str]:
    """What the daemon's run retries put on the re-execution: the parent's tags and a number."""
    parent = instance.get_run_by_id(parent_run_id)
    user_tags = {k: v for k, v in parent.tags.items() if not k.startswith("dagster/")}
    return {
        **user_tags,
        "dagster/partition": parent.tags["dagster/partition"],
        "dagster/retry_number": "1",
    }


def _retry_record(instance, parent_run_id: str, status: dg.DagsterRunStatus) -> dg.DagsterRun:
    """A re-execution of `parent_run_id` as the run storage records it, in `status`, without
    executing it: queued, canceled, or still at work."""
    run = dg.DagsterRun(
        job_name="process_batch",
        status=status,
        parent_run_id=parent_run_id,
        root_run_id=parent_run_id,
        tags=_automatic_retry_tags(instance, parent_run_id),
    )
    instance.add_run(run)
    return run


def _failure_context(instance, store, run_id: str, run: dg.DagsterRun | None = None):
    """The failure sensor's context for the failed run `run_id` (or for `run`, given that
    run's failure event)."""
    run = run or instance.get_run_by_id(run_id)
    (record,) = instance.all_logs(run_id, of_type=dg.DagsterEventType.RUN_FAILURE)
    context = dg.build_run_status_sensor_context(
        sensor_name="batch_run_failure_sensor",
        dagster_event=record.dagster_event,
        dagster_instance=instance,
        dagster_run=run,
        resources={"store": StoreResource(database_url=store.url)},
    )
    return context.for_run_failure()


def test_failed_run_that_dagster_will_retry_leaves_its_batch_to_the_retry(store, files, instance):
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-WILL-RETRY")
    instance.add_run_tags(crashed, {"dagster/will_retry": "true"})
    batch_run_failure_sensor(_failure_context(instance, store, crashed))
    held = store.batches.get(batch.id)
    assert (held.status, held.generation, held.dagster_run_id) == ("processing", 0, crashed)

    instance.add_run_tags(crashed, {"dagster/will_retry": "false"})
    batch_run_failure_sensor(_failure_context(instance, store, crashed))
    requeued = store.batches.get(batch.id)
    assert (requeued.status, requeued.generation, requeued.attempts) == ("pending", 1, 1)


def test_automatic_retry_takes_the_batch_over_and_counts_the_attempt(store, files, instance):
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-AUTO-RETRY")
    retry_id, success, steps = _execute(
        instance, _automatic_retry_tags(instance, crashed), reexecute=crashed
    )
    assert success and CLAIM_STEP not in steps, "from failure: the claim step is skipped"
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts, done.generation) == ("processed", 2, 0)
    assert done.dagster_run_id == retry_id
    assert store.orders.find_by_po_number("PO-AUTO-RETRY")["id"] == done.processed_record_id
    assert store.orders.count() == 1


def test_automatic_retry_of_a_crash_during_a_retry_wait_takes_over_at_next_retry_at(
    store, files, instance
):
    """The run worker died while its batch waited for a step retry (`failed`, next_retry_at
    ahead): Dagster's run retry waits in a step retry until next_retry_at, then takes the
    batch over and calls the model, once."""
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-RETRY-WAIT")
    retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=2)
    assert store.batches.mark_failed(batch.id, crashed, "model unavailable (503)", retry_at)
    retry_id, success, _ = _execute(
        instance, _automatic_retry_tags(instance, crashed), reexecute=crashed
    )
    assert success
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts, done.dagster_run_id) == ("processed", 2, retry_id)
    assert done.last_attempt_at >= retry_at, "taken over at next_retry_at, not before"
    (wait,) = instance.all_logs(retry_id, of_type=dg.DagsterEventType.STEP_UP_FOR_RETRY)
    assert wait.step_key == "extracted_purchase_order.extract_order"
    assert wait.timestamp < retry_at.timestamp()
    assert _model_calls(batch) == 1 and store.orders.count() == 1


def test_manual_reexecution_of_the_same_run_starts_the_attempts_over(store, files, instance):
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-MANUAL-REEXEC")
    manual_tags = _automatic_retry_tags(instance, crashed)
    del manual_tags["dagster/retry_number"]
    _, success, _ = _execute(instance, manual_tags, reexecute=crashed)
    done = store.batches.get(batch.id)
    assert success and (done.status, done.attempts) == ("processed", 1)


def test_automatic_retry_after_a_crash_in_the_last_attempt_sends_the_batch_dead(
    store, files, instance, monkeypatch
):
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "1")
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-LAST-CRASH")
    retry_id, success, _ = _execute(
        instance, _automatic_retry_tags(instance, crashed), reexecute=crashed
    )
    dead = store.batches.get(batch.id)
    assert not success
    assert (dead.status, dead.attempts) == ("dead", 1)
    assert f"run worker of run {crashed} crashed during attempt 1" in dead.last_error
    assert store.orders.count() == 0
    batch_run_failure_sensor(_failure_context(instance, store, retry_id))
    assert store.batches.get(batch.id) == dead, "the sensor finds nothing left to settle"


def test_retry_that_failed_before_taking_over_releases_the_crashed_runs_batch(
    store, files, instance, monkeypatch
):
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-RETRY-LOST")
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "soon")  # the retry breaks before its take-over
    retry_id, success, _ = _execute(
        instance, _automatic_retry_tags(instance, crashed), reexecute=crashed
    )
    assert not success
    assert store.batches.get(batch.id).dagster_run_id == crashed
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "0,0")
    batch_run_failure_sensor(_failure_context(instance, store, retry_id))
    requeued = store.batches.get(batch.id)
    assert (requeued.status, requeued.generation, requeued.attempts) == ("pending", 1, 1)


def test_retry_canceled_while_queued_sends_the_crashed_runs_batch_dead(store, files, instance):
    batch, crashed = _crashed_after_claim(instance, store, files, "PO-RETRY-CANCELED")
    other, _ = _crashed_after_claim(instance, store, files, "PO-UNRELATED")
    canceled = _retry_record(instance, crashed, dg.DagsterRunStatus.CANCELED)
    batch_run_canceled_sensor(_failure_context(instance, store, crashed, run=canceled))
    dead = store.batches.get(batch.id)
    assert dead.status == "dead" and dead.last_error.startswith("canceled")
    assert store.batches.get(other.id).status == "processing", "another run's batch is untouched"


def _model_calls(batch) -> int:
    """How often the scripted extractor (the model) was called for this batch's document."""
    counter = Path(os.environ["PO_INGEST_TEST_STATE_DIR"]) / f"{batch.file_sha256[:16]}.calls"
    return int(counter.read_text()) if counter.exists() else 0


def _failure_message(instance, run_id: str) -> str:
    (record,) = instance.all_logs(run_id, of_type=dg.DagsterEventType.STEP_FAILURE)
    return record.dagster_event.step_failure_data.error.message


@pytest.mark.parametrize("second", ["manual_all_steps", "manual_from_failure", "automatic_retry"])
def test_second_reexecution_of_a_failed_run_waits_for_the_first_to_finish(
    store, files, instance, second
):
    """Two re-executions of one failed run (a double click in the UI, or a manual one racing
    Dagster's run retry) are one run family: while the first works on the batch, the second
    is refused, naming it, and calls no model; once the first has finished, a re-execution
    takes the batch over."""
    batch, crashed = _crashed_after_claim(instance, store, files, f"PO-SIBLING-{second}")
    first = _retry_record(instance, crashed, dg.DagsterRunStatus.STARTED)
    assert store.batches.claim(batch.id, first.run_id, statuses=[], holder=crashed)
    held = store.batches.get(batch.id)

    tags = _automatic_retry_tags(instance, crashed)
    if second != "automatic_retry":
        del tags["dagster/retry_number"]
    refused, success, steps = _execute(
        instance, tags, reexecute=crashed, from_failure=second != "manual_all_steps"
    )
    assert not success
    assert (CLAIM_STEP in steps) == (second == "manual_all_steps")
    assert f"held by run {first.run_id}, a run of the same family that is still STARTED" in (
        _failure_message(instance, refused)
    )
    assert store.batches.get(batch.id) == held, "the first run keeps the batch"
    assert _model_calls(batch) == 0 and store.orders.count() == 0

    instance.report_run_failed(first, message="run worker crashed")
    _, success, _ = _execute(instance, tags, reexecute=crashed)
    done = store.batches.get(batch.id)
    assert success and done.status == "processed"
    assert _model_calls(batch) == 1 and store.orders.count() == 1
