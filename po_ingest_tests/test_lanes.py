"""Run lanes: which documents may wait on the model, and the run queue's limits per lane."""

import dagster as dg
import pytest
import yaml

from po_ingest.defs.partitions import LANE_TAG
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.lanes import LOCAL, MODEL, guess_lane
from po_ingest_tests.support import bad_files
from po_ingest_tests.support.daemon import REPO_ROOT
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.sensor_ticks import pending_tick


def _corpus(corpus_documents, kind):
    _, documents = corpus_documents
    doc = next(d for d in documents if d.kind == kind)
    return doc.content_type, doc.path.read_bytes()


@pytest.mark.parametrize(("kind", "lane"), [("digital", LOCAL), ("scan", MODEL), ("photo", MODEL)])
def test_documents_that_need_the_model_go_to_its_lane(corpus_documents, kind, lane):
    assert guess_lane(*_corpus(corpus_documents, kind)) == lane


def test_a_broken_file_needs_no_model():
    assert guess_lane("application/pdf", bad_files.corrupt_pdf()) == LOCAL


def test_the_sensor_tags_each_run_with_its_lane_and_records_it(store, files, corpus_documents):
    digital = accept_upload(store, files, [purchase_order_pdf(order("PO-L1"))], filename="a.pdf")
    _, scan_bytes = _corpus(corpus_documents, "scan")
    scan = accept_upload(store, files, [scan_bytes], filename="scan.pdf")
    moved = accept_upload(store, files, [purchase_order_pdf(order("PO-L2"))], filename="b.pdf")
    with store.engine.begin() as conn:  # handed to the model lane by an earlier run
        conn.exec_driver_sql(
            f"UPDATE data_import_batches SET lane = 'model' WHERE id = '{moved.id}'"
        )
    with dg.DagsterInstance.ephemeral() as instance:
        result = pending_tick(instance, store, files)
    lanes = {r.tags["po_ingest/batch_id"]: r.tags[LANE_TAG] for r in result.run_requests}
    assert lanes == {digital.id: LOCAL, scan.id: MODEL, moved.id: MODEL}
    assert store.batches.get(scan.id).lane == MODEL


@pytest.mark.parametrize("config", ["dagster.yaml", "docker/dagster.yaml"])
def test_each_lane_has_slots_of_its_own(config):
    """The model lane full (every slot asleep in a retry) leaves local runs their slots."""
    runs = yaml.safe_load((REPO_ROOT / config).read_text())["concurrency"]["runs"]
    limits = {
        limit["value"]: limit["limit"]
        for limit in runs["tag_concurrency_limits"]
        if limit["key"] == LANE_TAG
    }
    assert set(limits) == {LOCAL, MODEL}
    assert limits[MODEL] + limits[LOCAL] < runs["max_concurrent_runs"]
