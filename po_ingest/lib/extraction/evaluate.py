"""Scoring an extractor against documents with `<name>.json` ground truth beside each."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from po_ingest.lib.content_types import sniff
from po_ingest.lib.extraction.base import Document, ExtractionError, Extractor
from po_ingest.lib.models import ExtractedPurchaseOrder

FIELDS = (
    "po_number",
    "order_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal",
    "tax",
    "total",
)
# What must be exactly right for an accepted document to count as right.
KEY_FIELDS = ("po_number", "order_date", "total")


@dataclass
class DocumentScore:
    name: str
    accepted: bool
    reason: str | None = None
    # Only fields the truth gives: True right, False wrong, None left empty by the extractor.
    fields: dict[str, bool | None] = field(default_factory=dict)
    items_expected: int = 0
    items_found: int = 0
    items_matched: int = 0
    duration_ms: int = 0

    @property
    def exact(self) -> bool:
        """Accepted and right on the key fields and the number of items."""
        return (
            self.accepted
            and all(self.fields.get(f, True) is True for f in KEY_FIELDS)
            and self.items_found == self.items_expected
        )

    @property
    def wrong_fields(self) -> list[str]:
        return [name for name, right in self.fields.items() if right is False]


def _number(value: object) -> Decimal | None:
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


def _same(name: str, expected: object, actual: object) -> bool | None:
    """True/False, or None when the truth's value cannot be compared (e.g. tax "3%")."""
    if name in ("subtotal", "tax", "total"):
        wanted = _number(expected)
        return None if wanted is None else wanted == Decimal(actual)
    if name == "currency" and not (isinstance(expected, str) and len(expected) == 3):
        return None
    return str(expected).strip().casefold() == str(actual).strip().casefold()


def _items_matched(truth_items: list[dict], order: ExtractedPurchaseOrder) -> int:
    matched = 0
    for expected, actual in zip(truth_items, order.items, strict=False):
        total_ok = _same("total", expected.get("line_total"), actual.line_total) is not False
        qty = _number(expected.get("quantity")) if expected.get("quantity") is not None else None
        qty_ok = qty is None or (actual.quantity is not None and qty == actual.quantity)
        matched += total_ok and qty_ok
    return matched


def score(name: str, truth: dict, order: ExtractedPurchaseOrder) -> DocumentScore:
    data = order.model_dump(mode="json")
    result = DocumentScore(name, accepted=True)
    for field_name in FIELDS:
        if truth.get(field_name) is None:
            continue
        if data.get(field_name) is None:
            result.fields[field_name] = None
        elif (same := _same(field_name, truth[field_name], data[field_name])) is not None:
            result.fields[field_name] = same
    items = truth.get("items") or []
    result.items_expected, result.items_found = len(items), len(order.items)
    result.items_matched = _items_matched(items, order)
    return result


def documents_with_truth(folder: Path) -> list[tuple[Path, dict]]:
    found = []
    for truth_path in sorted(folder.rglob("*.json")):
        for candidate in sorted(truth_path.parent.glob(truth_path.stem + ".*")):
            if candidate.suffix.lower() in (".pdf", ".jpg", ".jpeg", ".png", ".webp"):
                truth = json.loads(truth_path.read_text())
                found.append((candidate, {k: v for k, v in truth.items() if not k.startswith("_")}))
    return found


def evaluate(extractor: Extractor, folder: Path) -> list[DocumentScore]:
    scores = []
    for path, truth in documents_with_truth(folder):
        content = path.read_bytes()
        document = Document(content, sniff(content[:16]) or "application/octet-stream", path.stem)
        started = time.monotonic()
        try:
            order = extractor.extract(document).order
        except ExtractionError as exc:
            result = DocumentScore(path.name, accepted=False, reason=str(exc))
            result.items_expected = len(truth.get("items") or [])
        else:
            result = score(path.name, truth, order)
        result.duration_ms = int((time.monotonic() - started) * 1000)
        scores.append(result)
    return scores


def summary(scores: list[DocumentScore]) -> dict:
    accepted = [s for s in scores if s.accepted]
    per_field = {}
    for field_name in FIELDS:
        values = [s.fields[field_name] for s in accepted if field_name in s.fields]
        if values:
            per_field[field_name] = {
                "right": sum(v is True for v in values),
                "wrong": sum(v is False for v in values),
                "empty": sum(v is None for v in values),
            }
    return {
        "documents": len(scores),
        "accepted": len(accepted),
        "declined": len(scores) - len(accepted),
        "exact": sum(s.exact for s in accepted),
        "wrong": sum(not s.exact or bool(s.wrong_fields) for s in accepted),
        "items_matched": sum(s.items_matched for s in accepted),
        "items_expected": sum(s.items_expected for s in accepted),
        "fields": per_field,
    }
