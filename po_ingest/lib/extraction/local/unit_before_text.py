"""A unit set a word space after its quantity, before the text: whose cell it is in, the
titles alone do not tell (a ruled grid's cell edges do)."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.unit_words import is_named_unit

_SYMBOL_UNIT = re.compile(r"^[^\W\d_]{1,2}[²³]?$")  # t, m, l, m², m³, kg


def unit_opening_text(items: list[dict[str, Found]]) -> str | None:
    """Why a line's unit may have been read as its text's first word: the line has no
    unit, and its text opens with a unit's word ("m³ Ready-mix concrete") one word space
    after its quantity: "7.5 m³" right-aligned in the quantity's cell, as near the text
    as a word space."""
    for number, item in enumerate(items, start=1):
        if "unit" in item or "quantity" not in item or "description" not in item:
            continue
        quantity = item["quantity"].words[-1]
        line = sorted(
            (
                w
                for w in item["description"].words
                if abs(w.center_y - quantity.center_y) < quantity.height / 2
            ),
            key=lambda w: w.x0,
        )
        if len(line) < 2:
            continue
        first = line[0]
        near = 0 <= first.x0 - quantity.x1 <= max(6.0, 0.8 * first.height)
        if near and (_SYMBOL_UNIT.match(first.text) or is_named_unit(first.text)):
            return (
                f"line {number}'s text opens with a unit right after its quantity: {first.text!r}"
            )
    return None
