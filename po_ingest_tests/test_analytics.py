"""The analytics tables for a known set of orders and batches, on SQLite and PostgreSQL, and
their automation: a new `purchase_order` partition gets them requested."""

import datetime as dt
from decimal import Decimal

import dagster as dg
import pandas as pd
import pytest
import sqlalchemy as sa

from po_ingest.definitions import defs
from po_ingest.defs.analytics import ANALYTICS_ASSETS
from po_ingest.lib import analytics
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import analytics as tables
from po_ingest.lib.store.schema import batches
from po_ingest_tests.support.analytics_orders import materialize, store_orders, table_rows
from po_ingest_tests.support.batch_rows import insert_batch_row
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.pipeline import job_with, run_batch


def test_spend_tables_for_known_orders(store, files):
    store_orders(store, files)
    with dg.instance_for_test() as instance:
        result = materialize(store.url, instance)

    D = lambda v: Decimal(v).normalize()  # noqa: E731
    assert table_rows(store, "spend_by_supplier_month", ("spend",)) == [
        ("(unknown)", "(undated)", "EUR", 1, 0, 1, D("5.00")),
        ("Acme", "2026-01", "EUR", 2, 0, 3, D("136.90")),  # 36.89 + 100.005 → 100.01 (half up)
        ("Acme", "2026-02", "USD", 1, 0, 2, D("0.30")),  # exact: no 0.30000000000000004
        ("Bolt & Co", "2026-02", "EUR", 1, 0, 2, D("13.00")),  # no printed total: sum of lines
    ]
    assert table_rows(store, "spend_by_site_month", ("spend",)) == [
        ("(unmatched)", "(undated)", "EUR", 1, 0, D("5.00")),
        ("(unmatched)", "2026-02", "USD", 1, 0, D("0.30")),
        ("North yard", "2026-01", "EUR", 2, 0, D("136.90")),
        ("South depot", "2026-02", "EUR", 1, 0, D("13.00")),
    ]
    lines = table_rows(store, "purchase_order_lines", ("quantity", "unit_price", "line_total"))
    assert len(lines) == 8
    first = dict(
        zip(tables.read_table(store.engine, "purchase_order_lines")[0], lines[0], strict=True)
    )
    assert {k: first[k] for k in ("po_number", "supplier", "site", "project_code", "currency")} == {
        "po_number": "PO-A",
        "supplier": "Acme",
        "site": "North yard",
        "project_code": "P-100",
        "currency": "EUR",
    }
    assert (first["line_number"], first["quantity"], first["line_total"]) == (1, D("2"), D("21"))
    assert str(first["order_date"]).startswith("2026-01-15")
    assert [line[1] for line in lines] == [
        "PO-A",
        "PO-A",
        "PO-B",
        "PO-C",
        "PO-C",
        "PO-D",
        "PO-D",
        "PO-E",
    ]

    meta = result.asset_materializations_for_node("spend_by_supplier_month")[0].metadata
    assert meta["dagster/row_count"].value == 4
    columns = {c.name: c.type for c in meta["dagster/column_schema"].value.columns}
    assert columns == {
        "supplier": "string", "month": "string", "currency": "string",
        "orders": "int", "verified_orders": "int", "lines": "int", "spend": "decimal",
    }  # fmt: skip
    assert "| Acme | 2026-01 | EUR | 2 | 0 | 3 | 136.90 |" in meta["preview"].value


def _batch(
    store, files, uploaded, status, attempts, processed_after=None, batch_type="purchase_orders"
):
    pdf = purchase_order_pdf(order(f"PO-{uploaded.timestamp()}-{status}-{attempts}"))
    batch = accept_upload(store, files, [pdf], filename="x.pdf", batch_type=batch_type)
    processed_at = uploaded + dt.timedelta(seconds=processed_after) if processed_after else None
    with store.engine.begin() as conn:
        conn.execute(
            batches.update()
            .where(batches.c.id == batch.id)
            .values(
                status=status, attempts=attempts, date_uploaded=uploaded, processed_at=processed_at
            )
        )
    return batch


