"""/api/purchase-orders/{id}/pages/{n}.png and /api/delivery-notes/{id}/pages/{n}.png: a page
of the stored original as an image, for the review and note pages to show (and lay the
provenance boxes on)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response, status
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.routes.delivery_notes import NoteId, visible_note
from po_ingest.intake.routes.orders import OrderId, visible_order
from po_ingest.intake.stored_files import PAGE_DESCRIPTION, PAGE_RESPONSES, page_response
from po_ingest.lib.users import Caller

router = APIRouter()

PageNumber = Annotated[int, Path(ge=1, le=10_000, description="The page, from 1.")]


@router.get(
    "/purchase-orders/{order_id}/pages/{page}.png",
    response_class=Response,
    tags=["purchase orders"],
    summary="A page of the stored original as PNG",
    description=PAGE_DESCRIPTION,
    responses={
        **PAGE_RESPONSES,
        status.HTTP_404_NOT_FOUND: error("No such order, file or page."),
    },
)
async def get_page_image(
    order_id: OrderId,
    page: PageNumber,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> Response:
    order = await run_in_threadpool(visible_order, intake, caller, order_id)
    return await page_response(intake, order["file_key"], f"order {order_id}", page)


@router.get(
    "/delivery-notes/{note_id}/pages/{page}.png",
    response_class=Response,
    tags=["delivery notes"],
    summary="A page of the delivery note's stored original as PNG",
    description=PAGE_DESCRIPTION,
    responses={
        **PAGE_RESPONSES,
        status.HTTP_404_NOT_FOUND: error("No such delivery note, file or page."),
    },
)
async def get_note_page_image(
    note_id: NoteId,
    page: PageNumber,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> Response:
    note = await run_in_threadpool(visible_note, intake, caller, note_id)
    return await page_response(intake, note["file_key"], f"delivery note {note_id}", page)
