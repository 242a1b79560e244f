"""Finding the structured XML a PDF carries, and what it is.

factur-x (Akretion's library, the reference implementation of Factur-X / Order-X) extracts
and identifies CII invoices, ZUGFeRD and Order-X. What it skips without saying why (a UBL
Order, an attachment that is not well-formed XML) is looked at here through pymupdf's list of
embedded files, so a broken attachment is reported rather than silently ignored.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from lxml import etree

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.documents import open_pdf
from po_ingest.lib.extraction.embedded_xml import NoEmbeddedXml

# factur-x warns about every PDF without an invoice in it, and pypdf (which it reads PDFs
# with) about every damaged cross-reference table it repairs: neither is news on a batch.
logging.getLogger("factur-x").setLevel(logging.ERROR)
logging.getLogger("pypdf").setLevel(logging.ERROR)

# No DTDs, no entities, no network: the attachment comes from whoever made the PDF.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)

_UBL_NAMESPACE = "urn:oasis:names:specification:ubl:schema:xsd:"


@dataclass(frozen=True)
class EmbeddedXml:
    filename: str
    root: etree._Element
    flavor: str  # factur-x's name (order-x, factur-x, zugferd) or ubl-<root>: ubl-order, …
    profile: str


def _decline(reason: str) -> ExtractionDeclined:
    return ExtractionDeclined(f"embedded XML declined: {reason}")


def _parse(filename: str, xml: bytes) -> etree._Element:
    try:
        return etree.fromstring(xml, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise _decline(f"the attachment {filename} is not well-formed XML ({exc})") from None


def _xml_attachments(content: bytes) -> list[tuple[str, bytes]]:
    with open_pdf(content) as pdf:
        names = [n for n in pdf.embfile_names() if n.lower().endswith(".xml")]
        try:
            return [(name, pdf.embfile_get(name)) for name in names]
        except Exception as exc:  # a damaged embedded stream: mupdf raises its own errors
            raise _decline(f"an XML attachment cannot be read ({exc})") from None


def _ubl_profile(root: etree._Element) -> str:
    customization = root.findtext("{*}CustomizationID")
    version = root.findtext("{*}UBLVersionID")
    return (customization or (f"UBL {version}" if version else "UBL")).strip()


def _identify(filename: str, root: etree._Element) -> EmbeddedXml | None:
    """Which document the XML is: any UBL document by its namespace (factur-x knows only UBL
    invoices and credit notes), the CII family (Order-X, Factur-X, ZUGFeRD) by factur-x."""
    import facturx  # 0.2 s to import: only for the PDFs that carry XML

    name = etree.QName(root)
    if (name.namespace or "").startswith(_UBL_NAMESPACE):
        return EmbeddedXml(filename, root, f"ubl-{name.localname.lower()}", _ubl_profile(root))
    try:
        flavor = facturx.get_flavor(root)
    except Exception:  # factur-x raises a bare Exception for a root it does not know
        return None
    try:
        profile = facturx.get_level(root, flavor)
    except ValueError:  # a guideline factur-x does not know (a national CIUS)
        profile = "unknown"
    return EmbeddedXml(filename, root, flavor, profile)


def _facturx_xml(content: bytes) -> EmbeddedXml | None:
    import facturx

    try:
        filename, xml = facturx.get_xml_from_pdf(content, check_xsd=False)
    except Exception:  # pypdf cannot read what pymupdf could: look at the attachments directly
        return None
    return _identify(filename, _parse(filename, xml)) if filename else None


def _any_attachment(attachments: list[tuple[str, bytes]]) -> EmbeddedXml:
    """What factur-x did not take (a UBL Order, a Quotation, …), or why the XML is unusable."""
    for filename, xml in attachments:
        found = _identify(filename, _parse(filename, xml))
        if found is not None:
            return found
    names = ", ".join(name for name, _ in attachments)
    raise _decline(f"the XML attached ({names}) is neither Order-X, Factur-X/ZUGFeRD nor UBL")


def find_embedded_xml(content: bytes) -> EmbeddedXml:
    """The order or invoice XML attached to the PDF; NoEmbeddedXml when there is none."""
    attachments = _xml_attachments(content)
    if not attachments:
        raise NoEmbeddedXml("embedded XML: the PDF carries no XML attachment")
    return _facturx_xml(content) or _any_attachment(attachments)
