"""Errors every route may answer, and the handlers that turn exceptions into them."""

from __future__ import annotations

import logging

import sqlalchemy as sa
from fastapi import FastAPI, Request, status
from fastapi.responses import JSONResponse

from po_ingest.intake.schemas import ErrorBody
from po_ingest.lib.store import StoreUnavailable

log = logging.getLogger("po_ingest.intake")
RETRY_AFTER_SECONDS = 5

# The database cannot be reached or refused the statement for a reason outside the request
# (server down, connection lost, SQLite locked or its tables missing): try again later.
DATABASE_UNAVAILABLE = (
    sa.exc.OperationalError,
    sa.exc.InterfaceError,
    sa.exc.TimeoutError,
    StoreUnavailable,
)


class StorageUnavailable(RuntimeError):
    """The file store cannot be written or read (disk full, missing, read-only)."""


def error(description: str) -> dict:
    """An OpenAPI `responses` entry for an error answered with `{"detail": "…"}`."""
    return {"model": ErrorBody, "description": description}


COMMON_RESPONSES = {
    status.HTTP_401_UNAUTHORIZED: error("Missing, wrong or revoked token."),
    status.HTTP_503_SERVICE_UNAVAILABLE: error("Database or file store unavailable."),
}


def _unavailable(what: str) -> JSONResponse:
    return JSONResponse(
        {"detail": f"{what} is unavailable; nothing was stored, try again shortly"},
        status_code=status.HTTP_503_SERVICE_UNAVAILABLE,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def install_error_handlers(app: FastAPI) -> None:
    async def database_down(request: Request, exc: Exception) -> JSONResponse:
        log.error("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        return _unavailable("the database")

    async def storage_down(request: Request, exc: Exception) -> JSONResponse:
        log.error("file store unavailable on %s %s: %s", request.method, request.url.path, exc)
        return _unavailable("the file store")

    for exc_class in DATABASE_UNAVAILABLE:
        app.add_exception_handler(exc_class, database_down)
    app.add_exception_handler(StorageUnavailable, storage_down)
