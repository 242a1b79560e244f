"""Lineage from upload to order: metadata on every asset's partition, and `po-ingest lineage`
against the local instance and against a real dagster-webserver's GraphQL API."""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from decimal import Decimal
from pathlib import Path

import dagster as dg
import pytest

from po_ingest.cli import main
from po_ingest.defs.analytics import ANALYTICS_ASSETS
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.batch_runs import packed_run_tags
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.sites import Site
from po_ingest.lineage import GraphQLSource, InstanceSource, build_lineage, render
from po_ingest_tests.support.deliveries import partly_and_over_delivered
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import job_with, run_batch
from po_ingest_tests.support.scripted_extractor import FAKE_API_KEY
from po_ingest_tests.support.sensor_ticks import pending_tick

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def instance(tmp_path):
    home = tmp_path / "dagster_home"
    home.mkdir()
    with dg.instance_for_test(temp_dir=str(home)) as inst:
        yield inst


@pytest.fixture
def job(store, files):
    return job_with(store.url, files.root)


def _upload(store, files, instance, po_number, script=None, **kw):
    """Upload, then one pending_batches tick as the daemon applies it (partition + the
    uploaded_document materialization)."""
    pdf = purchase_order_pdf(order(po_number, **kw), script)
    batch = accept_upload(store, files, [pdf], filename=f"{po_number}.pdf", uploaded_by="ana")
    tick = pending_tick(instance, store, files)
    for request in tick.dynamic_partitions_requests:
        instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
    for event in tick.asset_events:
        instance.report_runless_asset_event(event)
    return batch


def _latest(instance, asset: str, partition: str) -> dict:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=[partition]), limit=1
    ).records
    return {k: v.value for k, v in records[0].asset_materialization.metadata.items()}


def test_every_asset_partition_carries_its_lineage_metadata(
    store, files, job, instance, monkeypatch
):
    monkeypatch.setenv("PO_INGEST_PUBLIC_URL", "https://po.example.com/")
    store.sites.upsert([Site(name="North yard", project_code="P-100")])
    a = _upload(store, files, instance, "PO-LIN-1")
    b = _upload(store, files, instance, "PO-LIN-2", lines=3, project_code="NOPE")
    for batch in (a, b):
        assert run_batch(job, instance, batch.id).success

    upload = _latest(instance, "uploaded_document", a.id)
    assert (upload["batch_id"], upload["filename"], upload["sha256"]) == (
        a.id,
        "PO-LIN-1.pdf",
        a.file_sha256,
    )
    assert upload["uploaded_by"] == "ana" and upload["file_size"] == a.file_size

    extracted = _latest(instance, "extracted_purchase_order", b.id)
    assert (extracted["extractor"], extracted["model"]) == ("scripted", "ground-truth")
    assert (extracted["input_tokens"], extracted["output_tokens"], extracted["duration_ms"]) == (
        258,
        120,
        1,
    )
    assert (
        extracted["warnings"] == [] and extracted["extraction"]["order"]["po_number"] == "PO-LIN-2"
    )

    for batch, po, site, items in ((a, "PO-LIN-1", "North yard", 2), (b, "PO-LIN-2", "", 3)):
        stored = store.batches.get(batch.id)
        meta = _latest(instance, "purchase_order", batch.id)
        assert meta["order_id"] == stored.processed_record_id
        assert (meta["po_number"], meta["supplier"], meta["site"]) == (
            po,
            "Acme Building Supplies",
            site,
        )
        assert (meta["currency"], meta["items"], meta["batch_id"]) == ("EUR", items, batch.id)
        assert Decimal(meta["total"]) == store.orders.get(stored.processed_record_id)["total"]
        assert meta["order_url"] == f"https://po.example.com/orders/{stored.processed_record_id}"


