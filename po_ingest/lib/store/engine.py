"""One engine per database URL per process, set up for many writer processes."""

from __future__ import annotations

import threading

import sqlalchemy as sa

_engines: dict[str, sa.Engine] = {}
_lock = threading.Lock()
# Set on the connections `engine.begin()` opens: this project writes only through it.
_WRITES = "po_ingest_writes"


class StoreUnavailable(RuntimeError):
    """The app database cannot be reached (a transient condition)."""


def _sqlite_engine(url: str) -> sa.Engine:
    engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):
        # Let SQLAlchemy's "begin" below open transactions: a write transaction takes the
        # write lock up front (BEGIN IMMEDIATE) and never fails half-way with "database is
        # locked" when it upgrades from reading; a read (`engine.connect()`) takes no lock
        # (BEGIN DEFERRED, a WAL snapshot), so a long read never blocks claims and uploads.
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn):
        writes = conn.get_execution_options().get(_WRITES, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN DEFERRED")

    engine.begin = engine.execution_options(**{_WRITES: True}).begin
    return engine


def get_engine(url: str) -> sa.Engine:
    with _lock:
        engine = _engines.get(url)
        if engine is None:
            if url.startswith("sqlite"):
                engine = _sqlite_engine(url)
            else:
                engine = sa.create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
            _engines[url] = engine
        return engine


def dispose_all() -> None:
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
