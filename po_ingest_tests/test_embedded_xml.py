"""Embedded structured data first: Order-X / UBL orders read exactly from the XML a PDF
carries; invoices and credit notes refused as what they are; everything else passed on."""

import json
import re
from pathlib import Path

import pymupdf
import pytest

from po_ingest.cli import main
from po_ingest.lib.extraction.base import Document, ExtractionDeclined, PermanentExtractionError
from po_ingest.lib.extraction.embedded_xml import EmbeddedXmlExtractor, NoEmbeddedXml
from po_ingest.lib.extraction.router import GeminiSettings, build_extractor
from po_ingest.lib.models import ExtractedPurchaseOrder
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.prerequisites import REALDOCS, require_realdocs

SAMPLES = Path(__file__).parent / "embedded_xml_samples"
ORDER_X = SAMPLES / "horstoeko_orderx_comfort.pdf"
EXAMPLES = Path(__file__).parents[1] / "examples"


def _extract(content: bytes):
    return EmbeddedXmlExtractor().extract(Document(content, "application/pdf", "b"))


def _pdf_with(attachments: dict[str, bytes]) -> bytes:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Purchase order: see the attached XML")
    for name, data in attachments.items():
        doc.embfile_add(name, data, filename=name)
    return doc.tobytes()


def _sample_xml() -> str:
    with pymupdf.open(ORDER_X) as doc:
        return doc.embfile_get("order-x.xml").decode("utf-8")


def _order_x_with(old: str, new: str) -> bytes:
    xml = _sample_xml()
    assert old in xml
    return _pdf_with({"order-x.xml": xml.replace(old, new, 1).encode()})


@pytest.mark.parametrize("name", sorted(p.stem for p in SAMPLES.glob("*.json")))
def test_every_order_x_sample_is_read_exactly_on_every_field_and_line(name):
    truth = json.loads((SAMPLES / f"{name}.json").read_text())
    result = _extract((SAMPLES / f"{name}.pdf").read_bytes())
    assert result.order == ExtractedPurchaseOrder.model_validate(truth)
    assert len(result.order.items) == len(truth["items"])
    assert (result.extractor, result.embedded) == ("embedded_xml", truth["_embedded"])
    assert (result.accepted, result.confidence, result.warnings) == (True, 1.0, [])
    assert (result.model, result.input_tokens, result.output_tokens) == (None, 0, 0)


@pytest.mark.parametrize("name", sorted(p.stem for p in (SAMPLES / "not_orders").glob("*.json")))
def test_shipped_invoices_and_credit_notes_are_refused_saying_what_they_are(name):
    truth = json.loads((SAMPLES / "not_orders" / f"{name}.json").read_text())
    with pytest.raises(PermanentExtractionError) as refused:
        _extract((SAMPLES / "not_orders" / f"{name}.pdf").read_bytes())
    assert str(refused.value) == (
        f"not a purchase order: the PDF carries a {truth['_standard']} {truth['_doc_type']} "
        f"({truth['_profile']}) no. {truth['document_number']}; "
        f"buyer order reference {truth['po_number']}"
    )


def _real_pdfs() -> list[str]:
    if not REALDOCS.is_dir():
        return ["(missing)"]
    return sorted(p.relative_to(REALDOCS).as_posix() for p in REALDOCS.glob("*/*.pdf"))


@pytest.mark.parametrize("name", _real_pdfs())
def test_no_real_invoice_or_receipt_is_read_as_an_order(name):
    """Those with XML attached (ZUGFeRD, Factur-X, an Odoo UBL invoice) are refused, saying
    what they are; the others are passed on to the layout reader."""
    require_realdocs()
    path = REALDOCS / name
    with pymupdf.open(path) as pdf:
        carries_xml = any(n.lower().endswith(".xml") for n in pdf.embfile_names())
    expected = PermanentExtractionError if carries_xml else NoEmbeddedXml
    with pytest.raises(expected) as refused:
        _extract(path.read_bytes())
    if carries_xml:
        assert str(refused.value).startswith("not a purchase order: the PDF carries a ")


