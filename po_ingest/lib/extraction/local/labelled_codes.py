"""An item's code on a line of its own under its name, after a label ("SKU: RB-14-12000"
under "Rebar B500B Ø14 mm", as Zoho prints it; "Art.-Nr.: 4711"): with no code column, the
labelled code is the item's. The labels are vocabulary ([item_code_labels])."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import CODE_OR_DESCRIPTION, ITEM_OR_POSITION
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

# The code: a digit in it, or capitals joined ("DSL-SITE"); after a colon, or a space alone
# ("Part No. CBL-NYM-315", as Tally prints it).
_LABELLED_CODE = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['item_code_labels']))})(?:\s*[:#]\s*|\s+)"
    r"(?P<code>(?=\S*\d)[^\s:]+|[A-Z0-9]+(?:[-_./][A-Z0-9]+)+)$",
    re.IGNORECASE,
)
# Kept apart while the table is read (the line's other words are the item's as usual):
# the item's code once the table is read.
LABELLED_CODE = "labelled_code"
_FLUSH = 2.0  # points between the starts of the name and of the label under it
_LINE = 1.6  # line heights: the next line under the item's last one


def labelled_code(row: Row, item: RawItem, last_y: float) -> tuple[Cell, Word] | None:
    """The row's first cell when it is a labelled code flush under the item's text, on the
    line after the item's last, the item having no code; with the code's word."""
    description = item.cells.get("description")
    if not description or item.above or item.text_ended or row.page != item.page:
        return None
    if set(item.cells) & {"item_code", ITEM_OR_POSITION, CODE_OR_DESCRIPTION}:
        return None
    if not 0 < row.y - last_y <= _LINE * row.height:
        return None
    cell = row.cells()[0]
    if abs(cell.x0 - description[0].x0) > _FLUSH or not (match := _LABELLED_CODE.match(cell.text)):
        return None
    last = cell.words[-1]  # the code, or "SKU:RB-14-12000" printed as one word
    code = (
        last
        if last.text == match["code"]
        else Word(last.x0, last.y0, last.x1, last.y1, match["code"])
    )
    return cell, code


def read_labelled_codes(items: list[RawItem]) -> None:
    """Each item's one labelled code becomes its code; of two ("SKU: …" and "Part no.:
    …"), which is the item's is not told: neither."""
    for item in items:
        if len(codes := item.cells.pop(LABELLED_CODE, [])) == 1:
            item.cells["item_code"] = codes
