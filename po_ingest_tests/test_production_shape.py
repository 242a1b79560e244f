"""The docker/ stack's shape as processes on this machine: a Dagster instance on PostgreSQL
through docker/dagster.yaml (DAGSTER_PG_* pointing at 127.0.0.1), the code location as a
gRPC server, `dagster-daemon` and `dagster-webserver` on a workspace naming that server, the
intake API (`po-ingest serve`), and the app database on PostgreSQL (`po-ingest db upgrade`).

There is no Docker engine here, so docker/dagster.yaml's DockerRunLauncher is replaced by
Dagster's default launcher: runs are launched by the gRPC code server as its subprocesses
(in compose, as containers of the code location image). Everything else in the instance
config is docker/dagster.yaml's own (run queue, pools, run monitoring, run retries), except
the compute log directory (a temp dir, not the container volume) and a 2 s monitoring poll.
"""

import os
import signal
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
import yaml

from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest_tests.support.daemon import BIN, REPO_ROOT, wait_for
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import free_port
from po_ingest_tests.support.pipeline import SCRIPTED
from po_ingest_tests.support.production import (
    Process,
    empty_postgres_database,
    instance_config_without_launcher,
    pg_env,
)

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]
TOKEN = "production-shape-token-0123456789"
TIMEOUT = 120
RUNS_QUERY = """
query Runs($filter: RunsFilter) {
  runsOrError(filter: $filter) {
    __typename
    ... on Runs { results { runId status parentRunId tags { key value } } }
  }
}
"""


class Stack:
    def __init__(self, root: Path, dagster_db: str, app_db: str):
        self.root = root
        self.dagster_home = root / "dagster_home"
        self.state_dir = root / "extractor-state"
        self.app_url = f"postgresql+psycopg2://postgres@127.0.0.1:5432/{app_db}"
        self.grpc_port, self.web_port, self.intake_port = free_port(), free_port(), free_port()
        self.env = {
            **os.environ,
            **pg_env(dagster_db),
            "DAGSTER_HOME": str(self.dagster_home),
            "PO_INGEST_DATABASE_URL": self.app_url,
            "PO_INGEST_FILES_DIR": str(root / "files"),
            "PO_INGEST_VAR_DIR": str(root / "var"),
            "PO_INGEST_EXTRACTOR": SCRIPTED,
            "PO_INGEST_TEST_STATE_DIR": str(self.state_dir),
            "PO_INGEST_RETRY_DELAYS": "3,5",
            "PO_INGEST_MAX_ATTEMPTS": "3",
            "PO_INGEST_API_TOKEN": TOKEN,
            "PO_INGEST_DAGSTER_UI_URL": f"http://127.0.0.1:{self.web_port}",
            "PYTHONPATH": os.pathsep.join(
                filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])
            ),
        }
        self.processes: list[Process] = []
        self.api = httpx.Client(
            base_url=f"http://127.0.0.1:{self.intake_port}",
            headers={"Authorization": f"Bearer {TOKEN}"},
            timeout=30,
        )

    def write_config(self) -> Path:
        self.dagster_home.mkdir(parents=True)
        config = instance_config_without_launcher(
            {
                "compute_logs": {"config": {"base_dir": str(self.root / "compute_logs")}},
                "run_monitoring": {"poll_interval_seconds": 2},
            }
        )
        (self.dagster_home / "dagster.yaml").write_text(yaml.safe_dump(config))
        workspace = self.root / "workspace.yaml"
        grpc = {"host": "127.0.0.1", "port": self.grpc_port, "location_name": "po_ingest"}
        workspace.write_text(yaml.safe_dump({"load_from": [{"grpc_server": grpc}]}))
        return workspace

    def start(self, name: str, *argv: str) -> None:
        self.processes.append(Process(name, [str(BIN / argv[0]), *argv[1:]], self.env, self.root))

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        self.api.close()

    def logs(self) -> str:
        return "\n".join(p.log_tail() for p in self.processes)

    def upload(self, po_number: str, script: dict | None = None) -> str:
        pdf = purchase_order_pdf(order(po_number), script)
        answer = self.api.post(
            "/api/batches",
            files={"file": (f"{po_number}.pdf", pdf, "application/pdf")},
            data={"batch_type": "purchase_orders"},
        )
        assert answer.status_code == 202, answer.text
        assert answer.json()["status"] == "queued"
        return answer.json()["batch_id"]

    def batch(self, batch_id: str) -> dict:
        return self.api.get(f"/api/batches/{batch_id}").raise_for_status().json()

    def wait_settled(self, batch_id: str, timeout: float = TIMEOUT) -> dict:
        def settled():
            batch = self.batch(batch_id)
            return batch if batch["status"] in ("processed", "dead") else None

        return wait_for(settled, timeout, f"batch {batch_id} to settle", poll=0.5)

    def runs_of(self, batch_id: str) -> list[dict]:
        """The batch's runs as the Dagster UI sees them (the webserver's GraphQL API)."""
        answer = httpx.post(
            f"http://127.0.0.1:{self.web_port}/graphql",
            json={
                "query": RUNS_QUERY,
                "variables": {
                    "filter": {"tags": [{"key": "po_ingest/batch_id", "value": batch_id}]}
                },
            },
            timeout=30,
        ).raise_for_status()
        runs = answer.json()["data"]["runsOrError"]
        assert runs["__typename"] == "Runs", runs
        for run in runs["results"]:
            run["tags"] = {t["key"]: t["value"] for t in run["tags"]}
        return runs["results"]

    def finished_runs_of(self, batch_id: str, count: int) -> dict[str, dict]:
        """The batch's `count` runs once all have ended (persist commits just before the end)."""

        def finished():
            runs = self.runs_of(batch_id)
            done = [r for r in runs if r["status"] in ("SUCCESS", "FAILURE", "CANCELED")]
            return {r["runId"]: r for r in runs} if len(done) == len(runs) == count else None

        return wait_for(finished, 30, f"{count} ended runs of batch {batch_id}", poll=0.5)

    def orders_with_po_number(self, po_number: str) -> int:
        query = sa.text("SELECT count(*) FROM purchase_orders WHERE po_number = :po")
        with Store(self.app_url).engine.connect() as conn:
            return conn.execute(query, {"po": po_number}).scalar()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    with (
        empty_postgres_database("po_ingest_dagster") as dagster_db,
        empty_postgres_database("po_ingest_app") as app_db,
    ):
        stack = Stack(tmp_path_factory.mktemp("production"), dagster_db, app_db)
        workspace = str(stack.write_config())
        try:
            migrate = Process(
                "db-upgrade", [str(BIN / "po-ingest"), "db", "upgrade"], stack.env, stack.root
            )
            assert migrate.popen.wait(timeout=60) == 0, migrate.log_tail()
            migrate.stop()
            host = "127.0.0.1"
            stack.start(
                "code-location",
                "dagster",
                "api",
                "grpc",
                "-h",
                host,
                "-p",
                str(stack.grpc_port),
                "-m",
                "po_ingest.definitions",
            )
            stack.start("daemon", "dagster-daemon", "run", "-w", workspace)
            stack.start(
                "webserver",
                "dagster-webserver",
                "-h",
                host,
                "-p",
                str(stack.web_port),
                "-w",
                workspace,
            )
            stack.start(
                "intake", "po-ingest", "serve", "--host", host, "--port", str(stack.intake_port)
            )
            wait_for(
                lambda: _answers(f"http://{host}:{stack.web_port}/server_info"), 90, "the webserver"
            )
            wait_for(lambda: _answers(f"http://{host}:{stack.intake_port}/"), 30, "the intake")
            yield stack
        except BaseException:
            sys.stderr.write(stack.logs())
            raise
        finally:
            stack.stop()
            dispose_all()


