"""A model outage through the real job in-process: the real `auto` extractor, google-genai
against the fake Gemini server, the outage gate in the app database (SQLite, PostgreSQL)."""

import datetime as dt
import json
import threading

import dagster as dg
import pymupdf
import pytest

from po_ingest.defs.partitions import LANE_TAG
from po_ingest.lib.extraction.model_gate import GEMINI
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.pipeline import job_with, run_batch


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture
def job(db_url, files):
    return job_with(db_url, files.root, extractor="auto")


@pytest.fixture(autouse=True)
def _quick_outages(monkeypatch):
    monkeypatch.setenv("PO_INGEST_MODEL_OUTAGE_AFTER", "2")
    monkeypatch.setenv("PO_INGEST_MODEL_PROBE_SECONDS", "0.3")


def _probes(gemini) -> list:
    return [r for r in gemini.requests if not r.path.endswith(":generateContent")]


def _scan(corpus_documents):
    folder, documents = corpus_documents
    doc = next(d for d in documents if d.kind == "scan")
    truth = {k: v for k, v in json.loads(doc.ground_truth_path.read_text()).items() if k[0] != "_"}
    return doc.path.read_bytes(), truth


def _letter() -> bytes:
    """A digital PDF the local reader declines (no purchase order in its words)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Dear customer, thank you for your letter of last week. " * 2)
    page.insert_text((72, 100), "We will deliver the gravel next Tuesday as agreed by phone.")
    return doc.tobytes()


def test_scans_wait_out_an_outage_without_spending_attempts(
    store, files, job, instance, gemini, corpus_documents, monkeypatch
):
    """The endpoint answers 503 for a while, and this scan is alone: its two first attempts
    fail, the third failure opens the outage (as many failures as attempts) and is not counted,
    then it waits, probing; when the API is back it is imported, on its last attempt."""
    monkeypatch.setenv("PO_INGEST_MODEL_OUTAGE_AFTER", "3")
    content, truth = _scan(corpus_documents)
    gemini.expect(content, truth)
    batch = accept_upload(store, files, [content], filename="scan.pdf")
    gemini.unavailable(503)
    stop = threading.Event()

    def recover_after_two_failed_probes():
        while not stop.wait(0.05):
            if len(_probes(gemini)) >= 2:
                gemini.unavailable(None)
                return

    recovery = threading.Thread(target=recover_after_two_failed_probes)
    recovery.start()
    try:
        result = run_batch(job, instance, batch.id, tags={LANE_TAG: "model"})
    finally:
        stop.set()
        recovery.join()
    assert result.success
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts) == ("processed", 3), done.last_error
    assert any(w.startswith("model_outage:") for w in done.warnings)
    # The document was sent while the 3 failures opened the outage (with the client's own
    # quick HTTP retries), then only probes, then once more, answered.
    kinds = ["probe" if r in _probes(gemini) else "call" for r in gemini.requests]
    first_probe = kinds.index("probe")
    assert kinds[first_probe:].count("call") == 1 and kinds[-1] == "call"
    assert kinds[first_probe:].count("probe") >= 3
    meta = result.asset_materializations_for_node("extracted_purchase_order")[0].metadata
    assert meta["model_outage"].value.startswith("model_outage:")
    assert store.model_health.get(GEMINI).down_since is None


@pytest.mark.parametrize("outage_open", [False, True])
def test_a_local_lane_run_hands_a_document_that_needs_the_failing_model_to_the_model_lane(
    store, files, job, instance, gemini, outage_open
):
    """A digital PDF the local reader declines needs the model; the model fails. The run of
    the local lane does not sleep on it: the batch goes back to pending, in the model lane."""
    batch = accept_upload(store, files, [_letter()], filename="letter.pdf")
    gemini.unavailable(503)
    if outage_open:
        for _ in range(2):
            store.model_health.record_failure(GEMINI, "503", dt.datetime.now(dt.UTC), 2)
    result = run_batch(job, instance, batch.id, tags={LANE_TAG: "local"})
    assert not result.success
    moved = store.batches.get(batch.id)
    assert (moved.status, moved.lane, moved.generation) == ("pending", "model", 1)
    # Waiting for an open outage costs no attempt; a failed call is one.
    assert moved.attempts == (0 if outage_open else 1)
    assert "moved to the model lane" in moved.last_error
    assert (moved.next_retry_at is None) == outage_open
