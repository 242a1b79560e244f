"""Resources: the app database, the file store and the extractor, each from the environment."""

import os

import dagster as dg

from po_ingest.lib import settings
from po_ingest.lib.extraction.base import Extractor
from po_ingest.lib.extraction.model_gate import ModelGate
from po_ingest.lib.extraction.router import GeminiSettings, build_extractor
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
    """Turns documents into orders: `auto` (local parser, then Gemini), `local`, `gemini`, or a
    `module:factory`. Unset fields come from the environment when a run starts, so a code
    location without GEMINI_API_KEY still loads and digital PDFs still import; deployments
    may set `gemini_api_key=dg.EnvVar("GEMINI_API_KEY")` explicitly."""

    extractor: str | None = None
    gemini_api_key: str | None = None
    gemini_model: str | None = None
    gemini_base_url: str | None = None
    gemini_timeout_seconds: float | None = None

    @property
    def mode(self) -> str:
        return (self.extractor or os.environ.get("PO_INGEST_EXTRACTOR") or "auto").strip()

    def get(self, gate: ModelGate | None = None, *, with_model: bool = True) -> Extractor:
        """`with_model=False`: under `auto`, only the extractors that need no model (what
        they decline raises DeclinedWithoutModel); other modes are as configured."""
        gemini = GeminiSettings.from_env(
            api_key=self.gemini_api_key,
            model=self.gemini_model,
            base_url=self.gemini_base_url,
            timeout_seconds=self.gemini_timeout_seconds,
            gate=gate,
        )
        mode = "local" if self.mode == "auto" and not with_model else self.mode
        return build_extractor(mode, gemini)
