"""The order an embedded XML carries, validated; or why it is not one."""

from __future__ import annotations

from pydantic import ValidationError

from po_ingest.lib.extraction.base import ExtractionDeclined, PermanentExtractionError
from po_ingest.lib.extraction.embedded_xml.attachment import EmbeddedXml
from po_ingest.lib.extraction.embedded_xml.cii_order import read_cii_order
from po_ingest.lib.extraction.embedded_xml.not_an_order import document_kind, not_an_order_reason
from po_ingest.lib.extraction.embedded_xml.ubl_order import read_ubl_order
from po_ingest.lib.models import ExtractedPurchaseOrder
from po_ingest.lib.settings import default_currency

_READERS = {"order-x": read_cii_order, "ubl-order": read_ubl_order}


def embedded_order(xml: EmbeddedXml) -> ExtractedPurchaseOrder:
    """PermanentExtractionError for an invoice, a quotation, a change; a decline for an order
    whose values do not validate (the layout reader may still read its page)."""
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
