"""Items printed on two lines under two lines of titles, the amounts line first (SAP's
German forms): "Pos.  Menge  Einheit  Preis  Netto" over "Material  Bezeichnung", each
item's amounts line over its text line. Notes may stand between them ("*** Please tell us
the weight ***") or under the text ("Ihre Materialnummer: …"); the text line is the one
whose runs start under the lower titles, with the lines right under it that do too."""

from __future__ import annotations

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem, is_code, split_code
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.table import Table
from po_ingest.lib.extraction.local.totals_kinds import starting
from po_ingest.lib.extraction.local.two_line import (
    amounts_row,
    by_lane,
    starts_item,
    two_line_header,
)

_CLOSE = starting("subtotal", "tax", "total", "tax_sum", "added")
_SLACK = 2.0  # points a run may start away from its title
_TO_TEXT = 2.0  # line heights from the amounts line (or a note under it) to the text line
_WRAPPED = 1.6  # line heights between the text line and its wrapped lines


def _under_titles(row: Row, lane: list[Column]) -> bool:
    """Every run of the row starts under one of the lower titles."""
    return all(any(abs(c.x0 - t.x0) <= _SLACK for t in lane) for c in row.cells())


def _text_lines(rows: list[Row], index: int, lane: list[Column]) -> list[Row]:
    """The text line under the amounts line `rows[index]` and its wrapped lines; none when
    no line right under it, past notes, starts under the lower titles."""
    lines: list[Row] = []
    above = rows[index]
    for row in rows[index + 1 :]:
        reach = _WRAPPED if lines else _TO_TEXT
        if row.page != above.page or row.y - above.y > reach * row.height:
            break
        if _under_titles(row, lane):
            lines.append(row)
        elif lines:
            break  # a note under the text ("Your material number: 560982-000")
        above = row
    return lines


def _code_over_description(item: RawItem, lines: list[Row]) -> None:
    """Under one "Material/Description" title, a part number alone on the text line over
    the description's line: the item's code."""
    words = item.cells.get("description", [])
    first = lines[0].words
    if len(lines) > 1 and len(first) == 1 and is_code(first[0].text) and words[:1] == first:
        item.cells["item_code"], item.cells["description"] = first, words[1:]


def find_amounts_first_items(rows: list[Row]) -> Table | None:
    """The items of a two-line table whose amounts line comes first; None when there is no
    such table, or an amounts line without its text line."""
    header = next(
        (
            (index, found)
            for index in range(len(rows) - 1)
            if (found := two_line_header(rows, index, amounts_first=True)) is not None
        ),
        None,
    )
    if header is None:
        return None
    start, (text_lane, amounts_lane, index) = header
    table = Table(amounts_lane + text_lane, [], start, len(rows))
    read: set[int] = set()  # the items' text lines, by id
    while index < len(rows):
        row = rows[index]
        if _CLOSE.match(row.text):
            table.end_row = index
            break
        item = amounts_row(row, amounts_lane)
        if item is None or not starts_item(row, amounts_lane):
            if not table.items:
                return None  # no item right under the titles: not this table
            if id(row) not in read:
                table.notes.append(row.text)
            index += 1
            continue
        lines = _text_lines(rows, index, text_lane)
        if not lines:
            return None  # amounts without their text line: not guessed
        read.update(id(line) for line in lines)
        by_lane([w for line in lines for w in line.words], text_lane, item)
        if "item_code" not in {c.name for c in text_lane}:
            _code_over_description(item, lines)
        split_code(item)
        table.items.append(item)
        index += 1
    else:
        return None  # no totals close the table
    return table if table.items else None
