"""Alert deliveries: one message per event, transition and channel, sent, retried with a
backoff until MAX_ATTEMPTS failures, or held for the daily digest; and what `alerts list`
shows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import sqlalchemy as sa

from po_ingest.lib.alerts.model import Kind, Message, Severity, Transition
from po_ingest.lib.redact import safe_error
from po_ingest.lib.store.schema import alert_deliveries, alert_events

MAX_ATTEMPTS = 5
# The wait after failure 1, 2, 3, 4; failure MAX_ATTEMPTS gives up.
BACKOFF = (
    dt.timedelta(seconds=30),
    dt.timedelta(minutes=2),
    dt.timedelta(minutes=8),
    dt.timedelta(minutes=30),
)
MAX_ERROR_CHARS = 300


class DeliveryStatus(StrEnum):
    PENDING = "pending"  # due at next_attempt_at (NULL: now)
    SENT = "sent"
    FAILED = "failed"  # a test message that did not go out
    GAVE_UP = "gave_up"  # MAX_ATTEMPTS failures
    HELD = "held"  # waits for the daily digest
    DIGESTED = "digested"  # went out in a digest


@dataclass(frozen=True)
class Delivery:
    id: int
    event_id: int
    kind: Kind
    subject: str
    transition: Transition
    channel: str
    title: str
    body: str
    attempts: int
    severity: Severity


def backoff(attempts: int) -> dt.timedelta | None:
    """The wait before the next try after `attempts` failures; None once they are spent."""
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, not {attempts}")
    return BACKOFF[attempts - 1] if attempts < MAX_ATTEMPTS else None


_DELIVERY_COLUMNS = (
    alert_deliveries.c.id,
    alert_deliveries.c.event_id,
    alert_events.c.kind,
    alert_events.c.subject,
    alert_deliveries.c.transition,
    alert_deliveries.c.channel,
    alert_deliveries.c.title,
    alert_deliveries.c.body,
    alert_deliveries.c.attempts,
    alert_events.c.severity,
)
_OLDEST_FIRST = (alert_deliveries.c.created_at, alert_deliveries.c.id)


def _delivery(row: sa.Row) -> Delivery:
    values = dict(row._mapping)
    values["kind"] = Kind(values["kind"])
    values["transition"] = Transition(values["transition"])
    values["severity"] = Severity(values["severity"])
    return Delivery(**values)


class AlertDeliveries:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def due(self, now: dt.datetime, limit: int = 100) -> list[Delivery]:
        """Pending deliveries whose next attempt is due, oldest first."""
        waited = alert_deliveries.c.next_attempt_at
        return self._deliveries(
            DeliveryStatus.PENDING, sa.or_(waited.is_(None), waited <= now), limit=limit
        )

    def held(self) -> list[Delivery]:
        """The one-shot alerts waiting for the digest, oldest first."""
        return self._deliveries(DeliveryStatus.HELD)

    def mark_sent(self, delivery_id: int, now: dt.datetime) -> None:
        """The channel took it (the successful try counts as an attempt)."""
        self._update(
            [delivery_id],
            DeliveryStatus.PENDING,
            status=DeliveryStatus.SENT.value,
            attempts=alert_deliveries.c.attempts + 1,
            next_attempt_at=None,
            sent_at=now,
        )

    def mark_failed(self, delivery_id: int, error: str, now: dt.datetime) -> str:
        """One more failed try: `pending` again after the backoff, or `gave_up` after
        MAX_ATTEMPTS. A delivery no longer pending is left alone; its status is returned."""
        with self.engine.begin() as conn:
            row = conn.execute(
                alert_deliveries.update()
                .where(
                    alert_deliveries.c.id == delivery_id,
                    alert_deliveries.c.status == DeliveryStatus.PENDING.value,
                )
                .values(
                    attempts=alert_deliveries.c.attempts + 1,
                    last_error=safe_error(error, max_chars=MAX_ERROR_CHARS),
                )
                .returning(alert_deliveries.c.attempts)
            ).first()
            if row is None:
                return conn.execute(
                    sa.select(alert_deliveries.c.status).where(alert_deliveries.c.id == delivery_id)
                ).scalar_one()
            wait = backoff(row.attempts)
            status = DeliveryStatus.GAVE_UP if wait is None else DeliveryStatus.PENDING
            conn.execute(
                alert_deliveries.update()
                .where(alert_deliveries.c.id == delivery_id)
                .values(status=status.value, next_attempt_at=None if wait is None else now + wait)
            )
        return status.value

    def mark_digested(self, delivery_ids: list[int]) -> None:
        """These held deliveries went out in the digest."""
        self._update(delivery_ids, DeliveryStatus.HELD, status=DeliveryStatus.DIGESTED.value)

    def recent(self, limit: int = 20) -> list[dict]:
        """The latest deliveries, newest first, with their event: what `alerts list` shows."""
        query = (
            sa.select(
                alert_deliveries.c.id,
                alert_events.c.kind,
                alert_events.c.subject,
                alert_deliveries.c.transition,
                alert_deliveries.c.channel,
                alert_deliveries.c.title,
                alert_deliveries.c.status,
                alert_deliveries.c.attempts,
                alert_deliveries.c.last_error,
                alert_deliveries.c.created_at,
                alert_deliveries.c.sent_at,
            )
            .join(alert_events, alert_events.c.id == alert_deliveries.c.event_id)
            .order_by(alert_deliveries.c.created_at.desc(), alert_deliveries.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(query)]

    @staticmethod
    def _delivery_row(
        event_id: int,
        transition: Transition,
        message: Message,
        channel: str,
        now: dt.datetime,
        status: DeliveryStatus,
    ) -> dict:
        return {
            "event_id": event_id,
            "transition": transition.value,
            "channel": channel,
            "title": message.title,
            "body": message.body,
            "status": status.value,
            "created_at": now,
        }

    def _deliver(
        self,
        conn: sa.Connection,
        event_id: int,
        transition: Transition,
        message: Message,
        channels: Iterable[str],
        now: dt.datetime,
        status: DeliveryStatus = DeliveryStatus.PENDING,
    ) -> None:
        rows = [
            self._delivery_row(event_id, transition, message, channel, now, status)
            for channel in dict.fromkeys(channels)
        ]
        if rows:
            conn.execute(alert_deliveries.insert(), rows)

    def _deliveries(
        self, status: DeliveryStatus, *where: sa.ColumnElement[bool], limit: int | None = None
    ) -> list[Delivery]:
        query = (
            sa.select(*_DELIVERY_COLUMNS)
            .join(alert_events, alert_events.c.id == alert_deliveries.c.event_id)
            .where(alert_deliveries.c.status == status.value, *where)
            .order_by(*_OLDEST_FIRST)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [_delivery(r) for r in conn.execute(query)]

    def _update(self, delivery_ids: list[int], current: DeliveryStatus, **values) -> None:
        """Set `values` on those of `delivery_ids` still in the `current` status."""
        if not delivery_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(
                alert_deliveries.update()
                .where(
                    alert_deliveries.c.id.in_(delivery_ids),
                    alert_deliveries.c.status == current.value,
                )
                .values(**values)
            )
