"""A test extractor: answers from the ground truth embedded in the PDF, as scripted there.

Script keys (all optional): `fail_times` (raise a transient error on the first N calls for
this document), `always_fail`, `permanent` (raise a permanent error), `hang_once` (on the
first call write `<sha>.pid` into the state dir and sleep, so a test can kill the worker),
`kill_once` (on the first call the run worker SIGKILLs itself), `kill_in_persist` (on the first
call, make the run worker SIGKILL itself at that step boundary of persist: a name in
`reliability.CRASH_WINDOWS`; persist runs in the same process), `sleep` (seconds, every call),
`hold` (every call waits until a file of that name is in the state dir: a test's release).
Call counts live in PO_INGEST_TEST_STATE_DIR so they survive across run workers.
Documents without an embedded script (corpus files, broken files) go to the real `auto`
extractor, configured from the environment like the product's own.
"""

from __future__ import annotations

import hashlib
import os
import signal
import time
from pathlib import Path

from po_ingest.lib.extraction.base import (
    Document,
    PermanentExtractionError,
    TransientExtractionError,
)
from po_ingest.lib.extraction.model_gate import ModelGate
from po_ingest.lib.extraction.router import GeminiSettings, build_extractor
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest_tests.support.documents import read_payload

FAKE_API_KEY = "AIzaSyFAKE-test-key-0123456789abcdef"


def _scripted_payload(document: Document) -> dict | None:
    if document.content_type != "application/pdf":
        return None
    try:
        return read_payload(document.content)
    except Exception:
        return None


class ScriptedExtractor:
    name = "scripted"

    def __init__(self, state_dir: str | None = None):
        self.state_dir = Path(state_dir or os.environ["PO_INGEST_TEST_STATE_DIR"])
        self.state_dir.mkdir(parents=True, exist_ok=True)

    def _count_call(self, sha: str) -> int:
        counter = self.state_dir / f"{sha}.calls"
        calls = int(counter.read_text()) + 1 if counter.exists() else 1
        counter.write_text(str(calls))
        return calls

    def _wait_for_release(self, name: str, timeout: float = 600) -> None:
        deadline = time.monotonic() + timeout
        while not (self.state_dir / name).exists():
            if time.monotonic() > deadline:
                raise TransientExtractionError(f"not released within {timeout:.0f} s: {name}")
            time.sleep(0.2)

    def extract(self, document: Document) -> ExtractionResult:
        payload = _scripted_payload(document)
        if payload is None:
            gate = ModelGate.for_database()
            return build_extractor("auto", GeminiSettings.from_env(gate=gate)).extract(document)
        sha = hashlib.sha256(document.content).hexdigest()[:16]
        script = payload.get("script", {})
        calls = self._count_call(sha)
        if script.get("hang_once") and calls == 1:
            (self.state_dir / f"{sha}.pid").write_text(str(os.getpid()))
            time.sleep(600)
        if script.get("kill_once") and calls == 1:
            os.kill(os.getpid(), signal.SIGKILL)
        if script.get("kill_in_persist") and calls == 1:
            from po_ingest_tests.support.reliability import install_crash

            install_crash(script["kill_in_persist"])
        time.sleep(script.get("sleep", 0))
        if script.get("hold"):
            self._wait_for_release(script["hold"])
        if script.get("permanent"):
            raise PermanentExtractionError(script["permanent"])
        if script.get("always_fail") or calls <= script.get("fail_times", 0):
            raise TransientExtractionError(
                f"model unavailable (503) on call {calls}; request used key={FAKE_API_KEY}"
            )
        return ExtractionResult(
            order=ExtractedPurchaseOrder.model_validate(payload["order"]),
            extractor=self.name,
            model="ground-truth",
            warnings=list(script.get("warnings", [])),
            input_tokens=258,
            output_tokens=120,
            duration_ms=1,
        )
