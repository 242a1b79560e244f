"""Labelled header fields: the value follows its label in the same cell, in the next cell of
the row, or in the cell right below it (boxed layouts put labels above values)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from po_ingest.lib.extraction.local.layout import Cell, Row

_LABELS: dict[str, list[str]] = {
    "po_number": [
        r"purchase\s*order\s*(?:number|no\.?|nr\.?|#|id)",
        r"p\.?\s?o\.?\s*(?:number|no\.?|nr\.?|#)",
        r"order\s*(?:number|no\.?|nr\.?|#|id)",
        r"bestell\s*-?\s*(?:nummer|nr\.?)",
        r"auftrags\s*-?\s*(?:nummer|nr\.?)",
    ],
    "order_date": [
        r"(?:purchase\s*)?order\s*date",
        r"p\.?\s?o\.?\s*date",
        r"bestelldatum",
        r"date\s*of\s*order",
        r"issue\s*date",
        r"date",
        r"datum",
    ],
    "supplier_name": [
        r"(?:supplier|vendor|lieferant|seller)(?!\s*(?:no|nr|number|id|#|address|code)\b)"
    ],
    "project_code": [
        r"project\s*(?:code|no\.?|number|#|ref\.?)?",
        r"site\s*(?:code|no\.?)?",
        r"cost\s*cent(?:re|er)",
        r"job\s*(?:no\.?|number|code)",
        r"projekt\s*(?:nummer|nr\.?|code)?",
        r"baustelle",
        r"kostenstelle",
    ],
    "currency": [r"currency", r"währung"],
}
_COMPILED = {
    field: [re.compile(rf"^{p}(?:\s*[:#]\s*|\s+|$)(?P<rest>.*)$", re.IGNORECASE) for p in patterns]
    for field, patterns in _LABELS.items()
}
_ANY_LABEL = [p for patterns in _COMPILED.values() for p in patterns]


def _is_label(text: str) -> bool:
    return any(p.match(text) and not p.match(text)["rest"] for p in _ANY_LABEL)


def _below(cell: Cell, rows: list[Row], index: int) -> str | None:
    """The text under a label: the next row's cells that overlap the label horizontally."""
    for row in rows[index + 1 : index + 3]:
        found = [c for c in row.cells() if c.x0 < cell.x1 + 40 and c.x1 > cell.x0 - 2]
        if found:
            text = " ".join(c.text for c in found[:1])
            return None if _is_label(text) else text
    return None


def _next_cell(cells: list[Cell], position: int) -> str | None:
    """The value right of a label on its row, skipping a lone `:`."""
    for cell in cells[position + 1 : position + 3]:
        text = cell.text.strip(" :#")
        if text:
            return None if _is_label(text) else text
    return None


def _candidates(rest: str, cells: list[Cell], position: int, rows: list[Row], index: int):
    """Where a label's value may stand, nearest first: after it in its cell; right of it
    when the label ends with a colon; below it (boxed forms); right of it."""
    yield rest.strip(" :#")
    label = cells[position]
    beside = _next_cell(cells, position)
    if beside and label.text.rstrip().endswith(":"):
        yield beside
    below = _below(label, rows, index)
    if below:
        yield below
    if beside:
        yield beside


def find_labelled(rows: list[Row], parsers: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    """Each field's value: the first label whose nearby text `parsers[field]` accepts."""
    found: dict[str, Any] = {}
    for index, row in enumerate(rows):
        cells = row.cells()
        for position, cell in enumerate(cells):
            for field, patterns in _COMPILED.items():
                match = next((m for p in patterns if (m := p.match(cell.text))), None)
                if field in found or match is None:
                    continue
                for text in _candidates(match["rest"], cells, position, rows, index):
                    value = parsers[field](text) if text else None
                    if value is not None:
                        found[field] = value
                        break
    return found
