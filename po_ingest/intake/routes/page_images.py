"""/api/purchase-orders/{id}/pages/{n}.png: a page of the stored original as an image, for
the review page to lay the provenance boxes on."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Response, status
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.routes.orders import OrderId, content_type_of, open_order_file, visible_order
from po_ingest.lib.extraction.base import PermanentExtractionError
from po_ingest.lib.page_images import RENDER_SCALE, NoSuchPage, page_image
from po_ingest.lib.users import Caller

router = APIRouter(prefix="/purchase-orders", tags=["purchase orders"])

PageNumber = Annotated[int, Path(ge=1, le=10_000, description="The page, from 1.")]


@router.get(
    "/{order_id}/pages/{page}.png",
    response_class=Response,
    summary="A page of the stored original as PNG",
    description=f"A PDF page is rendered at {RENDER_SCALE}× (a provenance box in PDF points is "
    f"at {RENDER_SCALE}× its coordinates in pixels; a box's page 0 is page 1 here); a photo "
    "is shown upright. `X-Page-Count` says how many pages the document has.",
    responses={
        status.HTTP_200_OK: {"content": {"image/png": {"schema": {"type": "string"}}}},
        status.HTTP_404_NOT_FOUND: error("No such order, file or page."),
        status.HTTP_422_UNPROCESSABLE_CONTENT: error("The stored file cannot be read."),
    },
)
async def get_page_image(
    order_id: OrderId,
    page: PageNumber,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> Response:
    order = await run_in_threadpool(visible_order, intake, caller, order_id)
    with open_order_file(intake, order) as handle:
        content = await run_in_threadpool(handle.read)
    try:
        image = await run_in_threadpool(page_image, content, content_type_of(order), page - 1)
    except NoSuchPage as exc:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=str(exc)) from None
    except PermanentExtractionError as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc)) from None
    return Response(
        image.png,
        media_type="image/png",
        headers={
            "X-Page-Count": str(image.page_count),
            "Cache-Control": "private, max-age=300",
            "X-Content-Type-Options": "nosniff",
        },
    )
