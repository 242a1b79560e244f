"""Rematching: load the notes and orders that share order numbers, run the pure matcher,
write its results. Recomputed from scratch every time, so running it again changes nothing."""

from __future__ import annotations

from collections.abc import Iterable

import sqlalchemy as sa

from po_ingest.lib.matching import Method, Note, NoteLine, Order, OrderLine, reconcile
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.store.schema import (
    delivery_note_items,
    delivery_note_po_refs,
    delivery_notes,
    purchase_order_items,
    purchase_orders,
)


def rematch(
    conn: sa.Connection,
    settings: MatchSettings,
    note_ids: Iterable[int] = (),
    order_ids: Iterable[int] = (),
    po_keys: Iterable[str] = (),
) -> list[int]:
    """Match the given notes, and every note naming the given orders, again, with every
    other note that shares an order with them (deliveries add up per order line, in delivery
    order, across all its notes); `po_keys`: the notes naming these order numbers too.
    Returns the ids of the notes rewritten."""
    keys = _order_keys(conn, order_ids) | {key for key in po_keys if key}
    notes, keys = _notes_sharing_orders(conn, set(note_ids), keys)
    if not notes:
        return []
    result = reconcile(_load_notes(conn, notes), _load_orders(conn, keys), settings)
    for note_id, outcome in result.notes.items():
        conn.execute(
            delivery_notes.update()
            .where(delivery_notes.c.id == note_id)
            .values(match_status=outcome.status.value, match_exceptions=list(outcome.exceptions))
        )
        conn.execute(
            delivery_note_items.update()
            .where(delivery_note_items.c.id == sa.bindparam("line_id"))
            .values(
                matched_order_item_id=sa.bindparam("order_line_id"),
                match_method=sa.bindparam("method"),
                match_score=sa.bindparam("score"),
                exceptions=sa.bindparam("line_exceptions"),
            ),
            [
                {
                    "line_id": line.note_line_id,
                    "order_line_id": line.order_line_id,
                    "method": line.method.value if line.method else None,
                    "score": line.score,
                    "line_exceptions": list(line.exceptions),
                }
                for line in outcome.lines
            ],
        )
    return sorted(result.notes)


def _order_keys(conn: sa.Connection, order_ids: Iterable[int]) -> set[str]:
    ids = list(order_ids)
    if not ids:
        return set()
    rows = conn.execute(sa.select(purchase_orders.c.po_key).where(purchase_orders.c.id.in_(ids)))
    return {key for (key,) in rows if key}


def _notes_sharing_orders(
    conn: sa.Connection, note_ids: set[int], keys: set[str]
) -> tuple[set[int], set[str]]:
    """The notes reachable from these notes and order keys through the order numbers they
    name (a note for two orders joins both orders' notes), and those order numbers' keys."""
    refs = delivery_note_po_refs.c
    while True:
        if note_ids:
            named = conn.execute(sa.select(refs.po_key).where(refs.delivery_note_id.in_(note_ids)))
            keys = keys | {key for (key,) in named}
        found = note_ids
        if keys:
            naming = conn.execute(sa.select(refs.delivery_note_id).where(refs.po_key.in_(keys)))
            found = note_ids | {note_id for (note_id,) in naming}
        if found == note_ids:
            return note_ids, keys
        note_ids = found


def _load_notes(conn: sa.Connection, note_ids: set[int]) -> list[Note]:
    items = delivery_note_items.c
    lines: dict[int, list[NoteLine]] = {note_id: [] for note_id in note_ids}
    for row in conn.execute(
        sa.select(delivery_note_items)
        .where(items.delivery_note_id.in_(note_ids))
        .order_by(items.delivery_note_id, items.line_number, items.id)
    ):
        manual = row.matched_order_item_id if row.match_method == Method.MANUAL else None
        lines[row.delivery_note_id].append(
            NoteLine(
                id=row.id,
                description=row.description,
                quantity=row.quantity,
                unit=row.unit,
                item_code=row.item_code,
                po_line_ref=row.po_line_ref,
                manual_order_line_id=manual,
            )
        )
    notes = conn.execute(
        sa.select(
            delivery_notes.c.id,
            delivery_notes.c.po_refs,
            delivery_notes.c.delivery_date,
            delivery_notes.c.dn_date,
        ).where(delivery_notes.c.id.in_(note_ids))
    )
    return [
        Note(n.id, tuple(n.po_refs), tuple(lines[n.id]), n.delivery_date or n.dn_date)
        for n in notes
    ]


def _load_orders(conn: sa.Connection, keys: set[str]) -> list[Order]:
    if not keys:
        return []
    headers = conn.execute(
        sa.select(purchase_orders.c.id, purchase_orders.c.po_number).where(
            purchase_orders.c.po_key.in_(keys)
        )
    ).all()
    items = purchase_order_items.c
    lines: dict[int, list[OrderLine]] = {order.id: [] for order in headers}
    for row in conn.execute(
        sa.select(purchase_order_items)
        .where(items.purchase_order_id.in_(list(lines)))
        .order_by(items.purchase_order_id, items.line_number, items.id)
    ):
        lines[row.purchase_order_id].append(
            OrderLine(
                id=row.id,
                line_number=row.line_number,
                description=row.description,
                quantity=row.quantity,
                unit=row.unit,
                item_code=row.item_code,
            )
        )
    return [Order(order.id, order.po_number, tuple(lines[order.id])) for order in headers]
