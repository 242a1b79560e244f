"""Header values printed as a label's value (beside it, or under it) whose label the
vocabulary does not know: what a print style nobody taught the reader does ("Contract
Date", "Emissão", "Voucher No."). Only the layout says it is a label; what the label is of,
its words say only when the vocabulary knows them as another kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from po_ingest.lib.extraction.local.header import ORDER_LABELS, TITLE, Found
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.values import month_numbers
from po_ingest.lib.extraction.local.vocabulary import vocabulary

_BESIDE = 150.0  # points between a label and its value on its right, at most
_LINES_UNDER = 2.5  # a label's value stands within this many line heights under it
_LABEL_WORDS = 4  # a label is a few words; more is a sentence
_BLOCK_ROWS = 3  # rows between an order's number and its date in one block, at most
_EDGE = 4.0  # points between edges set flush


@dataclass
class LabelledValue:
    """A value read from the header and what labels it: the words before it in its cell,
    the cell left of it, the cell over it ("" for none; None when they are not label-shaped:
    a sentence, or digits)."""

    found: Found
    labels: list[str | None]


def _label_shaped(text: str) -> bool:
    """A few words with letters and no digit ("Contract Date", "Zorbel No.:")."""
    return (
        any(c.isalpha() for c in text)
        and not any(c.isdigit() for c in text)
        and len(text.split()) <= _LABEL_WORDS
    )


def _left_label(cells: list[Cell], position: int, value: Cell) -> str | None:
    """The cell left of the value on its row, near enough to be its label."""
    if not position or value.x0 - cells[position - 1].x1 > _BESIDE:
        return ""
    text = cells[position - 1].text
    return text if _label_shaped(text) else None


def _label_over(value: Cell, rows: list[Row], index: int) -> str | None:
    """The label over the value on the nearest row above printing any words over it: a
    cell set flush with it (left, right) or centred over it, on a row of labels (no
    digits: a row of values or an address line is no label's)."""
    row = rows[index]
    for above in reversed(rows[max(0, index - 2) : index]):
        if above.page != row.page or row.y - above.y > _LINES_UNDER * row.height:
            return ""
        over = [c for c in above.cells() if c.x0 < value.x1 and c.x1 > value.x0]
        if not over:
            continue
        if len(over) > 1 or any(c.isdigit() for c in above.text):
            return None
        set_as_label = (
            abs(over[0].x0 - value.x0) <= _EDGE
            or abs(over[0].x1 - value.x1) <= _EDGE
            or abs(over[0].x0 + over[0].x1 - value.x0 - value.x1) / 2 <= _EDGE
        )
        return over[0].text if set_as_label and _label_shaped(over[0].text) else None
    return ""


def _split(cell: Cell, is_value: Callable[[list[Word]], Any]) -> tuple[str, list[Word]] | None:
    """The cell as its label's words and the shortest value ending it ("Zorbel: 03/11/2025";
    "Pag. 1 di 2" then "16.09.2026", no date "1 di 2 16.09.2026"); None when no tail of it
    is a value."""
    for cut in reversed(range(len(cell.words))):
        if is_value(cell.words[cut:]) is not None:
            return " ".join(w.text for w in cell.words[:cut]), cell.words[cut:]
    return None


def labelled_values(rows: list[Row], is_value: Callable[[list[Word]], Any]) -> list[LabelledValue]:
    """Every value `is_value` reads in `rows`, with the labels around it."""
    found = []
    for index, row in enumerate(rows):
        cells = row.cells()
        for position, cell in enumerate(cells):
            if (split := _split(cell, is_value)) is None:
                continue
            own, words = split
            value = Cell(words)
            labels = [own if _label_shaped(own) else None] if own else []
            if not own:
                labels = [_left_label(cells, position, value), _label_over(value, rows, index)]
            found.append(LabelledValue(Found(is_value(words), row.page, words), labels))
    return found


def names_other_kind(label: str, words: set[str]) -> bool:
    """A label word is one of `words` or, five letters or more of it, starts one
    ("Lieferdatum" starts "liefer")."""
    for word in label.lower().replace("/", " ").split():
        word = word.strip(":.#()")
        if word in words or any(len(w) >= 5 and word.startswith(w) for w in words):
            return True
    return False


def date_only(read_date: Callable[[str], Any]) -> Callable[[list[Word]], Any]:
    """Words that print a date and nothing else: digits, a month's name, a short joining
    word ("2 de septiembre de 2025"), the first a number or a month ("Dec 17, 2025")."""
    months = month_numbers()

    def read(words: list[Word]) -> Any:
        texts = [w.text.strip(".,").lower() for w in words]
        if not (any(c.isdigit() for c in texts[0]) or texts[0] in months):
            return None
        if any(not any(c.isdigit() for c in t) and t not in months and len(t) > 3 for t in texts):
            return None
        return read_date(" ".join(w.text for w in words))

    return read


def _known_label(rows: list[Row], fields: tuple[str, ...], other: set[str]) -> bool:
    """A label of one of `fields` the vocabulary knows, not qualified as another kind, is
    printed: its value was not read, so no other value is taken for it. The title is no
    label of a value (a PO number's title takes one only in its own cell)."""
    patterns = [ORDER_LABELS.patterns[f] for f in fields]
    return any(
        p.match(c.text) and not TITLE.match(c.text) and not names_other_kind(c.text, other)
        for row in rows
        for c in row.cells()
        for p in patterns
    )


def _only_one(values: list[LabelledValue], other: set[str]) -> Found | None:
    """The value of the labelled ones when all of them (others' kinds aside) agree."""
    kept = [
        v for v in values if not any(label and names_other_kind(label, other) for label in v.labels)
    ]
    if len({v.found.value for v in kept}) != 1 or not any(any(v.labels) for v in kept):
        return None
    return next(v.found for v in kept if any(v.labels))


def date_of_unknown_label(
    rows: list[Row], read_date: Callable[[str], Any], number: Found
) -> Found | None:
    """The one date of the header (`rows`) that a label stands beside or over, when no
    order-date label the vocabulary knows is printed; a date whose label names another
    date ("Delivery", "Valid until") is not it; any other date there, labelled or not,
    may be it: then none. It must stand in the order `number`'s block, on its row or
    lined up with it a few rows away: an order's date goes with its number, and a
    date set apart may be of anything (a schedule, a letter it answers)."""
    other = set(vocabulary()["other_dates"]["words"])
    if _known_label(rows, ("order_date",), other):
        return None
    found = _only_one(labelled_values(rows, date_only(read_date)), other)
    return found if found is not None and _lined_up(rows, found, number) else None


def _edges(rows: list[Row], found: Found) -> tuple[int, set[float], set[float]] | None:
    """The row of a value, the left edges of it, its cell and the cell before it (its
    label), and its right edge."""
    first = found.words[0]
    for index, row in enumerate(rows):
        if row.page != found.page or first not in row.words:
            continue
        cells = row.cells()
        position = next(n for n, c in enumerate(cells) if first in c.words)
        lefts = {first.x0, cells[position].x0}
        if position and first.x0 - cells[position - 1].x1 <= _BESIDE:
            lefts.add(cells[position - 1].x0)
        return index, lefts, {found.words[-1].x1}
    return None


def _lined_up(rows: list[Row], date: Found, number: Found) -> bool:
    """The date on the number's row, or a few rows from it with an edge flush with one of
    the number's (its label's, its own)."""
    one, other = _edges(rows, date), _edges(rows, number)
    if one is None or other is None:
        return False
    if one[0] == other[0]:
        return True
    flush = any(abs(a - b) <= _EDGE for side in (1, 2) for a in one[side] for b in other[side])
    return flush and abs(one[0] - other[0]) <= _BLOCK_ROWS


def number_of_unknown_label(rows: list[Row], parse: Callable[[str], Any]) -> Found | None:
    """The one code of the header (`rows`) a label stands by, when that label, one the
    vocabulary does not know, ends in a number's word ("Voucher No.", "Zorbel #") and no
    purchase-order number label it knows is printed; a label naming another party's or
    thing's number ("Customer No.", "VAT No.") is not it."""
    other = set(vocabulary()["other_numbers"]["words"])
    if _known_label(rows, ("po_number", "document_number", "order_reference"), other):
        return None

    def code(words: list[Word]) -> Any:
        text = " ".join(w.text for w in words).strip(",;")
        return text if parse(text) == text else None

    # Any code a label stands by may be the order's: its label may have lost its number
    # word ("Purchase Zorbel" beside "PO-00884"), or not be the kind to print one.
    labelled = [v for v in labelled_values(rows, code) if any(v.labels)]
    found = _only_one(labelled, other)
    if found is None:
        return None
    numbered = (
        v.found
        for v in labelled
        if v.found.value == found.value and any(t and _ends_in_number_word(t) for t in v.labels)
    )
    return next(numbered, None)


def numbered_code_besides(rows: list[Row], parse: Callable[[str], Any], reference: Found) -> bool:
    """Another code than `reference` stands by a label the vocabulary does not know that
    opens or ends in a number's word ("N° pièce", "Zorbel No."), not another party's or
    thing's: the document's own number, so the buyer's reference beside it ("Notre
    référence JD/0931") is not known to be the order's."""
    other = set(vocabulary()["other_numbers"]["words"])

    def code(words: list[Word]) -> Any:
        text = " ".join(w.text for w in words).strip(",;")
        return text if parse(text) == text else None

    return any(
        v.found.value != reference.value
        and any(
            label and _names_a_number(label) and not names_other_kind(label, other)
            for label in v.labels
        )
        for v in labelled_values(rows, code)
    )


_NUMBER_WORDS = {w.lower() for w in vocabulary()["title_number"]["words"]}


def _names_a_number(label: str) -> bool:
    first = label.split()[0].lower()
    return _ends_in_number_word(label) or first in _NUMBER_WORDS


def _ends_in_number_word(label: str) -> bool:
    last = label.split()[-1].lower().rstrip(":")
    return last in _NUMBER_WORDS or last.endswith("#") or last.rstrip(".") in _NUMBER_WORDS
