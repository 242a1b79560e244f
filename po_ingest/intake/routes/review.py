"""/api/review (the queue) and people's changes to an order: correct (JSON merge patch),
approve, reject, reopen. Each needs the reviewer role and names who made it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Header, HTTPException, Query, Request, status
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import Reviewer, current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.order_schemas import (
    ConflictBody,
    DecisionIn,
    InvalidEditBody,
    OrderOut,
    QueuedOrderOut,
    RejectIn,
    ReviewQueue,
    RevisionOut,
)
from po_ingest.intake.routes.orders import OrderId, order_out
from po_ingest.lib.review.edits import InvalidEdit
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.store.reviews import REJECT_REASONS, Conflict, NoSuchOrder
from po_ingest.lib.users import Caller

router = APIRouter(tags=["review"], dependencies=[Reviewer])

_MAX_PATCH_BYTES = 1024 * 1024
_CHANGE_RESPONSES = {
    status.HTTP_400_BAD_REQUEST: error("If-Match is not a revision."),
    status.HTTP_403_FORBIDDEN: error("Needs the reviewer role."),
    status.HTTP_404_NOT_FOUND: error("No such purchase order."),
    status.HTTP_409_CONFLICT: {
        "model": ConflictBody,
        "description": "The order changed since your revision (see `changes_since`), or its "
        "review status does not allow this.",
    },
}
IfMatch = Annotated[
    str | None, Header(description="The revision the change starts from (the order's ETag).")
]


@router.get("/review", response_model=ReviewQueue, summary="The review queue, oldest first")
def review_queue(
    intake: Annotated[Intake, Depends(get_intake)],
    review_status: Annotated[ReviewStatus, Query()] = ReviewStatus.NEEDS_REVIEW,
    supplier: Annotated[str | None, Query(max_length=300)] = None,
    site_id: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> ReviewQueue:
    rows = intake.store.reviews.queue(
        review_status=review_status, supplier=supplier, site_id=site_id, limit=limit, offset=offset
    )
    site_names = {site.id: site.name for site in intake.store.sites.all()}
    return ReviewQueue(
        items=[QueuedOrderOut.of(row, site_names) for row in rows],
        counts=intake.store.reviews.counts(),
        limit=limit,
        offset=offset,
    )


def _revision(if_match: str | None, in_body: int | None) -> int | None:
    if if_match is None:
        return in_body
    value = if_match.strip().removeprefix("W/").strip('"')
    if not value.isdigit():
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail="If-Match is not a revision")
    return int(value)


def _changed(
    intake: Intake, order_id: int, change: Callable[[], object]
) -> OrderOut | JSONResponse:
    """Run `change`; answer the order as it is now, or what stopped the change."""
    try:
        change()
    except NoSuchOrder as exc:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=str(exc)) from None
    except InvalidEdit as exc:
        body = InvalidEditBody(detail=f"nothing was changed: {exc}", errors=exc.errors)
        return JSONResponse(body.model_dump(), status_code=status.HTTP_422_UNPROCESSABLE_CONTENT)
    except Conflict as exc:
        body = ConflictBody(
            detail=str(exc),
            revision=exc.revision,
            review_status=exc.review_status,
            changes_since=[RevisionOut(**r) for r in exc.since],
        )
        return JSONResponse(
            body.model_dump(mode="json"),
            status_code=status.HTTP_409_CONFLICT,
            headers={"ETag": f'"{exc.revision}"'},
        )
    return order_out(intake, intake.store.orders.get(order_id))


_PATCH_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            media: {"schema": {"type": "object", "additionalProperties": True}}
            for media in ("application/merge-patch+json", "application/json")
        },
        "description": "The fields to change (RFC 7396): `null` clears one, `items` replaces "
        "the lines as a whole list; `revision` may stand in for If-Match.",
    }
}


@router.patch(
    "/purchase-orders/{order_id}",
    response_model=OrderOut,
    summary="Correct an order (JSON merge patch, from a revision)",
    responses={
        **_CHANGE_RESPONSES,
        status.HTTP_400_BAD_REQUEST: error(
            "No revision given, If-Match is not a revision, or the body is not JSON."
        ),
        status.HTTP_422_UNPROCESSABLE_CONTENT: {
            "model": InvalidEditBody,
            "description": "A value is refused (per field); nothing was changed.",
        },
    },
    openapi_extra=_PATCH_BODY,
)
async def correct_order(
    order_id: OrderId,
    request: Request,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    if_match: IfMatch = None,
):
    body = await request.body()
    if len(body) > _MAX_PATCH_BYTES:
        raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE, detail="the patch is too large")
    try:
        patch = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail="the body is not JSON") from None
    given = patch.pop("revision", None) if isinstance(patch, dict) else None
    revision = _revision(if_match, given if isinstance(given, int) else None)
    if revision is None:
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST,
            detail="say which revision you edited: If-Match: <revision> or a `revision` field",
        )
    return await run_in_threadpool(
        _changed,
        intake,
        order_id,
        lambda: intake.store.reviews.correct(order_id, caller.name, revision, patch),
    )


@router.post(
    "/purchase-orders/{order_id}/approve",
    response_model=OrderOut,
    summary="Approve an order needing review: it becomes verified by you",
    responses=_CHANGE_RESPONSES,
)
def approve_order(
    order_id: OrderId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    decision: Annotated[DecisionIn | None, Body()] = None,
    if_match: IfMatch = None,
):
    revision = _revision(if_match, decision.revision if decision else None)
    approve = intake.store.reviews.approve
    return _changed(intake, order_id, lambda: approve(order_id, caller.name, revision))


@router.post(
    "/purchase-orders/{order_id}/reject",
    response_model=OrderOut,
    summary="Reject a document (not a purchase order, duplicate, illegible, other): it "
    "leaves the analytics",
    responses={**_CHANGE_RESPONSES, status.HTTP_422_UNPROCESSABLE_CONTENT: error("Bad reason.")},
)
def reject_order(
    order_id: OrderId,
    rejection: RejectIn,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    if_match: IfMatch = None,
):
    if rejection.reason not in REJECT_REASONS or (
        rejection.reason == "other" and not (rejection.text or "").strip()
    ):
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT,
            detail=f"reason must be one of {', '.join(REJECT_REASONS)}; `other` needs a text",
        )
    reason = rejection.reason + (f": {rejection.text.strip()}" if rejection.text else "")
    revision = _revision(if_match, rejection.revision)
    return _changed(
        intake,
        order_id,
        lambda: intake.store.reviews.reject(order_id, caller.name, reason, revision),
    )


@router.post(
    "/purchase-orders/{order_id}/reopen",
    response_model=OrderOut,
    summary="Send a verified or rejected order back to review",
    responses=_CHANGE_RESPONSES,
)
def reopen_order(
    order_id: OrderId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    decision: Annotated[DecisionIn | None, Body()] = None,
    if_match: IfMatch = None,
):
    revision = _revision(if_match, decision.revision if decision else None)
    reason = decision.reason if decision else None
    reopen = intake.store.reviews.reopen
    return _changed(intake, order_id, lambda: reopen(order_id, caller.name, reason, revision))
