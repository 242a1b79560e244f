"""What the `po-ingest` command modules share: their error and the store they open."""

from __future__ import annotations

from po_ingest.lib import settings
from po_ingest.lib.store import Store
from po_ingest.lib.store.migrate import current_revision


class CliError(Exception):
    """Printed as `error: …` with exit status 2."""


def open_store() -> Store:
    url = settings.database_url()
    if current_revision(url) is None:
        raise CliError("the database has no tables yet: run `po-ingest db upgrade` first")
    return Store(url)
