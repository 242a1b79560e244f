"""The outage gate: the real google-genai client against the fake Gemini server, the model's
health in the app database (SQLite and PostgreSQL)."""

from __future__ import annotations

import time

import pytest

from po_ingest.lib.extraction.base import Document, TransientExtractionError
from po_ingest.lib.extraction.gemini import GeminiExtractor
from po_ingest.lib.extraction.model_gate import (
    GEMINI,
    ModelGate,
    ModelOutage,
    ModelUnavailableError,
    OutagePolicy,
)
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.fake_gemini import FakeGemini

API_KEY = "AIzaSyFAKE-gate-0123456789abcdefghijk"
TRUTH = order("PO-GATE-1", lines=2)
PROBE_EVERY = 0.5


@pytest.fixture
def fake():
    with FakeGemini(default_truth=TRUTH) as server:
        yield server


@pytest.fixture
def gate(store) -> ModelGate:
    return ModelGate(store.model_health, GEMINI, OutagePolicy(3, PROBE_EVERY))


def _extractor(fake: FakeGemini, gate: ModelGate) -> GeminiExtractor:
    return GeminiExtractor(
        api_key=API_KEY, base_url=fake.url, timeout_seconds=5, http_attempts=1, gate=gate
    )


def _document() -> Document:
    return Document(purchase_order_pdf(TRUTH), "application/pdf", batch_id="b-gate")


def _calls(fake: FakeGemini) -> tuple[int, int]:
    """(generateContent calls, probes) the fake received."""
    paths = [r.path for r in fake.requests]
    return sum(p.endswith(":generateContent") for p in paths), sum(
        not p.endswith(":generateContent") for p in paths
    )


def test_three_failures_open_an_outage_then_no_call_until_a_probe_answers(fake, gate, store):
    extractor = _extractor(fake, gate)
    fake.unavailable(503)
    for n in range(1, 3):
        with pytest.raises(ModelUnavailableError, match="503"):
            extractor.extract(_document())
        assert store.model_health.get(GEMINI).consecutive_failures == n
    # The failure that opens the outage is the outage's: its attempt is not counted either.
    with pytest.raises(ModelOutage, match="not counted") as opened:
        extractor.extract(_document())
    assert "503" in str(opened.value)
    assert store.model_health.get(GEMINI).down_since is not None
    assert _calls(fake) == (3, 0)

    # Down: the next extraction probes (GET the model), which fails; no document is sent.
    with pytest.raises(ModelOutage, match="waiting for the model: unavailable since"):
        extractor.extract(_document())
    assert _calls(fake) == (3, 1)
    # A probe is not due again yet: no request at all.
    with pytest.raises(ModelOutage, match="this attempt is not counted"):
        extractor.extract(_document())
    assert _calls(fake) == (3, 1)

    fake.unavailable(None)
    time.sleep(PROBE_EVERY + 0.1)
    result = extractor.extract(_document())
    assert result.order.po_number == "PO-GATE-1"
    assert _calls(fake) == (4, 2)
    health = store.model_health.get(GEMINI)
    assert (health.down_since, health.consecutive_failures) == (None, 0)
    assert health.last_ok_at is not None


def test_one_probe_per_interval_across_extractors(fake, gate, store):
    """Several runs waiting at once: only one of them asks the model per interval."""
    fake.unavailable(503)
    extractors = [_extractor(fake, gate) for _ in range(3)]
    for extractor, opens in zip(extractors, (False, False, True), strict=True):
        with pytest.raises(ModelOutage if opens else ModelUnavailableError):
            extractor.extract(_document())
    for extractor in extractors:
        with pytest.raises(ModelOutage):
            extractor.extract(_document())
    assert _calls(fake) == (3, 1)


def test_an_answer_of_any_kind_ends_the_failures_in_a_row(fake, gate, store):
    """Invalid output or a refusal is the model answering: not an outage."""
    extractor = _extractor(fake, gate)
    fake.status(503, times=2)
    for _ in range(2):
        with pytest.raises(ModelUnavailableError):
            extractor.extract(_document())
    fake.invalid_json("text", times=2)
    with pytest.raises(TransientExtractionError, match="model output invalid"):
        extractor.extract(_document())
    health = store.model_health.get(GEMINI)
    assert (health.consecutive_failures, health.down_since) == (0, None)


def test_unreachable_is_unavailable_too(gate, store):
    """Connection refused (the endpoint is gone), not an HTTP error."""
    with FakeGemini(default_truth=TRUTH) as gone:
        url = gone.url
    extractor = GeminiExtractor(
        api_key=API_KEY, base_url=url, timeout_seconds=2, http_attempts=1, gate=gate
    )
    for opens in (False, False, True):
        with pytest.raises(
            ModelOutage if opens else ModelUnavailableError, match="Gemini unreachable"
        ):
            extractor.extract(_document())
    assert store.model_health.get(GEMINI).down_since is not None
