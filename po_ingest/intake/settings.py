"""The intake's configuration, read from the environment when the app is built."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from po_ingest.lib import settings
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES

DEFAULT_DAGSTER_UI_URL = "http://localhost:3000"
MIN_TOKEN_LENGTH = 16


class MissingApiToken(RuntimeError):
    """The API has no token to check requests against, so it must not start."""


@dataclass(frozen=True)
class IntakeSettings:
    api_token: str
    database_url: str
    files_dir: Path
    dagster_ui_url: str = DEFAULT_DAGSTER_UI_URL
    max_upload_bytes: int = MAX_UPLOAD_BYTES

    @classmethod
    def from_env(cls) -> IntakeSettings:
        return cls(
            api_token=os.environ.get("PO_INGEST_API_TOKEN", "").strip(),
            database_url=settings.database_url(),
            files_dir=settings.files_dir(),
            dagster_ui_url=(
                os.environ.get("PO_INGEST_DAGSTER_UI_URL") or DEFAULT_DAGSTER_UI_URL
            ).rstrip("/"),
        )


def check_token(token: str | None) -> None:
    if not token:
        raise MissingApiToken(
            "PO_INGEST_API_TOKEN is not set: the intake API refuses to start without a token. "
            "Set it to a long random secret (`make run` creates one in var/api_token)."
        )
    if len(token) < MIN_TOKEN_LENGTH:
        raise MissingApiToken(
            f"PO_INGEST_API_TOKEN is too short ({len(token)} characters): "
            f"use at least {MIN_TOKEN_LENGTH} random characters."
        )
