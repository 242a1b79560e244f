"""What an embedded XML that is not a new order is, in words a person reads on the batch.

An invoice or credit note refers to an order; it is not one, nor is a quotation or a request
for one. An order change or response refers to an order already placed: storing it as an order would either collide with that
order's number (and be dropped as a duplicate) or invent an order nobody placed.
"""

from __future__ import annotations

import re

from lxml import etree

from po_ingest.lib.extraction.embedded_xml.attachment import EmbeddedXml

_PROFILES = {
    "minimum": "MINIMUM",
    "basicwl": "BASIC WL",
    "basic": "BASIC",
    "en16931": "EN 16931",
    "extended": "EXTENDED",
    "comfort": "COMFORT",
}
_CII_TYPES = {
    "380": "invoice",
    "381": "credit note",
    "383": "debit note",
    "384": "corrected invoice",
    "386": "prepayment invoice",
    "389": "self-billed invoice",
    "751": "invoice information",
    "220": "order",
    "230": "order change",
    "231": "order response",
}
_UBL_KINDS = {"OrderResponseSimple": "order response"}
_ORDER_REFERENCES = (
    "//*[local-name()='BuyerOrderReferencedDocument' or local-name()='OrderReference']"
    "/*[local-name()='IssuerAssignedID' or local-name()='ID']/text()"
)
# The reason is the batch's last_error (at most 2000 characters): a collective invoice may
# name hundreds of orders.
_REFERENCES_SHOWN = 5
_DOCUMENT = "./*[local-name()='ExchangedDocument' or local-name()='HeaderExchangedDocument']"


def _standard(xml: EmbeddedXml) -> str:
    if xml.flavor == "order-x":
        return "Order-X"
    if xml.flavor == "zugferd":
        return "ZUGFeRD 1"
    if xml.flavor == "factur-x":
        name = xml.filename.lower()
        return (
            "ZUGFeRD" if "zugferd" in name else "XRechnung" if "xrechnung" in name else "Factur-X"
        )
    return "UBL"


def _first(root: etree._Element, xpath: str) -> str | None:
    found = [t.strip() for t in root.xpath(xpath) if t.strip()]
    return found[0] if found else None


def document_kind(xml: EmbeddedXml) -> str:
    """ "invoice", "credit note", "order", "order change", "quotation", …"""
    if xml.flavor.startswith("ubl-"):
        name = etree.QName(xml.root).localname  # CreditNote → "credit note"
        return _UBL_KINDS.get(name) or re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    code = _first(xml.root, f"{_DOCUMENT}/*[local-name()='TypeCode']/text()") or "none"
    # A Cross Industry Invoice is some kind of invoice whatever its code; an order is not.
    fallback = f"document of type {code}" if xml.flavor == "order-x" else "invoice"
    return _CII_TYPES.get(code, fallback)


def not_an_order_reason(xml: EmbeddedXml) -> str:
    """E.g. "not a purchase order: the PDF carries a Factur-X invoice (EN 16931) no. F-1;
    buyer order reference PO-4711"."""
    kind = document_kind(xml)
    standard = _standard(xml)
    number = _first(xml.root, f"{_DOCUMENT}/*[local-name()='ID']/text()") or _first(
        xml.root, "./*[local-name()='ID']/text()"
    )
    references = list(
        dict.fromkeys(t.strip() for t in xml.root.xpath(_ORDER_REFERENCES) if t.strip())
    )
    article = "an" if standard in ("Order-X", "XRechnung") else "a"
    profile = _PROFILES.get(xml.profile, xml.profile)
    carries = f"the PDF carries {article} {standard} {kind} ({profile}) no. {number or '(none)'}"
    if kind in ("order change", "order cancellation"):
        return (
            f"not a new purchase order: {carries}; the queue imports new orders only,"
            " change the stored order by hand"
        )
    if not references:
        return f"not a purchase order: {carries}; no buyer order reference"
    label = "buyer order reference" if len(references) == 1 else "buyer order references"
    shown = ", ".join(references[:_REFERENCES_SHOWN])
    more = len(references) - _REFERENCES_SHOWN
    return f"not a purchase order: {carries}; {label} {shown}" + (
        f" and {more} more" if more > 0 else ""
    )
