"""Purchase orders: written together with the batch's `processed` transition, or not at all."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.matching_keys import normalise_po_ref
from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.review.edits import changes, extraction_values, order_values
from po_ingest.lib.review.routing import ReviewPolicy, ReviewStatus, route
from po_ingest.lib.settings import MatchSettings
from po_ingest.lib.sites import match_site
from po_ingest.lib.store.delivery_matching import rematch
from po_ingest.lib.store.documents import (
    document_values,
    finish_batch,
    first_from_supplier,
    load_with_lines,
    once_more_on_conflict,
)
from po_ingest.lib.store.revisions import record
from po_ingest.lib.store.schema import purchase_order_items, purchase_orders
from po_ingest.lib.store.sites import load_sites

DUPLICATE = "duplicate"
SITE_UNMATCHED = "site_unmatched"
# Another extraction of the order read different values (recorded, not applied).
DUPLICATE_DIFFERS = "duplicate_differs"
# Who the order's first revision is recorded as.
EXTRACTION_USER = "pipeline"


@dataclass(frozen=True)
class PersistOutcome:
    order_id: int
    duplicate: bool
    site_id: int | None
    warnings: list[str]


def load_order(conn: sa.Connection, order_id: int) -> dict | None:
    """The order's row with its lines (`items`, in line-number order)."""
    parent_id = purchase_order_items.c.purchase_order_id
    return load_with_lines(conn, purchase_orders, parent_id, order_id, "items")


class OrderStore:
    def __init__(self, engine: sa.Engine, policy: ReviewPolicy | None = None):
        self.engine = engine
        self.policy = policy or ReviewPolicy.from_env()

    def get(self, order_id: int) -> dict | None:
        with self.engine.connect() as conn:
            return load_order(conn, order_id)

    def find_by_po_number(self, po_number: str) -> dict | None:
        with self.engine.connect() as conn:
            order_id = conn.execute(
                sa.select(purchase_orders.c.id).where(purchase_orders.c.po_number == po_number)
            ).scalar()
        return self.get(order_id) if order_id is not None else None

    def count(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(purchase_orders)).scalar()

    def file_keys(self) -> set[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(purchase_orders.c.file_key).where(purchase_orders.c.file_key.isnot(None))
            )
            return {r.file_key for r in rows}

    def persist(
        self, batch_id: str, run_id: str, result: ExtractionResult, order_file_key: str
    ) -> PersistOutcome:
        """Store the order (or find the existing one with its po_number) and mark the batch
        processed, in one transaction. Raises LostClaim if the run no longer holds the batch."""
        return once_more_on_conflict(
            lambda: self._persist_once(batch_id, run_id, result, order_file_key)
        )

    def _persist_once(
        self, batch_id: str, run_id: str, result: ExtractionResult, order_file_key: str
    ) -> PersistOutcome:
        order = result.order
        now = dt.datetime.now(dt.UTC)
        with self.engine.begin() as conn:
            existing_id = conn.execute(
                sa.select(purchase_orders.c.id).where(
                    purchase_orders.c.po_number == order.po_number
                )
            ).scalar()
            if existing_id is not None:
                outcome = PersistOutcome(existing_id, True, None, [*result.warnings, DUPLICATE])
                note_reextraction(conn, existing_id, batch_id, result)
            else:
                outcome = self._insert(conn, batch_id, run_id, result, order_file_key, now)
            finish_batch(
                conn,
                batch_id,
                run_id,
                outcome.order_id,
                outcome.warnings,
                not outcome.duplicate,
                now,
            )
            # Notes that arrived before their order are matched with it, in the same commit.
            rematch(conn, MatchSettings.from_env(), order_ids=[outcome.order_id])
        return outcome

    def _insert(
        self,
        conn: sa.Connection,
        batch_id: str,
        run_id: str,
        result: ExtractionResult,
        file_key: str,
        now: dt.datetime,
    ) -> PersistOutcome:
        order = result.order
        site = match_site(order.project_code, load_sites(conn))
        warnings = list(result.warnings)
        if site is None:
            warnings.append(SITE_UNMATCHED)
        routing = route(
            result,
            warnings,
            first_from_supplier(conn, purchase_orders, order.supplier_name),
            self.policy,
        )
        order_id = conn.execute(
            purchase_orders.insert()
            .values(
                po_number=order.po_number,
                po_key=normalise_po_ref(order.po_number),
                order_date=order.order_date,
                supplier_name=order.supplier_name,
                project_code=order.project_code,
                site_id=site.id if site else None,
                currency=order.currency,
                subtotal=order.subtotal,
                tax=order.tax,
                total=order.total,
                **document_values(result, warnings, routing, batch_id, run_id, file_key, now),
                is_verified=routing.verified_by is not None,
            )
            .returning(purchase_orders.c.id)
        ).scalar_one()
        record(conn, order_id, 1, "extracted", EXTRACTION_USER, reason=", ".join(routing.reasons))
        conn.execute(
            purchase_order_items.insert(),
            [
                {
                    "purchase_order_id": order_id,
                    "line_number": item.line_number or index,
                    "description": item.description,
                    "item_code": item.item_code,
                    "quantity": item.quantity,
                    "unit": item.unit,
                    "unit_price": item.unit_price,
                    "line_total": item.line_total,
                    "extracted_index": index - 1,
                }
                for index, item in enumerate(order.items, start=1)
            ],
        )
        return PersistOutcome(order_id, False, site.id if site else None, warnings)


def note_reextraction(
    conn: sa.Connection, order_id: int, batch_id: str, result: ExtractionResult
) -> None:
    """A later extraction of a stored order (a duplicate upload, or the same batch run
    again) never overwrites it: where it reads something else, that is recorded beside the
    stored values as an `extracted` revision, and a verified order goes back to review."""
    order = load_order(conn, order_id)
    diff = changes(order_values(order), extraction_values(result.order))
    if not diff:
        return
    values: dict = {"revision": purchase_orders.c.revision + 1}
    if order["review_status"] == ReviewStatus.VERIFIED:
        values |= dict(
            review_status=ReviewStatus.NEEDS_REVIEW.value,
            review_reasons=[*order["review_reasons"], DUPLICATE_DIFFERS],
            is_verified=False,
            verified_by=None,
            verified_at=None,
        )
    revision = conn.execute(
        purchase_orders.update()
        .where(purchase_orders.c.id == order_id)
        .values(**values)
        .returning(purchase_orders.c.revision)
    ).scalar_one()
    reason = f"batch {batch_id} read this order differently; the stored values are kept"
    record(conn, order_id, revision, "extracted", EXTRACTION_USER, changes=diff, reason=reason)
