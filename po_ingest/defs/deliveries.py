"""Deliveries against orders: `order_deliveries` (every order line: ordered, delivered, open),
downstream of both orders and notes, the analysts' `open_order_lines` and
`deliveries_by_site_day`, and each note's checks on its own partition."""

import dagster as dg

from po_ingest.defs.analytics import ANALYTICS_AUTOMATION, result_table
from po_ingest.defs.assets import delivery_note, purchase_order
from po_ingest.defs.partition_checks import partition_check
from po_ingest.defs.resources import StoreResource
from po_ingest.lib import delivery_analytics
from po_ingest.lib.progress import LineStatus
from po_ingest.lib.store import Store

_GROUP = "deliveries"


def _site_names(db: Store) -> dict[int, str]:
    return {site.id: site.name for site in db.sites.all()}


@dg.asset(
    deps=[purchase_order, delivery_note],
    group_name=_GROUP,
    automation_condition=ANALYTICS_AUTOMATION,
)
def order_deliveries(store: StoreResource) -> dg.MaterializeResult:
    """Every order line with what its delivery notes brought: ordered, delivered, open and
    `open | partial | complete | over` (`analytics_order_deliveries`)."""
    db = store.get()
    frame = delivery_analytics.order_deliveries(db.deliveries.delivery_lines(), _site_names(db))
    result = result_table(db.engine, "order_deliveries", frame, delivery_analytics.QUANTITIES)
    counts = frame["status"].value_counts().to_dict() if len(frame) else {}
    return dg.MaterializeResult(
        metadata={
            **result.metadata,
            **{
                f"lines_{s.value}": dg.MetadataValue.int(counts.get(s.value, 0)) for s in LineStatus
            },
        }
    )


@dg.asset(deps=[order_deliveries], group_name=_GROUP, automation_condition=ANALYTICS_AUTOMATION)
def open_order_lines(store: StoreResource) -> dg.MaterializeResult:
    """Order lines still (partly) open, by site and supplier (`analytics_open_order_lines`)."""
    db = store.get()
    deliveries = delivery_analytics.order_deliveries(
        db.deliveries.delivery_lines(), _site_names(db)
    )
    frame = delivery_analytics.open_order_lines(deliveries)
    return result_table(db.engine, "open_order_lines", frame, delivery_analytics.QUANTITIES)


@dg.asset(deps=[delivery_note], group_name=_GROUP, automation_condition=ANALYTICS_AUTOMATION)
def deliveries_by_site_day(store: StoreResource) -> dg.MaterializeResult:
    """Notes and lines delivered per site, day and supplier, with the lines no order line
    took (`analytics_deliveries_by_site_day`)."""
    db = store.get()
    frame = delivery_analytics.deliveries_by_site_day(
        db.deliveries.delivered_notes(), _site_names(db)
    )
    return result_table(db.engine, "deliveries_by_site_day", frame, [])


def _note_of(store: Store, batch_id: str) -> dict | None:
    batch = store.batches.get(batch_id)
    if batch is None or batch.processed_record_id is None:
        return None
    return store.deliveries.get(batch.processed_record_id)


def _no_note(batch_id: str) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(
        passed=False, description=f"batch {batch_id} has no stored delivery note"
    )


@partition_check(delivery_note)
def delivery_note_matches_order(db: Store, batch_id: str) -> dg.AssetCheckResult:
    """Every line of the note matched a line of an order it names."""
    note = _note_of(db, batch_id)
    if note is None:
        return _no_note(batch_id)
    return dg.AssetCheckResult(
        passed=note["match_status"] == "matched",
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "delivery_note_id": note["id"],
            "match_status": note["match_status"] or "",
            "exceptions": dg.MetadataValue.json(note["match_exceptions"] or []),
        },
    )


@partition_check(delivery_note)
def no_over_delivery(db: Store, batch_id: str) -> dg.AssetCheckResult:
    """No line of the note took an order line past what was ordered (beyond
    PO_INGEST_OVER_DELIVERY_TOLERANCE)."""
    note = _note_of(db, batch_id)
    if note is None:
        return _no_note(batch_id)
    over = [line["line_number"] for line in note["lines"] if "over_delivery" in line["exceptions"]]
    return dg.AssetCheckResult(
        passed=not over,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "delivery_note_id": note["id"],
            "over_delivered_lines": dg.MetadataValue.json(over),
        },
    )


DELIVERY_ASSETS = [order_deliveries, open_order_lines, deliveries_by_site_day]
NOTE_CHECKS = [delivery_note_matches_order, no_over_delivery]
