"""Alerts in the app database: events (a one-shot alert fires once per subject; a condition
opens once and clears once) with their deliveries (alert_deliveries.py). Racing sensor ticks
write once: inserts meet the open-row unique index with ON CONFLICT DO NOTHING, and a clear is
a conditional UPDATE."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from po_ingest.lib.alerts.model import ONE_SHOT, Kind, Message, Transition
from po_ingest.lib.redact import safe_error
from po_ingest.lib.store.alert_deliveries import (
    BACKOFF,
    MAX_ATTEMPTS,
    MAX_ERROR_CHARS,
    AlertDeliveries,
    Delivery,
    DeliveryStatus,
    backoff,
)
from po_ingest.lib.store.schema import alert_deliveries, alert_events

_INSERTS = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}
_OPEN = alert_events.c.cleared_at.is_(None)


class AlertStore(AlertDeliveries):
    def fire(
        self, message: Message, channels: list[str], now: dt.datetime, hold: bool = False
    ) -> int | None:
        """A one-shot alert: its event and a delivery per channel (`held` for the digest when
        `hold`). None when this kind and subject already fired: nothing is written."""
        if message.kind not in ONE_SHOT:
            raise ValueError(f"{message.kind} is a condition: open and clear it")
        status = DeliveryStatus.HELD if hold else DeliveryStatus.PENDING
        with self.engine.begin() as conn:
            event_id = self._insert_event(conn, message, now, one_shot=True)
            if event_id is not None:
                self._deliver(conn, event_id, Transition.FIRED, message, channels, now, status)
        return event_id

    def open(self, message: Message, channels: list[str], now: dt.datetime) -> int | None:
        """A condition began: a new occurrence and its deliveries, unless one is open (None)."""
        if message.kind in ONE_SHOT:
            raise ValueError(f"{message.kind} is a one-shot alert: fire it")
        with self.engine.begin() as conn:
            event_id = self._insert_event(conn, message, now, one_shot=False)
            if event_id is not None:
                self._deliver(conn, event_id, Transition.OPENED, message, channels, now)
        return event_id

    def clear(
        self, kind: Kind, subject: str, message: Message, channels: list[str], now: dt.datetime
    ) -> int | None:
        """The open condition ended: cleared now, with its deliveries. None when none is open
        (never opened, or another tick cleared it first)."""
        with self.engine.begin() as conn:
            event_id = conn.execute(
                alert_events.update()
                .where(
                    alert_events.c.kind == Kind(kind).value,
                    alert_events.c.subject == subject,
                    alert_events.c.one_shot.is_(False),
                    _OPEN,
                )
                .values(cleared_at=now)
                .returning(alert_events.c.id)
            ).scalar()
            if event_id is not None:
                self._deliver(conn, event_id, Transition.CLEARED, message, channels, now)
        return event_id

    def open_conditions(self) -> list[dict]:
        """The conditions open now, oldest first."""
        query = (
            sa.select(
                alert_events.c.id,
                alert_events.c.kind,
                alert_events.c.subject,
                alert_events.c.severity,
                alert_events.c.title,
                alert_events.c.opened_at,
            )
            .where(alert_events.c.one_shot.is_(False), _OPEN)
            .order_by(alert_events.c.opened_at, alert_events.c.id)
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(query)]

    def record_test(
        self, channel: str, title: str, ok: bool, error: str | None, now: dt.datetime
    ) -> None:
        """`po-ingest alerts test` sent `title` to `channel`: its own event and delivery, sent
        or failed, so it shows in recent()."""
        subject = f"test:{now.isoformat()}"
        status = DeliveryStatus.SENT if ok else DeliveryStatus.FAILED
        message = Message(Kind.TEST, subject, Transition.TEST, title, body="")
        with self.engine.begin() as conn:
            # Every channel tested at the same `now` shares the event.
            event_id = self._insert_event(conn, message, now, one_shot=True)
            if event_id is None:
                event_id = conn.execute(
                    sa.select(alert_events.c.id).where(
                        alert_events.c.kind == Kind.TEST.value, alert_events.c.subject == subject
                    )
                ).scalar_one()
            conn.execute(
                alert_deliveries.insert().values(
                    **self._delivery_row(event_id, Transition.TEST, message, channel, now, status),
                    attempts=1,
                    last_error=None
                    if error is None
                    else safe_error(error, max_chars=MAX_ERROR_CHARS),
                    sent_at=now if ok else None,
                )
            )

    def _insert_event(
        self, conn: sa.Connection, message: Message, now: dt.datetime, one_shot: bool
    ) -> int | None:
        """The new event's id; None when an open row for its kind and subject exists."""
        insert = _INSERTS[conn.dialect.name](alert_events).values(
            kind=message.kind.value,
            subject=message.subject,
            severity=message.severity.value,
            one_shot=one_shot,
            title=message.title,
            opened_at=now,
        )
        insert = insert.on_conflict_do_nothing(
            index_elements=["kind", "subject"], index_where=_OPEN
        ).returning(alert_events.c.id)
        return conn.execute(insert).scalar()


__all__ = [
    "BACKOFF",
    "MAX_ATTEMPTS",
    "AlertStore",
    "Delivery",
    "DeliveryStatus",
    "backoff",
]
