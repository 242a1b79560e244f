"""People's decisions on a delivery note: approve (an over-delivery with a reason), reject,
a line's match set or cleared. Each needs the reviewer role and names who made it; each
answers the note as it is now, its history included."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, status

from po_ingest.intake.auth import Reviewer, current_caller
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.errors import error
from po_ingest.intake.note_schemas import (
    DeliveryNoteOut,
    LineMatchIn,
    NoteApproveIn,
    NoteRejectIn,
)
from po_ingest.intake.routes.delivery_notes import NoteId, note_out
from po_ingest.lib.store.delivery_reviews import InvalidDecision, NoSuchNote, NoteConflict
from po_ingest.lib.users import Caller

router = APIRouter(tags=["delivery notes"], dependencies=[Reviewer])

LineId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The note line's id.")]
_RESPONSES = {
    status.HTTP_403_FORBIDDEN: error("Needs the reviewer role."),
    status.HTTP_404_NOT_FOUND: error("No such delivery note (or no such line on it)."),
    status.HTTP_409_CONFLICT: error("The note's review status does not allow this."),
    status.HTTP_422_UNPROCESSABLE_CONTENT: error(
        "A reason missing (a rejection, an accepted over-delivery), or an order line the note "
        "does not name; nothing changed."
    ),
}


def _decided(intake: Intake, note_id: int, decide: Callable[[], object]) -> DeliveryNoteOut:
    """Run `decide`; answer the note as it is now, or what stopped the decision."""
    try:
        decide()
    except NoSuchNote as exc:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=str(exc)) from None
    except NoteConflict as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, detail=str(exc)) from None
    except InvalidDecision as exc:
        detail = f"nothing was changed: {exc}"
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=detail) from None
    return note_out(intake, note_id)


@router.post(
    "/delivery-notes/{note_id}/approve",
    response_model=DeliveryNoteOut,
    summary="Approve a note needing review: it becomes verified by you (an over-delivery "
    "needs a reason)",
    responses=_RESPONSES,
)
def approve_note(
    note_id: NoteId,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
    decision: NoteApproveIn | None = None,
) -> DeliveryNoteOut:
    reason = decision.reason if decision else None
    approve = intake.store.deliveries.approve
    return _decided(intake, note_id, lambda: approve(note_id, caller.name, reason))


@router.post(
    "/delivery-notes/{note_id}/reject",
    response_model=DeliveryNoteOut,
    summary="Reject a note (with a reason): it delivers nothing",
    responses=_RESPONSES,
)
def reject_note(
    note_id: NoteId,
    rejection: NoteRejectIn,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> DeliveryNoteOut:
    reject = intake.store.deliveries.reject
    return _decided(intake, note_id, lambda: reject(note_id, caller.name, rejection.reason))


@router.put(
    "/delivery-notes/{note_id}/lines/{line_id}/match",
    response_model=DeliveryNoteOut,
    summary="Set a note line's order line by hand (null: none of them); kept by every rematch",
    responses=_RESPONSES,
)
def match_line(
    note_id: NoteId,
    line_id: LineId,
    match: LineMatchIn,
    intake: Annotated[Intake, Depends(get_intake)],
    caller: Annotated[Caller, Depends(current_caller)],
) -> DeliveryNoteOut:
    confirm = intake.store.deliveries.confirm_match
    return _decided(
        intake, note_id, lambda: confirm(note_id, line_id, match.order_item_id, caller.name)
    )
