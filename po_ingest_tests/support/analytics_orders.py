"""Known orders for the analytics tables, stored as an extractor read them, and the tables
built from them."""

from decimal import Decimal

import dagster as dg

from po_ingest.defs.analytics import ANALYTICS_ASSETS
from po_ingest.defs.deliveries import DELIVERY_ASSETS
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.sites import Site
from po_ingest.lib.store import Store
from po_ingest.lib.store import analytics as tables
from po_ingest_tests.support.documents import order, purchase_order_pdf


def order_line(n: int, quantity: str, price: str, total: str) -> dict:
    return {
        "line_number": n,
        "description": f"item {n}",
        "quantity": quantity,
        "unit_price": price,
        "line_total": total,
    }


# po_number, date, supplier, project, currency, lines, subtotal, tax, total
ORDERS = [
    ("PO-A", "2026-01-15", "Acme", "P-100", "EUR", [("2", "10.50", "21.00"), ("4", "2.50", "10.00")], "31.00", "5.89", "36.89"),
    ("PO-B", "2026-01-20", "Acme", "P-100", "EUR", [("1", "100.005", "100.005")], None, None, "100.005"),
    ("PO-C", "2026-02-03", "Acme", "ZZ-9", "USD", [("1", "0.10", "0.10"), ("1", "0.20", "0.20")], "0.30", "0", "0.30"),
    ("PO-D", "2026-02-10", "Bolt & Co", "P-200", "EUR", [("1", "12.34", "12.34"), ("3", "0.22", "0.66")], None, None, None),
    ("PO-E", None, None, None, "EUR", [("5", "1", "5.00")], None, None, "5.00"),
]  # fmt: skip


def store_orders(store: Store, files) -> None:
    store.sites.upsert(
        [
            Site(name="North yard", project_code="P-100"),
            Site(name="South depot", project_code="P-200"),
        ]
    )
    for row in ORDERS:
        persist(store, files, *row)


def persist(
    store, files, po, date, supplier, project, currency, lines, subtotal, tax, total, **by
) -> int:
    """Stores the order as extractor `by` (default "t", no model) read it; its id."""
    pdf = purchase_order_pdf(order(po))
    batch = accept_upload(store, files, [pdf], filename=f"{po}.pdf")
    data = {
        "po_number": po,
        "order_date": date,
        "supplier_name": supplier,
        "project_code": project,
        "currency": currency,
        "items": [order_line(n, *cells) for n, cells in enumerate(lines, start=1)],
        "subtotal": subtotal,
        "tax": tax,
        "total": total,
    }
    result = ExtractionResult(
        order=ExtractedPurchaseOrder.model_validate(data), **({"extractor": "t"} | by)
    )
    assert store.batches.claim(batch.id, "run-1", statuses=["pending"])
    return store.orders.persist(batch.id, "run-1", result, f"orders/{batch.id}.pdf").order_id


def materialize(
    db_url: str, instance, assets=(*ANALYTICS_ASSETS, *DELIVERY_ASSETS)
) -> dg.ExecuteInProcessResult:
    result = dg.materialize(
        assets, instance=instance, resources={"store": StoreResource(database_url=db_url)}
    )
    assert result.success
    return result


def table_rows(store: Store, name: str, money: tuple[str, ...]) -> list[tuple]:
    rows = tables.read_table(store.engine, name)
    for row in rows:
        for column in money:
            if row[column] is not None:
                # Stored exactly (NUMERIC / decimal text); compare as Decimal, never float.
                row[column] = Decimal(str(row[column])).normalize()
    return [tuple(r.values()) for r in rows]
