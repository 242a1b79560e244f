"""People's work on orders: corrections, approval, rejection, reopening, and the history.

Every change is one conditional UPDATE on the order (its revision and review status) whose
RETURNING says whether it won, with its `order_revisions` row in the same transaction.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

import sqlalchemy as sa

from po_ingest.lib.matching_keys import normalise_po_ref
from po_ingest.lib.review.edits import apply_patch, changes, order_values, warnings_after
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.sites import match_site
from po_ingest.lib.store.delivery_matching import rematch
from po_ingest.lib.store.orders import SITE_UNMATCHED, load_order
from po_ingest.lib.store.revisions import history_of, record
from po_ingest.lib.store.schema import purchase_order_items, purchase_orders
from po_ingest.lib.store.sites import load_sites

REJECT_REASONS = ("not_a_purchase_order", "duplicate", "illegible", "other")
_ACTION_FROM = {
    "corrected": (ReviewStatus.NEEDS_REVIEW,),
    "approved": (ReviewStatus.NEEDS_REVIEW,),
    "rejected": (ReviewStatus.NEEDS_REVIEW, ReviewStatus.VERIFIED),
    "reopened": (ReviewStatus.VERIFIED, ReviewStatus.REJECTED),
}


class NoSuchOrder(LookupError):
    pass


class Conflict(RuntimeError):
    """The order changed since the caller's revision, or is not in a state that allows the
    action; `since` holds the revisions the caller has not seen."""

    def __init__(self, message: str, revision: int, review_status: str, since: list[dict]):
        super().__init__(message)
        self.revision, self.review_status, self.since = revision, review_status, since


@dataclass(frozen=True)
class Changed:
    revision: int
    changes: list[dict]


class ReviewStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def history(self, order_id: int) -> list[dict]:
        with self.engine.connect() as conn:
            return history_of(conn, order_id)

    def queue(
        self,
        *,
        review_status: str = ReviewStatus.NEEDS_REVIEW,
        supplier: str | None = None,
        site_id: int | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[dict]:
        """Orders in `review_status`, oldest first."""
        po = purchase_orders
        query = (
            sa.select(
                po.c.id,
                po.c.po_number,
                po.c.supplier_name,
                po.c.site_id,
                po.c.total,
                po.c.currency,
                po.c.created_at,
                po.c.revision,
                po.c.review_status,
                po.c.review_reasons,
                po.c.warnings,
            )
            .where(po.c.review_status == review_status)
            .order_by(po.c.created_at, po.c.id)
            .limit(limit)
            .offset(offset)
        )
        if supplier:
            query = query.where(sa.func.lower(po.c.supplier_name) == supplier.lower())
        if site_id is not None:
            query = query.where(po.c.site_id == site_id)
        with self.engine.connect() as conn:
            return [row._asdict() for row in conn.execute(query).all()]

    def counts(self) -> dict[str, int]:
        status = purchase_orders.c.review_status
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(status, sa.func.count()).group_by(status)).all()
        return {s.value: 0 for s in ReviewStatus} | dict(rows)

    def _refusal(
        self, conn: sa.Connection, order_id: int, action: str, revision: int | None
    ) -> Exception:
        row = conn.execute(
            sa.select(purchase_orders.c.revision, purchase_orders.c.review_status).where(
                purchase_orders.c.id == order_id
            )
        ).first()
        if row is None:
            return NoSuchOrder(f"no purchase order {order_id}")
        if revision is not None and row.revision != revision:
            message = (
                f"order {order_id} changed since revision {revision} (it is at revision "
                f"{row.revision}): load it again, see what changed, and redo your change"
            )
            return Conflict(
                message, row.revision, row.review_status, history_of(conn, order_id, revision)
            )
        allowed = " or ".join(_ACTION_FROM[action])
        message = (
            f"order {order_id} is {row.review_status}; only an order {allowed} can be {action}"
        )
        return Conflict(message, row.revision, row.review_status, [])

    def _won(
        self,
        conn: sa.Connection,
        order_id: int,
        action: str,
        revision: int | None,
        values: dict,
    ) -> int:
        """The single conditional UPDATE: the new revision, or the reason it lost."""
        conditions = [
            purchase_orders.c.id == order_id,
            purchase_orders.c.review_status.in_([s.value for s in _ACTION_FROM[action]]),
        ]
        if revision is not None:
            conditions.append(purchase_orders.c.revision == revision)
        new_revision = conn.execute(
            purchase_orders.update()
            .where(*conditions)
            .values(revision=purchase_orders.c.revision + 1, **values)
            .returning(purchase_orders.c.revision)
        ).scalar()
        if new_revision is None:
            raise self._refusal(conn, order_id, action, revision)
        return new_revision

    def _decide(
        self,
        order_id: int,
        user: str,
        action: str,
        revision: int | None,
        values: dict,
        reason: str | None = None,
    ) -> Changed:
        with self.engine.begin() as conn:
            new_revision = self._won(conn, order_id, action, revision, values)
            record(conn, order_id, new_revision, action, user, reason=reason)
        return Changed(new_revision, [])

    def approve(self, order_id: int, user: str, revision: int | None = None) -> Changed:
        return self._decide(
            order_id,
            user,
            "approved",
            revision,
            dict(
                review_status=ReviewStatus.VERIFIED.value,
                is_verified=True,
                verified_by=user,
                verified_at=dt.datetime.now(dt.UTC),
            ),
        )

    def reject(self, order_id: int, user: str, reason: str, revision: int | None = None) -> Changed:
        values = dict(
            review_status=ReviewStatus.REJECTED.value,
            is_verified=False,
            verified_by=None,
            verified_at=None,
        )
        return self._decide(order_id, user, "rejected", revision, values, reason)

    def reopen(
        self, order_id: int, user: str, reason: str | None = None, revision: int | None = None
    ) -> Changed:
        values = dict(
            review_status=ReviewStatus.NEEDS_REVIEW.value,
            is_verified=False,
            verified_by=None,
            verified_at=None,
        )
        return self._decide(order_id, user, "reopened", revision, values, reason)

    def correct(self, order_id: int, user: str, revision: int, patch: object) -> Changed:
        """Apply a merge patch made from `revision`; InvalidEdit (nothing changed) when a
        value is refused, Conflict when the order moved on."""
        with self.engine.begin() as conn:
            order = load_order(conn, order_id)
            if order is None:
                raise NoSuchOrder(f"no purchase order {order_id}")
            if order["revision"] != revision or order["review_status"] != "needs_review":
                raise self._refusal(conn, order_id, "corrected", revision)
            old = order_values(order)
            new = apply_patch(old, patch)
            diff = changes(old, new)
            if not diff:
                return Changed(order["revision"], [])
            site = match_site(new["project_code"], load_sites(conn))
            warnings = warnings_after(
                order["warnings"], new, order["raw_extraction"], None if site else SITE_UNMATCHED
            )
            header = {k: v for k, v in new.items() if k != "items"}
            new_revision = self._won(
                conn,
                order_id,
                "corrected",
                revision,
                {
                    **_typed(header),
                    "po_key": normalise_po_ref(header["po_number"]),
                    "site_id": site.id if site else None,
                    "warnings": warnings,
                },
            )
            conn.execute(
                purchase_order_items.delete().where(
                    purchase_order_items.c.purchase_order_id == order_id
                )
            )
            conn.execute(
                purchase_order_items.insert(),
                [{**_typed(item), "purchase_order_id": order_id} for item in new["items"]],
            )
            record(conn, order_id, new_revision, "corrected", user, changes=diff)
            # The order's lines were replaced (and its number perhaps): its notes match again,
            # and so do those that named the number it had.
            previous = normalise_po_ref(old["po_number"])
            rematch(conn, MatchSettings.from_env(), order_ids=[order_id], po_keys=[previous])
        return Changed(new_revision, diff)


def _typed(values: dict) -> dict:
    """JSON values (decimal text, ISO dates) as the columns take them."""
    typed = dict(values)
    for name in ("subtotal", "tax", "total", "quantity", "unit_price", "line_total"):
        if typed.get(name) is not None:
            typed[name] = Decimal(typed[name])
    if typed.get("order_date"):
        typed["order_date"] = dt.date.fromisoformat(typed["order_date"])
    return typed
