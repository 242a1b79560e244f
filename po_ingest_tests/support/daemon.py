"""A real `dagster-daemon` on a temporary DAGSTER_HOME, shared by the end-to-end tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def write_instance_config(dagster_home: Path, overrides: dict | None = None) -> Path:
    """The repository's dagster.yaml, with test-only overrides (faster monitoring)."""
    config = yaml.safe_load((REPO_ROOT / "dagster.yaml").read_text())
    for key, value in (overrides or {}).items():
        config[key] = {**config.get(key, {}), **value}
    dagster_home.mkdir(parents=True, exist_ok=True)
    path = dagster_home / "dagster.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


class CodeServer:
    """`make run`'s code location: `python -m po_ingest.code_server` on a loopback port, in a
    session of its own (a killed daemon leaves it, and its runs, running)."""

    def __init__(self, env: dict[str, str], root: Path):
        self.env = env
        self.root = root
        self.port = _free_port()
        self.process: subprocess.Popen | None = None

    def workspace(self) -> Path:
        """A workspace that reaches this server, as `make run` writes it."""
        path = self.root / "workspace.yaml"
        grpc = {"host": "127.0.0.1", "port": self.port, "location_name": "po_ingest"}
        path.write_text(yaml.safe_dump({"load_from": [{"grpc_server": grpc}]}))
        return path

    def ensure_running(self, log) -> None:
        if self.process and self.process.poll() is None:
            return
        self.process = subprocess.Popen(
            [str(BIN / "python"), "-m", "po_ingest.code_server", "-h", "127.0.0.1",
             "-p", str(self.port), "-m", "po_ingest.definitions", "--location-name", "po_ingest"],
            cwd=REPO_ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        wait_for(self._serving, 120, "the code server", poll=0.2)

    def _serving(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"the code server exited with {self.process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 1):
            return True
        return False

    def stop(self) -> None:
        if self.process:
            _stop_group(self.process)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stop_group(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


class Daemon:
    """`dagster-daemon` beside its code server (started with it, kept when the daemon alone is
    killed and started again)."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.env = env
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.code_server = CodeServer(env, log_path.parent)

    def start(self) -> None:
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.code_server.ensure_running(self._log)
        self.process = subprocess.Popen(
            [str(BIN / "dagster-daemon"), "run", "-w", str(self.code_server.workspace())],
            cwd=REPO_ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self) -> None:
        if self.process:
            _stop_group(self.process)
        self.code_server.stop()
        self._log.close()

    def log_tail(self, lines: int = 60) -> str:
        text = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])


def wait_for(predicate: Callable[[], object], timeout: float, what: str, poll: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(poll)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
