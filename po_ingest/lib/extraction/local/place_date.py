"""A letter's place-and-date line as the order's date when no label names one: "St-Aignan
de Grand Lieu, le 20 août 2025", "Dresden, den 20.08.2025", "Sevilla, a 2 de septiembre de
2025". European orders are often set as letters, dated where and when they were written."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

# A place is words without digits (a postal address prints its code); then the comma, the
# language's "le" / "den" / "a" if printed (a form's may take a colon: "le : 13/06/2025"),
# and the date, ending the line. A form may print who wrote it instead, after a label
# ("Contact : Magaly Bourgouin, le : 13/06/2025"): then the "le" is needed.
_ON = rf"(?:{alternatives(all_phrases(vocabulary()['place_date']))})\s*:?\s+"
_WORDS = r"[^\d,:;]{1,40}?\s*,\s*"
_PLACE_DATE = re.compile(
    rf"^(?:[^\W\d_]{_WORDS}(?:{_ON})?|[^\W\d_][^\d,:;]{{0,30}}:\s*{_WORDS}{_ON})"
    r"(?P<date>(?=[^,]*\d)[^,]{6,30})$",
    re.IGNORECASE,
)


def place_date(rows: list[Row], read_date: Callable[[str], dt.date | None]) -> Found | None:
    """The one place-and-date line among `rows` (the header, above the items); None when
    none or several disagree. The date is the line's last cell: "nave 7   ENTREGA
    01/12/2025", an address's line ending beside two other columns' words, is none."""
    found: list[Found] = []
    for row in rows:
        match = _PLACE_DATE.match(row.text)
        if match is None or (date := read_date(match["date"])) is None:
            continue
        words = row.words[-len(match["date"].split()) :]
        if not set(map(id, words)) <= set(map(id, row.cells()[-1].words)):
            continue  # the date's words from several cells: an address's and a column's
        found.append(Found(date, row.page, words))
    return found[0] if len({f.value for f in found}) == 1 else None
