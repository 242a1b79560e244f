"""The reader's words, loaded from `vocabulary.toml`: phrases become patterns here, so
adding a language or a label is an edit to the data file, not to the code."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

_FILE = Path(__file__).with_name("vocabulary.toml")


@cache
def vocabulary_file(path: Path) -> dict:
    """A vocabulary data file: the order reader's, or another document type's beside it."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def vocabulary() -> dict:
    return vocabulary_file(_FILE)


# Accented letters and the plain letter a print without accents has in their place.
_PLAIN = dict(zip("áàâãéèêíìîóòôõúùûç", "aaaaeeeiiioooouuuc", strict=True))


def plain(text: str) -> str:
    """The text with its accented letters plain ("descripción" → "descripcion")."""
    return "".join(_PLAIN.get(c, c) for c in text)


def phrase_pattern(phrase: str) -> str:
    """A phrase as a regular expression: a space is any spacing or a slash, a slash may
    have spaces around it ("PO Number / Date"), "." and "-" optional, "º" and "°" the same, an
    accented letter also its plain one ("Descripción" matches "DESCRIPCION")."""
    parts = []
    for char in phrase.lower():
        if char == " ":
            parts.append(r"[\s/]*")  # "Unit Price", "UnitPrice", "Unit / Price"
        elif char == "/":
            parts.append(r"\s*/\s*")
        elif char in ".-":
            parts.append(re.escape(char) + "?")
        elif char in "º°":  # "N°" and "Nº" are written either way
            parts.append("[º°]")
        elif char in _PLAIN:
            parts.append(f"[{char}{_PLAIN[char]}]")
        else:
            parts.append(re.escape(char))
    return "".join(parts)


def alternatives(phrases: list[str]) -> str:
    """Several phrases as one alternation, the longest first so it wins; of two as long, the
    one with fewer optional marks ("n°" before "n.", which also matches "N" alone), then in
    alphabetical order: the same pattern in every run, whatever the set's order."""
    return "|".join(phrase_pattern(p) for p in sorted(set(phrases), key=_first_tried))


def _first_tried(phrase: str) -> tuple[int, int, str]:
    return -len(phrase), sum(c in ".-" for c in phrase), phrase


def by_language(section: dict[str, list[str]]) -> dict[str, re.Pattern[str]]:
    """One pattern per language matching any of its phrases as whole words."""
    return {
        language: re.compile(rf"(?<!\w)(?:{alternatives(phrases)})(?!\w)", re.IGNORECASE)
        for language, phrases in section.items()
    }


def all_phrases(section: dict[str, list[str]]) -> list[str]:
    return [phrase for phrases in section.values() for phrase in phrases]


@cache
def month_numbers() -> dict[str, int]:
    """Month name or abbreviation (lower case, any language) → month number."""
    return {
        name: number
        for months in vocabulary()["months"].values()
        for number, names in enumerate(months, start=1)
        for name in names
    }
