"""The Extractor interface: stored bytes in, a validated ExtractionResult out."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol

from po_ingest.lib.models import ExtractionResult


@dataclass(frozen=True)
class Document:
    content: bytes
    content_type: str
    batch_id: str
    batch_type: str = "purchase_orders"
    filename: str | None = None


class ExtractionError(Exception):
    """Base of the errors an extractor raises on purpose."""


class PermanentExtractionError(ExtractionError):
    """Retrying cannot help: corrupt or encrypted file, not a purchase order, no line items."""


class TransientExtractionError(ExtractionError):
    """Retrying may help: network, 429/5xx, timeouts, model output that does not validate."""


class Extractor(Protocol):
    name: str

    def extract(self, document: Document) -> ExtractionResult: ...


class NoExtractor:
    """The default until a real extractor is configured: every document is refused, clearly."""

    name = "none"

    def extract(self, document: Document) -> ExtractionResult:
        raise PermanentExtractionError(
            "no extractor configured: set PO_INGEST_EXTRACTOR to an extractor"
        )


def load_extractor(spec: str) -> Extractor:
    """`none`, or `package.module:factory` naming a callable that returns an Extractor."""
    spec = (spec or "none").strip()
    if spec == "none":
        return NoExtractor()
    module_name, _, attr = spec.partition(":")
    if not attr:
        raise PermanentExtractionError(
            f"PO_INGEST_EXTRACTOR must be 'none' or 'module:factory', got {spec!r}"
        )
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        # A configuration mistake: retrying will not fix it; fix it, then retry the batches.
        raise PermanentExtractionError(f"extractor {spec!r} cannot be loaded: {exc}") from None
    return factory()
