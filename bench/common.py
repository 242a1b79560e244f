"""Shared pieces: the corpus, the real stack (daemon + intake over HTTP), small statistics."""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import sqlalchemy as sa
import yaml

from bench.intake_memory import memory_kb, wait_until_up
from po_ingest.lib.store import Store
from po_ingest.lib.store.migrate import upgrade
from po_ingest.lib.store.schema import batches
from po_ingest_tests.corpus import CorpusDocument, generate_corpus
from po_ingest_tests.support.daemon import REPO_ROOT, Daemon, wait_for, write_instance_config
from po_ingest_tests.support.intake import free_port

__all__ = ["memory_kb", "wait_for"]

DONE = ("processed", "dead")


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank on the sorted values); nan for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


@functools.cache
def corpus() -> list[CorpusDocument]:
    """The generated corpus (digital, scan, photo), written once per bench run."""
    out = Path(tempfile.mkdtemp(prefix="bench-corpus-"))
    return generate_corpus(out)


def digital() -> list[CorpusDocument]:
    return [d for d in corpus() if d.kind == "digital"]


def unique_pdf(content: bytes, nonce: str) -> bytes:
    """The same PDF with a trailing comment, so its sha256 is new (no duplicate_file shortcut)."""
    return content + f"\n% bench {nonce}\n".encode()


class IntakeServer:
    """`python -m po_ingest.intake.serve` in its own process (uvicorn), on a free port."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = env["PO_INGEST_API_TOKEN"]
        self._log = open(log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            [sys.executable, "-m", "po_ingest.intake.serve", "--port", str(self.port)],
            cwd=REPO_ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        wait_until_up(self.port, self.process)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers=self.headers, timeout=120)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self._log.close()


def upload(client: httpx.Client, content: bytes, filename: str) -> str:
    mime = "application/pdf" if filename.endswith(".pdf") else "application/octet-stream"
    response = client.post(
        "/api/batches",
        files={"file": (filename, content, mime)},
        data={"batch_type": "purchase_orders"},
    )
    if response.status_code != 202:
        raise RuntimeError(f"upload {filename}: {response.status_code} {response.text[:200]}")
    return response.json()["batch_id"]


def base_env(root: Path, db_url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PO_INGEST_", "GEMINI_", "GOOGLE_"))
    }
    env.update(
        PO_INGEST_DATABASE_URL=db_url,
        PO_INGEST_FILES_DIR=str(root / "files"),
        PO_INGEST_VAR_DIR=str(root / "var"),
        PO_INGEST_API_TOKEN=secrets.token_urlsafe(24),
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
    )
    return env


def descendants(roots: list[int]) -> list[int]:
    """The processes under `roots` (and the roots), from /proc."""
    parent = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(roots), list(roots)
    while frontier:
        pid = frontier.pop()
        children = [child for child, ppid in parent.items() if ppid == pid]
        found.update(children)
        frontier.extend(children)
    return sorted(found)


class DagsterDev(Daemon):
    """`dagster dev` as `make run` starts it: webserver and daemon, on `make run`'s code server."""

    def __init__(self, env: dict[str, str], log_path: Path):
        super().__init__(env, log_path)
        self.web_port = free_port()

    def start(self) -> None:
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.code_server.ensure_running(self._log)
        self.process = subprocess.Popen(
            [str(Path(sys.executable).parent / "dagster"), "dev", "-w",
             str(self.code_server.workspace()), "-h", "127.0.0.1", "-p", str(self.web_port)],
            cwd=REPO_ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        wait_until_up(self.web_port, self.process, timeout=120)


class Stack:
    """The product as `make run` starts it: `dagster dev` on the repo's dagster.yaml (temp
    DAGSTER_HOME, SQLite instance), the intake under uvicorn asking the webserver to launch
    each upload's run at once (unless `launch_now=False`: the pending sensor launches all),
    the embedded SQLite app database; PO_INGEST_EXTRACTOR=auto with no Gemini key.
    `instance="postgres"`: Dagster's runs, events and schedules in a new database on the local
    PostgreSQL server (docker/dagster.yaml's storage) instead of SQLite files. `backlog_pack`:
    batches per run when a backlog is packed (1: none packed)."""

    def __init__(self, launch_now: bool = True, instance: str = "sqlite", backlog_pack: int = 10):
        self.root = Path(tempfile.mkdtemp(prefix="bench-stack-"))
        self.db_url = f"sqlite:///{self.root / 'app.sqlite'}"
        self.dagster_home = self.root / "dagster_home"
        self.launch_now = launch_now
        self.instance_storage = instance
        self._exit_stack = contextlib.ExitStack()
        self.env = {
            **base_env(self.root, self.db_url),
            "DAGSTER_HOME": str(self.dagster_home),
            "PO_INGEST_EXTRACTOR": "auto",
            # 1: every batch its own run, as before backlog mode (po_ingest/defs/backlog.py).
            "PO_INGEST_BACKLOG_PACK": str(backlog_pack),
        }

    def __enter__(self) -> Stack:
        upgrade(self.db_url)
        overrides = None
        if self.instance_storage == "postgres":
            from po_ingest_tests.support.production import empty_postgres_database, pg_env

            name = self._exit_stack.enter_context(empty_postgres_database("bench_dagster"))
            self.env.update(pg_env(name))
            docker_config = yaml.safe_load((REPO_ROOT / "docker" / "dagster.yaml").read_text())
            overrides = {"storage": docker_config["storage"]}
        self.instance_config = write_instance_config(self.dagster_home, overrides)
        self.daemon = DagsterDev(self.env, self.root / "daemon.log")
        self.daemon.start()
        if self.launch_now:
            self.env["PO_INGEST_DAGSTER_GRAPHQL_URL"] = (
                f"http://127.0.0.1:{self.daemon.web_port}/graphql"
            )
        self.intake = IntakeServer(self.env, self.root / "intake.log")
        self.store = Store(self.db_url)
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            sys.stderr.write(self.daemon.log_tail())
        with contextlib.suppress(Exception):
            self.intake.stop()
        self.daemon.stop()
        self._exit_stack.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def processes(self) -> list[int]:
        """Every process of the stack: dagster dev's (webserver, daemon), the code server's
        (its forkserver, run workers) and the intake's."""
        roots = [self.daemon.process.pid, self.daemon.code_server.process.pid]
        return descendants([*roots, self.intake.process.pid])

    def statuses(self, ids: list[str]) -> dict[str, str]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(batches.c.id, batches.c.status).where(batches.c.id.in_(ids))
            ).all()
        return dict(rows)

    def wait_done(self, ids: list[str], timeout: float, poll: float = 0.05) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(s in DONE for s in self.statuses(ids).values()):
                return
            time.sleep(poll)
        raise TimeoutError(f"{len(ids)} batches not done after {timeout:.0f} s")

    def instance(self):
        import dagster as dg

        os.environ["DAGSTER_HOME"] = str(self.dagster_home)
        os.environ.update({k: v for k, v in self.env.items() if k.startswith("DAGSTER_PG_")})
        return dg.DagsterInstance.get()
