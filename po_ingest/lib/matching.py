"""Delivery-note lines ↔ order lines (pure, no database): which order line each note line
delivers against (reconcile.py adds the notes up per order line)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from rapidfuzz import fuzz

from po_ingest.lib.matching_keys import (
    alnum_key,
    description_numbers,
    description_words,
    normalise_unit,
)


class Method(StrEnum):
    PO_LINE_REF = "po_line_ref"
    ITEM_CODE = "item_code"
    DESCRIPTION = "description"
    MANUAL = "manual"
    # A person said the line delivers against none of the orders' lines.
    MANUAL_NONE = "manual_none"


UNKNOWN_ITEM = "unknown_item"
UNIT_MISMATCH = "unit_mismatch"


@dataclass(frozen=True)
class OrderLine:
    id: int
    line_number: int
    description: str
    quantity: Decimal | None
    unit: str | None = None
    item_code: str | None = None


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
    # A person's "none of these lines": kept by every rematch.
    unmatched_by_hand: bool = False


@dataclass(frozen=True)
class LineMatch:
    note_line_id: int
    order_line_id: int | None = None
    method: Method | None = None
    # The descriptions' similarity (0–100) whatever the method, so a reviewer sees a line
    # matched by its line reference whose description says something else.
    score: float | None = None
    exceptions: tuple[str, ...] = ()


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
    if line.unmatched_by_hand:
        exceptions = (UNKNOWN_ITEM,) if order_lines else ()
        return LineMatch(line.id, method=Method.MANUAL_NONE, exceptions=exceptions)
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
