import contextlib
import os
import uuid

import psycopg2
import pytest
from psycopg2 import sql

from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest.lib.store.migrate import upgrade

PG_DSN = os.environ.get("PO_INGEST_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


@contextlib.contextmanager
def _pg_cursor():
    conn = psycopg2.connect(PG_DSN)
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            yield cur
    finally:
        conn.close()


@pytest.fixture(autouse=True)
def _test_environment(monkeypatch, tmp_path):
    """Short retries and a private extractor state for every test; no stray var/ writes."""
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "0,0")
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "3")
    monkeypatch.setenv("PO_INGEST_TEST_STATE_DIR", str(tmp_path / "extractor-state"))
    monkeypatch.setenv("PO_INGEST_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.delenv("PO_INGEST_DATABASE_URL", raising=False)
    monkeypatch.delenv("PO_INGEST_FILES_DIR", raising=False)


@pytest.fixture
def postgres_url():
    """A new, migrated PostgreSQL database for one test; dropped afterwards."""
    name = f"po_ingest_test_{uuid.uuid4().hex[:10]}"
    with _pg_cursor() as cur:
        cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    base = PG_DSN.rsplit("/", 1)[0]
    url = f"{base.replace('postgresql://', 'postgresql+psycopg2://')}/{name}"
    upgrade(url)
    yield url
    dispose_all()
    with _pg_cursor() as cur:
        cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture
def sqlite_url(tmp_path):
    url = f"sqlite:///{tmp_path / 'po_ingest.sqlite'}"
    upgrade(url)
    yield url
    dispose_all()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request):
    """The same test on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def store(db_url) -> Store:
    return Store(db_url)


@pytest.fixture
def files(tmp_path) -> FileStore:
    return FileStore(tmp_path / "files")