@pytest.mark.parametrize(
    "name", [n for n in _real_pdfs() if n.startswith(("zugferd_corpus/", "(missing)"))]
)
def test_every_real_zugferd_invoice_is_refused_with_its_buyer_order_reference(name):
    """Their ground truth comes from the XML: the reason quotes its number and order reference."""
    require_realdocs()
    path = REALDOCS / name
    truth = json.loads(path.with_suffix(".json").read_text())
    with pytest.raises(PermanentExtractionError) as refused:
        _extract(path.read_bytes())
    reason = str(refused.value)
    assert reason.startswith("not a purchase order: the PDF carries a ")
    assert " invoice (" in reason and f"no. {truth['document_number']};" in reason
    if truth["po_number"]:
        assert f"buyer order reference {truth['po_number']}" in reason
    else:
        assert "buyer order reference" in reason  # none, or the lines' several references


def test_a_pdf_without_xml_is_not_this_extractors_and_says_so():
    pdf = purchase_order_pdf(order("PO-PLAIN-1"))
    with pytest.raises(NoEmbeddedXml) as declined:
        _extract(pdf)
    assert isinstance(declined.value, ExtractionDeclined)
    assert "carries no XML attachment" in str(declined.value)


def test_broken_xml_is_declined_with_the_reason_and_not_ignored():
    pdf = _pdf_with({"order-x.xml": _sample_xml()[:-400].encode()})
    with pytest.raises(ExtractionDeclined) as declined:
        _extract(pdf)
    assert not isinstance(declined.value, NoEmbeddedXml)
    assert "order-x.xml is not well-formed XML" in str(declined.value)


def test_an_unknown_xml_attachment_is_declined():
    pdf = _pdf_with({"data.xml": b"<catalogue><item>bolt</item></catalogue>"})
    with pytest.raises(ExtractionDeclined, match="neither Order-X, Factur-X/ZUGFeRD nor UBL"):
        _extract(pdf)


def test_an_information_line_of_an_extended_order_x_is_not_an_item():
    line_3 = re.compile(r"(<ram:AssociatedDocumentLineDocument>\s*<ram:LineID>3</ram:LineID>)")
    xml, found = line_3.subn(
        r"\1<ram:LineStatusReasonCode>INFORMATION</ram:LineStatusReasonCode>", _sample_xml()
    )
    assert found == 1
    result = _extract(_pdf_with({"order-x.xml": xml.encode()}))
    assert [i.line_number for i in result.order.items] == [1, 2]
    assert result.warnings == ["subtotal_mismatch"]  # the header still counts line 3


def test_an_order_x_that_does_not_add_up_is_read_as_sent_and_flagged():
    result = _extract(_order_x_with("<ram:GrandTotalAmount>360.00", "<ram:GrandTotalAmount>361.00"))
    assert str(result.order.total) == "361.00"
    assert result.warnings == ["total_mismatch"]


@pytest.mark.parametrize(
    ("old", "new", "quoted"),
    [
        ("<ram:GrandTotalAmount>360.00", "<ram:GrandTotalAmount>36O.00", "'36O.00'"),
        ("<ram:GrandTotalAmount>360.00", "<ram:GrandTotalAmount>NaN", "'NaN'"),
        ('format="102">20221225', 'format="610">202212', "'202212' (format 610)"),
    ],
)
def test_an_order_x_with_a_value_that_is_not_what_it_should_be_is_declined(old, new, quoted):
    with pytest.raises(
        ExtractionDeclined, match="order-x order in order-x.xml is unusable"
    ) as declined:
        _extract(_order_x_with(old, new))
    assert quoted in str(declined.value)


@pytest.mark.parametrize(
    ("type_code", "reason"),
    [
        ("230", "not a new purchase order: the PDF carries an Order-X order change (COMFORT)"),
        ("231", "not a purchase order: the PDF carries an Order-X order response (COMFORT)"),
    ],
)
def test_order_changes_and_responses_are_not_imported_as_new_orders(type_code, reason):
    pdf = _order_x_with(
        "<ram:TypeCode>220</ram:TypeCode>", f"<ram:TypeCode>{type_code}</ram:TypeCode>"
    )
    with pytest.raises(PermanentExtractionError, match=re.escape(reason)) as refused:
        _extract(pdf)
    assert "no. PO123456789" in str(refused.value)


