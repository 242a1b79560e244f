"""`make run`'s shape for the end-to-end modules: one real `dagster-daemon` (sensors, run
queue) and its code server (po_ingest.code_server: run workers) on a temporary DAGSTER_HOME, the SQLite app database, a real
file store and the fake Gemini server. test_e2e.py and test_intake_browser.py share one."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import yaml

from po_ingest.lib.files import FileStore
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.lanes import MODEL
from po_ingest.lib.store import Store
from po_ingest.lib.store.migrate import upgrade
from po_ingest_tests.support.daemon import REPO_ROOT, Daemon, wait_for, write_instance_config
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.fake_gemini import FakeGemini
from po_ingest_tests.support.pipeline import SCRIPTED

RETRY_DELAYS = (1, 2)
MAX_ATTEMPTS = 3
GEMINI_KEY = "AIzaSyFAKE-e2e-0123456789abcdefghij"
TIMEOUT = 180
# The model lane is small here, so a test fills it with a handful of scans (dagster.yaml: 24).
MODEL_LANE_SLOTS = 4
PROBE_SECONDS = 2


class E2EStack:
    def __init__(self, root: Path, gemini: FakeGemini, env: dict[str, str] | None = None):
        self.root = root
        self.extra_env = env or {}
        self.db_url = f"sqlite:///{root / 'app.sqlite'}"
        self.gemini = gemini
        self.files = FileStore(root / "files")
        self.state_dir = root / "extractor-state"
        self.dagster_home = root / "dagster_home"
        self.daemon = Daemon(self.env(), root / "daemon.log")

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DAGSTER_HOME": str(self.dagster_home),
            "PO_INGEST_DATABASE_URL": self.db_url,
            "PO_INGEST_FILES_DIR": str(self.files.root),
            "PO_INGEST_VAR_DIR": str(self.root / "var"),
            "PO_INGEST_EXTRACTOR": SCRIPTED,
            "PO_INGEST_TEST_STATE_DIR": str(self.state_dir),
            "PO_INGEST_RETRY_DELAYS": ",".join(map(str, RETRY_DELAYS)),
            "PO_INGEST_MAX_ATTEMPTS": str(MAX_ATTEMPTS),
            "PO_INGEST_MODEL_PROBE_SECONDS": str(PROBE_SECONDS),
            "PO_INGEST_RUN_STATUS_SENSOR_SECONDS": "5",  # short waits, as the retry delays
            "PO_INGEST_PENDING_SENSOR_SECONDS": "2",
            "PO_INGEST_REVIEW_SENSOR_SECONDS": "2",
            # A launch lost with a killed daemon is relaunched after this grace (60 s in make run).
            "PO_INGEST_RECONCILE_SECONDS": "10",
            "GEMINI_API_KEY": GEMINI_KEY,
            "PO_INGEST_GEMINI_BASE_URL": self.gemini.url,
            "PYTHONPATH": os.pathsep.join(
                filter(None, [str(Path.cwd()), os.environ.get("PYTHONPATH")])
            ),
            **self.extra_env,
        }

    def start(self) -> None:
        """The daemon, warmed up: its code server loaded and one batch imported."""
        upgrade(self.db_url)
        runs = yaml.safe_load((REPO_ROOT / "dagster.yaml").read_text())["concurrency"]["runs"]
        for limit in runs["tag_concurrency_limits"]:
            if limit["value"] == MODEL:
                limit["limit"] = MODEL_LANE_SLOTS
        write_instance_config(
            self.dagster_home,
            {"run_monitoring": {"poll_interval_seconds": 2}, "concurrency": {"runs": runs}},
        )
        self.daemon.start()
        try:
            warm_up = self.upload("PO-WARMUP")
            self.wait_status(warm_up.id, {"processed"}, timeout=240)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        self.daemon.stop()

    def print_log_tail(self) -> None:
        sys.stderr.write(self.daemon.log_tail())

    @property
    def store(self) -> Store:
        return Store(self.db_url)

    def upload(self, po_number: str, script: dict | None = None, **kw):
        pdf = purchase_order_pdf(order(po_number, **kw), script)
        return self.upload_bytes(pdf, f"{po_number}.pdf")

    def upload_bytes(self, content: bytes, filename: str, **kw):
        return accept_upload(self.store, self.files, [content], filename=filename, **kw)

    def wait_status(self, batch_id: str, statuses: set[str], timeout: float = TIMEOUT, seen=None):
        def check():
            batch = self.store.batches.get(batch_id)
            if seen is not None:
                seen.append((batch.status, batch.next_retry_at))
            return batch if batch.status in statuses else None

        return wait_for(check, timeout, f"batch {batch_id} to be {statuses}")


@contextlib.contextmanager
def running_stack(root: Path, env: dict[str, str] | None = None) -> Iterator[E2EStack]:
    """A started E2EStack with its own fake Gemini (the daemon's log printed if it does not
    start), stopped at the end."""
    with FakeGemini() as gemini:
        stack = E2EStack(root, gemini, env=env)
        try:
            stack.start()
        except BaseException:
            stack.print_log_tail()
            raise
        try:
            yield stack
        finally:
            stack.stop()
