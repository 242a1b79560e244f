"""The pipeline with the real `auto` extractor: local parser for digital POs, the real
google-genai client (against the fake Gemini server) for scans and photos."""

import json
from decimal import Decimal

import dagster as dg
import pytest

from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.fake_gemini import TEST_API_KEY
from po_ingest_tests.support.pipeline import job_with, run_batch


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture
def job(db_url, files):
    return job_with(db_url, files.root, extractor="auto")


def _corpus(corpus_documents, kind, layout=None):
    folder, documents = corpus_documents
    doc = next(d for d in documents if d.kind == kind and (layout is None or d.layout == layout))
    truth = {k: v for k, v in json.loads(doc.ground_truth_path.read_text()).items() if k[0] != "_"}
    return doc.path.read_bytes(), truth


def _upload(store, files, content, name="doc.pdf"):
    return accept_upload(store, files, [content], filename=name)


def test_digital_po_is_read_locally_with_no_model_call(
    store, files, job, instance, gemini, corpus_documents
):
    content, truth = _corpus(corpus_documents, "digital", "boxed_grid")
    batch = _upload(store, files, content)
    assert run_batch(job, instance, batch.id).success
    saved = store.orders.get(store.batches.get(batch.id).processed_record_id)
    assert saved["po_number"] == truth["po_number"] and saved["total"] == Decimal(truth["total"])
    assert json.loads(saved["raw_extraction"])["extractor"] == "local"
    assert gemini.requests == []


def test_scan_goes_to_gemini_and_tokens_land_in_metadata_and_order(
    store, files, job, instance, gemini, corpus_documents
):
    content, truth = _corpus(corpus_documents, "scan")
    gemini.expect(content, truth)
    batch = _upload(store, files, content)
    result = run_batch(job, instance, batch.id)
    assert result.success
    (request,) = gemini.requests
    assert [p.mime_type for p in request.inline_parts()] == ["application/pdf"]
    meta = result.asset_materializations_for_node("extracted_purchase_order")[0].metadata
    assert meta["extractor"].value == "gemini" and meta["input_tokens"].value > 0
    saved = store.orders.get(store.batches.get(batch.id).processed_record_id)
    raw = json.loads(saved["raw_extraction"])
    assert raw["input_tokens"] == meta["input_tokens"].value and raw["output_tokens"] > 0
    assert saved["po_number"] == truth["po_number"]
    assert raw["reasons"] == ["local extractor declined: the PDF has no text layer (a scan)"]


def test_persistent_500_is_retried_by_the_queue(
    store, files, job, instance, gemini, corpus_documents
):
    content, truth = _corpus(corpus_documents, "scan")
    gemini.expect(content, truth)
    gemini.status(500, times=3)  # every HTTP attempt of the first queue attempt
    batch = _upload(store, files, content)
    result = run_batch(job, instance, batch.id)
    assert result.success
    done = store.batches.get(batch.id)
    assert (done.status, done.attempts) == ("processed", 2)
    retried = [e for e in result.all_events if e.event_type_value == "STEP_UP_FOR_RETRY"]
    assert len(retried) == 1


def test_400_on_the_document_is_dead_at_once(store, files, job, instance, gemini, corpus_documents):
    content, _ = _corpus(corpus_documents, "scan")
    gemini.status(400, "Request contains an invalid argument.")
    batch = _upload(store, files, content)
    assert not run_batch(job, instance, batch.id).success
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts) == ("dead", 1)
    assert "Gemini refused the document" in dead.last_error and TEST_API_KEY not in dead.last_error


def test_photo_that_is_not_a_purchase_order_is_dead_with_the_reason(
    store, files, job, instance, gemini, corpus_documents
):
    content, _ = _corpus(corpus_documents, "photo")
    batch = _upload(store, files, content, "photo.jpg")
    assert not run_batch(job, instance, batch.id).success
    dead = store.batches.get(batch.id)
    assert dead.status == "dead" and "not a purchase order" in dead.last_error
    (request,) = gemini.requests
    assert request.inline_parts()[0].mime_type == "image/jpeg"
