"""The upload, order, delivery-note and review pages: plain files, public (the API behind them is not)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
def upload_page() -> FileResponse:
    return FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/orders/{order_id}")
def order_page(order_id: str) -> FileResponse:
    return FileResponse(STATIC_DIR / "order.html", headers={"Cache-Control": "no-cache"})


@router.get("/delivery-notes/{note_id}")
def delivery_note_page(note_id: str) -> FileResponse:
    return FileResponse(STATIC_DIR / "delivery_note.html", headers={"Cache-Control": "no-cache"})


@router.get("/review")
def review_page() -> FileResponse:
    return FileResponse(STATIC_DIR / "review.html", headers={"Cache-Control": "no-cache"})


@router.get("/review/{order_id}")
def review_order_page(order_id: str) -> FileResponse:
    return review_page()
