"""Orders a person approved: the truth that extraction accuracy and `eval --approved` use."""

from __future__ import annotations

import sqlalchemy as sa

from po_ingest.lib.review.routing import AUTO, ReviewStatus
from po_ingest.lib.store.orders import load_order
from po_ingest.lib.store.schema import purchase_orders


def approved_orders(engine: sa.Engine) -> list[dict]:
    """Verified orders whose verifier is a person (not "auto"), with their lines, by id."""
    query = (
        sa.select(purchase_orders.c.id)
        .where(
            purchase_orders.c.review_status == ReviewStatus.VERIFIED.value,
            purchase_orders.c.verified_by.is_not(None),
            purchase_orders.c.verified_by != AUTO,
        )
        .order_by(purchase_orders.c.id)
    )
    with engine.connect() as conn:
        return [load_order(conn, order_id) for order_id in conn.execute(query).scalars()]
