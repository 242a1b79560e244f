"""What has arrived of an order, line by line, from the stored matches."""

from __future__ import annotations

from decimal import Decimal

import sqlalchemy as sa

from po_ingest.lib.progress import line_progress, order_status
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.store.orders import load_order
from po_ingest.lib.store.schema import (
    delivery_note_items,
    delivery_notes,
    purchase_order_items,
    purchase_orders,
)


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
    """Order item id → note id → {id, dn_number, quantity} (that note's lines added up); a
    note people rejected delivered nothing."""
    if not item_ids:
        return {}
    items, notes = delivery_note_items.c, delivery_notes.c
    delivered_on = sa.func.coalesce(notes.delivery_date, notes.dn_date)
    rows = conn.execute(
        sa.select(items.matched_order_item_id, items.quantity, notes.id, notes.dn_number)
        .join(delivery_notes, notes.id == items.delivery_note_id)
        .where(
            items.matched_order_item_id.in_(item_ids),
            notes.review_status != ReviewStatus.REJECTED.value,
        )
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


def delivery_lines(conn: sa.Connection, tolerance: Decimal) -> list[dict]:
    """Every line of every order not rejected, with what arrived against it: `order_id`,
    `po_number`, `supplier_name`, `site_id`, `line_number`, `description`, `unit`,
    `ordered`, `delivered`, `open`, `status`, `notes` (how many notes delivered it)."""
    orders, items = purchase_orders.c, purchase_order_items.c
    lines = delivery_note_items.c
    arrived = {
        row.matched_order_item_id: (row.delivered, row.notes)
        for row in conn.execute(
            sa.select(
                lines.matched_order_item_id,
                sa.func.sum(lines.quantity).label("delivered"),
                sa.func.count(sa.distinct(lines.delivery_note_id)).label("notes"),
            )
            .join(delivery_notes, delivery_notes.c.id == lines.delivery_note_id)
            .where(
                lines.matched_order_item_id.isnot(None),
                delivery_notes.c.review_status != ReviewStatus.REJECTED.value,
            )
            .group_by(lines.matched_order_item_id)
        )
    }
    rows = conn.execute(
        sa.select(
            orders.id.label("order_id"),
            orders.po_number,
            orders.supplier_name,
            orders.site_id,
            items.id.label("item_id"),
            items.line_number,
            items.description,
            items.unit,
            items.quantity,
        )
        .join(purchase_order_items, items.purchase_order_id == orders.id)
        .where(orders.review_status != ReviewStatus.REJECTED.value)
        .order_by(orders.id, items.line_number, items.id)
    )
    found = []
    for row in rows:
        delivered, notes = arrived.get(row.item_id, (Decimal(0), 0))
        progress = line_progress(row.quantity, Decimal(delivered), tolerance)
        found.append(
            {
                "order_id": row.order_id,
                "po_number": row.po_number,
                "supplier_name": row.supplier_name,
                "site_id": row.site_id,
                "line_number": row.line_number,
                "description": row.description,
                "unit": row.unit,
                "ordered": progress.ordered,
                "delivered": progress.delivered,
                "open": progress.open,
                "status": progress.status.value,
                "notes": notes,
            }
        )
    return found


def delivered_notes(conn: sa.Connection) -> list[dict]:
    """Every note not rejected with its site, dates, supplier and line counts (`lines`,
    `unmatched_lines`)."""
    notes, lines = delivery_notes.c, delivery_note_items.c
    unmatched = sa.case((lines.matched_order_item_id.is_(None), 1), else_=0)
    rows = conn.execute(
        sa.select(
            notes.id,
            notes.site_id,
            notes.supplier_name,
            notes.delivery_date,
            notes.dn_date,
            notes.created_at,
            sa.func.count(lines.id).label("lines"),
            sa.func.coalesce(sa.func.sum(unmatched), 0).label("unmatched_lines"),
        )
        .join(delivery_note_items, lines.delivery_note_id == notes.id)
        .where(notes.review_status != ReviewStatus.REJECTED.value)
        .group_by(
            notes.id,
            notes.site_id,
            notes.supplier_name,
            notes.delivery_date,
            notes.dn_date,
            notes.created_at,
        )
        .order_by(notes.id)
    )
    return [dict(row._mapping) for row in rows]
