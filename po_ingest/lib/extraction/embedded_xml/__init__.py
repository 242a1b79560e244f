"""Embedded structured data first: a PDF that carries an e-order XML is read from the XML.

Order-X orders (type 220) and UBL Orders give exact values, no model, no layout guessing.
Invoices and credit notes (Factur-X, ZUGFeRD, XRechnung, UBL), quotations, order changes and
responses are refused as what they are. A PDF with no XML is not this extractor's:
NoEmbeddedXml.
"""

from __future__ import annotations

import time

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.models import ExtractionResult

__all__ = ["EmbeddedXmlExtractor", "NoEmbeddedXml"]


class NoEmbeddedXml(ExtractionDeclined):
    """The document carries no XML: nothing was tried, so there is no reason to record."""


class EmbeddedXmlExtractor:
    name = "embedded_xml"

    def extract(self, document: Document) -> ExtractionResult:
        started = time.monotonic()
        if document.content_type != "application/pdf":
            raise NoEmbeddedXml("embedded XML: not a PDF")
        # lxml (and factur-x, for PDFs with XML) load with a document, not with the code location.
        from po_ingest.lib.extraction.embedded_xml.attachment import find_embedded_xml
        from po_ingest.lib.extraction.embedded_xml.order import embedded_order

        xml = find_embedded_xml(document.content)
        order = embedded_order(xml)
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
