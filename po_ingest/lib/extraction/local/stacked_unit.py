"""A header of two title lines with the unit's title under the quantity's ("Menge" over
"ME"): the items print their values stacked the same way, the quantity on the item's first
line and its unit under it on the second. The item then is those two lines: its unit is
the word under its quantity, its description the text of its two lines, and the lines of
text under them are its long text, left out (as SAP's long text is). A unit printed so
under each item's quantity with no title for it (a web ERP's small grey "pcs" under
"20.00") is the item's unit too; the item's other lines stay its text."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column, name_of
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.unit_words import is_unit


def _unit_title(rows: list[Row], start: int, quantity: Column) -> Word | None:
    """The unit's title on the header's second line, under the quantity's title."""
    if start + 1 >= len(rows):
        return None
    top, bottom = rows[start], rows[start + 1]
    if bottom.page != top.page or bottom.y - top.y >= 1.8 * top.height:
        return None
    under = [w for w in bottom.words if w.x0 < quantity.x1 and w.x1 > quantity.x0]
    if len(under) != 1 or len(bottom.words) != 1 or name_of(under[0].text) != "unit":
        return None
    return under[0]


def _unit_under(item: RawItem, title: Word | None) -> Word | None:
    """The item's one word under its quantity, on the line after it, below the unit's title
    (below the quantity itself when no title names it)."""
    quantity = item.cells.get("quantity", [])
    if len(quantity) != 1:
        return None
    top = quantity[0]
    over = title or top
    below = [
        w
        for w in item.cells.get("description", [])
        if w.x0 < over.x1 and w.x1 > over.x0 and w.y0 > top.center_y
    ]
    if len(below) != 1 or not is_unit(below[0].text):
        return None
    unit = below[0]
    return unit if unit.y0 - top.y1 < top.height else None


def units_under_quantities(
    items: list[RawItem], columns: list[Column], rows: list[Row], start: int
) -> None:
    """On every item, the unit under its quantity becomes its unit, and, the unit titled
    under the quantity's title, the description's lines under that unit's line are left
    out; nothing changes unless every item prints one there, and the table has no unit
    column of its own."""
    quantity = [c for c in columns if c.name == "quantity"]
    if len(quantity) != 1 or any(c.name == "unit" for c in columns) or not items:
        return
    title = _unit_title(rows, start, quantity[0])
    units = [_unit_under(item, title) for item in items]
    if any(u is None or "unit" in item.cells for item, u in zip(items, units, strict=True)):
        return
    for item, unit in zip(items, units, strict=True):
        item.cells["unit"] = [unit]
        item.cells["description"] = [
            w
            for w in item.cells["description"]
            if w is not unit and (title is None or w.center_y < unit.y1)
        ]
