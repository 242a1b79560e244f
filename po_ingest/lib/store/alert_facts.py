"""What the alerts sensor reads from the app database: the queue's facts (conditions.Facts)
and what one-shot alerts are about (batches gone dead, over-deliveries in review)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from po_ingest.lib.alerts.conditions import DeadBatch, Facts
from po_ingest.lib.batch_state import Status
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES
from po_ingest.lib.store.analytics import outcomes_since, pending_since
from po_ingest.lib.store.schema import batches, delivery_notes, model_health, purchase_orders

LAST_DAY = dt.timedelta(days=1)
OVER_DELIVERY = "over_delivery"


def queue_facts(engine: sa.Engine, now: dt.datetime) -> Facts:
    """The conditions' facts but for the sensors' ticks (Dagster's, read by the sensor)."""
    due = pending_since(engine, PROCESSED_BATCH_TYPES, now)
    outcomes = outcomes_since(engine, now - LAST_DAY)
    po = purchase_orders.c
    with engine.connect() as conn:
        down = conn.execute(
            sa.select(
                model_health.c.model, model_health.c.down_since, model_health.c.last_error
            ).where(model_health.c.down_since.is_not(None))
        ).all()
        waiting = sa.select(po.id, po.created_at).where(
            po.review_status == ReviewStatus.NEEDS_REVIEW.value
        )
        oldest = conn.execute(waiting.order_by(po.created_at, po.id).limit(1)).first()
        review_count = conn.execute(
            sa.select(sa.func.count()).select_from(waiting.subquery())
        ).scalar()
    return Facts(
        now=now,
        oldest_due=due[0] if due else None,
        due_count=len(due),
        models_down={row.model: (row.down_since, row.last_error) for row in down},
        dead=outcomes[Status.DEAD.value],
        processed=outcomes[Status.PROCESSED.value],
        oldest_review=(oldest.id, oldest.created_at) if oldest else None,
        review_count=review_count or 0,
    )


def dead_since(engine: sa.Engine, since: dt.datetime) -> list[DeadBatch]:
    """Batches that went dead at or after `since` (by their last attempt), oldest first."""
    b = batches.c
    died = sa.func.coalesce(b.last_attempt_at, b.date_uploaded)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(
                b.id,
                b.generation,
                b.batch_type,
                b.original_filename,
                b.last_error,
                b.dagster_run_id,
            )
            .where(b.status == Status.DEAD.value, died >= since)
            .order_by(died, b.id)
        ).all()
    return [DeadBatch(*row) for row in rows]


def over_deliveries_waiting(engine: sa.Engine, limit: int = 200) -> list[dict]:
    """Delivery notes in review that delivered more than was ordered (however late a second
    note made them so), oldest first."""
    n = delivery_notes.c
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(n.id, n.dn_number, n.supplier_name, n.match_exceptions)
            .where(n.review_status == ReviewStatus.NEEDS_REVIEW.value)
            .order_by(n.created_at, n.id)
        ).all()
    over = [row._asdict() for row in rows if OVER_DELIVERY in (row.match_exceptions or [])]
    return over[:limit]
