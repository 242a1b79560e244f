"""The docker/ deployment, read and run on this machine: its files parsed, its Dagster
instance config made runnable here, empty throw-away PostgreSQL databases, and the whole
stack as processes (`production_stack`)."""

from __future__ import annotations

import contextlib
import copy
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import sqlalchemy as sa
import yaml
from psycopg2 import sql

from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest_tests.support.daemon import BIN, wait_for
from po_ingest_tests.support.databases import admin_cursor
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import free_port
from po_ingest_tests.support.pg_cluster import PrivateCluster, private_cluster
from po_ingest_tests.support.pipeline import SCRIPTED

REPO_ROOT = Path(__file__).resolve().parents[2]
DOCKER_DIR = REPO_ROOT / "docker"


def read_yaml(name: str) -> dict:
    return yaml.safe_load((DOCKER_DIR / name).read_text())


def read_env_example() -> dict[str, str]:
    """docker/.env.example as NAME -> value (comments and blank lines skipped)."""
    values = {}
    for line in (DOCKER_DIR / ".env.example").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


def instance_config_without_launcher(overrides: dict | None = None) -> dict:
    """docker/dagster.yaml with its run launcher removed (no Docker engine here: the default
    launcher runs each run as a subprocess of the code server), plus `overrides` per section."""
    config = copy.deepcopy(read_yaml("dagster.yaml"))
    config.pop("run_launcher")
    for key, value in (overrides or {}).items():
        config[key] = {**config.get(key, {}), **value}
    return config


def pg_env(db_name: str, port: int = 5432) -> dict[str, str]:
    """DAGSTER_PG_* for a database on a local server (trust auth, user postgres)."""
    return {
        "DAGSTER_PG_USERNAME": "postgres",
        "DAGSTER_PG_PASSWORD": "",
        "DAGSTER_PG_HOST": "127.0.0.1",
        "DAGSTER_PG_PORT": str(port),
        "DAGSTER_PG_DB": db_name,
    }


