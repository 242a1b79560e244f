"""/api/mail-rejections: mail the mailbox intake did not import (no usable attachment, too
large, a zip, a stranger's), so a person sees that something came in and why."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import Reviewer
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.intake.schemas import MailRejectionOut, MailRejections

router = APIRouter(tags=["batches"], dependencies=[Reviewer])


@router.get(
    "/mail-rejections",
    response_model=MailRejections,
    summary="Mail not imported, newest first (reviewer)",
)
async def mail_rejections(
    intake: Annotated[Intake, Depends(get_intake)],
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> MailRejections:
    rows = await run_in_threadpool(intake.store.mail_rejections.list, limit)
    return MailRejections(items=[MailRejectionOut(**row) for row in rows])
