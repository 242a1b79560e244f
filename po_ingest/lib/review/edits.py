"""A correction: an RFC 7396 merge patch of the order's fields (lines as a whole list),
validated as the extraction's own model validates, and the field-level diff it makes."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import Any

from pydantic import Field, ValidationError

from po_ingest.lib.extraction.checks import (
    LINE_TOTAL_MISMATCH,
    SUBTOTAL_MISMATCH,
    TOTAL_MISMATCH,
    arithmetic_warnings,
)
from po_ingest.lib.models import ExtractedPurchaseOrder, LineItem

HEADER_FIELDS = (
    "po_number",
    "order_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal",
    "tax",
    "total",
)
ITEM_FIELDS = (
    "line_number",
    "item_code",
    "description",
    "quantity",
    "unit",
    "unit_price",
    "line_total",
)
_ARITHMETIC = (LINE_TOTAL_MISMATCH, SUBTOTAL_MISMATCH, TOTAL_MISMATCH)
_SITE_WARNINGS = ("site_unmatched",)
# Amounts an order cannot have below zero (a line may: a discount or a credit).
_NOT_NEGATIVE = ("subtotal", "tax", "total")


class InvalidEdit(ValueError):
    """The patch is refused; `errors` say which field and why, nothing is changed."""

    def __init__(self, errors: list[dict]):
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))
        self.errors = errors


class _EditedItem(LineItem):
    # Which extracted line this is (its provenance key): sent back as the order gave it.
    extracted_index: int | None = Field(default=None, ge=0, le=100_000)


class _EditedOrder(ExtractedPurchaseOrder):
    items: list[_EditedItem] = Field(min_length=1)


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def order_values(order: dict) -> dict:
    """The reviewable values of a stored order (from OrderStore.get), as JSON."""
    values = {name: _json_value(order[name]) for name in HEADER_FIELDS}
    values["items"] = [
        {
            **{name: _json_value(item[name]) for name in ITEM_FIELDS},
            "extracted_index": item.get("extracted_index"),
        }
        for item in order["items"]
    ]
    return values


def extraction_values(order: ExtractedPurchaseOrder) -> dict:
    """What an extraction read, in the shape of order_values (lines numbered as stored)."""
    values = {name: _json_value(getattr(order, name)) for name in HEADER_FIELDS}
    values["items"] = [
        {
            **{name: _json_value(getattr(item, name)) for name in ITEM_FIELDS},
            "line_number": item.line_number or index + 1,
            "extracted_index": index,
        }
        for index, item in enumerate(order.items)
    ]
    return values


def _field_name(location: tuple) -> str:
    return ".".join(str(part) for part in location) or "body"


def _merged(current: dict, patch: Any) -> dict:
    if not isinstance(patch, dict) or not patch:
        raise InvalidEdit([{"field": "body", "message": "expected a JSON object of fields"}])
    unknown = sorted(set(patch) - {*HEADER_FIELDS, "items"})
    if unknown:
        allowed = ", ".join([*HEADER_FIELDS, "items"])
        raise InvalidEdit(
            [{"field": name, "message": f"not an editable field ({allowed})"} for name in unknown]
        )
    return {**current, **patch}


def apply_patch(current: dict, patch: Any) -> dict:
    """The order's values after `patch` (as order_values gives them), validated; a line
    without a line number takes the one after the line before it."""
    merged = _merged(current, patch)
    try:
        edited = _EditedOrder.model_validate(merged)
    except ValidationError as exc:
        errors = [{"field": _field_name(e["loc"]), "message": e["msg"]} for e in exc.errors()]
        raise InvalidEdit(errors) from None
    negative = [
        n for n in _NOT_NEGATIVE if getattr(edited, n) is not None and getattr(edited, n) < 0
    ]
    if negative:
        raise InvalidEdit([{"field": n, "message": "must not be negative"} for n in negative])
    values = {name: _json_value(getattr(edited, name)) for name in HEADER_FIELDS}
    items, previous = [], 0
    for item in edited.items:
        number = item.line_number or previous + 1
        previous = number
        items.append(
            {
                **{name: _json_value(getattr(item, name)) for name in ITEM_FIELDS},
                "line_number": number,
                "extracted_index": item.extracted_index,
            }
        )
    return {**values, "items": items}


def changes(old: dict, new: dict) -> list[dict]:
    """Field-level differences: `{"field", "old", "new"}`, lines by position
    (`items.<i>.<field>`; a line added or removed as `items.<i>` with the whole line)."""
    found = [
        {"field": name, "old": old[name], "new": new[name]}
        for name in HEADER_FIELDS
        if old[name] != new[name]
    ]
    old_items, new_items = old["items"], new["items"]
    for index in range(max(len(old_items), len(new_items))):
        if index >= len(old_items) or index >= len(new_items):
            was = old_items[index] if index < len(old_items) else None
            now = new_items[index] if index < len(new_items) else None
            found.append({"field": f"items.{index}", "old": was, "new": now})
            continue
        found += [
            {"field": f"items.{index}.{name}", "old": old_items[index][name], "new": value}
            for name, value in new_items[index].items()
            if name != "extracted_index" and old_items[index][name] != value
        ]
    return found


def warnings_after(
    old_warnings: list[str], values: dict, extraction_json: str, site_warning: str | None
) -> list[str]:
    """The order's warnings once corrected: the arithmetic checked again on the new values
    (with the allowances and charges the extraction read), the site's warning as matched
    again; the others (not grounded, read by a model) stay, they are about the reading."""
    extracted = json.loads(extraction_json).get("order", {})
    order = ExtractedPurchaseOrder.model_validate(
        {**values, "allowances": extracted.get("allowances"), "charges": extracted.get("charges")}
    )
    kept = [w for w in old_warnings if w not in (*_ARITHMETIC, *_SITE_WARNINGS)]
    return [*kept, *arithmetic_warnings(order), *([site_warning] if site_warning else [])]
