"""Importing a CSV file: validated whole, then its file, batch row and entries kept — or nothing."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from po_ingest.lib import ids
from po_ingest.lib.batch_state import Status
from po_ingest.lib.csv_imports.formats import FORMATS
from po_ingest.lib.csv_imports.reader import parse_csv
from po_ingest.lib.files import FileStore, import_key
from po_ingest.lib.intake import clean_uploaded_by, sanitize_filename
from po_ingest.lib.store import NewBatch, Store

CSV_CONTENT_TYPE = "text/csv"


@dataclass(frozen=True)
class CsvImported:
    batch_id: str
    batch_type: str
    rows: int
    warnings: list[str]
    duplicate_of: str | None

    def to_json(self) -> dict:
        """The answer the API and `po-ingest import --json` give."""
        return {
            "batch_id": self.batch_id,
            "status": Status.PROCESSED.value,
            "batch_type": self.batch_type,
            "rows": self.rows,
            "warnings": self.warnings,
            "duplicate_of": self.duplicate_of,
        }


def import_csv(
    store: Store,
    files: FileStore,
    batch_type: str,
    content: bytes,
    *,
    filename: str | None = None,
    uploaded_by: str | None = None,
) -> CsvImported:
    """Validate `content` as a whole, then keep it as `imports/<batch id>.csv` and write the
    batch and its entries in one transaction. Raises CsvInvalid (every problem, by row and
    column) or UploadRejected; then nothing is stored: no row, no entry, no file."""
    uploaded_by = clean_uploaded_by(uploaded_by)
    rows = parse_csv(FORMATS[batch_type], content)
    batch_id = ids.new_batch_id()
    new = NewBatch(
        id=batch_id,
        batch_type=batch_type,
        content_type=CSV_CONTENT_TYPE,
        original_file=import_key(batch_id),
        original_filename=sanitize_filename(filename),
        file_size=len(content),
        file_sha256=hashlib.sha256(content).hexdigest(),
        uploaded_by=uploaded_by,
    )
    try:
        recorded = store.entries.record_import(
            new, rows, keep_file=lambda: files.write(new.original_file, [content])
        )
    except BaseException:
        files.delete(new.original_file)  # written just before a commit that failed
        raise
    return CsvImported(
        batch_id, batch_type, recorded.rows, recorded.warnings, recorded.duplicate_of
    )
