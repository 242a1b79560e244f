"""The queue's transitions on SQLite and PostgreSQL: one conditional UPDATE each."""

import datetime as dt
import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.command import downgrade
from alembic.runtime.migration import MigrationContext

from po_ingest.lib.intake import accept_upload
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.settings import BATCH_TYPES, PROCESSED_BATCH_TYPES
from po_ingest.lib.sites import Site
from po_ingest.lib.store import LostClaim, Store
from po_ingest.lib.store import analytics as tables
from po_ingest.lib.store.migrate import alembic_config, upgrade
from po_ingest.lib.store.schema import batches, metadata
from po_ingest_tests.support.batch_rows import insert_batch_row
from po_ingest_tests.support.documents import order, purchase_order_pdf

PENDING_ONLY = ["pending"]


def _upload(store, files, po_number="PO-1", **kw):
    pdf = purchase_order_pdf(order(po_number, **kw))
    return accept_upload(store, files, [pdf], filename=f"{po_number}.pdf")


def _result(po_number="PO-1", **kw) -> ExtractionResult:
    return ExtractionResult(
        order=ExtractedPurchaseOrder.model_validate(order(po_number, **kw)), extractor="test"
    )


def test_upload_writes_row_and_file(store, files):
    batch = _upload(store, files)
    assert batch.status == "pending" and batch.attempts == 0 and batch.generation == 0
    assert batch.content_type == "application/pdf"
    assert batch.original_file == f"batches/{batch.id}.pdf"
    assert files.read(batch.original_file)[:5] == b"%PDF-"
    assert batch.file_size == len(files.read(batch.original_file))
    assert batch.date_uploaded.tzinfo is not None


def test_claim_is_won_once_and_counts_attempts(store, files):
    batch = _upload(store, files)
    assert store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    assert not store.batches.claim(batch.id, "run-b", statuses=PENDING_ONLY, generation=0)
    claimed = store.batches.get(batch.id)
    assert (claimed.status, claimed.attempts, claimed.dagster_run_id) == ("processing", 1, "run-a")


def test_claim_of_a_stale_generation_loses(store, files):
    batch = _upload(store, files)
    assert not store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=1)
    assert store.batches.get(batch.id).status == "pending"


def test_race_eight_workers_fifty_batches_each_claimed_once(store, files):
    ids = [_upload(store, files, f"PO-{n}").id for n in range(50)]
    barrier = threading.Barrier(8)

    def worker(n: int) -> list[str]:
        barrier.wait()
        return [
            batch_id
            for batch_id in ids
            if store.batches.claim(batch_id, f"run-{n}", statuses=PENDING_ONLY, generation=0)
        ]

    with ThreadPoolExecutor(8) as pool:
        won = [batch_id for result in pool.map(worker, range(8)) for batch_id in result]
    assert sorted(won) == sorted(ids)
    assert {b.attempts for b in store.batches.list(limit=100)} == {1}


def test_failed_then_retry_claim_then_dead(store, files):
    batch = _upload(store, files)
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=60)
    assert store.batches.mark_failed(batch.id, "run-a", "boom", retry_at)
    failed = store.batches.get(batch.id)
    assert (failed.status, failed.next_retry_at, failed.last_error) == ("failed", retry_at, "boom")
    assert not store.batches.reclaim_for_retry(batch.id, "run-other")
    assert store.batches.reclaim_for_retry(batch.id, "run-a")
    again = store.batches.get(batch.id)
    assert (again.status, again.attempts, again.next_retry_at) == ("processing", 2, None)
    assert not store.batches.mark_dead(batch.id, "run-other", "x")
    assert store.batches.mark_dead(batch.id, "run-a", "gave up")
    assert store.batches.get(batch.id).status == "dead"


def test_manual_retry_only_from_failed_or_dead(store, files):
    batch = _upload(store, files)
    assert not store.batches.retry(batch.id)  # pending
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    assert not store.batches.retry(batch.id)  # processing
    store.batches.mark_dead(batch.id, "run-a", "gave up")
    assert store.batches.retry(batch.id)
    retried = store.batches.get(batch.id)
    assert (retried.status, retried.attempts, retried.generation) == ("pending", 0, 1)


