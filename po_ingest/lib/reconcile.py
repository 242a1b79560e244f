"""Delivery notes ↔ orders (pure): every note matched against the orders its po_refs name,
applied in delivery order, so each order line's progress and each note line's exceptions
come out the same on every run."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from po_ingest.lib.matching import (
    LineMatch,
    NoteLine,
    OrderLine,
    match_note,
)
from po_ingest.lib.matching_keys import normalise_po_ref
from po_ingest.lib.progress import LineProgress, is_complete, is_over, line_progress
from po_ingest.lib.settings import MatchSettings

UNKNOWN_ORDER = "unknown_order"
OVER_DELIVERY = "over_delivery"
ORDER_COMPLETE = "order_complete"


class NoteStatus(StrEnum):
    MATCHED = "matched"
    PARTIAL = "partial"
    UNMATCHED = "unmatched"


@dataclass(frozen=True)
class Order:
    id: int
    po_number: str
    lines: tuple[OrderLine, ...]


@dataclass(frozen=True)
class Note:
    id: int
    po_refs: tuple[str, ...]
    lines: tuple[NoteLine, ...]
    delivery_date: dt.date | None = None

    @property
    def delivery_order(self) -> tuple:
        """Notes are applied by delivery date (undated last), then as stored: so which note
        pushed a line over is the same on every rematch."""
        return (self.delivery_date is None, self.delivery_date or dt.date.min, self.id)


@dataclass(frozen=True)
class NoteResult:
    status: NoteStatus
    exceptions: tuple[str, ...]
    lines: tuple[LineMatch, ...]


@dataclass(frozen=True)
class Reconciliation:
    notes: dict[int, NoteResult]  # by note id
    lines: dict[int, LineProgress]  # by order line id


def reconcile(
    notes: Iterable[Note], orders: Iterable[Order], settings: MatchSettings | None = None
) -> Reconciliation:
    """Match every note against the orders its po_refs name, apply the notes in delivery
    order, and say per order line what arrived and per note line what went wrong."""
    settings = settings or MatchSettings()
    orders = list(orders)
    by_key: dict[str, list[Order]] = {}
    for order in orders:
        by_key.setdefault(normalise_po_ref(order.po_number), []).append(order)
    ordered = {line.id: line.quantity for order in orders for line in order.lines}
    delivered = dict.fromkeys(ordered, Decimal(0))
    results: dict[int, NoteResult] = {}
    for note in sorted(notes, key=lambda n: n.delivery_order):
        found, unknown = _orders_named(note, by_key)
        lines = [line for order in found for line in order.lines]
        matches = match_note(note.lines, lines, settings.threshold)
        applied = tuple(
            _deliver(match, line.quantity, ordered, delivered, settings.over_delivery_tolerance)
            for match, line in zip(matches, note.lines, strict=True)
        )
        results[note.id] = _note_result(applied, unknown)
    tolerance = settings.over_delivery_tolerance
    progress = {i: line_progress(ordered[i], delivered[i], tolerance) for i in ordered}
    return Reconciliation(results, progress)


def _orders_named(note: Note, by_key: dict[str, list[Order]]) -> tuple[list[Order], list[str]]:
    """The stored orders the note's po_refs name (each once), and the exceptions for refs
    that name none."""
    found: dict[int, Order] = {}
    unknown = [] if note.po_refs else [UNKNOWN_ORDER]
    for ref in note.po_refs:
        named = by_key.get(normalise_po_ref(ref) or "", [])
        found |= {order.id: order for order in named}
        if not named:
            unknown.append(f"{UNKNOWN_ORDER}:{ref}")
    return list(found.values()), unknown


def _deliver(
    match: LineMatch,
    quantity: Decimal,
    ordered: dict[int, Decimal | None],
    delivered: dict[int, Decimal],
    tolerance: Decimal,
) -> LineMatch:
    if match.order_line_id is None:
        return match
    wanted, before = ordered[match.order_line_id], delivered[match.order_line_id]
    after = delivered[match.order_line_id] = before + quantity
    exceptions = list(match.exceptions)
    if quantity > 0 and is_complete(wanted, before):
        exceptions.append(ORDER_COMPLETE)
    if is_over(wanted, after, tolerance) and not is_over(wanted, before, tolerance):
        exceptions.append(OVER_DELIVERY)
    return dataclasses.replace(match, exceptions=tuple(exceptions))


def _note_result(lines: tuple[LineMatch, ...], unknown_orders: list[str]) -> NoteResult:
    matched = sum(line.order_line_id is not None for line in lines)
    if matched == len(lines):
        status = NoteStatus.MATCHED
    else:
        status = NoteStatus.PARTIAL if matched else NoteStatus.UNMATCHED
    exceptions = [*unknown_orders, *(e for line in lines for e in line.exceptions)]
    return NoteResult(status, tuple(dict.fromkeys(exceptions)), lines)
