"""`order_revisions`: every change to an order, numbered as the order's revision (and the
insert every history table shares)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from po_ingest.lib.store.schema import order_revisions, purchase_orders


def record(
    conn: sa.Connection,
    parent_id: int,
    revision: int,
    action: str,
    user: str,
    *,
    changes: list[dict] | None = None,
    reason: str | None = None,
    table: sa.Table = order_revisions,
) -> None:
    """A row of a history table (schema._history_table): an order's revision, or a delivery
    note's event (`table=delivery_note_events`)."""
    parent = next(c.name for c in table.columns if c.foreign_keys)
    conn.execute(
        table.insert().values(
            **{parent: parent_id},
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


# Each order's first `extracted` revision: the run that stored the order recorded it already.
_FIRST_READ = sa.and_(order_revisions.c.action == "extracted", order_revisions.c.revision == 1)


def edits_after(
    engine: sa.Engine, after_id: int, limit: int, recorded_before: dt.datetime
) -> list[dict]:
    """`order_revisions` rows with an id above `after_id` recorded before `recorded_before`,
    in id order, at most `limit`, each with its order's batch and number; not the first read
    of each order."""
    query = (
        sa.select(
            order_revisions,
            purchase_orders.c.batch_id,
            purchase_orders.c.po_number,
        )
        .join(purchase_orders, purchase_orders.c.id == order_revisions.c.purchase_order_id)
        .where(
            order_revisions.c.id > after_id,
            order_revisions.c.created_at < recorded_before,
            sa.not_(_FIRST_READ),
        )
        .order_by(order_revisions.c.id)
        .limit(limit)
    )
    with engine.connect() as conn:
        return [row._asdict() for row in conn.execute(query).all()]


def latest_edit_id(engine: sa.Engine) -> int:
    """The id edits_after's rows end at (0 before any edit)."""
    query = sa.select(sa.func.max(order_revisions.c.id)).where(sa.not_(_FIRST_READ))
    with engine.connect() as conn:
        return conn.execute(query).scalar() or 0
