"""Where the model saw each value: it answers Gemini's own box convention (`box_2d`:
[ymin, xmin, ymax, xmax], each 0-1000 of the page's height or width) per value key, and
these become provenance boxes in the units the review page lays over the page image (PDF
points; for a photo, pixels of the upright photo over RENDER_SCALE, as it is shown).

Scans and photos have no text layer to find a value in: these boxes are their provenance.
On a digital PDF the text layer decides (grounding.ground), and a model's box only stands in
for a value that is not printed.
"""

from __future__ import annotations

from typing import Any

from po_ingest.lib.models import Box
from po_ingest.lib.page_images import RENDER_SCALE

_SCALE = 1000

BOXES_SCHEMA: dict[str, Any] = {
    "type": "array",
    "description": "where each value given above is printed",
    "items": {
        "type": "object",
        "properties": {
            "field": {
                "type": "string",
                "description": "the value's key: a field (po_number), a list entry (po_refs.0) "
                "or a line's cell (items.0.quantity, lines.2.unit)",
            },
            "page": {"type": "integer", "description": "the page it is printed on, from 1"},
            "box_2d": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "[ymin, xmin, ymax, xmax], normalised to 0-1000",
            },
        },
        "required": ["field", "page", "box_2d"],
    },
}

BOXES_INSTRUCTION = """\
- boxes: for every value you give, one entry with its key (a field such as po_number, a
  list entry such as po_refs.0, a line's cell such as items.0.quantity, counted from 0),
  the page it is printed on (from 1) and its box_2d [ymin, xmin, ymax, xmax] normalised to
  0-1000.
"""


def image_page_size(width: int, height: int) -> tuple[float, float]:
    """A photo's page in provenance units: the upright photo as the review page shows it."""
    return width / RENDER_SCALE, height / RENDER_SCALE


def _box(entry: Any, pages: list[tuple[float, float]]) -> tuple[str, Box] | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("field"), str):
        return None
    page, corners = entry.get("page"), entry.get("box_2d")
    if not isinstance(page, int) or not 1 <= page <= len(pages):
        return None
    if not (isinstance(corners, list) and len(corners) == 4):
        return None
    if not all(isinstance(v, (int, float)) and 0 <= v <= _SCALE for v in corners):
        return None
    ymin, xmin, ymax, xmax = corners
    if ymin >= ymax or xmin >= xmax:
        return None
    width, height = pages[page - 1]
    bbox = (
        xmin * width / _SCALE,
        ymin * height / _SCALE,
        xmax * width / _SCALE,
        ymax * height / _SCALE,
    )
    return entry["field"], Box(page=page - 1, bbox=bbox)


def model_provenance(
    answer: Any, keys: list[str], pages: list[tuple[float, float]]
) -> dict[str, Box | None]:
    """A box for each of `keys` the model placed on a page (`pages`: each page's width and
    height in provenance units); None for the others. Entries for keys the answer has no
    value for, off the page or malformed are dropped; of two for one key the first counts."""
    found: dict[str, Box] = {}
    for entry in answer if isinstance(answer, list) else []:
        placed = _box(entry, pages)
        if placed is not None and placed[0] in keys:
            found.setdefault(*placed)
    return {key: found.get(key) for key in keys}
