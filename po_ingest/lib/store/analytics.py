"""Reads for analysts, checks and retention, and the `analytics_*` tables they write."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.store.batches import effective_status, status_is
from po_ingest.lib.store.schema import batches, purchase_order_items, purchase_orders, sites
from po_ingest.lib.store.types import Money

if TYPE_CHECKING:  # pandas loads when a table is read or written
    import pandas as pd

ANALYTICS_PREFIX = "analytics_"
_CHUNK = 500


def _frame(engine: sa.Engine, query: sa.Select) -> pd.DataFrame:
    # Rows through SQLAlchemy (not pd.read_sql) so our column types apply: Money → Decimal,
    # UTCDateTime → aware UTC datetimes, on SQLite and PostgreSQL alike.
    import pandas as pd

    with engine.connect() as conn:
        result = conn.execute(query)
        return pd.DataFrame(result.all(), columns=list(result.keys()))


def load_orders(engine: sa.Engine) -> pd.DataFrame:
    """Orders as they stand now (people's corrections included), rejected ones left out."""
    return _frame(
        engine,
        sa.select(
            purchase_orders.c.id,
            purchase_orders.c.po_number,
            purchase_orders.c.order_date,
            purchase_orders.c.supplier_name,
            purchase_orders.c.project_code,
            purchase_orders.c.site_id,
            purchase_orders.c.currency,
            purchase_orders.c.subtotal,
            purchase_orders.c.tax,
            purchase_orders.c.total,
            purchase_orders.c.batch_id,
            purchase_orders.c.created_at,
            purchase_orders.c.is_verified.label("verified"),
        )
        .where(purchase_orders.c.review_status != ReviewStatus.REJECTED.value)
        .order_by(purchase_orders.c.id),
    )


def load_items(engine: sa.Engine) -> pd.DataFrame:
    """The lines of the orders load_orders gives."""
    kept = sa.select(purchase_orders.c.id).where(
        purchase_orders.c.review_status != ReviewStatus.REJECTED.value
    )
    return _frame(
        engine,
        sa.select(purchase_order_items)
        .where(purchase_order_items.c.purchase_order_id.in_(kept))
        .order_by(purchase_order_items.c.purchase_order_id, purchase_order_items.c.line_number),
    )


def load_sites(engine: sa.Engine) -> pd.DataFrame:
    return _frame(engine, sa.select(sites.c.id, sites.c.name).order_by(sites.c.id))


def load_batches(engine: sa.Engine) -> pd.DataFrame:
    return _frame(
        engine,
        sa.select(
            batches.c.id,
            batches.c.batch_type,
            effective_status.label("status"),
            batches.c.attempts,
            batches.c.date_uploaded,
            batches.c.last_attempt_at,
            batches.c.next_retry_at,
            batches.c.processed_at,
        ).order_by(batches.c.date_uploaded, batches.c.id),
    )


def write_table(engine: sa.Engine, name: str, frame: pd.DataFrame, money: Iterable[str]) -> str:
    """Replace `analytics_<name>` with `frame` in one transaction (PostgreSQL readers never see
    the table missing). Money columns keep the app's exact type: NUMERIC on PostgreSQL,
    decimal text on SQLite — never float; 6 places, a unit price's."""
    table = f"{ANALYTICS_PREFIX}{name}"
    with engine.begin() as conn:
        frame.to_sql(
            table, conn, if_exists="replace", index=False, dtype={c: Money(scale=6) for c in money}
        )
    return table


def read_table(engine: sa.Engine, name: str) -> list[dict]:
    """An analytics table's rows as stored (money: Decimal on PostgreSQL, text on SQLite)."""
    table = sa.Table(f"{ANALYTICS_PREFIX}{name}", sa.MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(sa.select(table))]


def pending_since(
    engine: sa.Engine, batch_types: Iterable[str], older_than: dt.datetime
) -> list[tuple[str, dt.datetime]]:
    """Pending batches (of types that have a processor) due since before `older_than`: due
    means uploaded, last attempted or retry time reached, whichever is latest."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(
                batches.c.id,
                batches.c.date_uploaded,
                batches.c.last_attempt_at,
                batches.c.next_retry_at,
            ).where(
                batches.c.status == Status.PENDING,
                batches.c.batch_type.in_(list(batch_types)),
                batches.c.date_uploaded < older_than,
            )
        ).all()
    waiting = []
    for row in rows:
        since = max(t for t in (row.date_uploaded, row.last_attempt_at, row.next_retry_at) if t)
        if since < older_than:
            waiting.append((row.id, since))
    return sorted(waiting, key=lambda pair: pair[1])


def outcomes_since(engine: sa.Engine, since: dt.datetime) -> dict[str, int]:
    """Batches that ended `processed` or `dead` since `since` (dead: by their last attempt)."""
    with engine.connect() as conn:
        processed = conn.execute(
            sa.select(sa.func.count()).where(
                status_is(Status.PROCESSED), batches.c.processed_at >= since
            )
        ).scalar()
        dead = conn.execute(
            sa.select(sa.func.count()).where(
                batches.c.status == Status.DEAD,
                sa.func.coalesce(batches.c.last_attempt_at, batches.c.date_uploaded) >= since,
            )
        ).scalar()
    return {Status.PROCESSED.value: processed, Status.DEAD.value: dead}


def processed_before(
    engine: sa.Engine, cutoff: dt.datetime, among: Iterable[str], limit: int
) -> list[str]:
    """Which of the batch ids `among` were processed before `cutoff`, oldest first, at most
    `limit`. Asked in chunks so a long partition list never makes one huge IN clause."""
    candidates, found = list(among), []
    for start in range(0, len(candidates), _CHUNK):
        with engine.connect() as conn:
            found += conn.execute(
                sa.select(batches.c.id, batches.c.processed_at).where(
                    batches.c.id.in_(candidates[start : start + _CHUNK]),
                    status_is(Status.PROCESSED),
                    batches.c.processed_at < cutoff,
                )
            ).all()
    return [row.id for row in sorted(found, key=lambda r: (r.processed_at, r.id))[:limit]]
