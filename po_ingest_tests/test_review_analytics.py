"""People's edits in the analytics: corrected values, `verified`, rejected orders out (and
back on reopen), and `extraction_accuracy` from what people approved."""

from decimal import Decimal

import dagster as dg

from po_ingest.defs.analytics import extraction_accuracy
from po_ingest.lib import accuracy
from po_ingest.lib.review.edits import order_values
from po_ingest.lib.store import analytics as tables
from po_ingest_tests.support.analytics_orders import (
    materialize,
    persist,
    store_orders,
    table_rows,
)

D = lambda v: Decimal(v).normalize()  # noqa: E731


def _id(store, po_number: str) -> int:
    return store.orders.find_by_po_number(po_number)["id"]


def _correct(store, po_number: str, change_items=None, **fields) -> None:
    current = store.orders.get(_id(store, po_number))
    patch = dict(fields)
    if change_items:
        patch["items"] = change_items(order_values(current)["items"])
    store.reviews.correct(current["id"], "rita", current["revision"], patch)


def _supplier_table(store) -> list[tuple]:
    return table_rows(store, "spend_by_supplier_month", ("spend",))


def test_tables_show_corrections_count_verified_and_leave_rejected_out(store, files):
    store_orders(store, files)
    _correct(store, "PO-A", supplier_name="Acme Trading")
    store.reviews.approve(_id(store, "PO-A"), "rita")
    store.reviews.approve(_id(store, "PO-C"), "rita")
    store.reviews.reject(_id(store, "PO-B"), "rita", "duplicate")
    with dg.instance_for_test() as instance:
        materialize(store.url, instance)
        assert _supplier_table(store) == [
            ("(unknown)", "(undated)", "EUR", 1, 0, 1, D("5.00")),
            ("Acme", "2026-02", "USD", 1, 1, 2, D("0.30")),
            ("Acme Trading", "2026-01", "EUR", 1, 1, 2, D("36.89")),
            ("Bolt & Co", "2026-02", "EUR", 1, 0, 2, D("13.00")),
        ]
        lines = tables.read_table(store.engine, "purchase_order_lines")
        assert [(r["po_number"], r["supplier"], bool(r["verified"])) for r in lines] == [
            ("PO-A", "Acme Trading", True),
            ("PO-A", "Acme Trading", True),
            ("PO-C", "Acme", True),
            ("PO-C", "Acme", True),
            ("PO-D", "Bolt & Co", False),
            ("PO-D", "Bolt & Co", False),
            ("PO-E", None, False),
        ]

        store.reviews.reopen(_id(store, "PO-B"), "rita", "not a duplicate after all")
        materialize(store.url, instance)
    assert ("Acme", "2026-01", "EUR", 1, 0, 1, D("100.01")) in _supplier_table(store)


def _drop_second_line(items: list[dict]) -> list[dict]:
    return items[:1]


def _more_of_the_second_line(items: list[dict]) -> list[dict]:
    items[1]["quantity"] = "5"
    return items


def test_extraction_accuracy_counts_what_people_changed_on_approved_orders(store, files):
    store_orders(store, files)
    persist(
        store, files, "PO-G", "2026-03-01", "Zed", "P-100", "EUR",
        [("1", "1", "1.00"), ("1", "2", "2.00")], None, None, "3.00",
        extractor="gemini", model="gemini-2.5-flash",
    )  # fmt: skip
    _correct(store, "PO-A", _more_of_the_second_line, supplier_name="Acme Trading")
    _correct(store, "PO-G", _drop_second_line)
    _correct(store, "PO-D", supplier_name="Bolt and Co")  # then rejected: not counted
    for po_number in ("PO-A", "PO-B", "PO-G"):
        store.reviews.approve(_id(store, po_number), "rita")
    store.reviews.reject(_id(store, "PO-D"), "rita", "duplicate")
    with dg.instance_for_test() as instance:
        result = materialize(store.url, instance, [extraction_accuracy])

    rows = {
        (r["extractor"], r["model"], r["field"]): (r["reviewed"], r["changed"], r["changed_share"])
        for r in tables.read_table(store.engine, "extraction_accuracy")
    }
    assert len(rows) == 2 * 15  # two extractors × 8 header fields and 7 line fields
    assert rows[("t", "(none)", "supplier_name")] == (2, 1, 0.5)  # PO-A changed, PO-B not
    assert rows[("t", "(none)", "items.quantity")] == (3, 1, 0.3333)  # lines of PO-A, PO-B
    assert rows[("t", "(none)", "items.description")] == (3, 0, 0.0)
    assert rows[("gemini", "gemini-2.5-flash", "po_number")] == (1, 0, 0.0)
    assert rows[("gemini", "gemini-2.5-flash", "items.line_total")] == (2, 1, 0.5)  # dropped
    meta = result.asset_materializations_for_node("extraction_accuracy")[0].metadata
    assert meta["dagster/row_count"].value == 30


def test_an_approved_order_whose_raw_extraction_is_not_ours_is_left_out(store, files):
    store_orders(store, files)
    order = store.orders.find_by_po_number("PO-A")
    legacy = {**order, "raw_extraction": '{"vendor": "Acme", "lines": []}'}
    assert accuracy.extraction_accuracy([legacy]).empty
    assert len(accuracy.extraction_accuracy([order])) == 15
