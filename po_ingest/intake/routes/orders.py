"""/api/purchase-orders: an order with its lines, and its stored original."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import PurePath
from typing import Annotated, BinaryIO
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Path, Response, status
from fastapi.responses import StreamingResponse

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import StorageUnavailable, error
from po_ingest.intake.order_schemas import OrderOut
from po_ingest.lib.content_types import EXTENSIONS
from po_ingest.lib.files import BadKey
from po_ingest.lib.users import Caller

router = APIRouter(prefix="/purchase-orders", tags=["purchase orders"])

OrderId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The purchase order's id.")]
_CONTENT_TYPES = {extension: content_type for content_type, extension in EXTENSIONS.items()}
_BINARY = {"schema": {"type": "string", "format": "binary"}}
_CHUNK_BYTES = 256 * 1024


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
        status.HTTP_200_OK: {
            "description": "The file as uploaded, with its detected content type; its name "
            "takes the extension of that type.",
            "content": {content_type: _BINARY for content_type in EXTENSIONS},
        },
        status.HTTP_404_NOT_FOUND: error("No such order, or it has no stored file."),
    },
)
def get_order_file(
    order_id: OrderId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> StreamingResponse:
    order = visible_order(intake, caller, order_id)
    handle = open_order_file(intake, order)
    suffix = PurePath(order["file_key"]).suffix
    batch = intake.store.batches.get(order["batch_id"])
    return StreamingResponse(
        _chunks_of(handle),
        media_type=content_type_of(order),
        headers={
            "Content-Length": str(os.fstat(handle.fileno()).st_size),
            "Content-Disposition": _inline_disposition(
                _served_name(batch.original_filename if batch else None, order, suffix)
            ),
            "Cache-Control": "private, no-store",
            "X-Content-Type-Options": "nosniff",
        },
    )


def open_order_file(intake: Intake, order: dict) -> BinaryIO:
    """The order's stored original for reading: 404 when it has none or it is missing."""
    key = order["file_key"]
    if not key:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"order {order['id']} has no file")
    try:
        return intake.files.open(key)
    except (BadKey, FileNotFoundError):
        raise HTTPException(
            status.HTTP_404_NOT_FOUND, detail=f"the file of order {order['id']} is missing"
        ) from None
    except OSError as exc:
        raise StorageUnavailable(str(exc)) from exc


def content_type_of(order: dict) -> str:
    return _CONTENT_TYPES.get(PurePath(order["file_key"]).suffix, "application/octet-stream")


def _served_name(uploaded_name: str | None, order: dict, suffix: str) -> str:
    """The uploader's name with the extension of the type we detected: `report.html` holding a
    PDF is served as `report.pdf`, so no viewer treats it as a web page."""
    stem = os.path.splitext(uploaded_name)[0] if uploaded_name else ""
    return f"{stem or order['po_number']}{suffix}"


def _inline_disposition(filename: str) -> str:
    quoted = quote(filename)
    if quoted != filename:
        return f"inline; filename*=utf-8''{quoted}"
    return f'inline; filename="{filename}"'


def _chunks_of(handle: BinaryIO) -> Iterator[bytes]:
    with handle:
        while chunk := handle.read(_CHUNK_BYTES):
            yield chunk
