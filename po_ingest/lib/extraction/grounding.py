"""Every value of a result grounded in the page: its provenance, and a warning where a
model's value is not printed on a digital PDF.

An item's cells are looked for in the row of the page that holds the item's description
(or code), header fields above the item table, totals below it; where the row is known and
the value is not in it, the value is not grounded (a quantity printed on another line does
not vouch for this one).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.documents import open_pdf
from po_ingest.lib.extraction.provenance import Hit, PrintedValues
from po_ingest.lib.models import Box, ExtractedPurchaseOrder, ExtractionResult, LineItem

HEADER_FIELDS = ("po_number", "order_date", "supplier_name", "project_code", "currency")
TOTAL_FIELDS = ("subtotal", "allowances", "charges", "tax", "total")
ITEM_FIELDS = tuple(LineItem.model_fields)
NOT_GROUNDED = "not_grounded"
# A row starts half a line above its description's first line (cells aligned to its middle).
_ROW_LEAD_IN_LINES = 0.5


def printed_keys(order: ExtractedPurchaseOrder) -> list[str]:
    """The provenance keys of `order`: one per non-null field and line cell."""
    keys = [f for f in (*HEADER_FIELDS, *TOTAL_FIELDS) if getattr(order, f) is not None]
    for index, item in enumerate(order.items):
        keys += [f"items.{index}.{f}" for f in ITEM_FIELDS if getattr(item, f) is not None]
    return keys


def _hits(printed: PrintedValues, field: str, value: object) -> list[Hit]:
    if field == "currency":
        return printed.currency(str(value))
    if isinstance(value, dt.date):
        return printed.date(value)
    if isinstance(value, (Decimal, int)):
        return printed.amount(Decimal(value))
    return printed.text(str(value))


def _box(hit: Hit | None) -> Box | None:
    return None if hit is None else Box(page=hit.page, bbox=hit.bbox)


class _Row:
    """The band of a page an item's cells are printed in."""

    def __init__(self, anchor: Hit, anchors: list[Hit]):
        height = anchor.bbox[3] - anchor.bbox[1]
        self.page, self.middle = anchor.page, (anchor.bbox[1] + anchor.bbox[3]) / 2
        self.top = anchor.bbox[1] - _ROW_LEAD_IN_LINES * height
        below = [a.bbox[1] for a in anchors if a.page == self.page and a.bbox[1] > anchor.bbox[3]]
        self.bottom = min(below, default=anchor.bbox[3] + height)

    def best(self, hits: list[Hit]) -> Hit | None:
        inside = [h for h in hits if h.page == self.page and self.top <= _middle(h) < self.bottom]
        return min(inside, key=lambda h: (abs(_middle(h) - self.middle), h.bbox[0]), default=None)


def _middle(hit: Hit) -> float:
    return (hit.bbox[1] + hit.bbox[3]) / 2


def _anchors(printed: PrintedValues, items: list[LineItem]) -> list[Hit | None]:
    """Per item, where its description (else its code) is printed, in the items' order."""
    anchors: list[Hit | None] = []
    after = -1
    for item in items:
        hits = printed.text(item.description)
        if not hits and item.item_code:
            hits = printed.text(item.item_code)
        anchor = next((h for h in hits if h.order > after), hits[0] if hits else None)
        if anchor is not None:
            after = anchor.order
        anchors.append(anchor)
    return anchors


def locate(printed: PrintedValues, order: ExtractedPurchaseOrder) -> dict[str, Box | None]:
    """Provenance for every non-null value of `order`."""
    found: dict[str, Box | None] = {}
    anchors = _anchors(printed, order.items)
    placed = [a for a in anchors if a is not None]
    table_start = min((a.order for a in placed), default=len(printed.words))
    table_end = max((a.order for a in placed), default=-1)
    for field in HEADER_FIELDS:
        value = getattr(order, field)
        if value is not None:
            hits = _hits(printed, field, value)
            above = [h for h in hits if h.order < table_start]
            found[field] = _box((above or hits or [None])[0])
    for field in TOTAL_FIELDS:
        value = getattr(order, field)
        if value is not None:
            hits = _hits(printed, field, value)
            below = [h for h in hits if h.order > table_end]
            found[field] = _box((below or hits or [None])[0])
    for index, (item, anchor) in enumerate(zip(order.items, anchors, strict=True)):
        row = _Row(anchor, placed) if anchor is not None else None
        for field in ITEM_FIELDS:
            value = getattr(item, field)
            if value is None:
                continue
            hits = _hits(printed, field, value)
            best = row.best(hits) if row is not None else (hits or [None])[0]
            found[f"items.{index}.{field}"] = _box(best)
    return found


def ground(result: ExtractionResult, document: Document) -> ExtractionResult:
    """`result` with provenance for each of its values on a digital PDF (what the extractor
    gave kept) and, for a model's result, `not_grounded:<key>` for each value not printed."""
    if document.content_type.split(";")[0].strip().lower() != "application/pdf":
        return result
    keys = printed_keys(result.order)
    with open_pdf(document.content) as pdf:
        printed = PrintedValues(pdf)
    if not printed.has_text_layer:
        return result
    missing = [k for k in keys if k not in result.provenance]
    located = locate(printed, result.order) if missing else {}
    provenance = {k: result.provenance[k] if k in result.provenance else located[k] for k in keys}
    warnings = list(result.warnings)
    if result.extractor == "gemini":
        warnings += [f"{NOT_GROUNDED}:{k}" for k in keys if provenance[k] is None]
    return result.model_copy(update={"provenance": provenance, "warnings": warnings})
