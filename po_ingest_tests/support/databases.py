"""Throw-away PostgreSQL databases on the local server (127.0.0.1:5432, trust auth)."""

import contextlib
import os
import uuid

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


@contextlib.contextmanager
def new_postgres_database():
    """A new, migrated PostgreSQL database; dropped afterwards."""
    name = f"po_ingest_test_{uuid.uuid4().hex[:10]}"
    with admin_cursor() as cur:
        cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    base = PG_DSN.rsplit("/", 1)[0]
    url = f"{base.replace('postgresql://', 'postgresql+psycopg2://')}/{name}"
    try:
        upgrade(url)
        yield url
    finally:
        dispose_all()
        with admin_cursor() as cur:
            cur.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
