"""A real `dagster-daemon` on a temporary DAGSTER_HOME, shared by the end-to-end tests."""

from __future__ import annotations

import os
import signal
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


class Daemon:
    def __init__(self, env: dict[str, str], log_path: Path):
        self.env = env
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            [str(BIN / "dagster-daemon"), "run", "-w", str(REPO_ROOT / "workspace.yaml")],
            cwd=REPO_ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
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
