"""The intake's configuration, read from the environment when the app is built."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from po_ingest.lib import settings
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES
from po_ingest.lib.tokens import HOW_TO_MAKE_ONE, token_problem

DEFAULT_DAGSTER_UI_URL = "http://localhost:3000"
# More uploads than this at once are answered 503 (each holds a worker thread while it arrives).
DEFAULT_MAX_CONCURRENT_UPLOADS = 256
# A phone on a building site's network stalls for seconds, not for half a minute.
DEFAULT_UPLOAD_IDLE_SECONDS = 30.0


class ApiTokenRefused(RuntimeError):
    """The API has no fit token to check requests against, so it must not start."""


@dataclass(frozen=True)
class IntakeSettings:
    api_token: str
    database_url: str
    files_dir: Path
    dagster_ui_url: str = DEFAULT_DAGSTER_UI_URL
    max_upload_bytes: int = MAX_UPLOAD_BYTES
    max_concurrent_uploads: int = DEFAULT_MAX_CONCURRENT_UPLOADS
    upload_idle_seconds: float = DEFAULT_UPLOAD_IDLE_SECONDS
    api_docs: bool = False

    @classmethod
    def from_env(cls) -> IntakeSettings:
        return cls(
            api_token=os.environ.get("PO_INGEST_API_TOKEN", "").strip(),
            database_url=settings.database_url(),
            files_dir=settings.files_dir(),
            dagster_ui_url=(
                os.environ.get("PO_INGEST_DAGSTER_UI_URL") or DEFAULT_DAGSTER_UI_URL
            ).rstrip("/"),
            max_concurrent_uploads=int(
                os.environ.get("PO_INGEST_MAX_CONCURRENT_UPLOADS") or DEFAULT_MAX_CONCURRENT_UPLOADS
            ),
            upload_idle_seconds=float(
                os.environ.get("PO_INGEST_UPLOAD_IDLE_SECONDS") or DEFAULT_UPLOAD_IDLE_SECONDS
            ),
            api_docs=os.environ.get("PO_INGEST_API_DOCS", "") == "1",
        )


def check_token(token: str | None) -> None:
    if not token:
        raise ApiTokenRefused(
            "PO_INGEST_API_TOKEN is not set: the intake API refuses to start without a token. "
            f"Set it to a long random secret ({HOW_TO_MAKE_ONE}; `make run` creates one in "
            "var/api_token)."
        )
    problem = token_problem(token)
    if problem:
        raise ApiTokenRefused(
            f"PO_INGEST_API_TOKEN is refused: {problem}. Use a long random secret; "
            f"{HOW_TO_MAKE_ONE}"
        )
