"""Configuration from the environment, read when asked for (never at import time)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

BATCH_TYPES = ("purchase_orders", "delivery_notes", "timesheets", "fuel_logs")
# Batch types that have a processor; the others wait, visibly, as `pending`.
PROCESSED_BATCH_TYPES = ("purchase_orders", "delivery_notes")
# Fixed-format CSV, imported whole at upload: no queue, no run, no retry.
SYNCHRONOUS_BATCH_TYPES = ("timesheets", "fuel_logs")
# Documents that go through the queue (upload → pending → a run).
QUEUED_BATCH_TYPES = tuple(t for t in BATCH_TYPES if t not in SYNCHRONOUS_BATCH_TYPES)


def _var_dir() -> Path:
    return Path(os.environ.get("PO_INGEST_VAR_DIR", "var")).resolve()


def _int_list(raw: str, name: str) -> tuple[int, ...]:
    try:
        values = tuple(int(part) for part in raw.split(",") if part.strip())
    except ValueError as exc:
        raise ValueError(f"{name} must be comma-separated whole seconds, got {raw!r}") from exc
    if any(v < 0 for v in values):
        raise ValueError(f"{name} must not be negative, got {raw!r}")
    return values


@dataclass(frozen=True)
class RetryPolicy:
    """Seconds to wait after failed attempt 1, 2, …; the attempt cap after which a batch is dead."""

    delays: tuple[int, ...] = (60, 300)
    max_attempts: int = 3

    @classmethod
    def from_env(cls) -> RetryPolicy:
        delays = _int_list(
            os.environ.get("PO_INGEST_RETRY_DELAYS", "60,300"), "PO_INGEST_RETRY_DELAYS"
        )
        max_attempts = int(os.environ.get("PO_INGEST_MAX_ATTEMPTS", "3"))
        if max_attempts < 1:
            raise ValueError("PO_INGEST_MAX_ATTEMPTS must be at least 1")
        return cls(delays=delays, max_attempts=max_attempts)


def database_url() -> str:
    url = os.environ.get("PO_INGEST_DATABASE_URL")
    if url:
        return url
    path = _var_dir() / "po_ingest.sqlite"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def files_dir() -> Path:
    return Path(os.environ.get("PO_INGEST_FILES_DIR") or _var_dir() / "files").resolve()


def env_seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def dead_rate_threshold() -> float:
    """The share of the last day's ended batches that may go dead (check and alert)."""
    return float(os.environ.get("PO_INGEST_DEAD_RATE_THRESHOLD") or 0.1)


def default_currency() -> str:
    return os.environ.get("PO_INGEST_DEFAULT_CURRENCY", "EUR").upper()


@dataclass(frozen=True)
class MatchSettings:
    """Delivery-note matching: the description similarity (0–100, rapidfuzz token_set_ratio)
    a line needs to match an order line by description alone, and how many percent above
    the ordered quantity may arrive before it is an over-delivery."""

    threshold: float = 85.0
    over_delivery_tolerance: Decimal = Decimal(0)

    @classmethod
    def from_env(cls) -> MatchSettings:
        threshold = _number("PO_INGEST_MATCH_THRESHOLD", "85")
        tolerance = _number("PO_INGEST_OVER_DELIVERY_TOLERANCE", "0")
        if not 0 <= threshold <= 100:
            raise ValueError(f"PO_INGEST_MATCH_THRESHOLD must be 0–100, got {threshold}")
        if tolerance < 0:
            raise ValueError(
                f"PO_INGEST_OVER_DELIVERY_TOLERANCE must not be negative, got {tolerance}"
            )
        return cls(threshold=float(threshold), over_delivery_tolerance=tolerance)


def _number(name: str, default: str) -> Decimal:
    raw = (os.environ.get(name) or default).strip()
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise ValueError(f"{name} must be a number, got {raw!r}") from None
    if not value.is_finite():
        raise ValueError(f"{name} must be a number, got {raw!r}")
    return value
