"""What the routes share: settings, the store, the file store and the upload slots, built
once per app."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import HTTPException, Request, status

from po_ingest.intake.callers import Callers
from po_ingest.intake.settings import IntakeSettings
from po_ingest.intake.upload_slots import UploadSlots
from po_ingest.lib.files import FileStore
from po_ingest.lib.ids import is_batch_id
from po_ingest.lib.store import Store


@dataclass(frozen=True)
class Intake:
    settings: IntakeSettings
    store: Store
    files: FileStore
    uploads: UploadSlots
    callers: Callers

    @classmethod
    def build(cls, settings: IntakeSettings) -> Intake:
        store = Store(settings.database_url)
        return cls(
            settings,
            store,
            FileStore(settings.files_dir),
            UploadSlots(settings.max_concurrent_uploads, settings.upload_idle_seconds),
            Callers(settings.api_token, store.users.caller_for),
        )


async def get_intake(request: Request) -> Intake:
    """Async, as every dependency here: a sync one would wait for a thread of the shared pool."""
    return request.app.state.intake


def checked_batch_id(batch_id: str) -> str:
    if not is_batch_id(batch_id):
        raise HTTPException(status.HTTP_400_BAD_REQUEST, detail=f"{batch_id!r} is not a batch id")
    return batch_id
