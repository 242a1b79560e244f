"""What the routes share: settings, the store and the file store, built once per app."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import HTTPException, Request, status

from po_ingest.intake.settings import IntakeSettings
from po_ingest.lib.files import FileStore
from po_ingest.lib.ids import is_batch_id
from po_ingest.lib.store import Store


@dataclass(frozen=True)
class Intake:
    settings: IntakeSettings
    store: Store
    files: FileStore

    @classmethod
    def build(cls, settings: IntakeSettings) -> Intake:
        return cls(settings, Store(settings.database_url), FileStore(settings.files_dir))


def get_intake(request: Request) -> Intake:
    return request.app.state.intake


def checked_batch_id(batch_id: str) -> str:
    if not is_batch_id(batch_id):
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail=f"{batch_id!r} is not a batch id")
    return batch_id
