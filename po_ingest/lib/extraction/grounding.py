"""Every value of a result grounded in the page: its provenance, and a warning where a
model's value is not printed on a digital PDF.

An item's cells are looked for in the row of the page that holds the item's description
(or code), header fields above the item table, totals below it; where the row is known and
the value is not in it, the value is not grounded (a quantity printed on another line does
not vouch for this one).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from pydantic import BaseModel

from po_ingest.lib.delivery_note_model import (
    NOTE_FIELDS,
    NOTE_LINE_FIELDS,
    DeliveryNoteExtraction,
)
from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.documents import open_pdf
from po_ingest.lib.extraction.provenance import Hit, PrintedValues
from po_ingest.lib.models import Box, ExtractionRecord, LineItem

NOT_GROUNDED = "not_grounded"
# A row starts half a line above its description's first line (cells aligned to its middle).
_ROW_LEAD_IN_LINES = 0.5


@dataclass(frozen=True)
class Shape:
    """Where a document type prints its values: header fields above its table (a list field
    such as a note's order numbers has one key per entry, `po_refs.0`), totals below it, and
    its lines (`items` or `lines`) in it."""

    header: tuple[str, ...]
    totals: tuple[str, ...]
    lines: str
    line_fields: tuple[str, ...]


ORDER_SHAPE = Shape(
    header=("po_number", "order_date", "supplier_name", "project_code", "currency"),
    totals=("subtotal", "allowances", "charges", "tax", "total"),
    lines="items",
    line_fields=tuple(LineItem.model_fields),
)
NOTE_SHAPE = Shape(
    header=NOTE_FIELDS,
    totals=(),
    lines="lines",
    line_fields=NOTE_LINE_FIELDS,
)


def shape_of(result: ExtractionRecord) -> tuple[Shape, BaseModel]:
    if isinstance(result, DeliveryNoteExtraction):
        return NOTE_SHAPE, result.note
    return ORDER_SHAPE, result.order


def _values(document: BaseModel, fields: tuple[str, ...]) -> list[tuple[str, object]]:
    """(key, value) of each non-null field; a list gives one per entry."""
    found = []
    for field in fields:
        value = getattr(document, field)
        if isinstance(value, list):
            found += [(f"{field}.{n}", v) for n, v in enumerate(value)]
        elif value is not None:
            found.append((field, value))
    return found


def printed_keys(document: BaseModel, shape: Shape = ORDER_SHAPE) -> list[str]:
    """The provenance keys of `document`: one per non-null field and line cell."""
    keys = [key for key, _ in _values(document, (*shape.header, *shape.totals))]
    for index, line in enumerate(getattr(document, shape.lines)):
        keys += [f"{shape.lines}.{index}.{k}" for k, _ in _values(line, shape.line_fields)]
    return keys


def _hits(printed: PrintedValues, field: str, value: object) -> list[Hit]:
    if isinstance(value, bool):
        return []  # a signature seen, not a printed value
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


def _anchors(printed: PrintedValues, lines: list[BaseModel]) -> list[Hit | None]:
    """Per line, where its description (else its code) is printed, in the lines' order."""
    anchors: list[Hit | None] = []
    after = -1
    for line in lines:
        hits = printed.text(line.description)
        if not hits and line.item_code:
            hits = printed.text(line.item_code)
        anchor = next((h for h in hits if h.order > after), hits[0] if hits else None)
        if anchor is not None:
            after = anchor.order
        anchors.append(anchor)
    return anchors


def locate(
    printed: PrintedValues, document: BaseModel, shape: Shape = ORDER_SHAPE
) -> dict[str, Box | None]:
    """Provenance for every non-null value of `document`."""
    found: dict[str, Box | None] = {}
    lines = getattr(document, shape.lines)
    anchors = _anchors(printed, lines)
    placed = [a for a in anchors if a is not None]
    table_start = min((a.order for a in placed), default=len(printed.words))
    table_end = max((a.order for a in placed), default=-1)
    for key, value in _values(document, shape.header):
        hits = _hits(printed, key.split(".")[0], value)
        above = [h for h in hits if h.order < table_start]
        found[key] = _box((above or hits or [None])[0])
    for key, value in _values(document, shape.totals):
        hits = _hits(printed, key, value)
        below = [h for h in hits if h.order > table_end]
        found[key] = _box((below or hits or [None])[0])
    for index, (line, anchor) in enumerate(zip(lines, anchors, strict=True)):
        row = _Row(anchor, placed) if anchor is not None else None
        for field, value in _values(line, shape.line_fields):
            hits = _hits(printed, field, value)
            best = row.best(hits) if row is not None else (hits or [None])[0]
            found[f"{shape.lines}.{index}.{field}"] = _box(best)
    return found


def ground(result: ExtractionRecord, document: Document) -> ExtractionRecord:
    """`result` with provenance for each of its values on a digital PDF (what a local
    extractor gave kept; for a model's result, where the text layer prints the value) and,
    for a model's result, `not_grounded:<key>` for each value not printed (a signature is
    seen, not printed: it has no warning). Scans and photos keep the model's own boxes."""
    if document.content_type.split(";")[0].strip().lower() != "application/pdf":
        return result
    shape, read = shape_of(result)
    keys = printed_keys(read, shape)
    with open_pdf(document.content) as pdf:
        printed = PrintedValues(pdf)
    if not printed.has_text_layer:
        return result
    warnings = list(result.warnings)
    if result.extractor == "gemini":
        # The text layer vouches for a model's value, not the box the model drew: where the
        # value is not printed, its box (if any) still shows where the model read it.
        located = locate(printed, read, shape)
        seen = {k for k in keys if k.endswith("signature_present")}
        warnings += [f"{NOT_GROUNDED}:{k}" for k in keys if located[k] is None and k not in seen]
        provenance = {k: located[k] or result.provenance.get(k) for k in keys}
    else:
        missing = [k for k in keys if k not in result.provenance]
        located = locate(printed, read, shape) if missing else {}
        provenance = {
            k: result.provenance[k] if k in result.provenance else located[k] for k in keys
        }
    return result.model_copy(update={"provenance": provenance, "warnings": warnings})
