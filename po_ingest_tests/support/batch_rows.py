"""Batch rows written straight into the table, as the web app that shares it writes them."""

from __future__ import annotations

import datetime as dt
import hashlib

from po_ingest.lib.ids import new_batch_id
from po_ingest.lib.store import Store
from po_ingest.lib.store.schema import batches


def insert_batch_row(store: Store, batch_type: str, status: str | None) -> str:
    """A `text/csv` batch with `status` (None: the web app's legacy rows); returns its id."""
    batch_id = new_batch_id()
    with store.engine.begin() as conn:
        conn.execute(
            batches.insert().values(
                id=batch_id,
                batch_type=batch_type,
                content_type="text/csv",
                file_size=10,
                file_sha256=hashlib.sha256(batch_id.encode()).hexdigest(),
                date_uploaded=dt.datetime(2024, 3, 1, tzinfo=dt.UTC),
                status=status,
            )
        )
    return batch_id
