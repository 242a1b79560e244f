"""The API's order bodies: an order with its lines, where each value is on the page, its
review state and history; the review queue; what a refused edit answers."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field

from po_ingest.intake.schemas import decimal_text, money_text
from po_ingest.lib.models import Box
from po_ingest.lib.review.edits import HEADER_FIELDS, ITEM_FIELDS
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.sites import Site


class SiteOut(BaseModel):
    id: int
    name: str
    project_code: str | None

    @classmethod
    def of(cls, site: Site) -> SiteOut:
        return cls(id=site.id, name=site.name, project_code=site.project_code)


class RevisionOut(BaseModel):
    revision: int
    action: str = Field(description="extracted | corrected | approved | rejected | reopened")
    user_name: str = Field(description="Who: a user, `admin` (the shared token), `pipeline`.")
    created_at: dt.datetime
    changes: list[dict[str, Any]] = Field(
        description="`{field, old, new}` per value changed; lines as `items.<i>.<field>`, "
        "a line added or removed as `items.<i>`."
    )
    reason: str | None


class OrderItemOut(BaseModel):
    line_number: int
    item_code: str | None
    description: str
    quantity: str | None = Field(description="Exact decimal as text.")
    unit: str | None
    unit_price: str | None = Field(description="Exact decimal as text.")
    line_total: str | None = Field(description="Exact decimal as text.")
    extracted_index: int | None = Field(
        description="The extracted line this is; send it back in a PATCH to keep its boxes."
    )
    provenance: dict[str, Box | None] = Field(
        description="Per field: where the extraction read it (page from 0, box in PDF points)."
    )


class OrderOut(BaseModel):
    id: int
    po_number: str
    order_date: dt.date | None
    supplier_name: str | None
    project_code: str | None
    site: SiteOut | None
    currency: str
    subtotal: str | None = Field(description="Exact decimal as text.")
    tax: str | None = Field(description="Exact decimal as text.")
    total: str | None = Field(description="Exact decimal as text.")
    allowances: str | None = Field(
        description="As extracted (not editable): the total is subtotal − allowances + "
        "charges + tax."
    )
    charges: str | None = Field(description="As extracted (not editable).")
    warnings: list[str]
    is_verified: bool
    batch_id: str
    dagster_run_id: str | None
    created_at: dt.datetime
    file_url: str | None = Field(description="The stored original (send the token).")
    items: list[OrderItemOut]
    revision: int = Field(description="Send it as `If-Match` (or `revision`) with a change.")
    review_status: ReviewStatus
    review_reasons: list[str] = Field(description="Why it needs review, or the auto rule.")
    verified_by: str | None = Field(description="The user who approved it, or `auto`.")
    verified_at: dt.datetime | None
    extractor: str | None = Field(description="embedded_xml | local | gemini")
    model: str | None
    provenance: dict[str, Box | None] = Field(
        description="Per header field: where the extraction read it, or null."
    )
    history: list[RevisionOut] = Field(description="Every change, oldest first.")

    @classmethod
    def of(cls, order: dict, site: Site | None, history: list[dict]) -> OrderOut:
        extraction = json.loads(order["raw_extraction"] or "{}")
        boxes = extraction.get("provenance") or {}
        extracted = extraction.get("order") or {}
        return cls(
            id=order["id"],
            po_number=order["po_number"],
            order_date=order["order_date"],
            supplier_name=order["supplier_name"],
            project_code=order["project_code"],
            site=SiteOut.of(site) if site else None,
            currency=order["currency"],
            subtotal=money_text(order["subtotal"]),
            tax=money_text(order["tax"]),
            total=money_text(order["total"]),
            allowances=_extracted_money(extracted, "allowances"),
            charges=_extracted_money(extracted, "charges"),
            warnings=list(order["warnings"] or []),
            is_verified=bool(order["is_verified"]),
            batch_id=order["batch_id"],
            dagster_run_id=order["dagster_run_id"],
            created_at=order["created_at"],
            file_url=f"/api/purchase-orders/{order['id']}/file" if order["file_key"] else None,
            items=[_item_out(item, boxes) for item in order["items"]],
            revision=order["revision"],
            review_status=ReviewStatus(order["review_status"]),
            review_reasons=list(order["review_reasons"] or []),
            verified_by=order["verified_by"],
            verified_at=order["verified_at"],
            extractor=extraction.get("extractor"),
            model=extraction.get("model"),
            provenance={name: boxes[name] for name in HEADER_FIELDS if name in boxes},
            history=[RevisionOut(**revision) for revision in history],
        )


def _extracted_money(extracted: dict, name: str) -> str | None:
    value = extracted.get(name)
    return None if value is None else money_text(Decimal(str(value)))


def _item_out(item: dict, boxes: dict) -> OrderItemOut:
    index = item.get("extracted_index")
    prefix = f"items.{index}."
    return OrderItemOut(
        line_number=item["line_number"],
        item_code=item["item_code"],
        description=item["description"],
        quantity=decimal_text(item["quantity"]),
        unit=item["unit"],
        unit_price=money_text(item["unit_price"]),
        line_total=money_text(item["line_total"]),
        extracted_index=index,
        provenance={
            name: boxes[prefix + name]
            for name in ITEM_FIELDS
            if index is not None and prefix + name in boxes
        },
    )


class QueuedOrderOut(BaseModel):
    id: int
    po_number: str
    supplier_name: str | None
    site_id: int | None
    site_name: str | None
    total: str | None
    currency: str
    created_at: dt.datetime
    revision: int
    review_status: ReviewStatus
    review_reasons: list[str]
    warnings: list[str]
    order_url: str

    @classmethod
    def of(cls, row: dict, site_names: dict[int, str]) -> QueuedOrderOut:
        return cls(
            **{**row, "total": money_text(row["total"])},
            site_name=site_names.get(row["site_id"]),
            order_url=f"/orders/{row['id']}",
        )


class ReviewQueue(BaseModel):
    items: list[QueuedOrderOut] = Field(description="Oldest first.")
    counts: dict[str, int] = Field(description="Orders per review status.")
    limit: int
    offset: int


class FieldError(BaseModel):
    field: str = Field(description="`supplier_name`, `items.0.quantity`, … or `body`.")
    message: str


class InvalidEditBody(BaseModel):
    detail: str
    errors: list[FieldError]


class ConflictBody(BaseModel):
    detail: str
    revision: int = Field(description="The order's revision now.")
    review_status: ReviewStatus
    changes_since: list[RevisionOut] = Field(
        description="What others changed since the revision you started from."
    )


class RejectIn(BaseModel):
    reason: str = Field(description="not_a_purchase_order | duplicate | illegible | other")
    text: str | None = Field(default=None, max_length=2000, description="Needed with `other`.")
    revision: int | None = None


class DecisionIn(BaseModel):
    revision: int | None = Field(default=None, description="Or send `If-Match`.")
    reason: str | None = Field(default=None, max_length=2000)
