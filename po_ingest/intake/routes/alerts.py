"""/api/alerts: the conditions open now (queue stalled, model down, …), for the admins' banner
on the pages and for monitoring."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Depends
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from po_ingest.intake.auth import require_role
from po_ingest.intake.deps import Intake, get_intake
from po_ingest.lib.users import Role

router = APIRouter(tags=["alerts"], dependencies=[require_role(Role.ADMIN)])


class OpenConditionOut(BaseModel):
    kind: str
    subject: str
    severity: str
    title: str
    opened_at: dt.datetime


class OpenAlerts(BaseModel):
    open: list[OpenConditionOut]


@router.get("/alerts", response_model=OpenAlerts, summary="Alert conditions open now (admin)")
async def open_alerts(intake: Annotated[Intake, Depends(get_intake)]) -> OpenAlerts:
    rows = await run_in_threadpool(intake.store.alerts.open_conditions)
    return OpenAlerts(open=[OpenConditionOut(**row) for row in rows])