def _two_runs(store, files, job, instance):
    """PO-TWICE: run 1 dies on a permanent error; after the file is replaced, a run started by
    hand takes the dead batch and needs two attempts (one transient failure)."""
    batch = _upload(store, files, instance, "PO-TWICE", script={"permanent": "not readable"})
    first = run_batch(job, instance, batch.id)
    assert not first.success and store.batches.get(batch.id).status == "dead"
    fixed = purchase_order_pdf(order("PO-TWICE"), {"fail_times": 1})
    files.write(batch.original_file, [fixed])
    second = run_batch(job, instance, batch.id, generation=None)
    assert second.success
    for asset in ANALYTICS_ASSETS[:2]:
        dg.materialize(
            [asset], instance=instance, resources={"store": StoreResource(database_url=store.url)}
        )
    return batch, first.run_id, second.run_id


def _summary(lineage) -> dict:
    """What must agree between the instance and GraphQL answers."""
    return {
        "runs": [
            (
                r.run_id,
                r.status,
                sorted((s.step_key, s.attempts) for s in r.steps),
                [(e.kind, e.step_key, e.message[:60]) for e in r.errors],
            )
            for r in lineage.runs
        ],
        "upload": lineage.upload.metadata["sha256"] if lineage.upload else None,
        "extraction": lineage.extraction,
        "extracted_meta": lineage.extraction_materialization.metadata["input_tokens"],
        "order": lineage.order,
        "order_meta": lineage.order_materialization.metadata["order_url"],
        "analytics": [(m.asset, m.run_id) for m in lineage.analytics],
        "partition_exists": lineage.partition_exists,
    }


