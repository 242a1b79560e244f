"""What people approved as ground truth: each approved order's stored file with the values
it was approved with, for `po-ingest eval --approved`."""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa

from po_ingest.lib.files import FileStore
from po_ingest.lib.review.edits import order_values
from po_ingest.lib.store.approved import approved_orders


@dataclass
class ApprovedDocuments:
    # (name, batch id, file content, approved values) per order whose file is still stored.
    documents: list[tuple[str, str, bytes, dict]] = field(default_factory=list)
    without_file: list[str] = field(default_factory=list)  # PO numbers


def approved_documents(engine: sa.Engine, files: FileStore) -> ApprovedDocuments:
    found = ApprovedDocuments()
    for order in approved_orders(engine):
        key = order["file_key"]
        if not key or not files.exists(key):
            found.without_file.append(order["po_number"])
            continue
        name = f"{order['po_number']} ({key})"
        found.documents.append((name, order["batch_id"], files.read(key), order_values(order)))
    return found
