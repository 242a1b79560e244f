"""Reading on past a decline, for the near-miss audit (`po_ingest_tests.near_misses`).

A declined order whose values are wrong somewhere other than where the decline came from is
a near miss: a later rule that removes the decline's cause lets the wrong value through.
Under `probing()` a reading (`reading()` around one table's read) notes each decline its
checks give (`refuse`) and reads on, a line that declines being left empty (`attempt`);
when it ends, it keeps what was read (`Reading`) and raises its first decline, as it would
have without probing: which reading gives the order, or the decline, does not change.
Without probing, `refuse` raises at once and nothing is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.header import Found


@dataclass
class Reading:
    """What one read of a table gave, and every decline it met (the first is the one raised)."""

    declines: list[ExtractionDeclined] = field(default_factory=list)
    fields: dict[str, Found] = field(default_factory=dict)
    items: list[dict[str, Found]] = field(default_factory=list)
    totals: Any = None  # totals.Totals


_READINGS: ContextVar[list[Reading] | None] = ContextVar("readings", default=None)
_CURRENT: ContextVar[Reading | None] = ContextVar("reading", default=None)


@contextmanager
def probing() -> Iterator[list[Reading]]:
    """Every reading made inside, in order."""
    readings: list[Reading] = []
    token = _READINGS.set(readings)
    try:
        yield readings
    finally:
        _READINGS.reset(token)


@contextmanager
def reading() -> Iterator[None]:
    """One read of a table. Probing, its first decline is raised at its end, whatever the
    reading on after it gave (a value, or an error the decline would have forestalled)."""
    readings = _READINGS.get()
    if readings is None:
        yield
        return
    current = Reading()
    token = _CURRENT.set(current)
    try:
        yield
    except Exception as exc:
        if not current.declines:
            if isinstance(exc, ExtractionDeclined):
                current.declines.append(exc)
                readings.append(current)
            raise
    finally:
        _CURRENT.reset(token)
    if current.declines:
        readings.append(current)
        raise current.declines[0]


def note(**values: Any) -> None:
    """Keep what the reading has read so far (`fields`, `items`, `totals`)."""
    if (current := _CURRENT.get()) is not None:
        for name, value in values.items():
            setattr(current, name, value)


def refuse(declined: ExtractionDeclined) -> None:
    """Raise `declined`; probing, note it and read on."""
    if (current := _CURRENT.get()) is None:
        raise declined
    current.declines.append(declined)


def attempt(read: Callable[..., dict], *args: Any, **kwargs: Any) -> dict:
    """`read(...)`; probing, a decline is noted and the line left empty."""
    try:
        return read(*args, **kwargs)
    except ExtractionDeclined as declined:
        refuse(declined)
        return {}
