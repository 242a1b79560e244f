"""The Extractor interface: stored bytes in, a validated ExtractionResult out."""

from __future__ import annotations

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


class ExtractionDeclined(ExtractionError):
    """An extractor that may say "not me": the document should go to another extractor."""


class DeclinedWithoutModel(PermanentExtractionError):
    """Every extractor that needs no model declined, and the model was not to be asked: final
    under PO_INGEST_EXTRACTOR=local; under `auto` the document is for the model lane."""

    def __init__(self, reasons: list[str]):
        super().__init__(f"{'; '.join(reasons)} (PO_INGEST_EXTRACTOR=local)")
        self.reasons = reasons

    def __reduce__(self):  # pickled across processes with its reasons, not its message
        return (type(self), (self.reasons,))


class Extractor(Protocol):
    name: str

    def extract(self, document: Document) -> ExtractionResult: ...


# What a person retries a document as, by what it looks like.
RETRY_AS = {"purchase_order": "purchase order", "delivery_note": "delivery note"}


def looks_like(kind: str) -> str:
    """The reason given for a document uploaded as the other type."""
    return f"this looks like a {RETRY_AS[kind]} — retry as {RETRY_AS[kind]}"
