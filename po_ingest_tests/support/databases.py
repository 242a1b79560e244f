"""Throw-away app databases: PostgreSQL ones on the local server (127.0.0.1:5432, trust
auth), SQLite files. Each is a copy of one migrated template per test process, so a test pays
a file copy, not the migrations (0.24 s on PostgreSQL, hundreds of tests)."""

import atexit
import contextlib
import functools
import os
import shutil
import tempfile
import uuid
from pathlib import Path

import psycopg2
from psycopg2 import sql

from po_ingest.lib.store.engine import dispose_all
from po_ingest.lib.store.migrate import upgrade

PG_DSN = os.environ.get("PO_INGEST_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


@contextlib.contextmanager
def admin_cursor():
    """An autocommit cursor on the server's `postgres` database (CREATE/DROP DATABASE)."""
    conn = psycopg2.connect(PG_DSN)
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            yield cur
    finally:
        conn.close()


def _url(name: str) -> str:
    base = PG_DSN.rsplit("/", 1)[0]
    return f"{base.replace('postgresql://', 'postgresql+psycopg2://')}/{name}"


def _drop(name: str) -> None:
    with admin_cursor() as cur:
        cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


_TEMPLATE_PREFIX = "po_ingest_test_template_"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


@functools.cache
def _postgres_template() -> str:
    name = f"{_TEMPLATE_PREFIX}{os.getpid()}"
    with admin_cursor() as cur:
        cur.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s", (f"{_TEMPLATE_PREFIX}%",)
        )
        # Left by a test process that was killed before its atexit ran.
        stale = [n for (n,) in cur.fetchall() if not _process_alive(int(n.rsplit("_", 1)[1]))]
    for old in [*stale, name]:
        _drop(old)
    with admin_cursor() as cur:
        cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    atexit.register(_drop, name)
    upgrade(_url(name))
    dispose_all()  # a template must have no connections when it is copied
    return name


@contextlib.contextmanager
def new_postgres_database():
    """A new, migrated PostgreSQL database; dropped afterwards."""
    name = f"po_ingest_test_{uuid.uuid4().hex[:10]}"
    with admin_cursor() as cur:
        cur.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(_postgres_template())
            )
        )
    try:
        yield _url(name)
    finally:
        dispose_all()
        _drop(name)


@functools.cache
def _sqlite_template() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="po_ingest_sqlite_template_"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "app.sqlite"
    upgrade(f"sqlite:///{path}")
    dispose_all()
    return path


def new_sqlite_database(path: Path) -> str:
    """A migrated SQLite app database at `path`; its URL."""
    shutil.copyfile(_sqlite_template(), path)
    return f"sqlite:///{path}"
