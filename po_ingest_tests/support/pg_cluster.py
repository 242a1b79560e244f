"""A private PostgreSQL server (its own data directory and port) that a test may restart.

The machine's server at 127.0.0.1:5432 serves the whole suite at once, so a test that
restarts PostgreSQL under running work gets a cluster of its own: `initdb` into a temporary
directory, `pg_ctl` to start, restart and stop it. PostgreSQL refuses to run as root, so as
root the server runs as the `postgres` user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg2
from psycopg2 import sql

from po_ingest_tests.support.intake import free_port


def _bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL's initdb is not installed (Debian: postgresql)")


class PrivateCluster:
    def __init__(self, root: Path):
        self.root = root
        self.data = root / "data"
        self.log = root / "server.log"
        self.port = free_port()
        self.bin = _bin_dir()
        self._as_postgres = os.geteuid() == 0

    def _run(self, tool: str, *args: str, timeout: float = 120) -> None:
        command = [str(self.bin / tool), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}{self.log_tail()}")

    def init(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self._as_postgres:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = {
            "listen_addresses": "'127.0.0.1'",
            "port": str(self.port),
            "unix_socket_directories": f"'{self.root}'",
            "max_connections": "200",
            "fsync": "off",  # a test server: durability across a crash of the machine not needed
        }
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.writelines(f"{name} = {value}\n" for name, value in options.items())

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "start")

    def restart(self) -> None:
        """A fast restart: open connections are closed, transactions in flight rolled back."""
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-m", "fast", "-w", "restart"
        )

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def create_database(self, name: str) -> str:
        """A new empty database; its SQLAlchemy URL."""
        conn = psycopg2.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname="postgres"
        )
        conn.autocommit = True
        try:
            with conn.cursor() as cur:
                cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        finally:
            conn.close()
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.port}/{name}"

    def log_tail(self, lines: int = 30) -> str:
        if not self.log.exists():
            return ""
        text = self.log.read_text(errors="replace").splitlines()
        return "\n--- postgres ---\n" + "\n".join(text[-lines:])


@contextlib.contextmanager
def private_cluster():
    """A running private PostgreSQL server, removed afterwards."""
    # Not under pytest's tmp_path: the `postgres` user must be able to reach the directory.
    root = Path(tempfile.mkdtemp(prefix="po_ingest_pg_"))
    os.chmod(root, 0o755)
    cluster = PrivateCluster(root / "cluster")
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        with contextlib.suppress(RuntimeError):
            cluster.stop()
        shutil.rmtree(root, ignore_errors=True)
