"""Asset checks passing and failing: per order (in the batch's own run) and on the queue."""

import datetime as dt

import dagster as dg
import pytest

from po_ingest.definitions import defs
from po_ingest.defs.analytics import import_queue_health
from po_ingest.defs.checks import dead_rate_last_day, no_batch_pending_too_long
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.sites import Site
from po_ingest.lib.store.schema import batches, purchase_order_items
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import SCRIPTED, run_batch

ORDER_CHECKS = (
    "purchase_order_has_items",
    "purchase_order_totals_reconcile",
    "purchase_order_site_matched",
)


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


def _defs(store, files) -> dg.Definitions:
    resources = {
        "store": StoreResource(database_url=store.url),
        "files": FileStoreResource(files_dir=str(files.root)),
        "extractor": ExtractorResource(extractor=SCRIPTED),
    }
    return dg.Definitions(
        assets=defs.assets,
        asset_checks=defs.asset_checks,
        jobs=defs.jobs,
        resources=resources,
    )


def _upload(store, files, po_number, **kw):
    pdf = purchase_order_pdf(order(po_number, **kw))
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf")


def _checks(result: dg.ExecuteInProcessResult) -> dict[str, dg.AssetCheckEvaluation]:
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def test_a_good_order_passes_every_check_in_its_own_run(store, files, instance):
    store.sites.upsert([Site(name="North yard", project_code="P-100")])
    batch = _upload(store, files, "PO-GOOD")
    result = run_batch(_defs(store, files).resolve_job_def("process_batch"), instance, batch.id)
    assert result.success
    checks = _checks(result)
    assert sorted(checks) == sorted(ORDER_CHECKS)
    assert all(c.passed for c in checks.values())
    assert checks["purchase_order_has_items"].metadata["items"].value == 2
    assert {c.partition for c in checks.values()} == {batch.id}, "one result per partition"


def test_totals_that_do_not_add_up_and_an_unknown_site_warn(store, files, instance):
    batch = _upload(store, files, "PO-ODD", project_code="ZZ-404", total="999.99")
    result = run_batch(_defs(store, files).resolve_job_def("process_batch"), instance, batch.id)
    assert result.success, "warnings do not fail the run: the order is stored as printed"
    checks = _checks(result)
    reconcile = checks["purchase_order_totals_reconcile"]
    assert not reconcile.passed and reconcile.severity == dg.AssetCheckSeverity.WARN
    assert reconcile.metadata["mismatches"].value == ["total_mismatch"]
    site = checks["purchase_order_site_matched"]
    assert not site.passed and site.severity == dg.AssetCheckSeverity.WARN
    assert checks["purchase_order_has_items"].passed


def test_an_order_without_lines_fails_the_blocking_check(store, files, instance):
    job = _defs(store, files).resolve_job_def("process_batch")
    first = _upload(store, files, "PO-EMPTY")
    assert run_batch(job, instance, first.id).success
    order_id = store.batches.get(first.id).processed_record_id
    with store.engine.begin() as conn:
        conn.execute(
            purchase_order_items.delete().where(
                purchase_order_items.c.purchase_order_id == order_id
            )
        )
    # A second upload of the same po_number links to that order; its checks look at it.
    second = _upload(store, files, "PO-EMPTY", lines=1)
    result = run_batch(job, instance, second.id)
    assert not result.success, "a failing blocking check fails the run"
    items = _checks(result)["purchase_order_has_items"]
    assert not items.passed and items.severity == dg.AssetCheckSeverity.ERROR
    assert items.blocking and items.metadata["items"].value == 0
    done = store.batches.get(second.id)
    assert (done.status, done.processed_record_id) == ("processed", order_id)


def _set(store, batch_id, **values):
    with store.engine.begin() as conn:
        conn.execute(batches.update().where(batches.c.id == batch_id).values(**values))


def _context(store):
    return dg.build_asset_check_context(resources={"store": StoreResource(database_url=store.url)})


def test_pending_too_long(store, files):
    now = dt.datetime.now(dt.UTC)
    fresh = _upload(store, files, "PO-FRESH")
    waiting_for_retry = _upload(store, files, "PO-RETRY")
    _set(store, waiting_for_retry.id, date_uploaded=now - dt.timedelta(hours=1), next_retry_at=now)
    result = no_batch_pending_too_long(_context(store))
    assert result.passed, (fresh.id, result.metadata)

    _set(store, fresh.id, date_uploaded=now - dt.timedelta(minutes=11))
    result = no_batch_pending_too_long(_context(store))
    assert not result.passed and result.severity == dg.AssetCheckSeverity.ERROR
    assert result.metadata["waiting_batches"].value == [fresh.id]
    assert result.metadata["oldest_wait_seconds"].value >= 660


def test_dead_rate_over_the_last_day(store, files, monkeypatch):
    now = dt.datetime.now(dt.UTC)
    ids = [_upload(store, files, f"PO-{n}").id for n in range(10)]
    for batch_id in ids[:9]:
        _set(store, batch_id, status="processed", processed_at=now - dt.timedelta(hours=2))
    _set(store, ids[9], status="dead", last_attempt_at=now - dt.timedelta(hours=2))
    old = _upload(store, files, "PO-OLD-DEAD")
    _set(store, old.id, status="dead", last_attempt_at=now - dt.timedelta(days=3))

    result = dead_rate_last_day(_context(store))  # 1 of 10 = 0.1: not under the default 0.1
    assert not result.passed and result.severity == dg.AssetCheckSeverity.WARN
    assert (result.metadata["dead"].value, result.metadata["processed"].value) == (1, 9)
    assert result.metadata["dead_rate"].value == pytest.approx(0.1)

    monkeypatch.setenv("PO_INGEST_DEAD_RATE_THRESHOLD", "0.2")
    assert dead_rate_last_day(_context(store)).passed
    monkeypatch.delenv("PO_INGEST_DEAD_RATE_THRESHOLD")
    _set(store, ids[9], status="processed", processed_at=now)
    assert dead_rate_last_day(_context(store)).passed, "the dead batch from 3 days ago is out"


def test_queue_checks_run_with_import_queue_health_on_an_empty_queue(store):
    result = dg.materialize(
        [import_queue_health, no_batch_pending_too_long, dead_rate_last_day],
        instance=dg.DagsterInstance.ephemeral(),
        resources={"store": StoreResource(database_url=store.url)},
    )
    assert result.success
    checks = _checks(result)
    assert sorted(checks) == ["dead_rate_last_day", "no_batch_pending_too_long"]
    assert all(c.passed for c in checks.values())
