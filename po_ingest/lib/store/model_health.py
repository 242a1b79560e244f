"""The model's health, shared by every run: consecutive transient failures open an outage
(`down_since`); while it lasts, one probe at a time asks the model whether it answers again."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from po_ingest.lib.store.schema import model_health


@dataclass(frozen=True)
class ModelHealth:
    model: str
    consecutive_failures: int
    down_since: dt.datetime | None
    last_failure_at: dt.datetime | None
    last_error: str | None
    last_probe_at: dt.datetime | None
    last_ok_at: dt.datetime | None


_INSERTS = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


class ModelHealthStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def get(self, model: str) -> ModelHealth | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(model_health).where(model_health.c.model == model)).first()
        return ModelHealth(**row._mapping) if row else None

    def _ensure_row(self, conn: sa.Connection, model: str) -> None:
        insert = _INSERTS[conn.dialect.name](model_health).values(model=model)
        conn.execute(insert.on_conflict_do_nothing(index_elements=["model"]))

    def record_failure(
        self, model: str, error: str, now: dt.datetime, outage_after: int
    ) -> ModelHealth:
        """One more transient failure in a row; the outage opens at `outage_after`."""
        failures = model_health.c.consecutive_failures + 1
        with self.engine.begin() as conn:
            self._ensure_row(conn, model)
            conn.execute(
                model_health.update()
                .where(model_health.c.model == model)
                .values(
                    consecutive_failures=failures,
                    last_failure_at=now,
                    last_error=error,
                    down_since=sa.case(
                        (model_health.c.down_since.is_not(None), model_health.c.down_since),
                        (failures >= outage_after, now),
                        else_=None,
                    ),
                )
            )
        return self.get(model)

    def record_success(self, model: str, now: dt.datetime) -> bool:
        """The model answered: no outage, no failures in a row. True when an outage ended.
        Every successful call comes here, so it writes only when that changes something."""
        state = self.get(model)
        if state is None or (state.consecutive_failures == 0 and state.down_since is None):
            return False
        with self.engine.begin() as conn:
            conn.execute(
                model_health.update()
                .where(model_health.c.model == model)
                .values(consecutive_failures=0, down_since=None, last_ok_at=now)
            )
        return state.down_since is not None

    def claim_probe(self, model: str, now: dt.datetime, every_seconds: float) -> bool:
        """During an outage, the right to ask the model once: at most one probe per
        `every_seconds` across all runs. False when there is no outage or another run probed."""
        due = now - dt.timedelta(seconds=every_seconds)
        with self.engine.begin() as conn:
            result = conn.execute(
                model_health.update()
                .where(
                    model_health.c.model == model,
                    model_health.c.down_since.is_not(None),
                    sa.or_(
                        model_health.c.last_probe_at.is_(None), model_health.c.last_probe_at < due
                    ),
                )
                .values(last_probe_at=now)
            )
        return result.rowcount == 1
