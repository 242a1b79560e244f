"""The batch state machine as pure functions: no I/O, no clock."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from po_ingest.lib.settings import RetryPolicy


class Status(StrEnum):
    PENDING = "pending"
    PROCESSING = "processing"
    PROCESSED = "processed"
    FAILED = "failed"
    DEAD = "dead"


class Outcome(StrEnum):
    OK = "ok"
    TRANSIENT = "transient"  # network, 429/5xx, timeouts, database down, invalid model output
    PERMANENT = "permanent"  # corrupt file, not a purchase order, no items
    CANCELED = "canceled"


# A manual retry may start over from these; pending/processing/processed are left alone.
RETRYABLE = frozenset({Status.FAILED, Status.DEAD})
TERMINAL = frozenset({Status.PROCESSED, Status.DEAD})


@dataclass(frozen=True)
class Transition:
    status: Status
    retry_in_seconds: int | None = None


def retry_delay(attempt: int, policy: RetryPolicy | None = None) -> int | None:
    """Seconds to wait after `attempt` failed, or None when no attempt is left."""
    policy = policy or RetryPolicy()
    if attempt < 1 or attempt >= policy.max_attempts:
        return None
    delays = policy.delays or (0,)
    return delays[min(attempt, len(delays)) - 1]


def next_state(
    status: Status, outcome: Outcome, attempts: int, policy: RetryPolicy | None = None
) -> Transition:
    """Where a batch claimed for its `attempts`-th time goes after `outcome`."""
    if status not in (Status.PENDING, Status.PROCESSING, Status.FAILED):
        raise ValueError(f"a {status} batch has no attempt to settle")
    if outcome is Outcome.OK:
        return Transition(Status.PROCESSED)
    if outcome is Outcome.TRANSIENT:
        delay = retry_delay(attempts, policy)
        if delay is None:
            return Transition(Status.DEAD)
        return Transition(Status.FAILED, delay)
    return Transition(Status.DEAD)
