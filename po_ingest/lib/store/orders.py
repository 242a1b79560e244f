"""Purchase orders: written together with the batch's `processed` transition, or not at all."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.sites import match_site
from po_ingest.lib.store.batches import batch_life_warnings
from po_ingest.lib.store.schema import batches, purchase_order_items, purchase_orders
from po_ingest.lib.store.sites import load_sites

DUPLICATE = "duplicate"
SITE_UNMATCHED = "site_unmatched"


class LostClaim(RuntimeError):
    """The batch is no longer held by this run; nothing was written."""


@dataclass(frozen=True)
class PersistOutcome:
    order_id: int
    duplicate: bool
    site_id: int | None
    warnings: list[str]


class OrderStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def get(self, order_id: int) -> dict | None:
        with self.engine.connect() as conn:
            order = conn.execute(
                sa.select(purchase_orders).where(purchase_orders.c.id == order_id)
            ).first()
            if order is None:
                return None
            items = conn.execute(
                sa.select(purchase_order_items)
                .where(purchase_order_items.c.purchase_order_id == order_id)
                .order_by(purchase_order_items.c.line_number)
            ).all()
        return {**order._asdict(), "items": [i._asdict() for i in items]}

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
        try:
            return self._persist_once(batch_id, run_id, result, order_file_key)
        except sa.exc.IntegrityError:
            # Another batch stored the same po_number between our look-up and our insert.
            return self._persist_once(batch_id, run_id, result, order_file_key)

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
            else:
                outcome = self._insert(conn, batch_id, run_id, result, order_file_key, now)
            kept = conn.execute(sa.select(batches.c.warnings).where(batches.c.id == batch_id))
            values = dict(
                status=Status.PROCESSED,
                processed_at=now,
                processed_record_id=outcome.order_id,
                warnings=[*outcome.warnings, *batch_life_warnings(kept.scalar())],
                next_retry_at=None,
                last_error=None,
            )
            if not outcome.duplicate:
                # The file now belongs to the order; the batch's copy is deleted after commit.
                values["original_file"] = None
            won = conn.execute(
                batches.update()
                .where(
                    batches.c.id == batch_id,
                    batches.c.dagster_run_id == run_id,
                    batches.c.status == Status.PROCESSING,
                )
                .values(**values)
            ).rowcount
            if won != 1:
                raise LostClaim(f"batch {batch_id} is no longer held by run {run_id}")
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
        order_id = conn.execute(
            purchase_orders.insert()
            .values(
                po_number=order.po_number,
                order_date=order.order_date,
                supplier_name=order.supplier_name,
                project_code=order.project_code,
                site_id=site.id if site else None,
                currency=order.currency,
                subtotal=order.subtotal,
                tax=order.tax,
                total=order.total,
                file_key=file_key,
                raw_extraction=result.model_dump_json(),
                warnings=warnings,
                batch_id=batch_id,
                dagster_run_id=run_id,
                created_at=now,
            )
            .returning(purchase_orders.c.id)
        ).scalar_one()
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
                }
                for index, item in enumerate(order.items, start=1)
            ],
        )
        return PersistOutcome(order_id, False, site.id if site else None, warnings)
