"""The supplier's name under the salutation addressing it ("Spett.le", "Exmo.(s) Sr.(s)",
"Señores", "Messrs"): an order is addressed to its supplier. Taken only when it ends in its
legal form, a company's name whole on its line, not the first line of one wrapped."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Cell, Row
from po_ingest.lib.extraction.local.party_name import name
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

# The salutation alone in its cell, or with its translation after a slash ("Spett.le/Esteemed").
_SALUTATION = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['salutations']))})\W*(?:/\s*[^\W\d_]+\W*)?$",
    re.IGNORECASE,
)
_LEGAL_FORMS = {form.lower() for form in vocabulary()["legal_forms"]["words"]}
_EDGE = 2.0  # points a name may start left of its salutation
_ROWS_UNDER = 3.0  # the name this many times the salutation's height below it, at most


def name_under_salutation(rows: list[Row]) -> Found | None:
    """The name under every salutation, if they agree; None else."""
    found = []
    for index, row in enumerate(rows):
        for cell in row.cells():
            if _SALUTATION.match(cell.text) and (
                under := _name_under(cell, row, rows[index + 1 :])
            ):
                found.append(under)
    return found[0] if len({f.value for f in found}) == 1 else None


def _name_under(salutation: Cell, row: Row, below: list[Row]) -> Found | None:
    """The first cell starting under the salutation in the rows close below, if it is a name
    ending in its legal form."""
    for under in below:
        if under.page != row.page or under.y - row.y > _ROWS_UNDER * row.height:
            return None
        cells = [c for c in under.cells() if salutation.x0 - _EDGE <= c.x0 < salutation.x1]
        if cells:
            value = name(cells[0].text)
            complete = cells[0].words[-1].text.strip(",;").lower() in _LEGAL_FORMS
            return Found(value, under.page, cells[0].words) if value and complete else None
    return None


def disagrees_with_addressee(found: Found, rows: list[Row]) -> bool:
    """A name read for the supplier (beside or under its label) that is not the one the
    order is addressed to: one of them is another field's (a word of a row of titles, a
    label the vocabulary does not know, a value under it), and the words do not tell
    which. Case, punctuation and one being the other cut short of its legal form ("Acme
    Ltd" and "ACME LTD.") agree."""
    addressee = name_under_salutation(rows)
    if addressee is None:
        return False
    one, other = _words(str(found.value)), _words(str(addressee.value))
    shorter, longer = sorted((one, other), key=len)
    return longer[: len(shorter)] != shorter or not shorter


def _words(value: str) -> list[str]:
    return re.sub(r"[^\w\s]", " ", value).casefold().split()
