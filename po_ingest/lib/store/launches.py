"""What the pending sensor launched: a batch's generation gets one run request, recorded here,
so the sensor never picks it again and the reconciliation can find it when its runs are gone."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.store.batches import Batch
from po_ingest.lib.store.schema import batches


class LaunchStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def mark_launched(self, launches: Iterable[tuple[str, int, str]], now: dt.datetime) -> set[str]:
        """(batch id, generation, lane) for each run about to be requested; only a batch still
        pending at that generation, and not launched for it yet, is marked. The ids marked:
        only those may be launched, so the sensor and the intake's launch-now never both
        launch one generation."""
        marked = set()
        with self.engine.begin() as conn:
            for batch_id, generation, lane in launches:
                result = conn.execute(
                    batches.update()
                    .where(
                        batches.c.id == batch_id,
                        batches.c.status == Status.PENDING,
                        batches.c.generation == generation,
                        sa.or_(
                            batches.c.launched_generation.is_(None),
                            batches.c.launched_generation != generation,
                        ),
                    )
                    .values(launched_generation=generation, launched_at=now, lane=lane)
                )
                if result.rowcount:
                    marked.add(batch_id)
        return marked

    def unlaunched_count(self, at_most: int, now: dt.datetime | None = None) -> int:
        """Due pending batches no run was requested for yet (counted up to `at_most`): a queue
        this long is left to the pending sensor, which packs it (batch_runs.BacklogPolicy)."""
        now = now or dt.datetime.now(dt.UTC)
        waiting = (
            sa.select(batches.c.id)
            .where(
                batches.c.status == Status.PENDING,
                sa.or_(batches.c.next_retry_at.is_(None), batches.c.next_retry_at <= now),
                sa.or_(
                    batches.c.launched_generation.is_(None),
                    batches.c.launched_generation != batches.c.generation,
                ),
            )
            .limit(at_most)
            .subquery()
        )
        with self.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(waiting)).scalar_one()

    def launched_before(self, cutoff: dt.datetime, limit: int) -> list[Batch]:
        """Pending batches whose run for this generation was requested before `cutoff` and
        that no run has claimed since: the reconciliation's candidates, oldest launch first."""
        query = (
            sa.select(batches)
            .where(
                batches.c.status == Status.PENDING,
                batches.c.launched_generation == batches.c.generation,
                batches.c.launched_at < cutoff,
            )
            .order_by(batches.c.launched_at, batches.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [Batch.from_row(r) for r in conn.execute(query).all()]

    def forget_launch(self, batch_id: str, generation: int) -> bool:
        """No run exists for the request (the daemon died before creating it, or Dagster did
        not answer the intake's launch-now): launch again, under the same run key."""
        with self.engine.begin() as conn:
            result = conn.execute(
                batches.update()
                .where(
                    batches.c.id == batch_id,
                    batches.c.status == Status.PENDING,
                    batches.c.generation == generation,
                    batches.c.launched_generation == generation,
                )
                .values(launched_generation=None, launched_at=None)
            )
        return result.rowcount == 1
