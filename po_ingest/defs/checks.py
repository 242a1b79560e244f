"""Data quality as asset checks: per stored order (one partition each), and on the queue."""

import datetime as dt
from decimal import Decimal

import dagster as dg

from po_ingest.defs.analytics import import_queue_health
from po_ingest.defs.assets import purchase_order
from po_ingest.defs.partition_checks import partition_check
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.analytics import dead_rate
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.models import ExtractedPurchaseOrder, LineItem
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES, dead_rate_threshold
from po_ingest.lib.store import Store
from po_ingest.lib.store import analytics as queries

PENDING_LIMIT_SECONDS = 600
DEAD_RATE_WINDOW = dt.timedelta(days=1)


def _order_of(store: Store, batch_id: str) -> dict | None:
    batch = store.batches.get(batch_id)
    if batch is None or batch.processed_record_id is None:
        return None
    return store.orders.get(batch.processed_record_id)


def _no_order(batch_id: str) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=False, description=f"batch {batch_id} has no stored order")


@partition_check(purchase_order, blocking=True)
def purchase_order_has_items(db: Store, batch_id: str) -> dg.AssetCheckResult:
    """The stored order has at least one line. Blocking: an order without lines fails its run."""
    order = _order_of(db, batch_id)
    if order is None:
        return _no_order(batch_id)
    return dg.AssetCheckResult(
        passed=bool(order["items"]),
        metadata={"order_id": order["id"], "items": dg.MetadataValue.int(len(order["items"]))},
    )


def _as_extracted(order: dict) -> ExtractedPurchaseOrder:
    # model_construct: check the stored numbers as they are, without re-validating the order.
    items = [
        LineItem.model_construct(
            quantity=i["quantity"], unit_price=i["unit_price"], line_total=i["line_total"]
        )
        for i in order["items"]
    ]
    return ExtractedPurchaseOrder.model_construct(
        items=items, subtotal=order["subtotal"], tax=order["tax"], total=order["total"]
    )


@partition_check(purchase_order)
def purchase_order_totals_reconcile(db: Store, batch_id: str) -> dg.AssetCheckResult:
    """Quantity × unit price = line total on every line, lines = subtotal, subtotal + tax =
    total (to the cent). A warning: documents are stored as printed, never "fixed"."""
    order = _order_of(db, batch_id)
    if order is None:
        return _no_order(batch_id)
    found = arithmetic_warnings(_as_extracted(order))
    line_sum = sum((i["line_total"] or Decimal(0) for i in order["items"]), Decimal(0))
    return dg.AssetCheckResult(
        passed=not found,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "order_id": order["id"],
            "mismatches": dg.MetadataValue.json(found),
            "sum_of_lines": str(line_sum),
            "subtotal": str(order["subtotal"]),
            "total": str(order["total"]),
        },
    )


@partition_check(purchase_order)
def purchase_order_site_matched(db: Store, batch_id: str) -> dg.AssetCheckResult:
    """The order's project code matched a site (`po-ingest sites import` adds sites)."""
    order = _order_of(db, batch_id)
    if order is None:
        return _no_order(batch_id)
    return dg.AssetCheckResult(
        passed=order["site_id"] is not None,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"order_id": order["id"], "project_code": order["project_code"] or ""},
    )


@dg.asset_check(asset=import_queue_health)
def no_batch_pending_too_long(store: StoreResource) -> dg.AssetCheckResult:
    """No batch has waited `pending` (and due) for more than 10 minutes: the sensor or the
    daemon is not picking work up."""
    now = dt.datetime.now(dt.UTC)
    cutoff = now - dt.timedelta(seconds=PENDING_LIMIT_SECONDS)
    waiting = queries.pending_since(store.get().engine, PROCESSED_BATCH_TYPES, cutoff)
    oldest = int((now - waiting[0][1]).total_seconds()) if waiting else 0
    return dg.AssetCheckResult(
        passed=not waiting,
        metadata={
            "waiting_batches": dg.MetadataValue.json([batch_id for batch_id, _ in waiting[:50]]),
            "oldest_wait_seconds": dg.MetadataValue.int(oldest),
            "limit_seconds": dg.MetadataValue.int(PENDING_LIMIT_SECONDS),
        },
    )


@dg.asset_check(asset=import_queue_health)
def dead_rate_last_day(store: StoreResource) -> dg.AssetCheckResult:
    """Of the batches that ended in the last 24 h, the share that went `dead` is under
    PO_INGEST_DEAD_RATE_THRESHOLD (default 0.1)."""
    outcomes = queries.outcomes_since(
        store.get().engine, dt.datetime.now(dt.UTC) - DEAD_RATE_WINDOW
    )
    rate, threshold = dead_rate(outcomes), dead_rate_threshold()
    return dg.AssetCheckResult(
        passed=rate < threshold,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "dead_rate": dg.MetadataValue.float(rate),
            "threshold": dg.MetadataValue.float(threshold),
            "dead": dg.MetadataValue.int(outcomes["dead"]),
            "processed": dg.MetadataValue.int(outcomes["processed"]),
        },
    )


ORDER_CHECKS = [
    purchase_order_has_items,
    purchase_order_totals_reconcile,
    purchase_order_site_matched,
]
QUEUE_CHECKS = [no_batch_pending_too_long, dead_rate_last_day]
