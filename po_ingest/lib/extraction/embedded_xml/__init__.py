"""Embedded structured data first: a PDF that carries an e-order XML is read from the XML.

Order-X orders (type 220) and UBL Orders give exact values, no model, no layout guessing.
Invoices and credit notes (Factur-X, ZUGFeRD, XRechnung, UBL), order changes and responses
are refused as what they are. A PDF with no XML is not this extractor's: NoEmbeddedXml.
"""

from __future__ import annotations

import time

from pydantic import ValidationError

from po_ingest.lib.extraction.base import Document, ExtractionDeclined, PermanentExtractionError
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.extraction.embedded_xml.attachment import (
    EmbeddedXml,
    NoEmbeddedXml,
    find_embedded_xml,
)
from po_ingest.lib.extraction.embedded_xml.cii_order import read_cii_order
from po_ingest.lib.extraction.embedded_xml.not_an_order import document_kind, not_an_order_reason
from po_ingest.lib.extraction.embedded_xml.ubl_order import read_ubl_order
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.settings import default_currency

__all__ = ["EmbeddedXmlExtractor", "NoEmbeddedXml"]

_READERS = {"order-x": read_cii_order, "ubl-order": read_ubl_order}


def _order(xml: EmbeddedXml) -> ExtractedPurchaseOrder:
    reader = _READERS.get(xml.flavor)
    if reader is None or document_kind(xml) != "order":
        raise PermanentExtractionError(not_an_order_reason(xml))
    try:
        data = {k: v for k, v in reader(xml.root).items() if v is not None}
        return ExtractedPurchaseOrder.model_validate({"currency": default_currency(), **data})
    except ValueError as exc:  # a number or date that is not one, or pydantic's ValidationError
        detail = exc.errors()[0] if isinstance(exc, ValidationError) else exc
        raise ExtractionDeclined(
            f"embedded XML declined: the {xml.flavor} order in {xml.filename} is unusable ({detail})"
        ) from None


class EmbeddedXmlExtractor:
    name = "embedded_xml"

    def extract(self, document: Document) -> ExtractionResult:
        started = time.monotonic()
        if document.content_type != "application/pdf":
            raise NoEmbeddedXml("embedded XML: not a PDF")
        xml = find_embedded_xml(document.content)
        order = _order(xml)
        return ExtractionResult(
            order=order,
            extractor=self.name,
            confidence=1.0,
            # Exact values as their author sent them: a sum that does not add up is flagged.
            warnings=arithmetic_warnings(order),
            embedded={"flavor": xml.flavor, "profile": xml.profile},
            input_tokens=0,
            output_tokens=0,
            duration_ms=int((time.monotonic() - started) * 1000),
        )
