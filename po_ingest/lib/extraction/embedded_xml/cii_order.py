"""An Order-X (UN/CEFACT Cross Industry Order, SCRDMCCBDACIOMessageStructure) as an order."""

from __future__ import annotations

from decimal import Decimal

from lxml import etree

from po_ingest.lib.extraction.embedded_xml.values import (
    cii_date,
    decimal,
    joined,
    number,
    path,
    per_unit,
    text,
)

_TRANSACTION = "SupplyChainTradeTransaction"
_AGREEMENT = f"{_TRANSACTION}/ApplicableHeaderTradeAgreement"
_SETTLEMENT = f"{_TRANSACTION}/ApplicableHeaderTradeSettlement"
_SUMMATION = f"{_SETTLEMENT}/SpecifiedTradeSettlementHeaderMonetarySummation"
_NOT_ORDERED = ("GROUP", "INFORMATION")


def _item_code(product: etree._Element | None) -> str | None:
    # The supplier's own code first: it is what delivery notes and order responses quote.
    return (
        text(product, "SellerAssignedID")
        or text(product, "BuyerAssignedID")
        or text(product, "GlobalID")
    )


def _item(line: etree._Element, number: int) -> dict:
    product = line.find(path("SpecifiedTradeProduct"))
    net_price = line.find(path("SpecifiedLineTradeAgreement/NetPriceProductTradePrice"))
    quantity = line.find(path("SpecifiedLineTradeDelivery/RequestedQuantity"))
    line_id = text(line, "AssociatedDocumentLineDocument/LineID")
    return {
        "line_number": int(line_id) if line_id and line_id.isdigit() else number,
        "item_code": _item_code(product),
        "description": text(product, "Name") or text(product, "Description"),
        "quantity": decimal(line, "SpecifiedLineTradeDelivery/RequestedQuantity"),
        "unit": quantity.get("unitCode") if quantity is not None else None,
        "unit_price": per_unit(
            decimal(net_price, "ChargeAmount"), decimal(net_price, "BasisQuantity")
        ),
        "line_total": decimal(
            line,
            "SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount",
        ),
    }


def _tax(root: etree._Element, currency: str | None) -> Decimal | None:
    # TaxTotalAmount may be given twice (document and accounting currency): take the order's.
    amounts = root.findall(path(f"{_SUMMATION}/TaxTotalAmount"))
    chosen = next((a for a in amounts if a.get("currencyID") in (None, currency)), None)
    return number(chosen.text, "TaxTotalAmount") if chosen is not None else None


def _ordered(line: etree._Element) -> bool:
    # EXTENDED lines may be a group heading (its total is the sum of its sub-lines) or
    # information only: neither is something ordered.
    status = text(line, "AssociatedDocumentLineDocument/LineStatusReasonCode")
    return status not in _NOT_ORDERED


def read_cii_order(root: etree._Element) -> dict:
    """The order's fields in the shape of ExtractedPurchaseOrder (validated by the caller)."""
    currency = text(root, f"{_SETTLEMENT}/OrderCurrencyCode")
    lines = [
        line
        for line in root.findall(path(f"{_TRANSACTION}/IncludedSupplyChainTradeLineItem"))
        if _ordered(line)
    ]
    return {
        "po_number": text(root, "ExchangedDocument/ID"),
        "order_date": cii_date(root, "ExchangedDocument/IssueDateTime/DateTimeString"),
        "supplier_name": text(root, f"{_AGREEMENT}/SellerTradeParty/Name"),
        "project_code": text(root, f"{_AGREEMENT}/SpecifiedProcuringProject/ID"),
        "currency": currency,
        "items": [_item(line, n) for n, line in enumerate(lines, start=1)],
        "subtotal": decimal(root, f"{_SUMMATION}/LineTotalAmount"),
        "allowances": decimal(root, f"{_SUMMATION}/AllowanceTotalAmount"),
        "charges": decimal(root, f"{_SUMMATION}/ChargeTotalAmount"),
        "tax": _tax(root, currency),
        "total": decimal(root, f"{_SUMMATION}/GrandTotalAmount"),
        "notes": joined(root, "ExchangedDocument/IncludedNote/Content"),
    }