UBL_ORDER = """<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"
       xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
       xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order:3</cbc:CustomizationID>
  <cbc:ID>UBL-PO-77</cbc:ID>
  <cbc:IssueDate>2026-02-03</cbc:IssueDate>
  <cbc:Note>Deliver to gate 4</cbc:Note>
  <cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>
  <cac:SellerSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Nordic Fasteners AB</cbc:Name></cac:PartyName>
  </cac:Party></cac:SellerSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="SEK">62.50</cbc:TaxAmount></cac:TaxTotal>
  <cac:AnticipatedMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="SEK">270.00</cbc:LineExtensionAmount>
    <cbc:AllowanceTotalAmount currencyID="SEK">20.00</cbc:AllowanceTotalAmount>
    <cbc:TaxInclusiveAmount currencyID="SEK">312.50</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="SEK">312.50</cbc:PayableAmount>
  </cac:AnticipatedMonetaryTotal>
  <cac:OrderLine><cac:LineItem>
    <cbc:ID>1</cbc:ID>
    <cbc:Quantity unitCode="EA">120</cbc:Quantity>
    <cbc:LineExtensionAmount currencyID="SEK">180.00</cbc:LineExtensionAmount>
    <cac:Price><cbc:PriceAmount currencyID="SEK">15.00</cbc:PriceAmount>
      <cbc:BaseQuantity unitCode="EA">10</cbc:BaseQuantity></cac:Price>
    <cac:Item><cbc:Name>Hex bolt M8x40</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>HB-840</cbc:ID></cac:SellersItemIdentification>
    </cac:Item>
  </cac:LineItem></cac:OrderLine>
  <cac:OrderLine><cac:LineItem>
    <cbc:ID>2</cbc:ID>
    <cbc:Quantity unitCode="KGM">4.5</cbc:Quantity>
    <cbc:LineExtensionAmount currencyID="SEK">90.00</cbc:LineExtensionAmount>
    <cac:Price><cbc:PriceAmount currencyID="SEK">20.00</cbc:PriceAmount></cac:Price>
    <cac:Item><cbc:Description>Washers, zinc</cbc:Description>
      <cac:BuyersItemIdentification><cbc:ID>W-ZN</cbc:ID></cac:BuyersItemIdentification>
    </cac:Item>
  </cac:LineItem></cac:OrderLine>
</Order>
"""


def test_a_ubl_order_is_read_from_its_xml():
    result = _extract(_pdf_with({"order.xml": UBL_ORDER.encode()}))
    assert result.embedded == {
        "flavor": "ubl-order",
        "profile": "urn:fdc:peppol.eu:poacc:trns:order:3",
    }
    assert result.order == ExtractedPurchaseOrder.model_validate(
        {
            "po_number": "UBL-PO-77",
            "order_date": "2026-02-03",
            "supplier_name": "Nordic Fasteners AB",
            "currency": "SEK",
            "notes": "Deliver to gate 4",
            "items": [
                {
                    "line_number": 1,
                    "item_code": "HB-840",
                    "description": "Hex bolt M8x40",
                    "quantity": "120",
                    "unit": "EA",
                    "unit_price": "1.5",
                    "line_total": "180.00",
                },
                {
                    "line_number": 2,
                    "item_code": "W-ZN",
                    "description": "Washers, zinc",
                    "quantity": "4.5",
                    "unit": "KGM",
                    "unit_price": "20.00",
                    "line_total": "90.00",
                },
            ],
            "subtotal": "270.00",
            "allowances": "20.00",
            "tax": "62.50",
            "total": "312.50",
        }
    )
    assert result.warnings == []


def _ubl_as(root: str, xml: str = UBL_ORDER) -> bytes:
    """The UBL order above with another root: an Invoice, a Quotation, …"""
    xml = xml.replace("Order-2", f"{root}-2").replace("<Order ", f"<{root} ")
    xml = xml.replace("</Order>", f"</{root}>")
    return _pdf_with({f"{root}.xml": xml.encode()})


def test_a_ubl_invoice_is_refused_with_its_order_reference():
    number = "<cbc:ID>UBL-PO-77</cbc:ID>"
    referenced = f"<cbc:ID>INV-9</cbc:ID><cac:OrderReference>{number}</cac:OrderReference>"
    with pytest.raises(PermanentExtractionError) as refused:
        _extract(_ubl_as("Invoice", UBL_ORDER.replace(number, referenced)))
    assert str(refused.value).startswith("not a purchase order: the PDF carries a UBL invoice")
    assert "no. INV-9; buyer order reference UBL-PO-77" in str(refused.value)