def test_lineage_lists_every_run_and_attempt(store, files, job, instance, monkeypatch, capsys):
    batch, first_run, second_run = _two_runs(store, files, job, instance)
    lineage = build_lineage(store, InstanceSource(instance), "PO-TWICE")

    assert [r.run_id for r in lineage.runs] == [first_run, second_run]
    failed, succeeded = lineage.runs
    assert (failed.status, succeeded.status) == ("FAILURE", "SUCCESS")
    assert any("not readable" in e.message for e in failed.errors if e.kind == "step_failure")
    assert failed.tags["po_ingest/generation"] == "0"
    assert "po_ingest/generation" not in succeeded.tags, "the second run was started by hand"
    attempts = {s.step_key: s.attempts for s in succeeded.steps}
    assert attempts["extracted_purchase_order.extract_order"] == 2
    warning, retry = succeeded.errors
    assert (warning.kind, retry.kind) == ("log", "retry")
    assert "attempt 1" in warning.message and "model unavailable (503)" in warning.message
    assert FAKE_API_KEY not in warning.message, "the logged error is redacted"
    assert succeeded.duration_seconds is not None and succeeded.duration_seconds >= 0
    assert (
        lineage.extraction["extractor"] == "scripted" and lineage.extraction["input_tokens"] == 258
    )
    assert lineage.order["po_number"] == "PO-TWICE" and lineage.order["total"] == "50.40"
    assert [m.asset for m in lineage.analytics] == [
        "purchase_order_lines",
        "spend_by_supplier_month",
    ]
    assert lineage.partition_exists is True

    monkeypatch.setenv("PO_INGEST_DATABASE_URL", store.url)
    assert main(["lineage", "PO-TWICE"]) == 0
    text = capsys.readouterr().out
    assert first_run in text and second_run in text and "not readable" in text
    assert "extracted_purchase_order.extract_order×2" in text and "(503)" in text
    assert f"batch {batch.id}" in text and "→ spend_by_supplier_month" in text
    assert main(["lineage", batch.id, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["run_id"] for r in data["runs"]] == [first_run, second_run]
    assert data["order"]["po_number"] == "PO-TWICE" and data["source"] == "instance"


def test_lineage_of_a_batch_a_packed_backlog_run_imported(store, files, instance):
    batches = [_upload(store, files, instance, f"PO-PACKED-{n}") for n in range(2)]
    packed = job_with(store.url, files.root, job_name="process_batch_backlog")
    run = packed.execute_in_process(
        instance=instance, tags=packed_run_tags(batches, "local"), raise_on_error=False
    )
    assert run.success
    lineage = build_lineage(store, InstanceSource(instance), "PO-PACKED-1")
    assert [r.run_id for r in lineage.runs] == [run.run_id]
    assert lineage.runs[0].tags["po_ingest/packed"] == " ".join(f"{b.id}:0" for b in batches)
    assert lineage.extraction_materialization.run_id == run.run_id
    assert lineage.order_materialization.partition == batches[1].id
    assert lineage.order["po_number"] == "PO-PACKED-1"


def test_lineage_after_retention_removed_the_partition(store, files, job, instance):
    """The order's review history comes from the app database, so it outlives the partition."""
    batch, first_run, second_run = _two_runs(store, files, job, instance)
    order_id = store.batches.get(batch.id).processed_record_id
    store.reviews.correct(order_id, "rita", 1, {"supplier_name": "Acme Trading"})
    store.reviews.approve(order_id, "sam")
    instance.delete_dynamic_partition("batches", batch.id)
    lineage = build_lineage(store, InstanceSource(instance), batch.id)
    assert lineage.partition_exists is False
    assert (
        lineage.order["po_number"] == "PO-TWICE" and lineage.extraction["model"] == "ground-truth"
    )
    assert [r.run_id for r in lineage.runs] == [first_run, second_run]
    assert (lineage.order["review_status"], lineage.order["verified_by"]) == ("verified", "sam")
    text = render(lineage)
    assert "review verified by sam" in text
    assert re.search(r"r2 corrected by rita \S+  supplier_name", text)
    assert re.search(r"r3 approved by sam ", text)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_graphql_answers_the_same_as_the_instance(store, files, job, instance, tmp_path):
    batch, _, _ = _two_runs(store, files, job, instance)
    port = _free_port()
    log = open(tmp_path / "webserver.log", "wb")  # noqa: SIM115 (closed below)
    env = {**os.environ, "DAGSTER_HOME": str(tmp_path / "dagster_home")}
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "dagster-webserver"), "-w", "workspace.yaml"]
        + ["-h", "127.0.0.1", "-p", str(port)],
        cwd=REPO_ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/graphql"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/server_info", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail((tmp_path / "webserver.log").read_text()[-3000:])
                time.sleep(0.2)
        over_graphql = build_lineage(store, GraphQLSource(url), "PO-TWICE")
        locally = build_lineage(store, InstanceSource(instance), "PO-TWICE")
        assert over_graphql.source == "graphql"
        remote, local = _summary(over_graphql), _summary(locally)
        for key in local:
            assert remote[key] == local[key], f"{key}:\n{remote[key]}\n{local[key]}"
        assert len(over_graphql.runs) == 2
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def test_lineage_follows_a_note_to_its_order_and_an_order_to_its_notes(store, files, instance):
    order_id, _, second = partly_and_over_delivered(store, files)
    note_batch = store.deliveries.get(second)["batch_id"]
    lineage = build_lineage(store, InstanceSource(instance), note_batch)
    assert lineage.order is None and lineage.note["dn_number"] == "LS-2"
    assert [o["id"] for o in lineage.note["orders"]] == [order_id]
    assert lineage.note["lines"][0]["order_line"] == 1
    assert lineage.note["exceptions"] == ["over_delivery"]
    text = render(lineage)
    assert f"→ order {order_id}" in text and "over_delivery" in text
    by_order = build_lineage(
        store, InstanceSource(instance), store.orders.get(order_id)["batch_id"]
    )
    assert by_order.order["deliveries"]["status"] == "over"
    assert [n["dn_number"] for n in by_order.order["deliveries"]["notes"]] == ["LS-1", "LS-2"]
    assert "deliveries over  (LS-1, LS-2)" in render(by_order)
