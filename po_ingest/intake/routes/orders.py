"""/api/purchase-orders: an order with its lines, and its stored original."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, status
from fastapi.responses import FileResponse

from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import StorageUnavailable, error
from po_ingest.intake.schemas import OrderOut
from po_ingest.lib.content_types import EXTENSIONS

router = APIRouter(prefix="/purchase-orders", tags=["purchase orders"])

OrderId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The purchase order's id.")]
_CONTENT_TYPES = {extension: content_type for content_type, extension in EXTENSIONS.items()}
_BINARY = {"schema": {"type": "string", "format": "binary"}}


def _order(intake: Intake, order_id: int) -> dict:
    order = intake.store.orders.get(order_id)
    if order is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no purchase order {order_id}")
    return order


@router.get(
    "/{order_id}",
    response_model=OrderOut,
    summary="A purchase order: header, lines, warnings, site",
    responses={status.HTTP_404_NOT_FOUND: error("No such purchase order.")},
)
def get_order(order_id: OrderId, intake: Annotated[Intake, Depends(get_intake)]) -> OrderOut:
    order = _order(intake, order_id)
    site = next((s for s in intake.store.sites.all() if s.id == order["site_id"]), None)
    return OrderOut.of(order, site)


@router.get(
    "/{order_id}/file",
    response_class=FileResponse,
    summary="The stored original document",
    responses={
        status.HTTP_200_OK: {
            "description": "The file as uploaded, with its detected content type.",
            "content": {content_type: _BINARY for content_type in EXTENSIONS},
        },
        status.HTTP_404_NOT_FOUND: error("No such order, or it has no stored file."),
    },
)
def get_order_file(order_id: OrderId, intake: Annotated[Intake, Depends(get_intake)]):
    order = _order(intake, order_id)
    key = order["file_key"]
    if not key:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"order {order_id} has no file")
    path = intake.files.path(key)
    try:
        if not path.is_file():
            raise HTTPException(
                status.HTTP_404_NOT_FOUND, detail=f"the file of order {order_id} is missing"
            )
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc
    batch = intake.store.batches.get(order["batch_id"])
    name = (batch.original_filename if batch else None) or f"{order['po_number']}{path.suffix}"
    return FileResponse(
        path,
        media_type=_CONTENT_TYPES.get(path.suffix, "application/octet-stream"),
        filename=name,
        content_disposition_type="inline",
        headers={"Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"},
    )
