"""The acceptance gate: the reader's values become an order only when it validates and
adds up; otherwise the document is declined with the reason."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import box
from po_ingest.lib.extraction.local.priced_lines import unpriced_lines_problem
from po_ingest.lib.extraction.local.totals import Totals, summed
from po_ingest.lib.models import Box, ExtractedPurchaseOrder


def decline(reason: str) -> ExtractionDeclined:
    return ExtractionDeclined(f"local extractor declined: {reason}")


def where(found: Found) -> Box:
    """The words that print the value (a PO number's cell may hold more than the number)."""
    if isinstance(found.value, str):
        tokens = set(found.value.split())
        exact = [w for w in found.words if w.text.strip(":#,;") in tokens]
        if exact:
            return box(found.page, exact)
    return box(found.page, found.words)


def accepted_order(
    fields: dict[str, Found],
    items: list[dict[str, Found]],
    totals: Totals,
    default_currency: str,
) -> tuple[ExtractedPurchaseOrder, dict[str, Box | None]]:
    """The order and each value's box, or ExtractionDeclined saying what does not hold."""
    read: dict[str, Found | None] = {
        **fields,
        "subtotal": totals.subtotal,
        "allowances": summed(totals.allowances),
        "charges": summed(totals.charges),
        "tax": totals.tax,
        "total": totals.total,
    }
    data: dict[str, Any] = {name: f.value for name, f in read.items() if f is not None}
    data.setdefault("currency", default_currency)
    data["items"] = [{name: f.value for name, f in item.items()} for item in items]
    try:
        order = ExtractedPurchaseOrder.model_validate(data)
    except ValidationError as exc:
        raise decline(f"result does not validate: {exc.errors()[0]['msg']}") from None
    problems = arithmetic_warnings(order)
    if unpriced := unpriced_lines_problem(order):
        problems.append(unpriced)
    if problems:
        raise decline(f"the numbers do not add up ({', '.join(problems)})")
    provenance: dict[str, Box | None] = {"currency": None}  # the default, if none is printed
    provenance |= {name: where(f) for name, f in read.items() if f is not None}
    for index, item in enumerate(items):
        provenance |= {f"items.{index}.{name}": where(f) for name, f in item.items()}
    return order, provenance
