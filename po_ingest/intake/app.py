"""The FastAPI app: /api under a bearer token, the pages and their static files public, the
schema at /openapi.json (and /docs, /redoc with PO_INGEST_API_DOCS=1)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from po_ingest.intake.auth import require_token
from po_ingest.intake.deps import Intake
from po_ingest.intake.errors import COMMON_RESPONSES, install_error_handlers
from po_ingest.intake.routes import (
    alerts,
    batches,
    delivery_notes,
    delivery_review,
    docs,
    imports,
    mail,
    orders,
    page_images,
    pages,
    review,
)
from po_ingest.intake.settings import IntakeSettings, check_token

# The pages load only their own scripts and styles, and show originals as blob: URLs.
_PAGE_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' blob: data:; frame-src blob:; object-src 'none'; "
        b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def _headers_for(path: str) -> list[tuple[bytes, bytes]]:
    if path.startswith("/api/"):
        return []
    if path == docs.OPENAPI_URL:
        return docs.OPENAPI_HEADERS
    if path in docs.DOCS_PATHS:
        return docs.DOCS_HEADERS
    return _PAGE_HEADERS


class SecurityHeaders:
    """A strict CSP and friends on the pages and static files, a sandbox on /docs and /redoc."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        extra = _headers_for(scope.get("path", "")) if scope["type"] == "http" else []
        if not extra:
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(settings: IntakeSettings) -> FastAPI:
    check_token(settings.api_token)
    app = FastAPI(
        title="po_ingest intake",
        version="1.0",
        description=(
            "Upload purchase orders (PDF or photo) into the import queue and follow each batch "
            "until its order is stored; import timesheets and fuel logs (CSV) at once. "
            "Every /api route needs `Authorization: Bearer <token>`."
        ),
        openapi_url=docs.OPENAPI_URL,
        docs_url=None,
        redoc_url=None,
    )
    app.state.intake = Intake.build(settings)

    api = APIRouter(
        prefix="/api", dependencies=[Depends(require_token)], responses=COMMON_RESPONSES
    )
    api.include_router(alerts.router)
    api.include_router(batches.router)
    api.include_router(imports.router)
    api.include_router(mail.router)
    api.include_router(orders.router)
    api.include_router(delivery_notes.router)
    api.include_router(delivery_review.router)
    api.include_router(page_images.router)
    api.include_router(review.router)
    app.include_router(api)
    app.include_router(pages.router)
    if settings.api_docs:
        app.include_router(docs.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC_DIR), name="static")
    install_error_handlers(app)
    app.add_middleware(SecurityHeaders)
    return app
