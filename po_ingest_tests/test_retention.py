"""Retention removes the partitions of batches processed long ago, and only those."""

import datetime as dt

import dagster as dg
import pytest

from po_ingest.defs.resources import StoreResource
from po_ingest.defs.retention import expired_partitions, partition_retention_sensor
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store.schema import batches
from po_ingest_tests.support.documents import order, purchase_order_pdf

NOW = dt.datetime.now(dt.UTC)


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


def _batch(store, files, instance, name, status, age_days):
    pdf = purchase_order_pdf(order(name))
    batch = accept_upload(store, files, [pdf], filename=f"{name}.pdf")
    when = NOW - dt.timedelta(days=age_days)
    values = {"status": status, "date_uploaded": when, "last_attempt_at": when}
    if status == "processed":
        values["processed_at"] = when
    with store.engine.begin() as conn:
        conn.execute(batches.update().where(batches.c.id == batch.id).values(**values))
    instance.add_dynamic_partitions("batches", [batch.id])
    return batch.id


def _tick(instance, store):
    context = dg.build_sensor_context(
        instance=instance, resources={"store": StoreResource(database_url=store.url)}
    )
    return partition_retention_sensor(context)


def test_only_partitions_of_batches_processed_before_the_retention_period_go(
    store, files, instance
):
    old = _batch(store, files, instance, "PO-OLD", "processed", 400)
    older = _batch(store, files, instance, "PO-OLDER", "processed", 500)
    recent = _batch(store, files, instance, "PO-RECENT", "processed", 300)
    old_dead = _batch(store, files, instance, "PO-DEAD", "dead", 400)
    old_pending = _batch(store, files, instance, "PO-PENDING", "pending", 400)

    result = _tick(instance, store)
    (request,) = result.dynamic_partitions_requests
    assert request.partitions_def_name == "batches"
    assert list(request.partition_keys) == [older, old], "oldest first"
    # What the daemon does with the request; the orders stay in the app database.
    for key in request.partition_keys:
        instance.delete_dynamic_partition("batches", key)
    assert set(instance.get_dynamic_partitions("batches")) == {recent, old_dead, old_pending}
    assert store.batches.get(old).status == "processed"
    assert _tick(instance, store).skip_reason, "nothing left past retention"


def test_retention_period_is_configurable_and_deletes_are_bounded(
    store, files, instance, monkeypatch
):
    keys = [_batch(store, files, instance, f"PO-{n}", "processed", 40 + n) for n in range(3)]
    fresh = _batch(store, files, instance, "PO-FRESH", "processed", 10)
    assert expired_partitions(instance, store) == []
    monkeypatch.setenv("PO_INGEST_PARTITION_RETENTION_DAYS", "30")
    assert expired_partitions(instance, store, limit=2) == [keys[2], keys[1]]
    assert fresh not in expired_partitions(instance, store)
