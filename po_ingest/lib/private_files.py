"""Nothing the product writes is world-readable: documents, the SQLite database (and its WAL
and journal, which SQLite creates with the database's mode), logs, Dagster's storage."""

from __future__ import annotations

import os

# Group may read (0640 files, 0750 folders), so a backup or log shipper in the group still can.
PROCESS_UMASK = 0o027


def keep_new_files_private() -> None:
    """Set the process umask; every entry point (the CLI, the code location) calls this first."""
    os.umask(PROCESS_UMASK)
