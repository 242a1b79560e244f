"""Orphan files: what a crash between a file write and its database commit leaves behind."""

from __future__ import annotations

import sqlalchemy as sa

from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store
from po_ingest.lib.store.schema import batches, delivery_notes, purchase_orders

# Younger files may belong to an upload or a persist still between its write and its commit.
ORPHAN_MIN_AGE_SECONDS = 3600


def referenced_keys(store: Store) -> set[str]:
    with store.engine.connect() as conn:
        batch_keys = conn.execute(
            sa.select(batches.c.original_file).where(batches.c.original_file.isnot(None))
        ).scalars()
        record_keys = {
            key
            for records in (purchase_orders, delivery_notes)
            for key in conn.execute(
                sa.select(records.c.file_key).where(records.c.file_key.isnot(None))
            ).scalars()
        }
        return set(batch_keys) | record_keys


def collect_orphans(
    store: Store, files: FileStore, min_age_seconds: float = ORPHAN_MIN_AGE_SECONDS
) -> list[str]:
    """Delete files no batch, order or delivery note refers to, older than `min_age_seconds`. Returns their keys."""
    candidates = [(key, path) for key, path, age in files.entries() if age >= min_age_seconds]
    if not candidates:
        return []
    referenced = referenced_keys(store)
    removed = []
    for key, path in candidates:
        if key not in referenced:
            path.unlink(missing_ok=True)
            removed.append(key)
    return removed
