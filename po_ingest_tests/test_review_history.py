"""People's edits in Dagster: the order_reviews sensor reports each one as an observation on
its batch's `purchase_order` partition (next to the run that stored it), bounded per tick,
past retention without failing, and the analytics are requested after an edit."""

import dagster as dg
import pytest

from po_ingest.definitions import defs
from po_ingest.defs import reviews
from po_ingest.defs.analytics import ANALYTICS_ASSETS
from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.analytics_orders import materialize
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import job_with, run_batch
from po_ingest_tests.support.sensor_ticks import review_tick


@pytest.fixture
def instance():
    with dg.instance_for_test() as inst:
        yield inst


@pytest.fixture
def settled(monkeypatch):
    """Edits count as committed at once (the sensor otherwise waits SETTLE_SECONDS)."""
    monkeypatch.setattr(reviews, "SETTLE_SECONDS", 0)


def _stored_batch(store, files, instance, po_number="PO-H"):
    batch = accept_upload(store, files, [purchase_order_pdf(order(po_number))], filename="h.pdf")
    assert run_batch(job_with(store.url, files.root), instance, batch.id).success
    return batch.id, store.orders.find_by_po_number(po_number)["id"]


def _tick(instance, store, cursor=None) -> dg.SensorResult:
    """One evaluation, its events stored as the daemon stores them."""
    result = review_tick(instance, store, cursor)
    for event in result.asset_events:
        instance.report_runless_asset_event(event)
    return result


def _history(instance, batch_id: str) -> list[dict]:
    records = instance.fetch_observations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("purchase_order"), asset_partitions=[batch_id]),
        limit=50,
        ascending=True,
    ).records
    return [
        {k: v.value for k, v in r.asset_observation.metadata.items()}
        for r in records
        if r.asset_observation
    ]


def test_a_correction_and_an_approval_show_in_the_partitions_history(
    store, files, instance, settled
):
    batch_id, order_id = _stored_batch(store, files, instance)
    revision = store.orders.get(order_id)["revision"]
    store.reviews.correct(order_id, "rita", revision, {"supplier_name": "Acme Trading"})
    store.reviews.approve(order_id, "sam")

    result = _tick(instance, store)
    history = _history(instance, batch_id)
    assert [(h["who"], h["action"], h["revision"]) for h in history] == [
        ("rita", "corrected", 2),
        ("sam", "approved", 3),
    ]
    assert history[0]["changes"] == [
        {"field": "supplier_name", "old": "Acme Building Supplies", "new": "Acme Trading"}
    ]
    assert history[0]["po_number"] == "PO-H"
    materialization = instance.get_latest_materialization_event(dg.AssetKey("purchase_order"))
    assert materialization.dagster_event.partition == batch_id, "the run's own record stays"
    assert _tick(instance, store, result.cursor).skip_reason.skip_message == "no new edits"


def test_an_edit_younger_than_the_settling_time_waits_a_tick(store, files, instance):
    _, order_id = _stored_batch(store, files, instance)
    store.reviews.approve(order_id, "sam")
    assert _tick(instance, store).skip_reason.skip_message == "no new edits"


def test_the_sensor_reports_a_bounded_number_of_edits_per_tick(
    store, files, instance, settled, monkeypatch
):
    monkeypatch.setattr(reviews, "MAX_REVISIONS_PER_TICK", 2)
    batch_id, order_id = _stored_batch(store, files, instance)
    store.reviews.approve(order_id, "sam")
    store.reviews.reopen(order_id, "sam", "the date looks wrong")
    store.reviews.reject(order_id, "sam", "illegible")

    first = _tick(instance, store)
    assert [h["action"] for h in _history(instance, batch_id)] == ["approved", "reopened"]
    _tick(instance, store, first.cursor)
    history = _history(instance, batch_id)
    assert [(h["action"], h["reason"]) for h in history] == [
        ("approved", ""),
        ("reopened", "the date looks wrong"),
        ("rejected", "illegible"),
    ]


def test_an_edit_on_a_batch_past_retention_is_passed_without_failing(
    store, files, instance, settled
):
    batch_id, order_id = _stored_batch(store, files, instance)
    instance.delete_dynamic_partition(batches_partitions.name, batch_id)
    store.reviews.approve(order_id, "sam")

    result = _tick(instance, store)
    assert _history(instance, batch_id) == []
    assert [e.asset_key for e in result.asset_events] == [dg.AssetKey("order_reviews")]
    assert _tick(instance, store, result.cursor).skip_reason.skip_message == "no new edits"


def test_an_edit_requests_the_analytics_again(store, files, instance, settled):
    _, order_id = _stored_batch(store, files, instance)
    keys = [a.key for a in ANALYTICS_ASSETS]
    first = dg.evaluate_automation_conditions(defs=defs, instance=instance)
    materialize(store.url, instance)
    idle = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=first.cursor)
    assert idle.total_requested == 0

    store.reviews.reject(order_id, "sam", "duplicate")
    _tick(instance, store)
    after = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=idle.cursor)
    requested = {k for k in keys if after.get_num_requested(k)}
    assert requested == {
        dg.AssetKey(name)
        for name in (
            "purchase_order_lines",
            "spend_by_supplier_month",
            "spend_by_site_month",
            "extraction_accuracy",
        )
    }


def test_observing_order_reviews_by_hand_gives_the_version_the_sensor_reports(
    store, files, instance, settled
):
    _, order_id = _stored_batch(store, files, instance)
    store.reviews.approve(order_id, "sam")
    reported = _tick(instance, store)
    _stored_batch(store, files, instance, "PO-I")  # a first read after the edit is no edit
    resources = {"store": StoreResource(database_url=store.url)}
    assert dg.materialize([reviews.order_reviews], instance=instance, resources=resources).success
    latest = instance.get_latest_data_version_record(dg.AssetKey("order_reviews"))
    assert latest.asset_observation.data_version == reported.cursor
