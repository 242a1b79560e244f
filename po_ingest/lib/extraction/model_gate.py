"""The outage gate: a model that keeps failing is not called again until it answers a probe.

After PO_INGEST_MODEL_OUTAGE_AFTER (3) transient failures in a row, across all runs, the
model is taken as down. A step that needs it then makes no call and burns no attempt: it
raises ModelOutage and waits (the queue's step retry). One waiting step at a time, at most
every PO_INGEST_MODEL_PROBE_SECONDS (30), asks the model a cheap question; the first answer
ends the outage and the waiting steps go on. The state lives in the app database
(`model_health`), so every run worker sees the same outage.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from dataclasses import dataclass

from po_ingest.lib.extraction.base import TransientExtractionError
from po_ingest.lib.store.model_health import ModelHealthStore

_now = lambda: dt.datetime.now(dt.UTC)  # noqa: E731
# The provider's row in `model_health`: one outage per API, whichever model name is used.
GEMINI = "gemini"


class ModelUnavailableError(TransientExtractionError):
    """The model did not answer (unreachable, 429, 5xx, timeout): one failure in a row."""


class ModelOutage(TransientExtractionError):
    """The model has been down since `since`: no call made; wait, this attempt does not count."""

    def __init__(self, since: dt.datetime, detail: str):
        self.since = since
        super().__init__(
            f"waiting for the model: unavailable since {since.isoformat(timespec='seconds')} "
            f"({detail}); this attempt is not counted"
        )


@dataclass(frozen=True)
class OutagePolicy:
    outage_after: int = 3
    probe_every_seconds: float = 30

    @classmethod
    def from_env(cls) -> OutagePolicy:
        return cls(
            outage_after=int(os.environ.get("PO_INGEST_MODEL_OUTAGE_AFTER", "3")),
            probe_every_seconds=float(os.environ.get("PO_INGEST_MODEL_PROBE_SECONDS", "30")),
        )


class ModelGate:
    def __init__(self, health: ModelHealthStore, model: str, policy: OutagePolicy):
        self.health, self.model, self.policy = health, model, policy

    @classmethod
    def for_database(cls, url: str | None = None, model: str = GEMINI) -> ModelGate:
        """The gate of the app database at `url` (PO_INGEST_DATABASE_URL when None)."""
        from po_ingest.lib.store import Store

        return cls(Store(url).model_health, model, OutagePolicy.from_env())

    def admit(self, probe: Callable[[], None]) -> None:
        """Return when the model may be called; raise ModelOutage while it is down."""
        state = self.health.get(self.model)
        if state is None or state.down_since is None:
            return
        if not self.health.claim_probe(self.model, _now(), self.policy.probe_every_seconds):
            raise ModelOutage(state.down_since, f"last error: {state.last_error}")
        try:
            probe()
        except ModelUnavailableError as exc:
            raise ModelOutage(state.down_since, f"probe: {exc}") from None
        self.health.record_success(self.model, _now())

    def failed(self, error: ModelUnavailableError) -> ModelUnavailableError | ModelOutage:
        """The error to raise for this failure: the one that opens an outage (or falls in one)
        is the outage's, so it costs no attempt either; a lone scan's last attempt would
        otherwise open the outage and spend itself (dead because the model was down)."""
        state = self.health.record_failure(self.model, str(error), _now(), self.policy.outage_after)
        if state.down_since is None:
            return error
        return ModelOutage(state.down_since, f"last error: {error}")

    def answered(self) -> None:
        self.health.record_success(self.model, _now())
