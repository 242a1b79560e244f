"""Delivery notes through the same per-batch machinery as orders, in-process, with the real
`auto` extractor: the local reader for digital notes, the real google-genai client (against
the fake Gemini server) for photos; a note uploaded as an order (and the reverse) ends dead
with what to retry it as, and retrying as the other type processes it."""

import json

import dagster as dg
import pytest

from po_ingest.lib.delivery_note_model import DeliveryNote
from po_ingest.lib.extraction.grounding import NOTE_SHAPE, printed_keys
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.corpus.delivery_notes import generate_delivery_notes
from po_ingest_tests.support.pipeline import job_with, run_batch


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture(scope="module")
def notes(tmp_path_factory):
    documents = generate_delivery_notes(tmp_path_factory.mktemp("notes"), seed=7, split="dev")
    return {d.path.name: d for d in documents}


def _truth(document) -> dict:
    return {
        k: v for k, v in json.loads(document.ground_truth_path.read_text()).items() if k[0] != "_"
    }


def _pick(notes, kind: str, layout: str):
    return next(d for d in notes.values() if d.kind == kind and d.layout == layout)


@pytest.fixture
def note_job(db_url, files):
    return job_with(db_url, files.root, extractor="auto", job_name="process_delivery_note")


@pytest.fixture
def order_job(db_url, files):
    return job_with(db_url, files.root, extractor="auto")


def _upload(store, files, content, name, batch_type="delivery_notes"):
    return accept_upload(store, files, [content], filename=name, batch_type=batch_type)


def test_a_digital_note_is_read_locally_with_a_box_for_every_value(
    store, files, note_job, instance, gemini, notes
):
    document = _pick(notes, "digital", "lieferschein")
    truth = _truth(document)
    batch = _upload(store, files, document.path.read_bytes(), "ls.pdf")
    result = run_batch(note_job, instance, batch.id)
    assert result.success
    stored = store.batches.get(batch.id)
    assert stored.status == "processed"
    note = store.deliveries.get(stored.processed_record_id)
    assert (note["dn_number"], note["po_refs"]) == (truth["dn_number"], truth["po_refs"])
    assert [line["description"] for line in note["lines"]] == [
        line["description"] for line in truth["lines"]
    ]
    extraction = json.loads(note["raw_extraction"])
    assert extraction["extractor"] == "local" and gemini.requests == []
    assert extraction["provenance"] and all(extraction["provenance"].values())
    assert note["file_key"] == f"notes/{batch.id}.pdf" and files.exists(note["file_key"])
    meta = result.asset_materializations_for_node("delivery_note")[0].metadata
    assert meta["dn_number"].value == truth["dn_number"]
    assert meta["note_url"].value.endswith(f"/delivery-notes/{note['id']}")
    checks = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    assert set(checks) == {"delivery_note_matches_order", "no_over_delivery"}
    assert checks["no_over_delivery"] and not checks["delivery_note_matches_order"]  # no order


def test_a_photo_of_a_note_goes_to_gemini_and_is_stored_the_same_way(
    store, files, note_job, instance, gemini, notes
):
    document = _pick(notes, "photo", "docket")
    truth = _truth(document)
    keys = printed_keys(DeliveryNote.model_validate(truth), NOTE_SHAPE)
    # Where the model saw each value: one row each down the page (the geometry of the boxes
    # on the photo is test_gemini's).
    truth["boxes"] = [
        {"field": key, "page": 1, "box_2d": [10 + 20 * n, 100, 25 + 20 * n, 600]}
        for n, key in enumerate(keys)
    ]
    gemini.default_truth = truth
    batch = _upload(store, files, document.path.read_bytes(), document.path.name)
    result = run_batch(note_job, instance, batch.id)
    assert result.success
    (request,) = gemini.requests
    assert "dn_number" in request.generation_config["responseJsonSchema"]["properties"]
    note = store.deliveries.get(store.batches.get(batch.id).processed_record_id)
    assert note["dn_number"] == truth["dn_number"] and note["review_status"] == "needs_review"
    assert f"read_by:{json.loads(note['raw_extraction'])['model']}" in note["review_reasons"]
    meta = result.asset_materializations_for_node("extracted_delivery_note")[0].metadata
    assert meta["extractor"].value == "gemini" and meta["lines"].value == len(truth["lines"])
    provenance = json.loads(note["raw_extraction"])["provenance"]
    assert set(provenance) == set(keys) and all(box["page"] == 0 for box in provenance.values())
    tops = [provenance[key]["bbox"][1] for key in keys]
    assert tops == sorted(tops) and len(set(tops)) == len(keys), "each value its own box"


def test_the_same_note_twice_is_one_note(store, files, note_job, instance, gemini, notes):
    document = next(d for d in notes.values() if f"{d.name}_scan.pdf" in notes)
    scan = notes[f"{document.name}_scan.pdf"]
    gemini.expect(scan.path.read_bytes(), _truth(scan))
    first = _upload(store, files, document.path.read_bytes(), "a.pdf")
    assert run_batch(note_job, instance, first.id).success
    # A scan of the same note: other bytes, the same supplier and note number.
    second = _upload(store, files, scan.path.read_bytes(), "b.pdf")
    assert run_batch(note_job, instance, second.id).success
    ids = {store.batches.get(b.id).processed_record_id for b in (first, second)}
    assert len(ids) == 1
    assert "duplicate" in store.batches.get(second.id).warnings


def test_a_note_uploaded_as_an_order_is_dead_and_retried_as_a_note(
    store, files, note_job, order_job, instance, gemini, notes
):
    document = _pick(notes, "digital", "docket")
    gemini.expect(document.path.read_bytes(), _truth(document))
    batch = _upload(store, files, document.path.read_bytes(), "dn.pdf", "purchase_orders")
    assert not run_batch(order_job, instance, batch.id).success
    dead = store.batches.get(batch.id)
    assert dead.status == "dead"
    assert "this looks like a delivery note — retry as delivery note" in dead.last_error
    assert store.batches.retry_as(batch.id, "delivery_notes", by="rita")
    again = store.batches.get(batch.id)
    assert (again.status, again.batch_type) == ("pending", "delivery_notes")
    assert run_batch(note_job, instance, batch.id, generation=again.generation).success
    assert store.batches.get(batch.id).status == "processed"


def test_an_order_uploaded_as_a_note_is_dead_with_what_to_retry_it_as(
    store, files, note_job, instance, gemini, corpus_documents
):
    folder, documents = corpus_documents
    order = next(d for d in documents if d.kind == "scan")
    truth = {
        k: v for k, v in json.loads(order.ground_truth_path.read_text()).items() if k[0] != "_"
    }
    gemini.expect(order.path.read_bytes(), truth)
    batch = _upload(store, files, order.path.read_bytes(), "po.pdf")
    assert not run_batch(note_job, instance, batch.id).success
    dead = store.batches.get(batch.id)
    assert dead.status == "dead"
    assert "this looks like a purchase order — retry as purchase order" in dead.last_error
