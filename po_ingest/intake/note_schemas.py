"""The API's delivery-note bodies: a note with its lines and the order lines they matched, the
list of notes, and what has arrived of an order line by line."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from pydantic import BaseModel, Field

from po_ingest.intake.order_schemas import RevisionOut, SiteOut
from po_ingest.intake.schemas import decimal_text, money_text
from po_ingest.lib.delivery_note_model import DeliveryNote
from po_ingest.lib.progress import LineStatus, OrderStatus
from po_ingest.lib.reconcile import NoteStatus
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.sites import Site

_DECIMAL = "Exact decimal as text."


def note_url(note_id: int) -> str:
    return f"/delivery-notes/{note_id}"


def order_url(order_id: int) -> str:
    return f"/orders/{order_id}"


class MatchedOrderLineOut(BaseModel):
    order_id: int
    po_number: str
    line_number: int
    description: str
    order_url: str = Field(description="The order's page.")


class DeliveryNoteLineOut(BaseModel):
    id: int = Field(description="The line's id (`PUT …/lines/{id}/match`).")
    line_number: int
    po_line_ref: int | None = Field(description="The order line number the note prints.")
    item_code: str | None
    description: str
    quantity: str = Field(description=f"Delivered. {_DECIMAL}")
    unit: str | None
    batch_or_lot: str | None
    unit_price: str | None = Field(description=_DECIMAL)
    line_total: str | None = Field(description=_DECIMAL)
    matched_order_line: MatchedOrderLineOut | None = Field(
        description="The order line it delivers against; null: none found."
    )
    order_item_id: int | None = Field(description="That order line's id (in `order_lines`).")
    method: str | None = Field(
        description="po_line_ref | item_code | description | manual | manual_none (a person "
        "said: none of the orders' lines)"
    )
    score: float | None = Field(description="How alike the descriptions are, 0–100.")
    exceptions: list[str] = Field(description="unknown_item, unit_mismatch, over_delivery, …")

    @classmethod
    def of(cls, line: dict) -> DeliveryNoteLineOut:
        matched = line["matched_order_line"]
        return cls(
            **{name: line[name] for name in ("id", "line_number", "po_line_ref", "item_code")},
            description=line["description"],
            quantity=decimal_text(line["quantity"]),
            unit=line["unit"],
            batch_or_lot=line["batch_or_lot"],
            unit_price=money_text(line["unit_price"]),
            line_total=money_text(line["line_total"]),
            matched_order_line=(
                MatchedOrderLineOut(**matched, order_url=order_url(matched["order_id"]))
                if matched
                else None
            ),
            order_item_id=line["matched_order_item_id"],
            method=line["match_method"],
            score=line["match_score"],
            exceptions=list(line["exceptions"] or []),
        )


class OrderLineChoiceOut(BaseModel):
    id: int = Field(description="The order line's id (`order_item_id` of a match).")
    order_id: int
    po_number: str
    line_number: int
    description: str
    quantity: str | None = Field(description=f"Ordered. {_DECIMAL}")
    unit: str | None


class NoteEventOut(RevisionOut):
    action: str = Field(description="approved | rejected | matched")
    changes: list[dict[str, Any]] = Field(
        description='A match: `{field: "line <n>", old, new}`, order lines as '
        "`<po_number> line <n>` (null: none)."
    )


_WEIGHTS = ("gross_weight", "tare_weight", "net_weight")
# The note's header fields answered as they are stored (the weights are decimals, as text).
_AS_STORED = (
    *(name for name in DeliveryNote.model_fields if name not in {"lines", "po_refs", *_WEIGHTS}),
    "id",
    "batch_id",
    "created_at",
    "verified_by",
    "verified_at",
    "revision",
)


class DeliveryNoteOut(BaseModel):
    id: int
    dn_number: str
    supplier_name: str | None
    dn_date: dt.date | None
    delivery_date: dt.date | None
    po_refs: list[str] = Field(description="The order numbers the note prints, as printed.")
    project_code: str | None
    site: SiteOut | None
    delivered_to: str | None
    received_by: str | None
    signature_present: bool | None
    vehicle: str | None
    carrier: str | None
    gross_weight: str | None = Field(description=_DECIMAL)
    tare_weight: str | None = Field(description=_DECIMAL)
    net_weight: str | None = Field(description=_DECIMAL)
    weight_unit: str | None
    currency: str | None
    warnings: list[str]
    match_status: NoteStatus
    exceptions: list[str] = Field(
        description="The note's: unknown_order:<ref>, unknown_item, unit_mismatch, "
        "over_delivery, order_complete."
    )
    review_status: ReviewStatus
    review_reasons: list[str]
    verified_by: str | None
    verified_at: dt.datetime | None
    revision: int = Field(description="+1 on every decision of a person.")
    batch_id: str
    created_at: dt.datetime
    extractor: str | None
    model: str | None
    file_url: str | None = Field(description="The stored original (send the token).")
    lines: list[DeliveryNoteLineOut]
    order_lines: list[OrderLineChoiceOut] = Field(
        description="The lines of the stored orders the note names: what a line may match."
    )
    history: list[NoteEventOut] = Field(description="People's decisions, oldest first.")

    @classmethod
    def of(cls, note: dict, site: Site | None) -> DeliveryNoteOut:
        extraction = json.loads(note["raw_extraction"] or "{}")
        return cls(
            **{name: note[name] for name in _AS_STORED},
            po_refs=list(note["po_refs"] or []),
            site=SiteOut.of(site) if site else None,
            **{name: decimal_text(note[name]) for name in _WEIGHTS},
            warnings=list(note["warnings"] or []),
            match_status=NoteStatus(note["match_status"]),
            exceptions=list(note["match_exceptions"] or []),
            review_status=ReviewStatus(note["review_status"]),
            review_reasons=list(note["review_reasons"] or []),
            extractor=extraction.get("extractor"),
            model=extraction.get("model"),
            file_url=f"/api/delivery-notes/{note['id']}/file" if note["file_key"] else None,
            lines=[DeliveryNoteLineOut.of(line) for line in note["lines"]],
            order_lines=[
                OrderLineChoiceOut(**choice | {"quantity": decimal_text(choice["quantity"])})
                for choice in note["order_lines"]
            ],
            history=[NoteEventOut(**event) for event in note["history"]],
        )


class NoteApproveIn(BaseModel):
    reason: str | None = Field(
        default=None, max_length=2000, description="Needed when the note over-delivered."
    )


class NoteRejectIn(BaseModel):
    reason: str = Field(max_length=2000, description="Why (required).")


class LineMatchIn(BaseModel):
    order_item_id: int | None = Field(
        ge=1,
        le=2**31 - 1,
        description="One of the note's `order_lines`; null: none of them.",
    )


class ListedNoteOut(BaseModel):
    id: int
    dn_number: str
    supplier_name: str | None
    dn_date: dt.date | None
    delivery_date: dt.date | None
    po_refs: list[str]
    match_status: NoteStatus
    exceptions: list[str]
    review_status: ReviewStatus
    batch_id: str
    created_at: dt.datetime
    note_url: str

    @classmethod
    def of(cls, row: dict) -> ListedNoteOut:
        values = {k: v for k, v in row.items() if k != "match_exceptions"}
        return cls(
            **values, exceptions=list(row["match_exceptions"] or []), note_url=note_url(row["id"])
        )


class DeliveryNoteList(BaseModel):
    items: list[ListedNoteOut] = Field(description="Newest first, or oldest (`order`).")
    limit: int
    offset: int


class DeliveringNoteOut(BaseModel):
    id: int
    dn_number: str
    quantity: str = Field(description=f"What this note delivered of the line. {_DECIMAL}")
    note_url: str


class DeliveredLineOut(BaseModel):
    line_number: int
    ordered: str | None = Field(description=f"{_DECIMAL} Null: the order gives no quantity.")
    delivered: str = Field(description=_DECIMAL)
    open: str | None = Field(description=f"Never below 0. {_DECIMAL}")
    status: LineStatus
    notes: list[DeliveringNoteOut] = Field(description="In delivery order.")


class OrderDeliveriesOut(BaseModel):
    status: OrderStatus
    lines: list[DeliveredLineOut] = Field(description="In the order's line order.")

    @classmethod
    def of(cls, deliveries: dict) -> OrderDeliveriesOut:
        return cls(
            status=OrderStatus(deliveries["status"]),
            lines=[
                DeliveredLineOut(
                    line_number=line["line_number"],
                    ordered=decimal_text(line["ordered"]),
                    delivered=decimal_text(line["delivered"]),
                    open=decimal_text(line["open"]),
                    status=LineStatus(line["status"]),
                    notes=[
                        DeliveringNoteOut(
                            id=note["id"],
                            dn_number=note["dn_number"],
                            quantity=decimal_text(note["quantity"]),
                            note_url=note_url(note["id"]),
                        )
                        for note in line["notes"]
                    ],
                )
                for line in deliveries["lines"]
            ],
        )