def test_queue_health_for_known_batches(store, files):
    t0 = dt.datetime(2026, 11, 1, 8, 0, tzinfo=dt.UTC)
    for seconds, attempts in [(10, 1), (20, 1), (30, 1), (40, 2), (100, 3)]:
        _batch(store, files, t0, "processed", attempts, processed_after=seconds)
    _batch(store, files, t0, "dead", 3)
    _batch(store, files, t0, "pending", 0)
    _batch(store, files, t0, "pending", 0, batch_type="delivery_notes")
    with dg.instance_for_test() as instance:
        materialize(store.url, instance)

    rows = {r["batch_type"]: r for r in tables.read_table(store.engine, "import_queue_health")}
    assert list(rows) == ["delivery_notes", "purchase_orders", "(all)"]
    po = rows["purchase_orders"]
    assert {k: po[k] for k in ("batches", "pending", "processing", "failed", "processed", "dead")} == {
        "batches": 7, "pending": 1, "processing": 0, "failed": 0, "processed": 5, "dead": 1,
    }  # fmt: skip
    assert po["median_seconds_to_processed"] == 30.0
    assert po["p95_seconds_to_processed"] == pytest.approx(88.0)  # 40 + 0.8 × (100 − 40)
    assert po["dead_rate"] == pytest.approx(1 / 6)
    assert [po[f"attempts_{n}"] for n in ("0", "1", "2", "3_plus")] == [0, 3, 1, 2]
    notes = rows["delivery_notes"]
    assert (notes["batches"], notes["pending"], notes["median_seconds_to_processed"]) == (
        1,
        1,
        None,
    )
    assert (rows["(all)"]["batches"], rows["(all)"]["pending"]) == (8, 2)


def test_queue_health_counts_a_legacy_row_with_no_status_as_processed(store, files):
    """The web app's old timesheet rows have no status and no processed_at."""
    t0 = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    insert_batch_row(store, "timesheets", None)
    _batch(store, files, t0, "pending", 0)

    def health() -> dict:
        frame = analytics.import_queue_health(tables.load_batches(store.engine))
        return {row["batch_type"]: row for row in frame.to_dict("records")}

    timesheets = health()["timesheets"]
    assert (timesheets["processed"], timesheets["dead_rate"]) == (1, 0.0)
    assert pd.isna(timesheets["median_seconds_to_processed"])  # no time to measure
    _batch(store, files, t0, "processed", 1, processed_after=12)
    everything = health()["(all)"]
    assert (everything["processed"], everything["median_seconds_to_processed"]) == (2, 12.0)


def test_tables_are_replaced_not_appended(store, files):
    store_orders(store, files)
    with dg.instance_for_test() as instance:
        materialize(store.url, instance)
        materialize(store.url, instance)
    with store.engine.connect() as conn:
        count = conn.execute(
            sa.text("SELECT count(*) FROM analytics_purchase_order_lines")
        ).scalar()
    assert count == 8


def test_a_new_purchase_order_partition_requests_the_analytics(store, files):
    job = job_with(store.url, files.root)
    keys = [a.key for a in ANALYTICS_ASSETS]
    with dg.instance_for_test() as instance:
        first = dg.evaluate_automation_conditions(defs=defs, instance=instance)
        materialize(store.url, instance)  # the tables exist: nothing is missing
        idle = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=first.cursor)
        assert [idle.get_num_requested(k) for k in keys] == [0] * len(keys)

        pdf = purchase_order_pdf(order("PO-AUTO"))
        batch = accept_upload(store, files, [pdf], filename="a.pdf")
        assert run_batch(job, instance, batch.id).success
        after = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=idle.cursor)
        assert [after.get_num_requested(k) for k in keys] == [1] * len(keys)
        again = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=after.cursor)
        assert again.total_requested == 0, "requested once per update, not on every tick"