@contextlib.contextmanager
def empty_postgres_database(prefix: str = "po_ingest_dagster"):
    """A new empty database on the local server (its name); dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with admin_cursor() as cur:
        cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield name
    finally:
        with admin_cursor() as cur:
            cur.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


class Process:
    """A command in its own process group, logging to a file; stop() ends the whole group."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], log_dir: Path):
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.popen = subprocess.Popen(
            argv,
            cwd=REPO_ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def alive(self) -> bool:
        return self.popen.poll() is None

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait()
        else:
            # The leader is gone; its children (run workers) may not be.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGKILL)
        self._log.close()

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace").splitlines()
        return f"--- {self.name} ---\n" + "\n".join(text[-lines:])


# -- the whole stack as processes --------------------------------------------------------------
TOKEN = "prod-shape-Xr4Kq9Tz2Lm7Wc5Vn8Bj3Hd6"
RUNS_QUERY = """
query Runs($filter: RunsFilter) {
  runsOrError(filter: $filter) {
    __typename
    ... on Runs { results { runId status parentRunId tags { key value } } }
  }
}
"""


ENGINE_MESSAGES_QUERY = """
query EngineMessages($runId: ID!) {
  runOrError(runId: $runId) {
    ... on Run { eventConnection { events { __typename ... on EngineEvent { message } } } }
  }
}
"""


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


class ProductionStack:
    """docker/compose.yaml's services as local processes, on one PostgreSQL server (the
    Dagster instance's database and the app database), as in compose."""

    def __init__(self, root: Path, cluster: PrivateCluster, overrides: dict | None = None):
        self.root = root
        self.cluster = cluster
        self.overrides = overrides or {}
        self.dagster_home = root / "dagster_home"
        self.state_dir = root / "extractor-state"
        self.files = FileStore(root / "files")
        cluster.create_database("dagster")
        self.app_url = cluster.create_database("po_ingest")
        self.grpc_port, self.web_port, self.intake_port = free_port(), free_port(), free_port()
        self.env = {
            **os.environ,
            **pg_env("dagster", cluster.port),
            "DAGSTER_HOME": str(self.dagster_home),
            "PO_INGEST_DATABASE_URL": self.app_url,
            "PO_INGEST_FILES_DIR": str(self.files.root),
            "PO_INGEST_VAR_DIR": str(root / "var"),
            "PO_INGEST_EXTRACTOR": SCRIPTED,
            "PO_INGEST_TEST_STATE_DIR": str(self.state_dir),
            "PO_INGEST_RETRY_DELAYS": "3,5",
            "PO_INGEST_RUN_STATUS_SENSOR_SECONDS": "5",  # short waits, as the retry delays
            "PO_INGEST_PENDING_SENSOR_SECONDS": "2",
            # A launch lost with a killed daemon is relaunched after this grace (60 s in make run).
            "PO_INGEST_RECONCILE_SECONDS": "10",
            "PO_INGEST_MAX_ATTEMPTS": "3",
            "PO_INGEST_API_TOKEN": TOKEN,
            "PO_INGEST_DAGSTER_UI_URL": f"http://127.0.0.1:{self.web_port}",
            "PO_INGEST_DAGSTER_GRAPHQL_URL": f"http://127.0.0.1:{self.web_port}/graphql",
            "PYTHONPATH": os.pathsep.join(
                filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])
            ),
            # Compose's commands name the images' programs: here the virtualenv's.
            "PATH": os.pathsep.join(filter(None, [str(BIN), os.environ.get("PATH")])),
        }
        self.processes: list[Process] = []
        self.api = httpx.Client(
            base_url=f"http://127.0.0.1:{self.intake_port}",
            headers={"Authorization": f"Bearer {TOKEN}"},
            timeout=30,
        )

    @property
    def store(self) -> Store:
        return Store(self.app_url)

    def _write_config(self) -> Path:
        self.dagster_home.mkdir(parents=True)
        config = instance_config_without_launcher(
            {
                "compute_logs": {"config": {"base_dir": str(self.root / "compute_logs")}},
                "run_monitoring": {"poll_interval_seconds": 2},
                **self.overrides,
            }
        )
        (self.dagster_home / "dagster.yaml").write_text(yaml.safe_dump(config))
        workspace = self.root / "workspace.yaml"
        grpc = {"host": "127.0.0.1", "port": self.grpc_port, "location_name": "po_ingest"}
        workspace.write_text(yaml.safe_dump({"load_from": [{"grpc_server": grpc}]}))
        return workspace

    def _start(self, name: str, *argv: str) -> None:
        self.processes.append(Process(name, [str(BIN / argv[0]), *argv[1:]], self.env, self.root))

    def start(self) -> None:
        """As compose orders them: `migrate` and `dagster_migrate`, then the code location
        (gRPC), daemon, webserver and intake."""
        workspace = str(self._write_config())
        services = read_yaml("docker-compose.yml")["services"]
        for name in ("migrate", "dagster_migrate"):
            migrate = Process(name, services[name]["command"], self.env, self.root)
            assert migrate.popen.wait(timeout=60) == 0, migrate.log_tail()
            migrate.stop()
        host = "127.0.0.1"
        self.start_code_location()
        self._start("daemon", "dagster-daemon", "run", "-w", workspace)
        self.start_webserver()
        self._start("intake", "po-ingest", "serve", "--host", host, "--port", str(self.intake_port))
        wait_for(lambda: _answers(f"http://{host}:{self.intake_port}/"), 30, "the intake")

    def start_webserver(self) -> None:
        workspace = str(self.root / "workspace.yaml")
        self._start(
            "webserver", "dagster-webserver", "-h", "127.0.0.1", "-p", str(self.web_port),
            "-w", workspace,
        )  # fmt: skip
        wait_for(
            lambda: _answers(f"http://127.0.0.1:{self.web_port}/server_info"), 90, "the webserver"
        )

    def stop_webserver(self) -> None:
        """Stopped for good (the stack's processes are those still expected alive)."""
        for process in [p for p in self.processes if p.name == "webserver"]:
            process.stop()
            self.processes.remove(process)

    def start_code_location(self) -> None:
        self._start(
            "code-location", "dagster", "api", "grpc", "-h", "127.0.0.1", "-p",
            str(self.grpc_port), "-m", "po_ingest.definitions",
        )  # fmt: skip

    def kill_code_location(self) -> None:
        """The gRPC server process gone (a code rollout): only it, not the runs it started,
        as in compose, where each run is a container of its own."""
        (server,) = [p for p in self.processes if p.name == "code-location" and p.alive()]
        os.kill(server.popen.pid, signal.SIGKILL)
        server.popen.wait()

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        self.api.close()

    def logs(self) -> str:
        return "\n".join(p.log_tail() for p in self.processes) + self.cluster.log_tail()

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

    def wait_settled(self, batch_id: str, timeout: float = 120) -> dict:
        def settled():
            batch = self.batch(batch_id)
            return batch if batch["status"] in ("processed", "dead") else None

        return wait_for(settled, timeout, f"batch {batch_id} to settle", poll=0.5)

    def describe(self, batch_ids: list[str]) -> str:
        """Each batch's row and its runs, for a failure message."""
        lines = []
        for batch_id in batch_ids:
            b = self.batch(batch_id)
            lines.append(
                f"{batch_id} {b['status']} attempts={b['attempts']} run={b['dagster_run_id']} "
                f"error={b['last_error']!r}"
            )
            for run in self.runs_of(batch_id):
                retry = {k: v for k, v in run["tags"].items() if k.startswith("dagster/")}
                lines.append(
                    f"    run {run['runId']} {run['status']} parent={run['parentRunId']} {retry}"
                )
        return "\n".join(lines)

    def wait_all_settled(self, batch_ids: list[str], timeout: float) -> list[dict]:
        try:
            return [self.wait_settled(batch_id, timeout) for batch_id in batch_ids]
        except TimeoutError as exc:
            raise AssertionError(f"{exc}\n{self.describe(batch_ids)}\n{self.logs()}") from None

    def release(self, name: str) -> None:
        """Let the extractions scripted to `hold` on `name` go on."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        (self.state_dir / name).write_text("released")

    def _graphql(self, query: str, variables: dict) -> dict:
        answer = httpx.post(
            f"http://127.0.0.1:{self.web_port}/graphql",
            json={"query": query, "variables": variables},
            timeout=30,
        ).raise_for_status()
        return answer.json()["data"]

    def engine_messages(self, run_id: str) -> list[str]:
        """The run's engine events, as its page in the Dagster UI lists them."""
        run = self._graphql(ENGINE_MESSAGES_QUERY, {"runId": run_id})["runOrError"]
        return [e["message"] for e in run["eventConnection"]["events"] if "message" in e]

    def runs_of(self, batch_id: str) -> list[dict]:
        """The batch's runs as the Dagster UI sees them (the webserver's GraphQL API)."""
        tags = [{"key": "po_ingest/batch_id", "value": batch_id}]
        runs = self._graphql(RUNS_QUERY, {"filter": {"tags": tags}})["runsOrError"]
        assert runs["__typename"] == "Runs", runs
        for run in runs["results"]:
            run["tags"] = {t["key"]: t["value"] for t in run["tags"]}
        return runs["results"]

    def finished_runs_of(self, batch_id: str, count: int | None = None) -> dict[str, dict]:
        """The batch's runs (`count` of them, if given) once all have ended (persist commits
        just before its run ends; a run retried after a crash past its commit may still be
        queued behind other work when its batch is already processed)."""

        def finished():
            runs = self.runs_of(batch_id)
            done = [r for r in runs if r["status"] in ("SUCCESS", "FAILURE", "CANCELED")]
            wanted = len(runs) if count is None else count
            return {r["runId"]: r for r in runs} if len(done) == len(runs) == wanted else None

        return wait_for(finished, 180, f"the ended runs of batch {batch_id}", poll=0.5)

    def orders_with_po_number(self, po_number: str) -> int:
        query = sa.text("SELECT count(*) FROM purchase_orders WHERE po_number = :po")
        with self.store.engine.connect() as conn:
            return conn.execute(query, {"po": po_number}).scalar()


@contextlib.contextmanager
def production_stack(root: Path, overrides: dict | None = None):
    """A started ProductionStack on a private PostgreSQL server (a test may restart it), its
    instance docker/dagster.yaml with `overrides` per section."""
    with private_cluster() as cluster:
        stack = ProductionStack(root, cluster, overrides)
        try:
            stack.start()
            yield stack
        except BaseException:
            sys.stderr.write(stack.logs())
            raise
        finally:
            stack.stop()
            dispose_all()
