"""A letter's date alone on the line right above or below the document's title, flush left
with it ("29. August 2025" over "Bestellung"): the title block's date, the order's, when no
label names one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from po_ingest.lib.extraction.local.header import TITLE, Found
from po_ingest.lib.extraction.local.layout import Row

_ALIGNED = 4.0  # points between the title's left edge and the date's
_ROWS_APART = 3  # in the title's line heights: the next line, not the next block
_MAX_WORDS = 3  # "29. August 2025"; more is a sentence that holds a date


def date_by_title(rows: list[Row], read_date: Callable[[str], dt.date | None]) -> Found | None:
    """The date alone in its cell on the row next to a title cell, flush left with it; None
    when there is none, or the rows above and below hold different ones."""
    found: list[Found] = []
    for index, row in enumerate(rows):
        for title in (c for c in row.cells() if TITLE.match(c.text)):
            for near in (rows[i] for i in (index - 1, index + 1) if 0 <= i < len(rows)):
                if near.page != row.page or abs(near.y - row.y) > _ROWS_APART * row.height:
                    continue
                for cell in near.cells():
                    if abs(cell.x0 - title.x0) > _ALIGNED or len(cell.words) > _MAX_WORDS:
                        continue
                    if (date := read_date(cell.text)) is not None:
                        found.append(Found(date, near.page, cell.words))
    return found[0] if len({f.value for f in found}) == 1 else None
