"""Scoring an extractor against documents with `<name>.json` ground truth beside each.

A truth whose `_doc_type` is set and is not `purchase_order` (an invoice, a delivery note, …)
marks a document that must be declined: accepting it is counted as "accepted as PO". A truth
without `items` scores the header only (documents whose lines nobody transcribed).
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pymupdf

from po_ingest.lib.content_types import sniff
from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteLine
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
ITEM_FIELDS = ("quantity", "unit_price", "line_total")
ITEM_TEXT_FIELDS = ("line_number", "item_code", "description", "unit")
PURCHASE_ORDER = "purchase_order"
DELIVERY_NOTE = "delivery_note"
# A delivery note's header and lines, scored like an order's: every accepted value must be
# the truth's.
NOTE_FIELDS = tuple(name for name in DeliveryNote.model_fields if name != "lines")
NOTE_LINE_NUMBERS = ("quantity", "unit_price", "line_total")
NOTE_LINE_TEXTS = tuple(n for n in DeliveryNoteLine.model_fields if n not in NOTE_LINE_NUMBERS)


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
    purchase_order: bool = True  # False: the truth says it is another kind of document than scored
    items_scored: bool = True  # False: the truth gives no items, the header alone is scored
    crashed: bool = False  # the extractor raised something other than an ExtractionError
    pages: int = 1
    # Every accepted value that differs from the truth: "total: 120.00 (truth 102.00)".
    wrong_values: list[str] = field(default_factory=list)
    # Accepted values where the truth records none ("tax": null): neither right nor wrong
    # here, as a typist may leave out what a page prints ("Total net value" typed as the
    # total alone), but counted, so that no value escapes the scoring unseen.
    unverified_values: list[str] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        """Accepted and right on the key fields and the number of items."""
        return (
            self.accepted
            and all(self.fields.get(f, True) is True for f in KEY_FIELDS)
            and (not self.items_scored or self.items_found == self.items_expected)
            and not self.wrong_values
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


_HYPHEN = re.compile(r"\s*-\s*")


def _text(value: object) -> str:
    """Without case and runs of spaces, nor spaces at a hyphen: a line that ends in one
    ("IP-" over "55", "Type-" over "2J09L273") does not say whether a space follows."""
    return _HYPHEN.sub("-", " ".join(str(value).split())).casefold()


def _same_text(name: str, expected: object, actual: object) -> bool:
    """A line number as the model's integer holds it: "00010" printed is line 10."""
    if name == "line_number" and str(expected).strip().isdigit():
        return _number(expected) == _number(actual)
    return _text(expected) == _text(actual)


def _wrong_item_values(
    truth_items: list[dict],
    items: list,
    key: str = "items",
    numbers: tuple[str, ...] = ITEM_FIELDS,
    texts: tuple[str, ...] = ITEM_TEXT_FIELDS,
) -> list[str]:
    """Numbers compared as numbers, texts without case and runs of spaces; a value the
    extractor left empty is not wrong. A value the truth leaves empty is wrong only in a
    delivery note's lines (`key` "lines"), whose truth says what is not printed."""
    wrong = []
    for index, (expected, actual) in enumerate(zip(truth_items, items, strict=False)):
        for name in numbers:
            wanted, got = _number(expected.get(name)), getattr(actual, name)
            if got is not None and (wanted != got if wanted is not None else key == "lines"):
                wrong.append(f"{key}.{index}.{name}: {got} (truth {wanted})")
        for name in texts:
            wanted, got = expected.get(name), getattr(actual, name)
            if got is not None and (
                not _same_text(name, wanted, got) if wanted is not None else key == "lines"
            ):
                wrong.append(f"{key}.{index}.{name}: {got!r} (truth {wanted!r})")
    return wrong


def _items_matched(truth_items: list[dict], order: ExtractedPurchaseOrder) -> int:
    matched = 0
    for expected, actual in zip(truth_items, order.items, strict=False):
        wanted = expected.get("line_total")
        total_ok = wanted is None or (
            actual.line_total is not None and _same("total", wanted, actual.line_total) is not False
        )
        qty = _number(expected.get("quantity")) if expected.get("quantity") is not None else None
        qty_ok = qty is None or (actual.quantity is not None and qty == actual.quantity)
        matched += total_ok and qty_ok
    return matched


def _unverified_values(truth: dict, order: ExtractedPurchaseOrder, default_currency: bool):
    """Values given where the truth's key is there and null; the configured default currency
    (`currency_not_printed`) is not read from the page, so not one of them."""
    data = order.model_dump(mode="json")
    found = [
        f"{name}: {data[name]}"
        for name in FIELDS
        if name in truth and truth[name] is None and data.get(name) is not None
        if not (name == "currency" and default_currency)
    ]
    items = zip(truth.get("items") or [], order.items, strict=False)
    for index, (expected, actual) in enumerate(items):
        found += [
            f"items.{index}.{name}: {getattr(actual, name)}"
            for name in ITEM_FIELDS + ITEM_TEXT_FIELDS
            if name in expected and expected[name] is None and getattr(actual, name) is not None
        ]
    return found


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
            if not same:
                result.wrong_values.append(
                    f"{field_name}: {data[field_name]} (truth {truth[field_name]})"
                )
    items = truth.get("items") or []
    result.items_scored = "items" in truth
    result.items_expected, result.items_found = len(items), len(order.items)
    result.items_matched = _items_matched(items, order)
    result.wrong_values += _wrong_item_values(items, order.items)
    return result


