"""Orders read by a model, stored as the pipeline would store them, on a PDF whose printed
values have known boxes: what the review page is tested on."""

from __future__ import annotations

import pymupdf

from po_ingest.lib.files import FileStore, order_key
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.models import Box, ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.store import Store

FONT_SIZE = 11
_COLUMNS = {
    "item_code": 72,
    "description": 140,
    "quantity": 330,
    "unit_price": 400,
    "line_total": 480,
}
_TOTALS = ("subtotal", "tax", "total")


def _printed(page: pymupdf.Page, text: str, x: float, y: float, page_number: int = 0) -> Box:
    page.insert_text((x, y), text, fontsize=FONT_SIZE)
    width = pymupdf.get_text_length(text, fontsize=FONT_SIZE)
    words = [
        w
        for w in page.get_text("words")
        if w[1] <= y <= w[3] + 1 and w[0] >= x - 0.5 and w[2] <= x + width + 0.5
    ]
    bbox = (min(w[0] for w in words), min(w[1] for w in words))
    return Box(page=page_number, bbox=(*bbox, max(w[2] for w in words), max(w[3] for w in words)))


def order_pdf(printed: dict) -> tuple[bytes, dict[str, Box]]:
    """A one-page PDF printing `printed` (an order's JSON) and where each value is."""
    doc = pymupdf.open()
    page = doc.new_page()
    boxes = {
        "po_number": _printed(page, printed["po_number"], 72, 72),
        "supplier_name": _printed(page, printed["supplier_name"], 72, 100),
    }
    for index, item in enumerate(printed["items"]):
        y = 160 + 20 * index
        for name, x in _COLUMNS.items():
            boxes[f"items.{index}.{name}"] = _printed(page, item[name], x, y)
    for index, name in enumerate(_TOTALS):
        boxes[name] = _printed(page, printed[name], 480, 240 + 20 * index)
    return doc.tobytes(), boxes


def store_model_read_order(store: Store, files: FileStore, printed: dict, read: dict) -> int:
    """Store `read` as Gemini's reading of a PDF printing `printed`, with its boxes; the
    order id (it needs review: read by a model)."""
    pdf, boxes = order_pdf(printed)
    batch = accept_upload(store, files, [pdf], filename=f"{printed['po_number']}.pdf")
    run_id = f"run-{batch.id}"
    assert store.batches.claim(batch.id, run_id, statuses=["pending"])
    key = order_key(batch.id, batch.content_type)
    files.copy(batch.original_file, key)
    result = ExtractionResult(
        order=ExtractedPurchaseOrder.model_validate(read),
        extractor="gemini",
        model="gemini-2.5-flash",
        warnings=["line_total_mismatch"] if read != printed else [],
        provenance=boxes,
    )
    return store.orders.persist(batch.id, run_id, result, key).order_id
