"""People's decisions on delivery notes: approve, reject, a line's match set or cleared by hand.

Each is one conditional UPDATE on the note (its review status, revision + 1) whose RETURNING
says whether it won, with its `delivery_note_events` row in the same transaction.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from po_ingest.lib.matching import Method
from po_ingest.lib.reconcile import OVER_DELIVERY
from po_ingest.lib.review.routing import AUTO, ReviewStatus
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.store.delivery_matching import rematch
from po_ingest.lib.store.delivery_views import order_lines_named
from po_ingest.lib.store.revisions import record
from po_ingest.lib.store.schema import delivery_note_events, delivery_note_items, delivery_notes

APPROVED, REJECTED, MATCHED = "approved", "rejected", "matched"
_NOTES = delivery_notes.c
_NEEDS_REVIEW = _NOTES.review_status == ReviewStatus.NEEDS_REVIEW.value
# Which notes each action may change, and how the refusal says so.
_ALLOWED = {
    APPROVED: (_NEEDS_REVIEW, "only a note that needs review can be approved"),
    REJECTED: (
        _NOTES.review_status != ReviewStatus.REJECTED.value,
        "it is rejected already",
    ),
    MATCHED: (
        sa.or_(
            _NEEDS_REVIEW,
            sa.and_(
                _NOTES.review_status == ReviewStatus.VERIFIED.value, _NOTES.verified_by == AUTO
            ),
        ),
        "only a note that needs review (or was verified automatically) can have its "
        "matches changed",
    ),
}


class NoSuchNote(LookupError):
    """No such note, or no such line on it."""


class NoteConflict(RuntimeError):
    """The note's review status does not allow the action."""

    def __init__(self, message: str, review_status: str):
        super().__init__(message)
        self.review_status = review_status


class InvalidDecision(ValueError):
    """A reason missing, or an order line the note cannot deliver against; nothing changed."""


def _won(conn: sa.Connection, note_id: int, action: str, values: dict | None = None) -> int:
    """The conditional UPDATE: the note's new revision, or why it lost."""
    allowed, refusal = _ALLOWED[action]
    revision = conn.execute(
        delivery_notes.update()
        .where(_NOTES.id == note_id, allowed)
        .values(revision=_NOTES.revision + 1, **(values or {}))
        .returning(_NOTES.revision)
    ).scalar()
    if revision is not None:
        return revision
    row = conn.execute(
        sa.select(_NOTES.dn_number, _NOTES.review_status).where(_NOTES.id == note_id)
    ).first()
    if row is None:
        raise NoSuchNote(f"no delivery note {note_id}")
    raise NoteConflict(
        f"delivery note {row.dn_number} is {row.review_status}: {refusal}", row.review_status
    )


def _text(reason: str | None) -> str | None:
    return (reason or "").strip() or None


def approve(conn: sa.Connection, note_id: int, user: str, reason: str | None) -> int:
    """Verified by `user`; accepting an over-delivery needs a reason."""
    reason = _text(reason)
    row = conn.execute(
        sa.select(_NOTES.dn_number, _NOTES.match_exceptions)
        .where(_NOTES.id == note_id)
        .with_for_update()  # no rematch between this look and the UPDATE
    ).first()
    if row is None:
        raise NoSuchNote(f"no delivery note {note_id}")
    if OVER_DELIVERY in (row.match_exceptions or []) and reason is None:
        raise InvalidDecision(
            f"delivery note {row.dn_number} delivered more than was ordered (over_delivery): "
            "say why it is accepted (a reason)"
        )
    now = dt.datetime.now(dt.UTC)
    values = dict(review_status=ReviewStatus.VERIFIED.value, verified_by=user, verified_at=now)
    revision = _won(conn, note_id, APPROVED, values)
    record(conn, note_id, revision, APPROVED, user, reason=reason, table=delivery_note_events)
    return revision


def reject(
    conn: sa.Connection, note_id: int, user: str, reason: str, settings: MatchSettings
) -> int:
    """Rejected: it delivers nothing, so the notes sharing its orders are matched again."""
    reason = _text(reason)
    if reason is None:
        raise InvalidDecision("say why the note is rejected (a reason)")
    values = dict(review_status=ReviewStatus.REJECTED.value, verified_by=None, verified_at=None)
    revision = _won(conn, note_id, REJECTED, values)
    record(conn, note_id, revision, REJECTED, user, reason=reason, table=delivery_note_events)
    rematch(conn, settings, note_ids=[note_id])
    return revision


def _label(line: dict | None) -> str | None:
    return f"{line['po_number']} line {line['line_number']}" if line else None


def confirm_match(
    conn: sa.Connection,
    note_id: int,
    line_id: int,
    order_item_id: int | None,
    user: str,
    settings: MatchSettings,
) -> int:
    """The note line delivers against `order_item_id` (None: against none of the orders'
    lines), as `user` says; the note and those sharing its orders are matched again (a
    person's match is kept by every rematch)."""
    items = delivery_note_items.c
    note_line = conn.execute(
        sa.select(items.line_number, items.matched_order_item_id).where(
            items.id == line_id, items.delivery_note_id == note_id
        )
    ).first()
    if note_line is None:
        exists = conn.execute(sa.select(_NOTES.id).where(_NOTES.id == note_id)).first()
        raise NoSuchNote(
            f"delivery note {note_id} has no line {line_id}"
            if exists
            else f"no delivery note {note_id}"
        )
    candidates = {line["id"]: line for line in order_lines_named(conn, note_id)}
    if order_item_id is not None and order_item_id not in candidates:
        raise InvalidDecision(
            f"order line {order_item_id} is not a line of the orders delivery note {note_id} names"
        )
    revision = _won(conn, note_id, MATCHED)
    conn.execute(
        delivery_note_items.update()
        .where(items.id == line_id)
        .values(
            matched_order_item_id=order_item_id,
            match_method=Method.MANUAL if order_item_id is not None else Method.MANUAL_NONE,
        )
    )
    change = {
        "field": f"line {note_line.line_number}",
        "old": _label(candidates.get(note_line.matched_order_item_id)),
        "new": _label(candidates.get(order_item_id)),
    }
    record(conn, note_id, revision, MATCHED, user, changes=[change], table=delivery_note_events)
    rematch(conn, settings, note_ids=[note_id])
    return revision
