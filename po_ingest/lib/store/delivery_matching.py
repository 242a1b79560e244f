"""Rematching: load the notes and orders that share order numbers, run the pure matcher,
write its results. Recomputed from scratch every time, so running it again changes nothing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

import sqlalchemy as sa

from po_ingest.lib.matching import Method, NoteLine, OrderLine
from po_ingest.lib.reconcile import UNKNOWN_ORDER, Note, Order, reconcile
from po_ingest.lib.review.routing import AUTO, ReviewStatus
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.store.schema import (
    delivery_note_items,
    delivery_note_po_refs,
    delivery_notes,
    purchase_order_items,
    purchase_orders,
)

MATCH_REASON = "match:"


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
    notes = _not_rejected(conn, notes)
    if not notes:
        return []
    result = reconcile(_load_notes(conn, notes), _load_orders(conn, keys), settings)
    for note_id, outcome in result.notes.items():
        review = _review_after_match(conn, note_id, list(outcome.exceptions))
        conn.execute(
            delivery_notes.update()
            .where(delivery_notes.c.id == note_id)
            .values(
                match_status=outcome.status.value,
                match_exceptions=list(outcome.exceptions),
                **review,
            )
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


def _review_after_match(conn: sa.Connection, note_id: int, exceptions: list[str]) -> dict:
    """A note whose lines do not match (an over-delivery, an unknown item, …) goes to review,
    with `match:<exception>` among its reasons; once they clear, a note that routing had let
    through goes back to verified by "auto". A note waiting for its order (`unknown_order`)
    is not a person's to decide yet, and a person's own decision is left alone."""
    notes = delivery_notes.c
    # Locked until the rematch commits: a person's decision made meanwhile waits for it and
    # is not overwritten by a status read before it.
    row = conn.execute(
        sa.select(notes.review_status, notes.review_reasons, notes.verified_by)
        .where(notes.id == note_id)
        .with_for_update()
    ).one()
    reasons = list(row.review_reasons or [])
    decided = row.review_status == ReviewStatus.REJECTED or (
        row.review_status == ReviewStatus.VERIFIED and row.verified_by not in (None, AUTO)
    )
    if decided:
        return {}
    kept = [r for r in reasons if not r.startswith(MATCH_REASON)]
    wanted = [f"{MATCH_REASON}{e}" for e in exceptions if not e.startswith(UNKNOWN_ORDER)]
    if wanted:
        return {
            "review_status": ReviewStatus.NEEDS_REVIEW.value,
            "review_reasons": kept + wanted,
            "verified_by": None,
            "verified_at": None,
        }
    if kept == reasons:
        return {}
    if kept and all(r.startswith(f"{AUTO}:") for r in kept):
        return {
            "review_status": ReviewStatus.VERIFIED.value,
            "review_reasons": kept,
            "verified_by": AUTO,
            "verified_at": dt.datetime.now(dt.UTC),
        }
    return {"review_reasons": kept}


def _not_rejected(conn: sa.Connection, note_ids: set[int]) -> set[int]:
    """A note people rejected delivered nothing (as delivery_progress counts): it is left out,
    its lines as they were when it was rejected."""
    if not note_ids:
        return set()
    notes = delivery_notes.c
    rows = conn.execute(
        sa.select(notes.id).where(
            notes.id.in_(note_ids), notes.review_status != ReviewStatus.REJECTED.value
        )
    )
    return {note_id for (note_id,) in rows}


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


def _lines_of(
    conn: sa.Connection, table: sa.Table, parent: str, parent_ids: Iterable[int], make: Callable
) -> dict[int, tuple]:
    """Parent id → its lines made by `make(row)`, in line order."""
    lines: dict[int, list] = {parent_id: [] for parent_id in parent_ids}
    parent_id = table.c[parent]
    for row in conn.execute(
        sa.select(table)
        .where(parent_id.in_(list(lines)))
        .order_by(parent_id, table.c.line_number, table.c.id)
    ):
        lines[row._mapping[parent]].append(make(row))
    return {key: tuple(value) for key, value in lines.items()}


def _note_line(row: sa.Row) -> NoteLine:
    manual = row.matched_order_item_id if row.match_method == Method.MANUAL else None
    fields = ("id", "description", "quantity", "unit", "item_code", "po_line_ref")
    return NoteLine(
        **{name: row._mapping[name] for name in fields},
        manual_order_line_id=manual,
        unmatched_by_hand=row.match_method == Method.MANUAL_NONE,
    )


def _order_line(row: sa.Row) -> OrderLine:
    fields = ("id", "line_number", "description", "quantity", "unit", "item_code")
    return OrderLine(**{name: row._mapping[name] for name in fields})


def _load_notes(conn: sa.Connection, note_ids: set[int]) -> list[Note]:
    lines = _lines_of(conn, delivery_note_items, "delivery_note_id", note_ids, _note_line)
    notes = delivery_notes.c
    rows = conn.execute(
        sa.select(notes.id, notes.po_refs, notes.delivery_date, notes.dn_date).where(
            notes.id.in_(note_ids)
        )
    )
    return [Note(n.id, tuple(n.po_refs), lines[n.id], n.delivery_date or n.dn_date) for n in rows]


def _load_orders(conn: sa.Connection, keys: set[str]) -> list[Order]:
    if not keys:
        return []
    orders = purchase_orders.c
    headers = conn.execute(
        sa.select(orders.id, orders.po_number).where(orders.po_key.in_(keys))
    ).all()
    ids = [order.id for order in headers]
    lines = _lines_of(conn, purchase_order_items, "purchase_order_id", ids, _order_line)
    return [Order(order.id, order.po_number, lines[order.id]) for order in headers]
