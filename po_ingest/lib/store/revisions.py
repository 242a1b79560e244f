"""`order_revisions`: every change to an order, numbered as the order's revision."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from po_ingest.lib.store.schema import order_revisions


def record(
    conn: sa.Connection,
    order_id: int,
    revision: int,
    action: str,
    user: str,
    *,
    changes: list[dict] | None = None,
    reason: str | None = None,
) -> None:
    conn.execute(
        order_revisions.insert().values(
            purchase_order_id=order_id,
            revision=revision,
            action=action,
            user_name=user,
            created_at=dt.datetime.now(dt.UTC),
            changes=changes or [],
            reason=reason,
        )
    )


def history_of(conn: sa.Connection, order_id: int, after: int = 0) -> list[dict]:
    """The order's revisions after `after`, oldest first."""
    rows = conn.execute(
        sa.select(order_revisions)
        .where(order_revisions.c.purchase_order_id == order_id, order_revisions.c.revision > after)
        .order_by(order_revisions.c.revision)
    ).all()
    return [
        {k: v for k, v in r._asdict().items() if k not in ("id", "purchase_order_id")} for r in rows
    ]
