"""What Gemini is asked about a delivery note: the instructions and the plain JSON schema of
the answer (plain as the order's: the pydantic model validates the answer)."""

from __future__ import annotations

from typing import Any

from po_ingest.lib.extraction.gemini_schema import DOCUMENT_KIND, _nullable
from po_ingest.lib.extraction.model_boxes import BOXES_INSTRUCTION, BOXES_SCHEMA

_QUANTITY = "a plain number without thousands separators"

NOTE_LINE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "line_number": _nullable("integer", "the printed position of the line, 1-based"),
        "po_line_ref": _nullable("integer", "the order's line number this line delivers"),
        "item_code": _nullable("string", "the article / SKU / item number as printed"),
        "description": {"type": "string", "description": "what was delivered"},
        "quantity": {"type": "number", "description": "the quantity delivered, " + _QUANTITY},
        "unit": _nullable("string", "unit of measure as printed, e.g. pcs, t, m3"),
        "batch_or_lot": _nullable("string", "batch, lot or charge number"),
        "unit_price": _nullable("number", "only on a valued note, " + _QUANTITY),
        "line_total": _nullable("number", "only on a valued note, " + _QUANTITY),
    },
    "required": [
        "line_number",
        "po_line_ref",
        "item_code",
        "description",
        "quantity",
        "unit",
        "batch_or_lot",
        "unit_price",
        "line_total",
    ],
}

_HEADER: dict[str, Any] = {
    "dn_number": _nullable("string", "the delivery note / docket / ticket number as printed"),
    "dn_date": _nullable("string", "the note's date as YYYY-MM-DD", format="date"),
    "delivery_date": _nullable("string", "the day the goods arrived as YYYY-MM-DD", format="date"),
    "supplier_name": _nullable("string", "the company that delivered"),
    "po_refs": {
        "type": "array",
        "items": {"type": "string"},
        "description": "every purchase-order number printed on the note, as printed",
    },
    "project_code": _nullable("string", "the buyer's project / site code"),
    "delivered_to": _nullable("string", "the delivery address"),
    "received_by": _nullable("string", "the name of the person who received the goods"),
    "signature_present": _nullable("boolean", "whether the receipt is signed"),
    "vehicle": _nullable("string", "the vehicle registration"),
    "carrier": _nullable("string", "the haulier / carrier"),
    "gross_weight": _nullable("number", "weighbridge gross weight, " + _QUANTITY),
    "tare_weight": _nullable("number", "weighbridge tare weight, " + _QUANTITY),
    "net_weight": _nullable("number", "weighbridge net weight, " + _QUANTITY),
    "weight_unit": _nullable("string", "kg or t, as printed"),
    "currency": _nullable("string", "ISO 4217 code, only on a valued note"),
}

NOTE_ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "document_kind": DOCUMENT_KIND,
        "not_delivery_note_reason": _nullable(
            "string", "why the document is not a delivery note; null when it is one"
        ),
        **_HEADER,
        "lines": {"type": "array", "items": NOTE_LINE_SCHEMA},
        "boxes": BOXES_SCHEMA,
    },
    "required": ["document_kind", "not_delivery_note_reason", *_HEADER, "lines", "boxes"],
}

NOTE_INSTRUCTIONS = (
    """\
You extract delivery notes (delivery dockets, Lieferscheine, weighbridge tickets, packing
slips) for an import queue. Read the attached document and answer with JSON matching the
given schema.

- document_kind says what the document is. If it is not a delivery note (a purchase order,
  an invoice, a quote, anything else), set lines to [] and give a short reason in
  not_delivery_note_reason.
- dn_number is the note's own number as printed ("Delivery note No.", "Docket", "Ticket",
  "Lieferschein-Nr."); never an order, invoice or customer number.
- po_refs lists every purchase-order number the note prints ("Your order", "PO No.",
  "Ihre Bestellung"), as printed; [] if none.
- Copy values as printed; use null for anything that is not on the document. Do not guess.
- Dates as YYYY-MM-DD. Quantities as plain numbers (1234.5, not "1.234,50").
- One entry in lines for every delivered line, in printed order, with the delivered
  quantity; weights only where the note prints them.
"""
    + BOXES_INSTRUCTION
)
