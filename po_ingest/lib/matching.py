"""Delivery-note lines ↔ order lines (pure, no database): which order line each note line
delivers against, and what the notes, applied in delivery order, add up to per order line."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from rapidfuzz import fuzz

from po_ingest.lib.matching_keys import (
    alnum_key,
    description_numbers,
    description_words,
    normalise_po_ref,
    normalise_unit,
)
from po_ingest.lib.progress import LineProgress, is_complete, is_over, line_progress
from po_ingest.lib.settings import MatchSettings


class Method(StrEnum):
    PO_LINE_REF = "po_line_ref"
    ITEM_CODE = "item_code"
    DESCRIPTION = "description"
    MANUAL = "manual"


class NoteStatus(StrEnum):
    MATCHED = "matched"
    PARTIAL = "partial"
    UNMATCHED = "unmatched"


UNKNOWN_ORDER = "unknown_order"
UNKNOWN_ITEM = "unknown_item"
UNIT_MISMATCH = "unit_mismatch"
OVER_DELIVERY = "over_delivery"
ORDER_COMPLETE = "order_complete"


@dataclass(frozen=True)
class OrderLine:
    id: int
    line_number: int
    description: str
    quantity: Decimal | None
    unit: str | None = None
    item_code: str | None = None


@dataclass(frozen=True)
class Order:
    id: int
    po_number: str
    lines: tuple[OrderLine, ...]


@dataclass(frozen=True)
class NoteLine:
    id: int
    description: str
    quantity: Decimal
    unit: str | None = None
    item_code: str | None = None
    po_line_ref: int | None = None
    # A person's match: kept by every rematch while that order line exists.
    manual_order_line_id: int | None = None


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
class LineMatch:
    note_line_id: int
    order_line_id: int | None = None
    method: Method | None = None
    # The descriptions' similarity (0–100) whatever the method, so a reviewer sees a line
    # matched by its line reference whose description says something else.
    score: float | None = None
    exceptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class NoteResult:
    status: NoteStatus
    exceptions: tuple[str, ...]
    lines: tuple[LineMatch, ...]


@dataclass(frozen=True)
class Reconciliation:
    notes: dict[int, NoteResult]  # by note id
    lines: dict[int, LineProgress]  # by order line id


def description_score(a: str, b: str) -> float:
    """rapidfuzz's token_set_ratio on normalised words (order and extra words do not count,
    a supplier's shorter description of the same thing scores 100); 0 when their numbers
    contradict each other (`Rebar 12 mm` is not `Rebar 16 mm`, though the words are 91 alike)."""
    words_a, words_b = description_words(a), description_words(b)
    numbers_a, numbers_b = description_numbers(words_a), description_numbers(words_b)
    if not (numbers_a <= numbers_b or numbers_b <= numbers_a):
        return 0.0
    return round(fuzz.token_set_ratio(words_a, words_b), 1)


def match_note(
    note_lines: Sequence[NoteLine], order_lines: Sequence[OrderLine], threshold: float = 85.0
) -> list[LineMatch]:
    """Each note line's order line: by the order line number it refers to, else its item
    code, else the most similar description at or above `threshold`; always in the same unit.
    No order lines at all (the order is not in yet): the lines are left unmatched, without
    exceptions, since the note's `unknown_order` says why."""
    return [_match_line(line, order_lines, threshold) for line in note_lines]


def _match_line(line: NoteLine, order_lines: Sequence[OrderLine], threshold: float) -> LineMatch:
    if not order_lines:
        return LineMatch(line.id)
    manual = [o for o in order_lines if o.id == line.manual_order_line_id]
    if manual:
        return _matched(line, manual[0], Method.MANUAL)
    code = alnum_key(line.item_code)
    tiers = (
        (Method.PO_LINE_REF, [o for o in order_lines if o.line_number == line.po_line_ref]),
        (Method.ITEM_CODE, [o for o in order_lines if code and alnum_key(o.item_code) == code]),
        (
            Method.DESCRIPTION,
            [
                o
                for o in order_lines
                if description_score(line.description, o.description) >= threshold
            ],
        ),
    )
    other_unit = False
    for method, found in tiers:
        same_unit = [o for o in found if _same_unit(line.unit, o.unit)]
        if same_unit:
            return _matched(line, _most_alike(line, same_unit), method)
        other_unit = other_unit or bool(found)
    return LineMatch(line.id, exceptions=(UNIT_MISMATCH if other_unit else UNKNOWN_ITEM,))


def _same_unit(a: str | None, b: str | None) -> bool:
    """A unit left out on either side does not contradict the other."""
    return a is None or b is None or normalise_unit(a) == normalise_unit(b)


def _most_alike(line: NoteLine, candidates: list[OrderLine]) -> OrderLine:
    """Ties on the score go to the closest whole text, then to the first line."""
    return max(
        candidates,
        key=lambda o: (
            description_score(line.description, o.description),
            fuzz.ratio(description_words(line.description), description_words(o.description)),
            -o.line_number,
        ),
    )


def _matched(line: NoteLine, order_line: OrderLine, method: Method) -> LineMatch:
    score = description_score(line.description, order_line.description)
    return LineMatch(line.id, order_line.id, method, score)


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