@pytest.mark.parametrize(
    ("root", "reason"),
    [
        ("Quotation", "not a purchase order: the PDF carries a UBL quotation"),
        (
            "RequestForQuotation",
            "not a purchase order: the PDF carries a UBL request for quotation",
        ),
        ("OrderResponseSimple", "not a purchase order: the PDF carries a UBL order response"),
        ("OrderChange", "not a new purchase order: the PDF carries a UBL order change"),
    ],
)
def test_ubl_documents_other_than_an_order_are_refused_as_what_they_are(root, reason):
    with pytest.raises(PermanentExtractionError, match=f"^{reason} "):
        _extract(_ubl_as(root))


def test_an_invoice_for_many_orders_names_the_first_five_and_counts_the_rest():
    number = "<cbc:ID>UBL-PO-77</cbc:ID>"
    orders = "".join(
        f"<cac:OrderReference><cbc:ID>PO-{n}</cbc:ID></cac:OrderReference>" for n in range(7)
    )
    with pytest.raises(PermanentExtractionError) as refused:
        _extract(_ubl_as("Invoice", UBL_ORDER.replace(number, f"<cbc:ID>INV-10</cbc:ID>{orders}")))
    assert str(refused.value).endswith(
        "no. INV-10; buyer order references PO-0, PO-1, PO-2, PO-3, PO-4 and 2 more"
    )


def test_a_ubl_order_without_a_document_currency_takes_its_amounts_currency_and_cost_centre():
    xml = UBL_ORDER.replace("<cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>", "")
    xml = xml.replace("<cbc:Note>", "<cbc:AccountingCost>CC-4410</cbc:AccountingCost><cbc:Note>")
    order = _extract(_pdf_with({"order.xml": xml.encode()})).order
    assert (order.currency, order.project_code) == ("SEK", "CC-4410")


@pytest.mark.parametrize("mode", ["local", "auto"])
def test_the_router_reads_embedded_xml_before_the_layout_reader(mode, monkeypatch):
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    extractor = build_extractor(mode, GeminiSettings.from_env())
    result = extractor.extract(Document(ORDER_X.read_bytes(), "application/pdf", "b"))
    assert (result.extractor, result.order.po_number, result.reasons) == (
        "embedded_xml",
        "PO123456789",
        [],
    )


def test_the_router_refuses_an_invoice_before_any_other_extractor_reads_it():
    require_realdocs()
    invoice = (REALDOCS / "zugferd_corpus" / "FeRD_EN16931_Einfach.pdf").read_bytes()
    with pytest.raises(PermanentExtractionError, match="^not a purchase order: .*Factur-X invoice"):
        build_extractor("local", GeminiSettings.from_env()).extract(
            Document(invoice, "application/pdf", "b")
        )


def test_a_plain_pdf_goes_to_the_layout_reader_with_no_reason_recorded_for_the_xml_step():
    pdf = (EXAMPLES / "label_value_01.pdf").read_bytes()
    result = build_extractor("local", GeminiSettings.from_env()).extract(
        Document(pdf, "application/pdf", "b")
    )
    assert (result.extractor, result.reasons) == ("local", [])


def test_gemini_mode_skips_the_embedded_xml(gemini):
    content = ORDER_X.read_bytes()
    gemini.expect(content, order("PO-READ-BY-MODEL"))
    result = build_extractor("gemini", GeminiSettings.from_env()).extract(
        Document(content, "application/pdf", "b")
    )
    assert (result.extractor, result.order.po_number) == ("gemini", "PO-READ-BY-MODEL")


def test_po_ingest_extract_shows_the_order_read_from_the_xml_and_its_flavor(capsys):
    code = main(
        ["extract", str(SAMPLES / "mustang_orderx_ex01_comfort.pdf"), "--extractor", "local"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("PO123456789  2020-03-31  SELLER_NAME  project=PROJECT_ID\n")
    assert "subtotal=310.00 allowances=31.00 charges=21.00 tax=60.00 total=360.00 EUR" in out
    assert "extractor=embedded_xml (order-x comfort) model=- accepted=True warnings=-" in out
