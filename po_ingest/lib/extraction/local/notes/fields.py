"""A delivery note's labelled fields beyond an order's: several order numbers, an address
over several lines, the truck and its haulier, weights with their unit, and dates that are
declined rather than guessed when they read two ways."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from po_ingest.lib.extraction.local.fields import po_number
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.notes.words import NOTE_LABELS, TAX_ID_LINE, WEIGHT_UNITS
from po_ingest.lib.extraction.local.party_name import name
from po_ingest.lib.extraction.local.values import parse_amount, parse_date
from po_ingest.lib.extraction.local.vocabulary import alternatives

AMBIGUOUS = "ambiguous"  # a date printed that reads two ways: the note is declined
_SPLIT_REFS = re.compile(r"\s*(?:[,;&+]|\s/\s|\band\b|\bund\b|\bet\b|\by\b)\s*")
_EMPTY = re.compile(r"^[\W_]*$|^n/?a$", re.IGNORECASE)  # "—", "-", "____", "n/a"
_VEHICLE = re.compile(r"^(?=.*\d)(?=.*[^\W\d_])[\w\- ]{2,20}$")
_WEIGHT = re.compile(
    rf"^(?P<amount>\d[\d.,'\s]*?)\s*(?P<unit>{alternatives(WEIGHT_UNITS)})\.?$", re.IGNORECASE
)
_BESIDE = 150.0  # points: a label left of a stacked value, as header.py has it
_ALIGNED = 2.0


def date_parser(language: str | None, day_first: bool | None) -> Callable[[str], object]:
    """The order reader's date rules; a date they leave unread that reads as a date day first
    or month first is AMBIGUOUS (not guessed, and not left out as if not printed)."""

    def parse(text: str) -> object:
        value = parse_date(text, language, day_first)
        if value is None and (parse_date(text, None, True) or parse_date(text, None, False)):
            return AMBIGUOUS
        return value

    return parse


def order_refs(text: str) -> tuple[str, ...] | None:
    """One or several order numbers ("4500835222", "A-1, A-2", "ORD-1 / ORD-2"): each part
    must read as one, or none is taken."""
    parts = [p for p in _SPLIT_REFS.split(text.strip()) if p]
    refs = [po_number(p) for p in parts]
    if not refs or None in refs or any(ref != part for ref, part in zip(refs, parts, strict=True)):
        return None
    return tuple(refs)


def party(text: str) -> str | None:
    """A name (a haulier, a receiver): words starting with a letter, not a dash or a blank
    line, nor the rest of a label ("& signature")."""
    text = text.strip()
    return name(text) if text[:1].isalpha() else None


def blank(text: str) -> bool:
    """ "—", "-", "____", "n/a": printed, but saying nothing."""
    return bool(_EMPTY.match(text.strip()))


def vehicle(text: str) -> str | None:
    """A registration: a few characters with letters and digits ("PE49 CMJ")."""
    text = " ".join(text.split())
    return text if _VEHICLE.match(text) else None


def address_line(text: str) -> str | None:
    """A line of an address: not blank, no label, and no party's tax number, which ends the
    address it is printed under ("GSTIN 27AAB…")."""
    if blank(text) or NOTE_LABELS.is_label(text.rstrip(":")) or TAX_ID_LINE.match(text):
        return None
    return text


def weight_parser(decimal_comma: bool) -> Callable[[str], tuple[Decimal, str] | None]:
    """ "21.59 t", "12.340 kg": the amount and its unit; a bare number is no weight (a
    "Net" beside money is an amount)."""

    def parse(text: str) -> tuple[Decimal, str] | None:
        m = _WEIGHT.match(text.strip())
        amount = parse_amount(m["amount"].strip(), decimal_comma) if m else None
        return None if amount is None or amount < 0 else (amount, m["unit"])

    return parse


def _row_of(rows: list[Row], words: list[Word]) -> int | None:
    return next((i for i, r in enumerate(rows) if words[0] in r.words), None)


def stacked_below(
    rows: list[Row], found: Found, parse: Callable[[str], object]
) -> list[tuple[object, Cell]]:
    """The values printed under `found`'s, flush with its left edge, line after line (an
    address, the second order of "Your order"): until a gap, a label, a line `parse` does not
    take, or a line with a label left of it (the next field)."""
    index = _row_of(rows, found.words)
    if index is None:
        return []
    x0 = min(w.x0 for w in found.words)
    last = rows[index]
    taken: list[tuple[object, Cell]] = []
    for row in rows[index + 1 :]:
        if row.page != last.page or row.y - last.y > 1.7 * max(row.height, last.height):
            break
        cells = row.cells()
        flush = [c for c in cells if abs(c.x0 - x0) <= _ALIGNED]
        if not flush:
            if any(c.x0 < x0 + 1 and c.x1 > x0 - 1 for c in cells):
                break  # something else across the value's edge
            continue  # a row of another block beside the value
        if any(x0 - _BESIDE < c.x1 < x0 for c in cells):
            break  # a label on its left: the next field's value
        value = parse(flush[0].text)
        if value is None:
            break
        taken.append((value, flush[0]))
        last = row
    return taken
