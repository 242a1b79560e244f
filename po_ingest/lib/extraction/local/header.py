"""Labelled header fields: the value follows its label in the same cell, in the next cell of
the row, or in the cell right below it (boxed layouts put labels above values)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_COMPILED = {
    field: re.compile(
        rf"^(?:{alternatives(all_phrases(section))})\.?(?:\s*[:#]\s*|\s+[-–]\s+|\s+|$)(?P<rest>.*)$",
        re.IGNORECASE,
    )
    for field, section in vocabulary()["labels"].items()
}
# "Supplier No.", "Vendor address": a label word followed by one of these names another field.
_QUALIFIED = re.compile(
    rf"^(?:{alternatives(vocabulary()['label_qualifiers']['words'])})(?!\w)", re.IGNORECASE
)


TITLE = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['titles']['purchase_order']))})\W*$",
    re.IGNORECASE,
)
# "Supplier (Bill from)": words in brackets after a label belong to the label.
_ANNOTATION = re.compile(r"^\(.*\)\s*:?$")


@dataclass
class Found:
    """A value and the words on the page it was read from."""

    value: Any
    page: int
    words: list[Word]


def is_label(text: str) -> bool:
    return any((m := p.match(text)) and not m["rest"] for p in _COMPILED.values())


def _rest_words(cell: Cell, rest: str) -> list[Word]:
    """The words of `cell` that make up `rest`, its text after the label."""
    start, offset, taken = len(cell.text) - len(rest), 0, []
    for word in cell.words:
        offset += len(word.text)
        if offset > start:
            taken.append(word)
        offset += 1
    return taken or cell.words


def _other_script(cell: Cell) -> bool:
    """Words with no Latin letter and no digit: the label again in another script ("ORDER
    DATE" over its Arabic), not its value."""
    return not any(c.isdigit() or ("a" <= c.lower() <= "z") for c in cell.text)


def _below(cell: Cell, rows: list[Row], index: int) -> Cell | None:
    """The cell under a label: the first in the next rows overlapping it horizontally, past
    a translation of the label."""
    for row in rows[index + 1 : index + 3]:
        found = [
            c
            for c in row.cells()
            if c.x0 < cell.x1 + 40 and c.x1 > cell.x0 - 2 and not _other_script(c)
        ]
        if found:
            return None if is_label(found[0].text) else found[0]
    return None


def _next_cell(cells: list[Cell], position: int) -> Cell | None:
    """The cell right of a label on its row, skipping a lone `:`; a cell across the page
    (another block's title) is not its value."""
    for cell in cells[position + 1 : position + 3]:
        if cell.text.strip(" :#"):
            if is_label(cell.text.strip(" :#")) or cell.x0 - cells[position].x1 > _BESIDE:
                return None
            return cell
    return None


Candidate = tuple[str, list[Word]]
_BESIDE = 150.0  # points between a label and a value on its right, at most


def _candidates(
    rest: str, cells: list[Cell], position: int, rows: list[Row], index: int
) -> list[list[Candidate]]:
    """Where a label's value may stand, nearest first, in tiers: after it in its cell; right
    of it when the label ends with a colon; then below it (boxed forms) or right of it, which
    must not disagree."""
    label = cells[position]
    tiers: list[list[Candidate]] = []
    if rest.strip(" :#"):
        tiers.append([(rest.strip(" :#"), _rest_words(label, rest))])
    beside = _next_cell(cells, position)
    if beside and label.text.rstrip().endswith((":", "#")):
        tiers.append([(beside.text.strip(" :#"), beside.words)])
    if TITLE.match(label.text):
        return tiers  # "PURCHASE ORDER" over the buyer's address: only "PURCHASE ORDER: 123"
    below = _below(label, rows, index)
    tiers.append([(c.text.strip(" :#"), c.words) for c in (below, beside) if c is not None])
    return tiers


def _read(tiers: list[list[Candidate]], parse: Callable[[str], Any]) -> tuple[Any, list[Word]]:
    """The first tier's value; none when two places in one tier read differently."""
    for tier in tiers:
        read = [
            (value, words) for text, words in tier if text and (value := parse(text)) is not None
        ]
        if len({value for value, _ in read}) > 1:
            return None, []  # the value below and the one beside disagree: not guessed
        if read:
            return read[0]
    return None, []


def find_labelled(rows: list[Row], parsers: dict[str, Callable[[str], Any]]) -> dict[str, Found]:
    """Each field's value: the first label whose nearby text `parsers[field]` accepts."""
    found: dict[str, Found] = {}
    for index, row in enumerate(rows):
        cells = row.cells()
        for position, cell in enumerate(cells):
            for field, pattern in _COMPILED.items():
                match = pattern.match(cell.text)
                if field in found or match is None or _QUALIFIED.match(match["rest"]):
                    continue
                rest = "" if _ANNOTATION.match(match["rest"]) else match["rest"]
                tiers = _candidates(rest, cells, position, rows, index)
                value, words = _read(tiers, parsers[field])
                if value is not None:
                    found[field] = Found(value, row.page, words)
    return found