def test_release_requeues_until_attempts_are_spent(store, files):
    batch = _upload(store, files)
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    assert store.batches.release(batch.id, "run-other", "crash", max_attempts=3) is None
    assert store.batches.release(batch.id, "run-a", "crash", max_attempts=3) == "pending"
    assert store.batches.release(batch.id, "run-a", "crash", max_attempts=3) is None  # idempotent
    assert store.batches.get(batch.id).generation == 1
    store.batches.claim(batch.id, "run-b", statuses=PENDING_ONLY, generation=1)
    store.batches.claim(batch.id, "run-b", statuses=["processing"])  # attempts 3
    assert store.batches.release(batch.id, "run-b", "crash", max_attempts=3) == "dead"
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.last_error, dead.generation) == ("dead", "crash", 1)


def test_a_unit_price_keeps_its_six_decimal_places(store, files):
    """A small part's price per piece (24 000 at 0.04579 = 1 098.96) is stored as printed,
    on PostgreSQL's NUMERIC as on SQLite's text."""
    item = {"line_number": 1, "description": "Connector 2mm 4pol", "quantity": "24000"}
    fine = order("PO-FINE", items=[{**item, "unit_price": "0.045790", "line_total": "1098.96"}])
    batch = _upload(store, files, "PO-FINE")
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    result = ExtractionResult(order=ExtractedPurchaseOrder.model_validate(fine), extractor="test")
    outcome = store.orders.persist(batch.id, "run-a", result, "orders/x.pdf")
    assert store.orders.get(outcome.order_id)["items"][0]["unit_price"] == Decimal("0.04579")


def test_persist_stores_order_items_and_settles_batch(store, files):
    batch = _upload(store, files, lines=3)
    store.sites.upsert([Site(name="North yard", project_code="P-100")])
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    outcome = store.orders.persist(batch.id, "run-a", _result(lines=3), "orders/x.pdf")
    saved = store.orders.get(outcome.order_id)
    assert saved["po_number"] == "PO-1" and saved["site_id"] == outcome.site_id is not None
    assert [i["line_number"] for i in saved["items"]] == [1, 2, 3]
    assert saved["total"] == Decimal("75.60") and saved["items"][0]["unit_price"] == Decimal("10.5")
    processed = store.batches.get(batch.id)
    assert (processed.status, processed.processed_record_id, processed.original_file) == (
        "processed",
        outcome.order_id,
        None,
    )


def test_persist_by_a_run_that_lost_the_batch_writes_nothing(store, files):
    batch = _upload(store, files)
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    with pytest.raises(LostClaim):
        store.orders.persist(batch.id, "run-b", _result(), "orders/x.pdf")
    assert store.orders.count() == 0
    assert store.batches.get(batch.id).status == "processing"


def test_unknown_project_code_gives_order_without_site(store, files):
    batch = _upload(store, files, project_code="NOPE-9")
    store.batches.claim(batch.id, "run-a", statuses=PENDING_ONLY, generation=0)
    outcome = store.orders.persist(
        batch.id, "run-a", _result(project_code="NOPE-9"), "orders/x.pdf"
    )
    assert store.orders.get(outcome.order_id)["site_id"] is None
    assert "site_unmatched" in store.batches.get(batch.id).warnings


def test_concurrent_persists_of_one_po_number_give_one_order(db_url, files):
    store = Store(db_url)
    ids = [_upload(store, files, "PO-SAME").id for _ in range(2)]
    for n, batch_id in enumerate(ids):
        store.batches.claim(batch_id, f"run-{n}", statuses=PENDING_ONLY, generation=0)
    barrier = threading.Barrier(2)

    def persist(n: int):
        barrier.wait()
        return store.orders.persist(ids[n], f"run-{n}", _result("PO-SAME"), f"orders/{n}.pdf")

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(persist, range(2)))
    assert store.orders.count() == 1
    assert len({o.order_id for o in outcomes}) == 1
    assert sorted(o.duplicate for o in outcomes) == [False, True]
    duplicate = next(
        store.batches.get(i) for i, o in zip(ids, outcomes, strict=True) if o.duplicate
    )
    assert duplicate.status == "processed" and "duplicate" in duplicate.warnings


def test_due_pending_skips_future_retries_and_unprocessed_types(store, files):
    now = dt.datetime.now(dt.UTC)
    first = _upload(store, files, "PO-A")
    note = accept_upload(
        store,
        files,
        [purchase_order_pdf(order("DN-1"))],
        filename="dn.pdf",
        batch_type="delivery_notes",
    )
    waiting = _upload(store, files, "PO-B")
    store.batches.claim(waiting.id, "run-a", statuses=PENDING_ONLY, generation=0)
    store.batches.mark_failed(waiting.id, "run-a", "x", now + dt.timedelta(minutes=5))
    store.batches.release(waiting.id, "run-a", "run crashed", max_attempts=3)
    due = [r.id for r in store.batches.due_pending(["purchase_orders"], limit=10)]
    assert due == [first.id]
    later = store.batches.due_pending(["purchase_orders"], 10, now + dt.timedelta(minutes=6))
    assert [r.id for r in later] == [first.id, waiting.id]
    assert note.id not in [r.id for r in later]


