"""The order's date printed after its number on the number's line, joined by the language's
"of" ("Ordine d'Acquisto N° : 4502908734   del : 16.09.2025", "Bestellung 4711 vom
12.03.2025", "Commande n° 123 du 12/03/2025"), or by nothing on a line its label starts
("BESTELLUNG Nr.   288   27.08.2025"): the number's own date, the order's."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from po_ingest.lib.extraction.local.header import ORDER_LABELS, Found
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_OF = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['number_date']))})\s*:?$", re.IGNORECASE
)
_BESIDE = 150.0  # points between the number, its "of" and the date, at most
_NUMBER_LABELS = [ORDER_LABELS.patterns[f] for f in ("po_number", "document_number")]
_DATE_WORDS = 3  # "12 März 2025"


def _near(words: list[Word]) -> bool:
    return all(b.x0 - a.x1 <= _BESIDE for a, b in zip(words, words[1:], strict=False))


def date_after_number(
    rows: list[Row], number: Found, read_date: Callable[[str], dt.date | None]
) -> Found | None:
    """The date right after the number's "of" on its line, if it reads as one."""
    if not number.words:
        return None
    # The number's words may run on past it ("4711 vom 12.03.2025" after its label).
    tail = str(number.value).split()[-1]
    last = next((w for w in number.words if tail in w.text), number.words[-1])
    row = next((r for r in rows if r.page == number.page and last in r.words), None)
    if row is None:
        return None
    after = row.words[row.words.index(last) + 1 :]
    for size in (1, 2):  # "del :" is one word or two
        joined = len(after) > size and _OF.match(_text(after[:size]))
        if (
            joined
            and _near([last, *after[: size + 1]])
            and (found := _date(after[size:], read_date))
        ):
            return Found(found[0], row.page, found[1])
    if after and _near([last, after[0]]) and _labelled_line(row, last):
        found = _date(after, read_date)
        return Found(found[0], row.page, found[1]) if found else None
    return None


def _labelled_line(row: Row, number: Word) -> bool:
    """The number's line starts with its label: the number read beside it, not under it."""
    first = row.cells()[0]
    return first.x0 <= number.x0 and any(p.match(first.text) for p in _NUMBER_LABELS)


def _date(
    words: list[Word], read_date: Callable[[str], dt.date | None]
) -> tuple[dt.date, list[Word]] | None:
    """The date the words start with (its first word is needed to read it: "3 pages
    12.03.2025" starts with no date), of one to three words."""
    for size in range(1, _DATE_WORDS + 1):
        date = read_date(_text(words[:size]))
        if date is not None:
            return (date, words[:size]) if read_date(_text(words[1:size])) is None else None
    return None


def _text(words: list[Word]) -> str:
    return " ".join(w.text for w in words)
