"""Which extractor reads a document (PO_INGEST_EXTRACTOR=auto|local|gemini|module:factory).

`auto`: a PDF that carries an e-order XML is read from the XML; a PDF with a text layer goes
to the local parser next; what they decline, and every scan and photo, goes to Gemini.
`local` is the same without the model. Without a Gemini key such documents fail permanently with
"needs AI extraction: set GEMINI_API_KEY" (retry them once the key is set).
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from po_ingest.lib.extraction.base import (
    DeclinedWithoutModel,
    Document,
    ExtractionDeclined,
    Extractor,
    PermanentExtractionError,
)
from po_ingest.lib.extraction.embedded_xml import EmbeddedXmlExtractor, NoEmbeddedXml
from po_ingest.lib.extraction.grounding import ground
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest.lib.extraction.local.notes import LocalNoteExtractor
from po_ingest.lib.extraction.questions import DELIVERY_NOTES, PURCHASE_ORDERS
from po_ingest.lib.models import ExtractionRecord
from po_ingest.lib.settings import default_currency

if TYPE_CHECKING:
    from po_ingest.lib.extraction.model_gate import ModelGate

MODES = ("auto", "local", "gemini")
NEEDS_AI = "needs AI extraction: set GEMINI_API_KEY"


@dataclass(frozen=True)
class GeminiSettings:
    api_key: str | None
    model: str | None = None
    base_url: str | None = None
    timeout_seconds: float = 60.0
    default_currency: str = "EUR"
    gate: ModelGate | None = None  # the outage gate shared by all runs; None: no gate

    @classmethod
    def from_env(
        cls,
        api_key: str | None = None,
        model: str | None = None,
        base_url: str | None = None,
        timeout_seconds: float | None = None,
        gate: ModelGate | None = None,
    ) -> GeminiSettings:
        """Given values win; the rest come from GEMINI_API_KEY and PO_INGEST_GEMINI_*."""
        return cls(
            gate=gate,
            api_key=api_key or os.environ.get("GEMINI_API_KEY"),
            model=model or os.environ.get("PO_INGEST_GEMINI_MODEL"),
            base_url=base_url or os.environ.get("PO_INGEST_GEMINI_BASE_URL"),
            timeout_seconds=timeout_seconds
            or float(os.environ.get("PO_INGEST_GEMINI_TIMEOUT_SECONDS", "60")),
            default_currency=default_currency(),
        )


def _gemini(settings: GeminiSettings) -> Extractor | None:
    if not settings.api_key:
        return None
    # google-genai is heavy: imported only when a document actually needs the model.
    from po_ingest.lib.extraction.gemini import DEFAULT_GEMINI_MODEL, GeminiExtractor

    return GeminiExtractor(
        api_key=settings.api_key,
        model=settings.model or DEFAULT_GEMINI_MODEL,
        base_url=settings.base_url,
        timeout_seconds=settings.timeout_seconds,
        default_currency=settings.default_currency,
        gate=settings.gate,
    )


def local_extractors(batch_type: str) -> tuple[Extractor, ...]:
    """The extractors that need no model, in the order they are tried, for a batch type."""
    if batch_type == PURCHASE_ORDERS:
        return (EmbeddedXmlExtractor(), LocalExtractor())
    if batch_type == DELIVERY_NOTES:
        return (LocalNoteExtractor(),)
    raise PermanentExtractionError(f"no extraction for batch type {batch_type!r}")


class RoutingExtractor:
    """The extractors that need no model first (embedded XML, then the layout reader), Gemini
    for the rest."""

    def __init__(self, gemini: GeminiSettings, *, use_local: bool = True, use_gemini: bool = True):
        self.name = "auto" if use_local and use_gemini else ("local" if use_local else "gemini")
        self._gemini_settings = gemini
        self._use_local, self._use_gemini = use_local, use_gemini

    def extract(self, document: Document) -> ExtractionRecord:
        return ground(self._extract(document), document)

    def _extract(self, document: Document) -> ExtractionRecord:
        reasons: list[str] = []
        if self._use_local:
            for extractor in local_extractors(document.batch_type):
                try:
                    return extractor.extract(document)
                except NoEmbeddedXml:
                    continue
                except ExtractionDeclined as declined:
                    reasons.append(str(declined))
        if not self._use_gemini:
            raise DeclinedWithoutModel(reasons)
        gemini = _gemini(self._gemini_settings)
        if gemini is None:
            because = f" ({'; '.join(reasons)})" if reasons else ""
            raise PermanentExtractionError(NEEDS_AI + because)
        result = gemini.extract(document)
        return result.model_copy(update={"reasons": reasons + result.reasons})


def build_extractor(mode: str, gemini: GeminiSettings) -> Extractor:
    """An extractor for `mode`: auto, local, gemini, or `package.module:factory`."""
    mode = (mode or "auto").strip()
    if mode in MODES:
        return RoutingExtractor(gemini, use_local=mode != "gemini", use_gemini=mode != "local")
    module_name, _, attr = mode.partition(":")
    if not attr:
        raise PermanentExtractionError(
            f"PO_INGEST_EXTRACTOR must be auto, local, gemini or module:factory; got {mode!r}"
        )
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        # A configuration mistake: retrying will not fix it; fix it, then retry the batches.
        raise PermanentExtractionError(f"extractor {mode!r} cannot be loaded: {exc}") from None
    return factory()
