"""What has arrived of an order, line by line, from the stored matches."""

from __future__ import annotations

from decimal import Decimal

import sqlalchemy as sa

from po_ingest.lib.progress import line_progress, order_status
from po_ingest.lib.store.orders import load_order
from po_ingest.lib.store.schema import delivery_note_items, delivery_notes


def order_deliveries(conn: sa.Connection, order_id: int, tolerance: Decimal) -> dict | None:
    """`{"order_id", "po_number", "status": not_delivered | partial | complete | over,
    "lines": [{"line_number", "order_item_id", "description", "unit", "ordered",
    "delivered", "open", "status", "notes": [{"id", "dn_number", "quantity"}]}]}`, the lines
    in the order's line order, each line's notes in delivery order; None: no such order."""
    order = load_order(conn, order_id)
    if order is None:
        return None
    arrived = _arrivals(conn, [item["id"] for item in order["items"]])
    lines = []
    for item in order["items"]:
        notes = arrived.get(item["id"], {})
        delivered = sum((note["quantity"] for note in notes.values()), Decimal(0))
        progress = line_progress(item["quantity"], delivered, tolerance)
        lines.append(
            {
                "line_number": item["line_number"],
                "order_item_id": item["id"],
                "description": item["description"],
                "unit": item["unit"],
                "ordered": progress.ordered,
                "delivered": progress.delivered,
                "open": progress.open,
                "status": progress.status.value,
                "notes": list(notes.values()),
            }
        )
    return {
        "order_id": order_id,
        "po_number": order["po_number"],
        "status": order_status(line["status"] for line in lines).value,
        "lines": lines,
    }


def _arrivals(conn: sa.Connection, item_ids: list[int]) -> dict[int, dict[int, dict]]:
    """Order item id → note id → {id, dn_number, quantity} (that note's lines added up)."""
    if not item_ids:
        return {}
    items, notes = delivery_note_items.c, delivery_notes.c
    delivered_on = sa.func.coalesce(notes.delivery_date, notes.dn_date)
    rows = conn.execute(
        sa.select(items.matched_order_item_id, items.quantity, notes.id, notes.dn_number)
        .join(delivery_notes, notes.id == items.delivery_note_id)
        .where(items.matched_order_item_id.in_(item_ids))
        .order_by(delivered_on.is_(None), delivered_on, notes.id, items.line_number, items.id)
    )
    arrived: dict[int, dict[int, dict]] = {}
    for row in rows:
        per_note = arrived.setdefault(row.matched_order_item_id, {})
        entry = per_note.setdefault(
            row.id, {"id": row.id, "dn_number": row.dn_number, "quantity": Decimal(0)}
        )
        entry["quantity"] += row.quantity
    return arrived