def _same_note_value(expected: object, actual: object) -> bool:
    if isinstance(expected, list):
        return [_text(e) for e in expected] == [_text(a) for a in actual]
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    wanted, got = _number(expected), _number(actual)
    if wanted is not None and got is not None:
        return wanted == got
    return _text(expected) == _text(actual)


def score_note(name: str, truth: dict, note: DeliveryNote) -> DocumentScore:
    """A delivery note's extraction against its truth: each header value the extractor
    gives (an empty list of order numbers is none) must be the truth's, or it is wrong, also
    where the truth has none; then the lines, as many and each value right."""
    data = note.model_dump(mode="json")
    result = DocumentScore(name, accepted=True)
    for field_name in NOTE_FIELDS:
        got, wanted = data.get(field_name), truth.get(field_name)
        if got in (None, []):
            if wanted not in (None, []):
                result.fields[field_name] = None
            continue
        right = wanted is not None and _same_note_value(wanted, got)
        result.fields[field_name] = right
        if not right:
            result.wrong_values.append(f"{field_name}: {got} (truth {wanted})")
    lines = truth.get("lines") or []
    result.items_scored = "lines" in truth
    result.items_expected, result.items_found = len(lines), len(note.lines)
    result.wrong_values += _wrong_item_values(
        lines, note.lines, "lines", NOTE_LINE_NUMBERS, NOTE_LINE_TEXTS
    )
    result.items_matched = sum(
        _number(t.get("quantity")) == line.quantity
        for t, line in zip(lines, note.lines, strict=False)
    )
    return result


def documents_with_truth(folder: Path) -> list[tuple[Path, dict]]:
    found = []
    for truth_path in sorted(folder.rglob("*.json")):
        for candidate in sorted(truth_path.parent.glob(truth_path.stem + ".*")):
            if candidate.suffix.lower() in (".pdf", ".jpg", ".jpeg", ".png", ".webp"):
                truth = json.loads(truth_path.read_text())
                kept = {k: v for k, v in truth.items() if not k.startswith("_")}
                kept["_doc_type"] = truth.get("_doc_type", PURCHASE_ORDER)
                found.append((candidate, kept))
    return found


def _page_count(content: bytes, content_type: str) -> int:
    if content_type != "application/pdf":
        return 1
    try:
        with pymupdf.open(stream=content, filetype="pdf") as pdf:
            return max(pdf.page_count, 1)
    except (RuntimeError, ValueError):  # a broken file: the extractor's problem, not ours
        return 1


def evaluate(
    extractor: Extractor, folder: Path, document_type: str = PURCHASE_ORDER
) -> list[DocumentScore]:
    return evaluate_documents(
        extractor,
        (
            (path.name, path.stem, path.read_bytes(), truth)
            for path, truth in documents_with_truth(folder)
        ),
        document_type,
    )


def evaluate_documents(
    extractor: Extractor,
    documents: Iterable[tuple[str, str, bytes, dict]],
    document_type: str = PURCHASE_ORDER,
) -> list[DocumentScore]:
    """Score `extractor` on (name, document id, content, truth) documents of `document_type`
    (`purchase_order`, or `delivery_note` for a note reader); a document of another type is
    one it must decline."""
    scores = []
    for name, document_id, content, truth in documents:
        content_type = sniff(content[:16]) or "application/octet-stream"
        document = Document(content, content_type, document_id)
        started = time.monotonic()
        try:
            extracted = extractor.extract(document)
        except ExtractionError as exc:
            result = DocumentScore(name, accepted=False, reason=str(exc))
            result.items_expected = len(truth.get("items") or [])
        except Exception as exc:  # noqa: BLE001 - a crash is a result to report, not to stop on
            result = DocumentScore(name, accepted=False, crashed=True)
            result.reason = f"crash: {type(exc).__name__}: {exc}"
        else:
            if document_type == DELIVERY_NOTE:
                result = score_note(name, truth, extracted.note)
            else:
                result = score(name, truth, extracted.order)
                default_currency = "currency_not_printed" in extracted.warnings
                result.unverified_values = _unverified_values(
                    truth, extracted.order, default_currency
                )
        result.duration_ms = int((time.monotonic() - started) * 1000)
        result.purchase_order = truth.get("_doc_type", PURCHASE_ORDER) == document_type
        result.pages = _page_count(content, document.content_type)
        scores.append(result)
    return scores


def _percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def folder_summary(scores: list[DocumentScore]) -> dict:
    """What `po-ingest eval` prints per folder: purchase orders and other documents apart."""
    orders = [s for s in scores if s.purchase_order]
    others = [s for s in scores if not s.purchase_order]
    accepted = [s for s in orders if s.accepted]
    per_page = [s.duration_ms / s.pages for s in scores]
    return {
        "documents": len(orders),
        "accepted": len(accepted),
        "accepted_pct": _percent(len(accepted), len(orders)),
        "exact": sum(s.exact for s in accepted),
        "exact_pct": _percent(sum(s.exact for s in accepted), len(orders)),
        "wrong_values": [f"{s.name}: {w}" for s in accepted for w in s.wrong_values],
        "unverified_values": [f"{s.name}: {v}" for s in accepted for v in s.unverified_values],
        "crashes": [f"{s.name}: {s.reason}" for s in scores if s.crashed],
        "median_ms_per_page": round(statistics.median(per_page), 1) if per_page else None,
        "not_purchase_orders": len(others),
        "accepted_as_po": [s.name for s in others if s.accepted],
    }


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
