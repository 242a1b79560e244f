"""The docker/ deployment, read and run on this machine: its files parsed, its Dagster
instance config made runnable here, empty throw-away PostgreSQL databases, processes."""

from __future__ import annotations

import contextlib
import copy
import os
import signal
import subprocess
import uuid
from pathlib import Path

import yaml
from psycopg2 import sql

from po_ingest_tests.support.databases import admin_cursor

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


def pg_env(db_name: str) -> dict[str, str]:
    """DAGSTER_PG_* for a database on the local server (trust auth, user postgres)."""
    return {
        "DAGSTER_PG_USERNAME": "postgres",
        "DAGSTER_PG_PASSWORD": "",
        "DAGSTER_PG_HOST": "127.0.0.1",
        "DAGSTER_PG_PORT": "5432",
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
