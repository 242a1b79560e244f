"""Delivery notes: stored with their lines and matched to the orders they name, in the same
transaction as the batch's `processed` transition (as orders are)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.delivery_note_model import (
    NOTE_FIELDS,
    NOTE_LINE_FIELDS,
    DeliveryNoteExtraction,
)
from po_ingest.lib.matching_keys import normalise_po_ref, supplier_key
from po_ingest.lib.reconcile import NoteStatus
from po_ingest.lib.review.routing import ReviewPolicy, route
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.sites import match_site
from po_ingest.lib.store import delivery_reviews
from po_ingest.lib.store.delivery_matching import rematch
from po_ingest.lib.store.delivery_progress import (
    delivered_notes,
    delivery_lines,
    order_deliveries,
)
from po_ingest.lib.store.delivery_views import list_notes, note_with_matches
from po_ingest.lib.store.documents import (
    document_values,
    finish_batch,
    first_from_supplier,
    load_with_lines,
    once_more_on_conflict,
)
from po_ingest.lib.store.orders import DUPLICATE, SITE_UNMATCHED
from po_ingest.lib.store.schema import delivery_note_items, delivery_note_po_refs, delivery_notes
from po_ingest.lib.store.sites import load_sites

# The note's header fields stored as its columns, under the model's names.


@dataclass(frozen=True)
class PersistedNote:
    note_id: int
    duplicate: bool  # the same supplier's note number was stored before: this is that note
    site_id: int | None
    warnings: list[str]


def _stored_before(conn: sa.Connection, note) -> int | None:
    """The note stored before under the same supplier and number; a read that missed the
    supplier's name (a letterhead, not a label) is the same note as the one stored with a
    supplier when that is the only note with its number (and the other way round)."""
    key = supplier_key(note.supplier_name)
    same_number = conn.execute(
        sa.select(delivery_notes.c.id, delivery_notes.c.supplier_key)
        .where(delivery_notes.c.dn_number == note.dn_number)
        .order_by(delivery_notes.c.id)
    ).all()
    exact = [row.id for row in same_number if row.supplier_key == key]
    if exact:
        return exact[0]
    unsure = [row.id for row in same_number if not key or not row.supplier_key]
    return unsure[0] if len(same_number) == 1 and unsure else None


def persist_delivery_note(
    conn: sa.Connection,
    batch_id: str,
    extraction: DeliveryNoteExtraction,
    *,
    file_key: str | None = None,
    run_id: str | None = None,
    policy: ReviewPolicy | None = None,
    settings: MatchSettings | None = None,
) -> PersistedNote:
    """Store the note with its lines and match it (in the caller's transaction), or find the
    note already stored under its supplier and number: that one is kept as it is."""
    note = extraction.note
    existing_id = _stored_before(conn, note)
    if existing_id is not None:
        return PersistedNote(existing_id, True, None, [*extraction.warnings, DUPLICATE])
    site = match_site(note.project_code, load_sites(conn))
    warnings = [*extraction.warnings, *([] if site else [SITE_UNMATCHED])]
    first = first_from_supplier(conn, delivery_notes, note.supplier_name)
    routing = route(extraction, warnings, first, policy or ReviewPolicy.from_env())
    now = dt.datetime.now(dt.UTC)
    note_id = conn.execute(
        delivery_notes.insert()
        .values(
            **{name: getattr(note, name) for name in NOTE_FIELDS},
            supplier_key=supplier_key(note.supplier_name),
            site_id=site.id if site else None,
            **document_values(extraction, warnings, routing, batch_id, run_id, file_key, now),
        )
        .returning(delivery_notes.c.id)
    ).scalar_one()
    keys = dict.fromkeys(k for k in map(normalise_po_ref, note.po_refs) if k)
    if keys:
        conn.execute(
            delivery_note_po_refs.insert(),
            [{"delivery_note_id": note_id, "po_key": k} for k in keys],
        )
    conn.execute(
        delivery_note_items.insert(),
        [
            {
                **{name: getattr(line, name) for name in NOTE_LINE_FIELDS},
                "line_number": line.line_number or index + 1,
                "delivery_note_id": note_id,
                "extracted_index": index,
            }
            for index, line in enumerate(note.lines)
        ],
    )
    rematch(conn, settings or MatchSettings.from_env(), note_ids=[note_id])
    return PersistedNote(note_id, False, site.id if site else None, warnings)


class DeliveryStore:
    def __init__(
        self,
        engine: sa.Engine,
        policy: ReviewPolicy | None = None,
        settings: MatchSettings | None = None,
    ):
        self.engine = engine
        self.policy = policy or ReviewPolicy.from_env()
        self.settings = settings or MatchSettings.from_env()

    def persist(
        self, batch_id: str, run_id: str, extraction: DeliveryNoteExtraction, file_key: str
    ) -> PersistedNote:
        """Store the note (or find the one stored before) and mark the batch processed, in
        one transaction. Raises LostClaim if the run no longer holds the batch."""
        return once_more_on_conflict(
            lambda: self._persist_once(batch_id, run_id, extraction, file_key)
        )

    def _persist_once(
        self, batch_id: str, run_id: str, extraction: DeliveryNoteExtraction, file_key: str
    ) -> PersistedNote:
        with self.engine.begin() as conn:
            stored = persist_delivery_note(
                conn,
                batch_id,
                extraction,
                file_key=file_key,
                run_id=run_id,
                policy=self.policy,
                settings=self.settings,
            )
            owns_file = not stored.duplicate
            now = dt.datetime.now(dt.UTC)
            finish_batch(conn, batch_id, run_id, stored.note_id, stored.warnings, owns_file, now)
        return stored

    def get(self, note_id: int) -> dict | None:
        """The note's row with its lines (`lines`, in line-number order)."""
        parent_id = delivery_note_items.c.delivery_note_id
        with self.engine.connect() as conn:
            return load_with_lines(conn, delivery_notes, parent_id, note_id, "lines")

    def view(self, note_id: int) -> dict | None:
        """The note with its lines, each with the order line it matched, the order lines it
        may match and its history; see delivery_views.note_with_matches."""
        with self.engine.connect() as conn:
            return note_with_matches(conn, note_id)

    def list(self, **filters) -> list[dict]:
        """Notes newest first (`oldest_first`); filters as delivery_views.list_notes takes
        them."""
        with self.engine.connect() as conn:
            return list_notes(conn, **filters)

    def approve(self, note_id: int, user: str, reason: str | None = None) -> int:
        """A note that needs review becomes verified by `user` (an over-delivery is accepted
        only with a reason); its new revision. NoSuchNote, NoteConflict, InvalidDecision."""
        with self.engine.begin() as conn:
            return delivery_reviews.approve(conn, note_id, user, reason)

    def reject(self, note_id: int, user: str, reason: str) -> int:
        """The note is rejected (it delivers nothing; the notes sharing its orders are
        matched again); its new revision."""
        with self.engine.begin() as conn:
            return delivery_reviews.reject(conn, note_id, user, reason, self.settings)

    def confirm_match(
        self, note_id: int, line_id: int, order_item_id: int | None, user: str
    ) -> int:
        """A person's match for a note line (None: it delivers against none of the lines of
        the orders the note names), kept by every rematch; its new revision."""
        with self.engine.begin() as conn:
            return delivery_reviews.confirm_match(
                conn, note_id, line_id, order_item_id, user, self.settings
            )

    def rematch_note(self, note_id: int) -> list[int]:
        """Match the note again (with the notes it shares orders with); their ids."""
        with self.engine.begin() as conn:
            return rematch(conn, self.settings, note_ids=[note_id])

    def rematch_for_order(self, order_id: int, previous_po_number: str | None = None) -> list[int]:
        """After an order is stored or corrected: match the notes that name it again (and,
        when a correction changed its number, those that named the number it had)."""
        keys = [normalise_po_ref(previous_po_number)] if previous_po_number else []
        with self.engine.begin() as conn:
            return rematch(conn, self.settings, order_ids=[order_id], po_keys=keys)

    def delivery_lines(self) -> list[dict]:
        """Every order line with what arrived; see delivery_progress.delivery_lines."""
        with self.engine.connect() as conn:
            return delivery_lines(conn, self.settings.over_delivery_tolerance)

    def delivered_notes(self) -> list[dict]:
        """Every note not rejected with its line counts; see delivery_progress."""
        with self.engine.connect() as conn:
            return delivered_notes(conn)

    def order_deliveries(self, order_id: int) -> dict | None:
        """What arrived per order line; see delivery_progress.order_deliveries."""
        with self.engine.connect() as conn:
            return order_deliveries(conn, order_id, self.settings.over_delivery_tolerance)

    def unmatched_notes(self, po_number: str | None = None) -> list[dict]:
        """Notes with a line not matched yet (status partial or unmatched), in delivery
        order; only those naming `po_number` (as notes print it) when given."""
        notes = delivery_notes.c
        query = sa.select(
            notes.id,
            notes.dn_number,
            notes.supplier_name,
            notes.po_refs,
            notes.delivery_date,
            notes.match_status,
            notes.match_exceptions,
        ).where(notes.match_status != NoteStatus.MATCHED.value)
        if po_number is not None:
            naming = sa.select(delivery_note_po_refs.c.delivery_note_id).where(
                delivery_note_po_refs.c.po_key == normalise_po_ref(po_number)
            )
            query = query.where(notes.id.in_(naming))
        delivered_on = sa.func.coalesce(notes.delivery_date, notes.dn_date)
        query = query.order_by(delivered_on.is_(None), delivered_on, notes.id)
        with self.engine.connect() as conn:
            return [row._asdict() for row in conn.execute(query)]
