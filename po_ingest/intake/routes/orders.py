"""/api/purchase-orders: an order with its lines, and its stored original."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Response, status
from fastapi.responses import StreamingResponse

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.order_schemas import OrderOut
from po_ingest.intake.stored_files import FILE_OK, original_response
from po_ingest.lib.users import Caller

router = APIRouter(prefix="/purchase-orders", tags=["purchase orders"])

OrderId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The purchase order's id.")]


def visible_order(intake: Intake, caller: Caller, order_id: int) -> dict:
    """The order, if the caller may see it: an uploader sees the orders of their own
    batches (another's answers 404, as if it did not exist)."""
    order = intake.store.orders.get(order_id)
    if order is None or not (
        caller.sees_every_batch
        or intake.store.batches.uploaded_order(caller.name, order_id, order["batch_id"])
    ):
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no purchase order {order_id}")
    return order


def order_out(intake: Intake, order: dict) -> OrderOut:
    site = next((s for s in intake.store.sites.all() if s.id == order["site_id"]), None)
    return OrderOut.of(order, site, intake.store.reviews.history(order["id"]))


@router.get(
    "/{order_id}",
    response_model=OrderOut,
    summary="A purchase order: header, lines with their boxes, warnings, site, review, history",
    description="The `ETag` is the order's revision: send it back as `If-Match` with a change.",
    responses={status.HTTP_404_NOT_FOUND: error("No such purchase order.")},
)
def get_order(
    order_id: OrderId,
    response: Response,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> OrderOut:
    order = visible_order(intake, caller, order_id)
    response.headers["ETag"] = f'"{order["revision"]}"'
    return order_out(intake, order)


@router.get(
    "/{order_id}/file",
    response_class=StreamingResponse,
    summary="The stored original document",
    responses={
        status.HTTP_200_OK: FILE_OK,
        status.HTTP_404_NOT_FOUND: error("No such order, or it has no stored file."),
    },
)
def get_order_file(
    order_id: OrderId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> StreamingResponse:
    order = visible_order(intake, caller, order_id)
    return original_response(intake, order, f"order {order_id}", order["po_number"])
