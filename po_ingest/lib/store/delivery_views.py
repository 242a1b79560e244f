"""Delivery notes as people look at them: one note with the order line each of its lines
matched, the order lines it could match and its history, and the list of notes, newest first."""

from __future__ import annotations

import sqlalchemy as sa

from po_ingest.lib.store.documents import load_with_lines
from po_ingest.lib.store.schema import (
    batches,
    delivery_note_events,
    delivery_note_items,
    delivery_note_po_refs,
    delivery_notes,
    purchase_order_items,
    purchase_orders,
)

# What a list of notes shows of each.
_LISTED = (
    "id",
    "dn_number",
    "supplier_name",
    "dn_date",
    "delivery_date",
    "po_refs",
    "match_status",
    "match_exceptions",
    "review_status",
    "batch_id",
    "created_at",
)


def note_with_matches(conn: sa.Connection, note_id: int) -> dict | None:
    """The note's row with its lines; each line's `matched_order_line` is `{order_id,
    po_number, line_number, description}` of the order line it matched, or None; with
    `order_lines` (order_lines_named) and `history` (events_of)."""
    note = load_with_lines(
        conn, delivery_notes, delivery_note_items.c.delivery_note_id, note_id, "lines"
    )
    if note is None:
        return None
    matched = _order_lines(conn, [line["matched_order_item_id"] for line in note["lines"]])
    for line in note["lines"]:
        line["matched_order_line"] = matched.get(line["matched_order_item_id"])
    note["order_lines"] = order_lines_named(conn, note_id)
    note["history"] = events_of(conn, note_id)
    return note


def _order_line_select(*extra: sa.ColumnElement) -> sa.Select:
    """Order lines with their order: `id, order_id, po_number, line_number, description`."""
    items, orders = purchase_order_items.c, purchase_orders.c
    return sa.select(
        items.id,
        items.purchase_order_id.label("order_id"),
        orders.po_number,
        items.line_number,
        items.description,
        *extra,
    ).join(purchase_orders, orders.id == items.purchase_order_id)


def order_lines_named(conn: sa.Connection, note_id: int) -> list[dict]:
    """The lines of the stored orders the note names (what a line may be matched to), by
    order number and line number, with their `quantity` and `unit`."""
    items, refs = purchase_order_items.c, delivery_note_po_refs.c
    named = sa.select(refs.po_key).where(refs.delivery_note_id == note_id)
    query = (
        _order_line_select(items.quantity, items.unit)
        .where(purchase_orders.c.po_key.in_(named))
        .order_by(purchase_orders.c.po_number, items.line_number, items.id)
    )
    return [row._asdict() for row in conn.execute(query)]


def events_of(conn: sa.Connection, note_id: int) -> list[dict]:
    """People's decisions on the note (delivery_note_events), oldest first."""
    events = delivery_note_events.c
    rows = conn.execute(
        sa.select(delivery_note_events)
        .where(events.delivery_note_id == note_id)
        .order_by(events.revision)
    )
    hidden = ("id", "delivery_note_id")
    return [{k: v for k, v in row._asdict().items() if k not in hidden} for row in rows]


def _order_lines(conn: sa.Connection, item_ids: list[int | None]) -> dict[int, dict]:
    ids = [item_id for item_id in item_ids if item_id is not None]
    if not ids:
        return {}
    rows = conn.execute(_order_line_select().where(purchase_order_items.c.id.in_(ids)))
    return {row.id: {k: v for k, v in row._asdict().items() if k != "id"} for row in rows}


def list_notes(
    conn: sa.Connection,
    *,
    review_status: str | None = None,
    match_status: str | None = None,
    uploaded_by: str | None = None,
    oldest_first: bool = False,
    limit: int = 50,
    offset: int = 0,
) -> list[dict]:
    """Newest first (or oldest, as a review queue); `uploaded_by` keeps the notes of that
    uploader's batches (those that stored them, and those that found them stored:
    duplicates)."""
    notes = delivery_notes.c
    order = (
        (notes.created_at, notes.id) if oldest_first else (notes.created_at.desc(), notes.id.desc())
    )
    query = sa.select(*(notes[name] for name in _LISTED)).order_by(*order)
    if review_status:
        query = query.where(notes.review_status == review_status)
    if match_status:
        query = query.where(notes.match_status == match_status)
    if uploaded_by is not None:
        theirs = sa.select(batches.c.id).where(batches.c.uploaded_by == uploaded_by)
        found = sa.select(batches.c.processed_record_id).where(
            batches.c.uploaded_by == uploaded_by,
            batches.c.batch_type == "delivery_notes",
            batches.c.processed_record_id.is_not(None),
        )
        query = query.where(sa.or_(notes.batch_id.in_(theirs), notes.id.in_(found)))
    rows = conn.execute(query.limit(limit).offset(offset))
    return [row._asdict() for row in rows]
