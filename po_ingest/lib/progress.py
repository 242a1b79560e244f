"""How far an order line, and an order, is delivered (pure): ordered, delivered, open."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum


class LineStatus(StrEnum):
    OPEN = "open"
    PARTIAL = "partial"
    COMPLETE = "complete"
    OVER = "over"


class OrderStatus(StrEnum):
    NOT_DELIVERED = "not_delivered"
    PARTIAL = "partial"
    COMPLETE = "complete"
    OVER = "over"


@dataclass(frozen=True)
class LineProgress:
    ordered: Decimal | None
    delivered: Decimal
    open: Decimal | None  # never below 0; None when the order gives no quantity
    status: LineStatus


def is_complete(ordered: Decimal | None, delivered: Decimal) -> bool:
    return ordered is not None and delivered >= ordered


def is_over(ordered: Decimal | None, delivered: Decimal, tolerance_percent: Decimal) -> bool:
    """More arrived than ordered plus the tolerance (percent of the ordered quantity)."""
    return ordered is not None and delivered > ordered * (1 + tolerance_percent / 100)


def line_progress(
    ordered: Decimal | None, delivered: Decimal, tolerance_percent: Decimal = Decimal(0)
) -> LineProgress:
    """A line with no ordered quantity is never complete: what arrived makes it partial."""
    if is_over(ordered, delivered, tolerance_percent):
        status = LineStatus.OVER
    elif is_complete(ordered, delivered):
        status = LineStatus.COMPLETE
    else:
        status = LineStatus.PARTIAL if delivered > 0 else LineStatus.OPEN
    still_open = None if ordered is None else max(ordered - delivered, Decimal(0))
    return LineProgress(ordered, delivered, still_open, status)


def order_status(lines: Iterable[LineStatus]) -> OrderStatus:
    """Over as soon as one line is (it needs a person most); complete when every line is;
    partial when anything arrived; else not delivered."""
    statuses = set(lines)
    if LineStatus.OVER in statuses:
        return OrderStatus.OVER
    if statuses and statuses <= {LineStatus.COMPLETE}:
        return OrderStatus.COMPLETE
    if statuses - {LineStatus.OPEN}:
        return OrderStatus.PARTIAL
    return OrderStatus.NOT_DELIVERED
