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
_CODE = r"(?P<code>(?=\S*\d)[^\s:]+|[A-Z0-9]+(?:[-_./][A-Z0-9]+)+)$"
_LABELLED_CODE = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['item_code_labels']))})(?:\s*[:#]\s*|\s+)"
    + _CODE,
    re.IGNORECASE,
)
# Any label of one to three words without digits, its colon, then a code.
_LABEL_COLON_CODE = re.compile(r"^(?:[^\W\d][^\s\d]*\s+){0,2}[^\W\d][^\s\d]*:\s*" + _CODE)
# Kept apart while the table is read (the line's other words are the item's as usual):
# the item's code once the table is read.
LABELLED_CODE = "labelled_code"
_FLUSH = 2.0  # points between the starts of the name and of the label under it
_LINE = 1.6  # line heights: the next line under the item's last one
_SPACE = 1.0  # word heights: a space between words of one text


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


def labelled_line_under(row: Row, item: RawItem, last_y: float) -> Word | None:
    """The code, when the row, read as none of the item, opens with a label and its code
    ("Lief.-Nr.: LSCF-T-60") on the line after the item's last, flush under its text:
    another field's code the table prints under each item."""
    description = item.cells.get("description")
    if not description or item.above or item.text_ended or row.page != item.page:
        return None
    if not 0 < row.y - last_y <= _LINE * row.height:
        return None
    cells = row.cells()
    # The code may stand in a cell of its own after the label's colon, the codes aligned.
    line = cells[:2] if cells[0].text.endswith(":") else cells[:1]
    text = " ".join(c.text for c in line)
    if abs(cells[0].x0 - description[0].x0) > _FLUSH or not _LABEL_COLON_CODE.match(text):
        return None
    return line[-1].words[-1]


def read_labelled_codes(items: list[RawItem]) -> None:
    """Each item's one labelled code becomes its code; of two ("SKU: …" and "Part no.:
    …"), which is the item's is not told: neither. Once the table prints labelled codes
    under its items' text, its own or another field's, an item printing none whose text
    ends on a line like theirs has it under a label the vocabulary does not know
    (`code_line_in_text`)."""
    for item in items:
        if len(codes := item.cells.pop(LABELLED_CODE, [])) == 1:
            item.cells["item_code"] = codes
            item.code_under_at = codes[0].x0
    starts = [item.code_under_at for item in items if item.code_under_at is not None]
    if starts:
        for item in items:
            if item.code_under_at is None:
                item.code_line_in_text = _code_line(item.cells.get("description", []), starts)


# A labelled code's line under a label of one to three words the vocabulary lacks.
_UNKNOWN_LABEL = re.compile(r"^(?:[^\W\d][^\s\d]*\s+){1,3}" + _CODE)


def _code_line(description: list[Word], code_starts: list[float]) -> str | None:
    """The text's last line when it is not its first, starts flush under its first word and
    reads as a label of words without digits, then a code: the line the other items print
    their labelled code on. The code may stand apart from its label where theirs start (a
    shorter label, the codes aligned)."""
    if not description:
        return None
    first, last = description[0], max(description, key=lambda w: w.center_y)
    if abs(last.center_y - first.center_y) < first.height / 2:
        return None
    line = sorted(
        (w for w in description if abs(w.center_y - last.center_y) < last.height / 2),
        key=lambda w: w.x0,
    )
    run = line[:1]  # its words up to a gap wider than a word's space (a unit further right)
    for word in line[1:]:
        aligned = any(abs(word.x0 - start) <= _FLUSH for start in code_starts)
        if word.x0 - run[-1].x1 > _SPACE * word.height and not aligned:
            break
        run.append(word)
    text = " ".join(w.text for w in run)
    if abs(run[0].x0 - first.x0) > _FLUSH or not _UNKNOWN_LABEL.match(text):
        return None
    return text
