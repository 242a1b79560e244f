"""The delivery-note reader's vocabulary (`vocabulary.toml` here) joined to the order
reader's: its labels, its column titles over the order's, its titles and languages."""

from __future__ import annotations

import re
from pathlib import Path

from po_ingest.lib.extraction.local.columns import column_words
from po_ingest.lib.extraction.local.header import labels_of
from po_ingest.lib.extraction.local.language import DELIVERY_NOTE
from po_ingest.lib.extraction.local.vocabulary import (
    all_phrases,
    alternatives,
    by_language,
    vocabulary,
    vocabulary_file,
)

_FILE = Path(__file__).with_name("vocabulary.toml")


def note_vocabulary() -> dict:
    return vocabulary_file(_FILE)


def _note_columns() -> dict[str, list[str]]:
    """The order's column titles with the note's moved over them: a phrase of a note
    section leaves the order section it was in; the note's own sections come first."""
    own = note_vocabulary()["columns"]
    moved = {phrase for phrases in own.values() for phrase in phrases}
    merged = {name: list(phrases) for name, phrases in own.items()}
    for name, phrases in vocabulary()["columns"].items():
        kept = [p for p in phrases if p not in moved]
        merged[name] = merged.get(name, []) + kept
    return merged


NOTE_TITLES = vocabulary()["titles"][DELIVERY_NOTE]
NOTE_LABELS = labels_of(
    note_vocabulary()["labels"],
    all_phrases(NOTE_TITLES),
    vocabulary()["label_qualifiers"]["words"] + note_vocabulary()["label_qualifiers"]["words"],
)
# A note's table needs a quantity (and a description or a code); prices are optional.
NOTE_COLUMNS = column_words(_note_columns(), ({"quantity"},))
NOTE_GRID_NEEDED = frozenset({"quantity"})
# What votes for a note's language: its title and its labels.
NOTE_VOTERS = (
    by_language(NOTE_TITLES),
    *(by_language(section) for section in note_vocabulary()["labels"].values()),
)
WEIGHT_UNITS = note_vocabulary()["weight_units"]["words"]
# A line opening with a party's tax number ("GSTIN 27AAB…"): no line of an address.
TAX_ID_LINE = re.compile(
    rf"^(?:{alternatives(note_vocabulary()['tax_ids']['words'])})(?!\w)", re.IGNORECASE
)
