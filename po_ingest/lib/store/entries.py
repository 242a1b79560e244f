"""Timesheet and fuel-log entries: written with their batch row in one transaction, or not at all."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.batch_state import Status
from po_ingest.lib.csv_imports.reader import ParsedRow
from po_ingest.lib.sites import match_site, normalize_code
from po_ingest.lib.store.batches import DUPLICATE_FILE, NewBatch, status_is
from po_ingest.lib.store.orders import SITE_UNMATCHED
from po_ingest.lib.store.schema import ENTRY_TABLES, batches
from po_ingest.lib.store.sites import load_sites

# Rows per INSERT: a 20 MB file's parameters are built a chunk at a time, not all at once.
_INSERT_CHUNK = 5_000


@dataclass(frozen=True)
class RecordedImport:
    rows: int
    warnings: list[str]
    duplicate_of: str | None


def _lock_identical_imports(conn: sa.Connection, sha256: str) -> None:
    """Two imports of the same bytes at once (a double click) must not both store entries.
    SQLite's BEGIN IMMEDIATE already serialises writers; PostgreSQL holds a lock on the hash
    until the commit."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(int(sha256[:15], 16))))


def _earlier_import(conn: sa.Connection, new: NewBatch) -> str | None:
    return conn.execute(
        sa.select(batches.c.id)
        .where(
            batches.c.file_sha256 == new.file_sha256,
            batches.c.batch_type == new.batch_type,
            status_is(Status.PROCESSED),
        )
        .order_by(sa.func.coalesce(batches.c.processed_at, batches.c.date_uploaded), batches.c.id)
        .limit(1)
    ).scalar()


def _site_ids(conn: sa.Connection, codes: Iterable[str]) -> dict[str, int | None]:
    """Each distinct project code (in order of first appearance) → its site's id, or None."""
    sites = load_sites(conn)
    return {
        code: (site.id if (site := match_site(code, sites)) else None)
        for code in dict.fromkeys(codes)
    }


def _unmatched_warnings(site_ids: dict[str, int | None]) -> list[str]:
    """`site_unmatched:<code>` once per unknown code, as first written (`P-9` and `p 9` are one)."""
    warnings, seen = [], set()
    for code, site_id in site_ids.items():
        if site_id is None and normalize_code(code) not in seen:
            seen.add(normalize_code(code))
            warnings.append(f"{SITE_UNMATCHED}:{code}")
    return warnings


class EntryStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def record_import(
        self, new: NewBatch, rows: Sequence[ParsedRow], keep_file: Callable[[], None]
    ) -> RecordedImport:
        """Write the batch `processed` with one entry per row, calling `keep_file` just before
        the commit (if it raises, nothing is written). Bytes of this batch type imported
        before give a `processed` batch with warning `duplicate_file`, no entries and no file
        of its own (`keep_file` is not called)."""
        with self.engine.begin() as conn:
            _lock_identical_imports(conn, new.file_sha256)
            # Stamped under the lock: the earliest stamp is the import that stored the rows
            # (stamped before it, a racing duplicate could look earlier than the original).
            now = dt.datetime.now(dt.UTC)
            values = {**new.__dict__, "date_uploaded": now, "status": Status.PROCESSED}
            values["processed_at"] = now
            earlier = _earlier_import(conn, new)
            if earlier is not None:
                values.update(original_file=None, warnings=[DUPLICATE_FILE])
                conn.execute(batches.insert().values(**values))
                return RecordedImport(0, [DUPLICATE_FILE], earlier)
            site_ids = _site_ids(conn, (row.values["project_code"] for row in rows))
            warnings = _unmatched_warnings(site_ids)
            conn.execute(batches.insert().values(**values, warnings=warnings))
            table = ENTRY_TABLES[new.batch_type]
            for start in range(0, len(rows), _INSERT_CHUNK):
                conn.execute(
                    table.insert(),
                    [
                        {
                            "batch_id": new.id,
                            "source_row": row.row,
                            "site_id": site_ids[row.values["project_code"]],
                            **row.values,
                        }
                        for row in rows[start : start + _INSERT_CHUNK]
                    ],
                )
            keep_file()
        return RecordedImport(len(rows), warnings, None)

    def of_batch(self, batch_type: str, batch_id: str) -> list[dict]:
        """A batch's entries in file order, typed (Decimal, date)."""
        table = ENTRY_TABLES[batch_type]
        query = sa.select(table).where(table.c.batch_id == batch_id).order_by(table.c.source_row)
        with self.engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(query)]