# -- legacy rows with no status, and the CSV batch types ---------------------------------------
def test_a_legacy_row_with_no_status_reads_as_processed_everywhere(store, files):
    legacy = insert_batch_row(store, "timesheets", None)
    pending = _upload(store, files, "PO-A")
    assert store.batches.get(legacy).status == "processed"
    assert [b.id for b in store.batches.list(status="processed")] == [legacy]
    assert [b.id for b in store.batches.list(status="pending")] == [pending.id]
    assert store.batches.count_by_status() == {"processed": 1, "pending": 1}
    frame = tables.load_batches(store.engine)  # what import_queue_health counts
    assert dict(zip(frame["id"], frame["status"], strict=True)) == {
        legacy: "processed",
        pending.id: "pending",
    }
    assert [r.id for r in store.batches.due_pending(BATCH_TYPES, limit=10)] == [pending.id]


def test_the_pending_sensor_query_never_picks_a_csv_batch(store, files):
    """Not even when it asks for every batch type, and not a legacy row with no status."""
    csv_rows = [
        insert_batch_row(store, t, s)
        for t in ("timesheets", "fuel_logs")
        for s in ("pending", None)
    ]
    order = _upload(store, files, "PO-A")
    for batch_types in (BATCH_TYPES, PROCESSED_BATCH_TYPES, ["timesheets", "fuel_logs"]):
        due = [r.id for r in store.batches.due_pending(batch_types, limit=10)]
        assert due == ([] if "purchase_orders" not in batch_types else [order.id])
    assert [store.batches.get(i).status for i in csv_rows] == ["pending", "processed"] * 2


def test_status_may_be_null_and_still_defaults_to_pending(store):
    legacy = insert_batch_row(store, "timesheets", None)
    with store.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO data_import_batches (id, batch_type, content_type, file_size, "
            "file_sha256, date_uploaded) VALUES ('defaultrow22', 'fuel_logs', 'text/csv', 1, "
            "'x', CURRENT_TIMESTAMP)"
        )
        raw = dict(conn.execute(sa.select(batches.c.id, batches.c.status)).all())
    assert raw == {legacy: None, "defaultrow22": "pending"}


def test_migration_0003_keeps_existing_rows_and_their_foreign_keys(db_url):
    """Down to 0002 and up again with an order pointing at its batch: SQLite rebuilds the
    table for the nullable status, and must keep the rows, the indexes and FK enforcement."""
    store = Store(db_url)
    downgrade(alembic_config(db_url), "0002")
    batch_id = insert_batch_row(store, "purchase_orders", "processed")
    with store.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO purchase_orders (po_number, currency, raw_extraction, batch_id, "
            f"created_at) VALUES ('PO-OLD', 'EUR', '{{}}', '{batch_id}', CURRENT_TIMESTAMP)"
        )
    upgrade(db_url)
    assert store.batches.get(batch_id).status == "processed"
    assert store.orders.find_by_po_number("PO-OLD")["batch_id"] == batch_id
    with pytest.raises(sa.exc.IntegrityError), store.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO purchase_orders (po_number, currency, raw_extraction, batch_id, "
            "created_at) VALUES ('PO-NONE', 'EUR', '{}', 'nosuchbatch2', CURRENT_TIMESTAMP)"
        )
    indexes = {i["name"] for i in sa.inspect(store.engine).get_indexes("data_import_batches")}
    assert {"ix_batches_status_type_retry", "ix_batches_file_sha256"} <= indexes


def test_the_migrated_database_is_what_schema_py_describes(store):
    with store.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    assert differences == []


def test_an_open_read_does_not_block_claims_or_uploads(store, files):
    """A long read (an analytics load, a dashboard) left open: writers go on. On SQLite a read
    used to begin IMMEDIATE and hold the write lock until it ended."""
    waiting = _upload(store, files, "PO-READ-1")
    with store.engine.connect() as reader:
        reader.execute(sa.select(batches.c.id)).all()  # the read transaction stays open
        done: list[bool] = []

        def write():
            done.append(store.batches.claim(waiting.id, "run-1", statuses=["pending"]))
            done.append(_upload(store, files, "PO-READ-2").status == "pending")

        writer = threading.Thread(target=write)
        writer.start()
        writer.join(timeout=5)
        assert done == [True, True], "the writer waited for the reader"
