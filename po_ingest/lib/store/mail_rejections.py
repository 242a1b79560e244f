"""Mail the mailbox read and did not import, with why (the page and the API list it)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.store.schema import mail_rejections


@dataclass(frozen=True)
class MailRejection:
    message_id: str
    sender: str | None
    subject: str | None
    filename: str | None
    reason: str


class MailRejectionStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def add(self, rejections: Iterable[MailRejection], now: dt.datetime | None = None) -> int:
        """Record each one not recorded yet (same message, file and reason): a message read
        again after a crash before its move adds nothing. How many were new."""
        now = now or dt.datetime.now(dt.UTC)
        added = 0
        with self.engine.begin() as conn:
            for r in rejections:
                known = conn.execute(
                    sa.select(mail_rejections.c.id).where(
                        mail_rejections.c.message_id == r.message_id,
                        _same(mail_rejections.c.filename, r.filename),
                        mail_rejections.c.reason == r.reason,
                    )
                ).first()
                if known is None:
                    conn.execute(mail_rejections.insert().values(**r.__dict__, created_at=now))
                    added += 1
        return added

    def list(self, limit: int = 50) -> list[dict]:
        """Newest first."""
        query = (
            sa.select(mail_rejections)
            .order_by(mail_rejections.c.created_at.desc(), mail_rejections.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(query)]


def _same(column: sa.Column, value: str | None) -> sa.ColumnElement[bool]:
    return column.is_(None) if value is None else column == value
