"""/docs (Swagger UI) and /redoc, only with PO_INGEST_API_DOCS=1: pinned versions, a sandbox.

The upload page keeps its API token in the origin's localStorage, so any script on this
origin could read it. These pages load their scripts from a CDN; the `sandbox` CSP gives them
an opaque origin of their own, where the token (and any cookie) is out of reach.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse

OPENAPI_URL = "/openapi.json"
CDN = "https://cdn.jsdelivr.net"
SWAGGER_UI = f"{CDN}/npm/swagger-ui-dist@5.17.14"
REDOC = f"{CDN}/npm/redoc@2.1.5/bundles/redoc.standalone.js"
NO_FAVICON = "data:,"
TITLE = "po_ingest intake"
DOCS_PATHS = ("/docs", "/redoc")

DOCS_HEADERS = [
    (
        b"content-security-policy",
        b"sandbox allow-scripts allow-popups; default-src 'none'; "
        b"script-src " + CDN.encode() + b" 'unsafe-inline'; "
        b"style-src " + CDN.encode() + b" 'unsafe-inline'; font-src " + CDN.encode() + b"; "
        b"img-src data: " + CDN.encode() + b"; worker-src blob:; connect-src *; "
        b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
# The sandboxed pages fetch the schema cross-origin (theirs is opaque); it is public anyway.
OPENAPI_HEADERS = [(b"access-control-allow-origin", b"*")]

router = APIRouter(include_in_schema=False)


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url=OPENAPI_URL,
        title=TITLE,
        swagger_js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
        swagger_css_url=f"{SWAGGER_UI}/swagger-ui.css",
        swagger_favicon_url=NO_FAVICON,
    )


@router.get("/redoc")
def redoc() -> HTMLResponse:
    return get_redoc_html(
        openapi_url=OPENAPI_URL,
        title=TITLE,
        redoc_js_url=REDOC,
        redoc_favicon_url=NO_FAVICON,
        with_google_fonts=False,
    )
