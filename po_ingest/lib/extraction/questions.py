"""What the model is asked per document type, and how its answer becomes that type's result:
one GeminiExtractor serves orders and delivery notes alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteExtraction
from po_ingest.lib.extraction.base import PermanentExtractionError, looks_like
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.extraction.gemini_note_schema import NOTE_ANSWER_SCHEMA, NOTE_INSTRUCTIONS
from po_ingest.lib.extraction.gemini_schema import ANSWER_SCHEMA, INSTRUCTIONS
from po_ingest.lib.extraction.grounding import NOTE_SHAPE, ORDER_SHAPE, Shape
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionRecord, ExtractionResult

PURCHASE_ORDERS = "purchase_orders"
DELIVERY_NOTES = "delivery_notes"


class InvalidAnswer(Exception):
    """The model's answer does not validate: worth one re-ask."""


def wrong_type(kind: str) -> PermanentExtractionError:
    """The upload's type is not what the document is: say what to retry it as."""
    return PermanentExtractionError(looks_like(kind))


def _validated(model: type[BaseModel], data: dict) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [
            f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}"
            for e in exc.errors()[:5]
        ]
        raise InvalidAnswer("; ".join(problems)) from None


def _read_order(data: dict, default_currency: str) -> ExtractedPurchaseOrder:
    if not isinstance(data.get("is_purchase_order"), bool):
        raise InvalidAnswer("is_purchase_order: must be true or false")
    if not data["is_purchase_order"] or not data.get("po_number"):
        if data.get("document_kind") == "delivery_note":
            raise wrong_type("delivery_note")
        reason = data.get("not_purchase_order_reason") or "no purchase-order number found"
        raise PermanentExtractionError(f"not a purchase order: {reason}")
    if data.get("items") == []:
        raise PermanentExtractionError("no line items found")
    if data.get("currency") is None:
        data["currency"] = default_currency
    return _validated(ExtractedPurchaseOrder, data)


def _read_note(data: dict, default_currency: str) -> DeliveryNote:
    kind = data.get("document_kind")
    if kind == "purchase_order":
        raise wrong_type("purchase_order")
    if kind != "delivery_note":
        reason = data.get("not_delivery_note_reason") or f"it is {kind or 'something else'}"
        raise PermanentExtractionError(f"not a delivery note: {reason}")
    if not data.get("dn_number"):
        raise PermanentExtractionError("not a delivery note: no delivery-note number printed")
    if data.get("lines") == []:
        raise PermanentExtractionError("no delivered lines found")
    return _validated(DeliveryNote, data)


@dataclass(frozen=True)
class Question:
    batch_type: str
    schema: dict[str, Any]
    instructions: str
    # The answer (a JSON object) → the document; PermanentExtractionError or InvalidAnswer.
    read: Callable[[dict, str], BaseModel]
    # The document and the extraction's own fields → the type's result.
    result: Callable[..., ExtractionRecord]
    warnings: Callable[[Any], list[str]]
    shape: Shape  # the value keys the model's boxes are given for


QUESTIONS = {
    PURCHASE_ORDERS: Question(
        PURCHASE_ORDERS,
        ANSWER_SCHEMA,
        INSTRUCTIONS,
        _read_order,
        lambda order, **record: ExtractionResult(order=order, **record),
        arithmetic_warnings,
        ORDER_SHAPE,
    ),
    DELIVERY_NOTES: Question(
        DELIVERY_NOTES,
        NOTE_ANSWER_SCHEMA,
        NOTE_INSTRUCTIONS,
        _read_note,
        lambda note, **record: DeliveryNoteExtraction(note=note, **record),
        lambda note: [],
        NOTE_SHAPE,
    ),
}


def question_for(batch_type: str) -> Question:
    try:
        return QUESTIONS[batch_type]
    except KeyError:
        raise PermanentExtractionError(f"no extraction for batch type {batch_type!r}") from None
