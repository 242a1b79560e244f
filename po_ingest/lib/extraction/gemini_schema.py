"""What Gemini is asked: the instructions and the plain JSON schema of the answer.

The schema is deliberately plain (strings, numbers, integers, booleans, arrays, nullable
fields; no defaults, no Decimal, no $ref): the full pydantic model validates the answer.
"""

from __future__ import annotations

from typing import Any

from po_ingest.lib.extraction.model_boxes import BOXES_INSTRUCTION, BOXES_SCHEMA


def _nullable(type_name: str, description: str | None = None, **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": [type_name, "null"], **extra}
    if description:
        schema["description"] = description
    return schema


_MONEY = "a plain number without currency symbol or thousands separators"

LINE_ITEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "line_number": _nullable("integer", "the printed position of the line, 1-based"),
        "item_code": _nullable("string", "the article / SKU / item number as printed"),
        "description": {"type": "string", "description": "what is ordered"},
        "quantity": _nullable("number"),
        "unit": _nullable("string", "unit of measure as printed, e.g. pcs, m, kg"),
        "unit_price": _nullable("number", _MONEY),
        "line_total": _nullable("number", _MONEY),
    },
    "required": [
        "line_number",
        "item_code",
        "description",
        "quantity",
        "unit",
        "unit_price",
        "line_total",
    ],
}

# What a document is, so that one uploaded as the wrong type says what to retry it as.
DOCUMENT_KINDS = ["purchase_order", "delivery_note", "invoice", "quote", "credit_note", "other"]
DOCUMENT_KIND: dict[str, Any] = {
    "type": "string",
    "enum": DOCUMENT_KINDS,
    "description": "what the document is",
}

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "document_kind": DOCUMENT_KIND,
        "is_purchase_order": {"type": "boolean"},
        "not_purchase_order_reason": _nullable(
            "string", "why the document is not a purchase order; null when it is one"
        ),
        "po_number": _nullable("string", "the buyer's purchase-order number as printed"),
        "order_date": _nullable("string", "the order date as YYYY-MM-DD", format="date"),
        "supplier_name": _nullable("string", "the vendor that supplies the goods"),
        "project_code": _nullable("string", "the buyer's project / site / cost-centre code"),
        "currency": _nullable("string", "ISO 4217 code such as EUR, USD, GBP"),
        "items": {"type": "array", "items": LINE_ITEM_SCHEMA},
        "subtotal": _nullable("number", _MONEY),
        "allowances": _nullable(
            "number", "document-level discounts subtracted from the subtotal, " + _MONEY
        ),
        "charges": _nullable(
            "number", "shipping, freight, handling added to the subtotal, " + _MONEY
        ),
        "tax": _nullable("number", _MONEY + "; the sum of every tax rate's amount"),
        "total": _nullable("number", _MONEY),
        "notes": _nullable("string", "delivery instructions or remarks, briefly"),
        "boxes": BOXES_SCHEMA,
    },
    "required": [
        "document_kind",
        "is_purchase_order",
        "not_purchase_order_reason",
        "po_number",
        "order_date",
        "supplier_name",
        "project_code",
        "currency",
        "items",
        "subtotal",
        "allowances",
        "charges",
        "tax",
        "total",
        "notes",
        "boxes",
    ],
}

INSTRUCTIONS = (
    """\
You extract purchase orders for an import queue.
Read the attached document and answer with JSON matching the given schema.

- The purchase-order number (po_number) is the buyer's order reference, as printed
  (labels such as "PO", "Purchase Order No.", "Order number", "Bestellnummer").
  Never use an invoice number, delivery-note number, quote number or customer number as
  po_number.
- document_kind says what the document is. If it is not a purchase order (an invoice, a
  delivery note, a quote, a letter, anything else) or prints no order number, set
  is_purchase_order to false, po_number to null, items to [], and give a short reason in
  not_purchase_order_reason.
- Copy values as printed; use null for anything that is not on the document. Do not guess.
- Dates as YYYY-MM-DD. Money and quantities as plain numbers (1234.5, not "1.234,50 €").
- One entry in items for every order line, in printed order; skip subtotal, tax, shipping
  summary rows unless they are printed as order lines.
- Between subtotal and total: allowances is the sum of the document-level discounts (a
  positive number, subtracted), charges the sum of shipping, freight, packing and handling
  (added), tax the sum of all tax amounts, so that subtotal - allowances + charges + tax =
  total. Use null for what the document does not print.
"""
    + BOXES_INSTRUCTION
)


def reask_message(error: str) -> str:
    """The follow-up turn after an answer that did not parse or validate."""
    return (
        f"Your answer was not valid: {error}\n"
        "Answer again with only the corrected JSON object matching the schema."
    )
