"""/api/delivery-notes: a note with its lines matched to order lines, the list of notes, the
stored original; /api/purchase-orders/{id}/deliveries: what has arrived of an order."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query, status
from fastapi.responses import StreamingResponse

from po_ingest.intake.auth import current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.note_schemas import (
    DeliveryNoteList,
    DeliveryNoteOut,
    ListedNoteOut,
    OrderDeliveriesOut,
)
from po_ingest.intake.routes.orders import OrderId, visible_order
from po_ingest.intake.stored_files import FILE_OK, original_response
from po_ingest.lib.reconcile import NoteStatus
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.users import Caller

router = APIRouter(tags=["delivery notes"])

NoteId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The delivery note's id.")]
_NO_NOTE = {status.HTTP_404_NOT_FOUND: error("No such delivery note.")}


def visible_note(intake: Intake, caller: Caller, note_id: int) -> dict:
    """The note with its matches, if the caller may see it: an uploader sees the notes of
    their own batches (another's answers 404, as if it did not exist)."""
    note = intake.store.deliveries.view(note_id)
    if note is None or not (
        caller.sees_every_batch
        or intake.store.batches.uploaded_note(caller.name, note_id, note["batch_id"])
    ):
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no delivery note {note_id}")
    return note


@router.get(
    "/delivery-notes",
    response_model=DeliveryNoteList,
    summary="Delivery notes, newest (or oldest) first (an uploader's own only)",
)
def list_notes(
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    review_status: Annotated[ReviewStatus | None, Query()] = None,
    match_status: Annotated[NoteStatus | None, Query()] = None,
    order: Annotated[
        Literal["newest", "oldest"], Query(description="`oldest`: first in, first listed.")
    ] = "newest",
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> DeliveryNoteList:
    rows = intake.store.deliveries.list(
        review_status=review_status.value if review_status else None,
        match_status=match_status.value if match_status else None,
        uploaded_by=None if caller.sees_every_batch else caller.name,
        oldest_first=order == "oldest",
        limit=limit,
        offset=offset,
    )
    return DeliveryNoteList(items=[ListedNoteOut.of(r) for r in rows], limit=limit, offset=offset)


@router.get(
    "/delivery-notes/{note_id}",
    response_model=DeliveryNoteOut,
    summary="A delivery note: header, lines with the order lines they matched, exceptions",
    responses=_NO_NOTE,
)
def get_note(
    note_id: NoteId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> DeliveryNoteOut:
    return _out(intake, visible_note(intake, caller, note_id))


def _out(intake: Intake, note: dict) -> DeliveryNoteOut:
    site = next((s for s in intake.store.sites.all() if s.id == note["site_id"]), None)
    return DeliveryNoteOut.of(note, site)


def note_out(intake: Intake, note_id: int) -> DeliveryNoteOut:
    """The note as the API answers it (to a caller who sees every note)."""
    note = intake.store.deliveries.view(note_id)
    if note is None:  # removed since it was changed
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no delivery note {note_id}")
    return _out(intake, note)


@router.get(
    "/delivery-notes/{note_id}/file",
    response_class=StreamingResponse,
    summary="The delivery note's stored original",
    responses={
        status.HTTP_200_OK: FILE_OK,
        status.HTTP_404_NOT_FOUND: error("No such delivery note, or it has no stored file."),
    },
)
def get_note_file(
    note_id: NoteId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> StreamingResponse:
    note = visible_note(intake, caller, note_id)
    return original_response(intake, note, f"delivery note {note_id}", note["dn_number"])


@router.get(
    "/purchase-orders/{order_id}/deliveries",
    response_model=OrderDeliveriesOut,
    tags=["purchase orders"],
    summary="What has arrived of an order, line by line, and the notes that delivered it",
    description="Lines in the order's line order; each line's notes in delivery order. "
    "`status`: not_delivered | partial | complete | over (any line over).",
    responses={status.HTTP_404_NOT_FOUND: error("No such purchase order.")},
)
def get_order_deliveries(
    order_id: OrderId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> OrderDeliveriesOut:
    visible_order(intake, caller, order_id)
    deliveries = intake.store.deliveries.order_deliveries(order_id)
    if deliveries is None:  # removed since it was read
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"no purchase order {order_id}")
    return OrderDeliveriesOut.of(deliveries)
