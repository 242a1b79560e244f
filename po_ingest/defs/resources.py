"""Resources: the app database, the file store and the extractor, each from the environment."""

import os

import dagster as dg

from po_ingest.lib import settings
from po_ingest.lib.extraction.base import Extractor, load_extractor
from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store


class StoreResource(dg.ConfigurableResource):
    """The app database; PO_INGEST_DATABASE_URL when unset here (default: SQLite under var/)."""

    database_url: str | None = None

    def get(self) -> Store:
        return Store(self.database_url or settings.database_url())


class FileStoreResource(dg.ConfigurableResource):
    """Stored uploads and order files; PO_INGEST_FILES_DIR when unset here."""

    files_dir: str | None = None

    def get(self) -> FileStore:
        return FileStore(self.files_dir or settings.files_dir())


class ExtractorResource(dg.ConfigurableResource):
    """Which extractor turns documents into orders; PO_INGEST_EXTRACTOR when unset here."""

    extractor: str | None = None

    def get(self) -> Extractor:
        return load_extractor(self.extractor or os.environ.get("PO_INGEST_EXTRACTOR", "none"))
