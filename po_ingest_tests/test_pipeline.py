"""The claim → extract → persist steps, run in-process on a real database and file store."""

import dagster as dg
import pytest

from po_ingest.lib.intake import accept_upload
from po_ingest.lib.sites import Site
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import SCRIPTED, job_with, production_job, run_batch
from po_ingest_tests.support.scripted_extractor import FAKE_API_KEY


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture
def job(db_url, files):
    return job_with(db_url, files.root)


def _upload(store, files, po_number, script=None, **kw):
    pdf = purchase_order_pdf(order(po_number, **kw), script)
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf")


def _materialization(result, asset: str) -> dict:
    events = result.asset_materializations_for_node(
        "purchase_order" if asset == "purchase_order" else "extracted_purchase_order"
    )
    return events[-1].metadata


def test_three_uploads_become_three_orders(store, files, job, instance):
    store.sites.upsert([Site(name="North yard", project_code="P-100")])
    batches = [_upload(store, files, f"PO-{n}", lines=n) for n in (1, 2, 3)]
    for batch in batches:
        assert run_batch(job, instance, batch.id).success
    for n, batch in enumerate(batches, start=1):
        done = store.batches.get(batch.id)
        assert (done.status, done.attempts, done.original_file) == ("processed", 1, None)
        saved = store.orders.get(done.processed_record_id)
        assert saved["po_number"] == f"PO-{n}" and len(saved["items"]) == n
        assert saved["site_id"] is not None and saved["warnings"] == []
        assert files.exists(saved["file_key"]) and not files.exists(batch.original_file)
    assert store.orders.count() == 3


def test_materializations_carry_lineage_metadata(store, files, job, instance):
    batch = _upload(store, files, "PO-META")
    result = run_batch(job, instance, batch.id)
    order_meta = result.asset_materializations_for_node("purchase_order")[0].metadata
    extract_meta = result.asset_materializations_for_node("extracted_purchase_order")[0].metadata
    assert order_meta["po_number"].value == "PO-META"
    assert order_meta["order_id"].value == store.batches.get(batch.id).processed_record_id
    assert extract_meta["extractor"].value == "scripted"
    assert extract_meta["input_tokens"].value == 258


def test_duplicate_po_number_links_to_the_first_order(store, files, job, instance):
    first = _upload(store, files, "PO-DUP")
    second = _upload(store, files, "PO-DUP", lines=1)
    assert run_batch(job, instance, first.id).success
    assert run_batch(job, instance, second.id).success
    a, b = store.batches.get(first.id), store.batches.get(second.id)
    assert store.orders.count() == 1
    assert b.status == "processed" and b.processed_record_id == a.processed_record_id
    assert "duplicate" in b.warnings
    assert files.exists(b.original_file), "a duplicate's own upload is kept"


def test_unknown_project_code_stores_order_without_site(store, files, job, instance):
    batch = _upload(store, files, "PO-NOSITE", project_code="ZZ-404")
    assert run_batch(job, instance, batch.id).success
    done = store.batches.get(batch.id)
    saved = store.orders.get(done.processed_record_id)
    assert saved["site_id"] is None and "site_unmatched" in saved["warnings"]


def test_transient_failures_are_retried_until_success(store, files, job, instance):
    batch = _upload(store, files, "PO-FLAKY", script={"fail_times": 2})
    result = run_batch(job, instance, batch.id)
    assert result.success
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts, done.next_retry_at) == ("processed", 3, None)
    retries = [e for e in result.all_events if e.event_type_value == "STEP_UP_FOR_RETRY"]
    assert len(retries) == 2


def test_always_failing_batch_is_dead_after_three_attempts_with_redacted_error(
    store, files, job, instance
):
    batch = _upload(store, files, "PO-DOOMED", script={"always_fail": True})
    result = run_batch(job, instance, batch.id)
    assert not result.success
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts) == ("dead", 3)
    assert "model unavailable (503)" in dead.last_error
    assert FAKE_API_KEY not in dead.last_error and "key=***" in dead.last_error
    logged = "\n".join(str(e.message) for e in result.all_events) + str(
        [e.event_specific_data for e in result.all_events]
    )
    assert FAKE_API_KEY not in logged
    assert files.exists(dead.original_file), "the stored file stays for a manual retry"


def test_permanent_error_is_dead_at_once(store, files, job, instance):
    batch = _upload(store, files, "PO-BAD", script={"permanent": "not a purchase order"})
    assert not run_batch(job, instance, batch.id).success
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts) == ("dead", 1)
    assert "not a purchase order" in dead.last_error


def test_a_document_that_needs_ai_without_a_key_is_dead_with_a_clear_reason(
    store, files, instance, db_url, monkeypatch
):
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    batch = _upload(store, files, "PO-NEEDS-AI")  # text layer, but no item table to parse
    result = run_batch(job_with(db_url, files.root, extractor="auto"), instance, batch.id)
    assert not result.success
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts) == ("dead", 1)
    assert dead.last_error.startswith(
        "PermanentExtractionError: needs AI extraction: set GEMINI_API_KEY"
    )
    assert "local extractor declined" in dead.last_error


def test_manual_run_restarts_a_dead_batch(store, files, job, instance, tmp_path):
    batch = _upload(store, files, "PO-AGAIN", script={"permanent": "unreadable"})
    run_batch(job, instance, batch.id)
    assert store.batches.get(batch.id).status == "dead"
    # A run started by hand (no sensor tags) claims the dead batch and resets its attempts;
    # with a working extractor it succeeds.
    healthy = job_with(store.url, files.root)
    other = _upload(store, files, "PO-AGAIN")
    files.copy(other.original_file, batch.original_file)
    result = run_batch(healthy, instance, batch.id, generation=None)
    assert result.success
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts) == ("processed", 1)


def test_processed_batch_is_left_alone_by_a_manual_run(store, files, job, instance):
    batch = _upload(store, files, "PO-ONCE")
    run_batch(job, instance, batch.id)
    again = run_batch(job, instance, batch.id, generation=None)
    assert not again.success
    failure = again.failure_data_for_node("extracted_purchase_order.claim_batch")
    assert "already processed" in failure.error.message
    assert store.orders.count() == 1


def test_run_of_a_stale_generation_does_not_claim(store, files, job, instance):
    batch = _upload(store, files, "PO-STALE")
    result = run_batch(job, instance, batch.id, generation=5)
    assert not result.success
    assert store.batches.get(batch.id).status == "pending"


def test_reexecution_from_failure_takes_the_batch_over_as_a_manual_retry(
    store, files, db_url, monkeypatch
):
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "1")
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    monkeypatch.setenv("PO_INGEST_FILES_DIR", str(files.root))
    monkeypatch.setenv("PO_INGEST_EXTRACTOR", SCRIPTED)
    batch = _upload(store, files, "PO-REEXEC", script={"fail_times": 1})
    job = dg.reconstructable(production_job)
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("batches", [batch.id])
        tags = {"dagster/partition": batch.id}
        with dg.execute_job(job, instance, tags=tags) as first:
            assert not first.success
        assert store.batches.get(batch.id).status == "dead"
        options = dg.ReexecutionOptions.from_failure(first.run_id, instance)
        # The UI copies the parent run's tags (partition included) onto a re-execution.
        with dg.execute_job(job, instance, tags=tags, reexecution_options=options) as second:
            assert second.success
            steps = {e.step_key for e in second.all_events if e.event_type_value == "STEP_START"}
        assert "extracted_purchase_order.claim_batch" not in steps
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts, done.dagster_run_id) == ("processed", 1, second.run_id)