def test_upload_over_http_is_processed_and_its_run_is_visible_in_dagster(stack):
    started = time.monotonic()
    batch_id = stack.upload("PO-PROD-1")
    done = stack.wait_settled(batch_id)
    assert (done["status"], done["attempts"]) == ("processed", 1), done
    assert done["dagster_run_url"].startswith(f"http://127.0.0.1:{stack.web_port}/runs/")
    (run,) = stack.finished_runs_of(batch_id, 1).values()
    assert run["status"] == "SUCCESS" and run["runId"] == done["dagster_run_id"]
    assert run["tags"]["po_ingest/generation"] == "0"
    assert stack.orders_with_po_number("PO-PROD-1") == 1
    print(f"upload → processed in {time.monotonic() - started:.1f} s")


def test_sigkilled_run_worker_is_retried_by_dagster_and_imports_once(stack):
    batch_id = stack.upload("PO-PROD-KILL", script={"hang_once": True})
    pid_file = wait_for(
        lambda: next(iter(stack.state_dir.glob("*.pid")), None), TIMEOUT, "the extractor to hang"
    )
    held = stack.batch(batch_id)
    assert (held["status"], held["attempts"]) == ("processing", 1)
    os.kill(int(pid_file.read_text()), signal.SIGKILL)

    done = stack.wait_settled(batch_id)
    assert done["status"] == "processed", done
    assert stack.orders_with_po_number("PO-PROD-KILL") == 1
    runs = stack.finished_runs_of(batch_id, 2)
    killed, retry = runs[held["dagster_run_id"]], runs[done["dagster_run_id"]]
    # Dagster saw the worker die, and its run retries (not the failure sensor) took over:
    # the same generation, the crashed attempt counted.
    assert killed["status"] == "FAILURE" and killed["tags"]["dagster/will_retry"] == "true"
    assert retry["status"] == "SUCCESS" and retry["parentRunId"] == killed["runId"]
    assert retry["tags"]["dagster/retry_number"] == "1"
    assert (done["attempts"], stack.batch(batch_id)["dagster_run_id"]) == (2, retry["runId"])
