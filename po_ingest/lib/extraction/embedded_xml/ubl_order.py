"""An OASIS UBL 2.x Order (the Peppol BIS order among them) as an order."""

from __future__ import annotations

from decimal import Decimal

from lxml import etree

from po_ingest.lib.extraction.embedded_xml.values import (
    decimal,
    iso_date,
    joined,
    path,
    per_unit,
    text,
)

_TOTALS = "AnticipatedMonetaryTotal"


def _item(order_line: etree._Element, number: int) -> dict:
    line = order_line.find(path("LineItem"))
    quantity = line.find(path("Quantity"))
    line_id = text(line, "ID")
    return {
        "line_number": int(line_id) if line_id and line_id.isdigit() else number,
        "item_code": text(line, "Item/SellersItemIdentification/ID")
        or text(line, "Item/BuyersItemIdentification/ID")
        or text(line, "Item/StandardItemIdentification/ID"),
        "description": text(line, "Item/Name") or text(line, "Item/Description"),
        "quantity": decimal(line, "Quantity"),
        "unit": quantity.get("unitCode") if quantity is not None else None,
        "unit_price": per_unit(
            decimal(line, "Price/PriceAmount"), decimal(line, "Price/BaseQuantity")
        ),
        "line_total": decimal(line, "LineExtensionAmount"),
    }


def _total(root: etree._Element) -> Decimal | None:
    # PayableAmount is what is left after a prepayment; the order's total includes it.
    inclusive = decimal(root, f"{_TOTALS}/TaxInclusiveAmount")
    return inclusive if inclusive is not None else decimal(root, f"{_TOTALS}/PayableAmount")


def _amounts_currency(root: etree._Element) -> str | None:
    # UBL 2.0 orders may name the currency only on their amounts (currencyID).
    amount = root.find(path(f"{_TOTALS}/LineExtensionAmount"))
    return amount.get("currencyID") if amount is not None else None


def read_ubl_order(root: etree._Element) -> dict:
    """The order's fields in the shape of ExtractedPurchaseOrder (validated by the caller)."""
    seller = root.find(path("SellerSupplierParty/Party"))
    return {
        "po_number": text(root, "ID"),
        "order_date": iso_date(root, "IssueDate"),
        "supplier_name": text(seller, "PartyName/Name")
        or text(seller, "PartyLegalEntity/RegistrationName"),
        # The buyer's project, else its cost centre: what site matching needs.
        "project_code": text(root, "ProjectReference/ID")
        or text(root, "AccountingCostCode")
        or text(root, "AccountingCost"),
        "currency": text(root, "DocumentCurrencyCode") or _amounts_currency(root),
        "items": [
            _item(line, n) for n, line in enumerate(root.findall(path("OrderLine")), start=1)
        ],
        "subtotal": decimal(root, f"{_TOTALS}/LineExtensionAmount"),
        "allowances": decimal(root, f"{_TOTALS}/AllowanceTotalAmount"),
        "charges": decimal(root, f"{_TOTALS}/ChargeTotalAmount"),
        "tax": decimal(root, "TaxTotal/TaxAmount"),
        "total": _total(root),
        "notes": joined(root, "Note"),
    }
