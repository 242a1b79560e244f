"""An order's number and its date as one cell alone under the document's title, flush left
with it, with no label: "Bestellung" over a sentence over "700/45444628 vom 22.08.2025". The
number joined to its date by the language's "of" is the title's, when it is the only one."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from po_ingest.lib.extraction.local.header import TITLE, Found
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_NUMBER_OF_DATE = re.compile(
    rf"^(?P<number>\S+)\s+(?:{alternatives(all_phrases(vocabulary()['number_date']))})\s*:?\s+"
    r"(?P<date>\S.*)$",
    re.IGNORECASE,
)
_ALIGNED = 4.0  # points between the title's left edge and the cell's
_CELLS_UNDER = 3  # the first cells of the title's column: its block, not the page's
_REACH = 4.0  # in the title's line heights: how far under it its block goes


def number_and_date_under_title(
    rows: list[Row], parse: Callable[[str], str | None], read_date: Callable[[str], dt.date | None]
) -> tuple[Found, Found] | None:
    """The number and its date from the one "<number> <of> <date>" cell among the first cells
    flush left under a title; None when none or several."""
    found: list[tuple[Found, Found]] = []
    for index, row in enumerate(rows):
        for title in (c for c in row.cells() if TITLE.match(c.text)):
            column = [
                (below, cell)
                for below in rows[index + 1 :]
                if below.page == row.page and below.y - row.y <= _REACH * row.height
                for cell in below.cells()
                if abs(cell.x0 - title.x0) <= _ALIGNED
            ]
            for below, cell in column[:_CELLS_UNDER]:
                match = _NUMBER_OF_DATE.match(cell.text)
                if match is None:
                    continue
                number, date = parse(match["number"]), read_date(match["date"])
                if number is None or date is None:
                    continue
                size = len(match["date"].split())
                found.append(
                    (
                        Found(number, below.page, cell.words[:1]),
                        Found(date, below.page, cell.words[-size:]),
                    )
                )
    return found[0] if len({(n.value, d.value) for n, d in found}) == 1 else None
