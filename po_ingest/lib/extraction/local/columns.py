"""The item table's columns: the titles each kind of document prints for them (vocabulary
[columns]), and which sets of titles make an item table (`header_rows.py` finds them on
the page)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from po_ingest.lib.extraction.local.values import CURRENCY_CODES
from po_ingest.lib.extraction.local.vocabulary import alternatives, plain, vocabulary

_IN = "|".join(vocabulary()["column_currency"]["words"])
_NOTE = r"(?:\s*(?:\([^)]*\)|\[[^\]]*\]))?"
# After a title: an abbreviation's point ("Total."), "/", "%", a note in brackets, its
# currency ("in EUR", ", EUR"), a note after the currency ("Preis in EUR (netto)"), and a
# colon ("Item:").
_QUALIFIER = (
    rf"\.?(?:\s*/)?(?:\s*%)?{_NOTE}"
    rf"(?:\s*,?\s*(?:(?:{_IN})\s+)?(?:{'|'.join(CURRENCY_CODES)}|[€$£]))?{_NOTE}(?:\s*:)?"
)


@dataclass(frozen=True, eq=False)
class ColumnWords:
    """The column titles one kind of document prints, per column (checked in their order),
    and the columns its item table cannot do without: every set of one of `needed`."""

    patterns: dict[str, re.Pattern[str]]
    needed: tuple[frozenset[str], ...]
    # All of `patterns` as one, a named group per column in their order: the first column
    # whose title matches is the group that matched (one search, where most words are none).
    any_title: re.Pattern[str]
    unit_counts: bool = False  # "Unit" beside "Unit Price" and "Amount" is the quantity
    # "Product" beside "Description", no code column: the first holds the item's code.
    product_codes: bool = False


def column_words(
    sections: dict[str, list[str]],
    needed: tuple[set[str], ...],
    unit_counts: bool = False,
    product_codes: bool = False,
) -> ColumnWords:
    groups = "|".join(f"(?P<{name}>{alternatives(phrases)})" for name, phrases in sections.items())
    return ColumnWords(
        {
            name: re.compile(rf"^(?:{alternatives(phrases)}){_QUALIFIER}$", re.IGNORECASE)
            for name, phrases in sections.items()
        },
        tuple(frozenset(n) for n in needed),
        re.compile(rf"^(?:{groups}){_QUALIFIER}$", re.IGNORECASE),
        unit_counts,
        product_codes,
    )


# An order's table prints each line's amount, or at least its price: the total checks them.
ORDER_COLUMNS = column_words(
    vocabulary()["columns"], ({"quantity", "line_total"}, {"quantity", "unit_price"})
)
# Tried when no other header reads: a template heading its count "Unit" beside "Unit
# Price" and "Amount"; each line's quantity × price = amount tells if that was so.
UNIT_COUNTED_ORDER_COLUMNS = column_words(
    vocabulary()["columns"], ORDER_COLUMNS.needed, unit_counts=True
)
# Tried when nothing else gives an order: "Product" then "Description" and no code column,
# the first holding each line's code ("Prodotto" over S99976389), else the line declines.
PRODUCT_CODE_ORDER_COLUMNS = column_words(
    vocabulary()["columns"], ORDER_COLUMNS.needed, product_codes=True
)
# An order printing no prices (`unpriced.py`): goods and their quantities.
UNPRICED_ORDER_COLUMNS = column_words(vocabulary()["columns"], ({"quantity"},))
# "Item" beside a description holds a code or a position: lines.py tells them apart.
ITEM_OR_POSITION = "item_or_position"
# "Item" beside a code column and no description column: a description, or a position.
DESCRIPTION_OR_POSITION = "description_or_position"
_WEAK_ORDER = ("description", ITEM_OR_POSITION, "line_number")
# "Product" then "Description" with no code column: the first holds a code or a name.
CODE_OR_DESCRIPTION = "code_or_description"
UNKNOWN = "unknown"
# Column titles the vocabulary does not know, in a header it otherwise reads: a few, or
# fewer than half of a wide header's.
_MAX_UNKNOWN = 2
_FIRST_ONLY = ("unit_price", "discount", "unit")
# Columns a table may print several of: "SGST %", "CGST %" and "Cess %" beside each other.
_REPEATED = {"other", "tax_rate", "tax_amount"}


@dataclass
class Column:
    name: str
    x0: float
    x1: float
    known: bool = True  # its title is in the vocabulary ("other" may be either)
    weak: bool = False  # titled "Item" and the like: it may hold a code or a description
    # Its edges are a table finder's cell (`grid.py`), not its title's: they may reach over
    # an untitled column beside it.
    cell_edges: bool = False
    # Titled as a code column beside the item's code column ("Mfg Product #" right of
    # "Item #"): set aside, its words are not the item's (`leading_codes.py`).
    second_code: bool = False


@cache
def name_of(text: str, kind: ColumnWords = ORDER_COLUMNS) -> str | None:
    return _title_of(text, kind) or _compound(text, kind) or _misspelt(text, kind)


def _title_of(text: str, kind: ColumnWords) -> str | None:
    return match.lastgroup if (match := kind.any_title.match(text)) else None


# One-word titles long enough that a letter off is a misspelling, not another word.
_MISSPELT_LENGTH = 8


def _long_titles() -> dict[int, dict[str, str]]:
    """Title → column name, by the title's length (a misspelling keeps its length)."""
    by_length: dict[int, dict[str, str]] = {}
    for name, phrases in vocabulary()["columns"].items():
        for phrase in phrases:
            if phrase.isalpha() and len(phrase) >= _MISSPELT_LENGTH:
                by_length.setdefault(len(phrase), {})[plain(phrase)] = name
    return by_length


_LONG_TITLES = _long_titles()


def _misspelt(text: str, kind: ColumnWords) -> str | None:
    """A long one-word title with one letter wrong ("Descripsión"): the title it misspells."""
    if len(text) < _MISSPELT_LENGTH // 2:  # lower() lengthens a letter to two at most
        return None
    word = plain(text.lower())
    if not word.isalpha():
        return None
    for title, name in _LONG_TITLES.get(len(word), {}).items():
        if sum(a != b for a, b in zip(title, word, strict=True)) == 1:
            return name if name in kind.patterns else None
    return None


# Titles of one column joined by a slash or a spaced dash ("Material/Beschreibung",
# "Item Code - Description").
_JOINED = re.compile(r"\s*/\s*|\s+-\s+")
_CODE_AND_DESCRIPTION = {"item_code", "description"}


def _compound(text: str, kind: ColumnWords) -> str | None:
    """A code's title and a description's joined into one ("Artikel-Nr./Bestellnummer/
    Bezeichnung"): the column holds a code, then the item's description."""
    parts = [p for p in _JOINED.split(text) if p]
    if len(parts) < 2:
        return None
    names = {_title_of(p, kind) for p in parts}
    return "code_description" if names == _CODE_AND_DESCRIPTION else None


def titled_columns(
    titles: list[tuple[str, float, float]], kind: ColumnWords = ORDER_COLUMNS
) -> list[Column] | None:
    """Columns from each title's text and edges, named by the vocabulary (else unknown),
    when they make an item table (`named_columns`)."""
    found = [Column(name_of(text, kind) or UNKNOWN, x0, x1) for text, x0, x1 in titles]
    return named_columns(found, kind)


def named_columns(found: list[Column], kind: ColumnWords = ORDER_COLUMNS) -> list[Column] | None:
    """Columns once "Item" and the like are resolved; None unless they make an item table
    (a description or an item code, the columns `kind` needs, no column twice)."""
    unknown = sum(c.name == UNKNOWN for c in found)
    if unknown > _MAX_UNKNOWN and 2 * unknown >= len(found):
        return None  # a header row holds column names, not a sentence
    for column in found:
        if column.name == UNKNOWN:
            column.name, column.known = "other", False  # its words are not the item's
    for name in _FIRST_ONLY:
        for column in [c for c in found if c.name == name][1:]:
            # "Disc" then "Disc%", "Price" then SAP's "Price Unit" (per 1): the amount
            # first, then what qualifies it; the arithmetic tells if that was wrong.
            column.name = "other"
    names = _covered(found)
    for column in found:
        if column.name == "weak":
            free = [n for n in _WEAK_ORDER if n not in names]
            if _right_of_compound(column, found):
                free = []  # "Part Number/Description | Item Rev": the item's revision
            if "item_code" in names:  # beside a code column, "Item" is the position
                free = [n for n in free if n != ITEM_OR_POSITION]
            column.name, column.weak = (free[0] if free else "other"), True
            if column.name == "description" and "item_code" in names:
                column.name = DESCRIPTION_OR_POSITION  # SAP's "Item | Material": 10, 20, …
            names = _covered(found)
    found = _one_description(found, kind.product_codes)
    _net_then_gross(found)
    names = [c.name for c in found]
    if (
        kind.unit_counts
        and "quantity" not in names
        and {"unit", "unit_price", "line_total"} <= set(names)
    ):
        next(c for c in found if c.name == "unit").name = "quantity"
    known = [c.name for c in found if c.name not in _REPEATED]
    # Without a description column, the description prints under the item's code.
    has_description = bool({"description", "code_description", "item_code"} & set(known))
    priced = any(set(known) >= needed for needed in kind.needed)
    if not (has_description and priced) or len(known) != len(set(known)):
        return None
    return found


def _covered(found: list[Column]) -> list[str]:
    """The fields the columns hold: a "Code / Description" column holds both."""
    names = [c.name for c in found]
    return names + sorted(_CODE_AND_DESCRIPTION) if "code_description" in names else names


def _right_of_compound(column: Column, found: list[Column]) -> bool:
    return any(c.name == "code_description" and c.x1 <= column.x0 for c in found)


def _net_then_gross(found: list[Column]) -> None:
    """Two line amounts with the line's tax between them ("Amount | PPN | Total") are its
    value before tax, then with it; the first is the line's amount."""
    totals = [n for n, c in enumerate(found) if c.name == "line_total"]
    if len(totals) == 2 and any(c.name == "tax_amount" for c in found[totals[0] : totals[1]]):
        found[totals[1]].name = "other"


def _one_description(found: list[Column], product_codes: bool = False) -> list[Column]:
    """Beside an item code's column, "Product" then "Description" are one description
    printed in two cells (a name, then what it is); without the code, either may be it,
    or (`product_codes`) the first holds the code (`item_cells.split_code`)."""
    coded = any(c.name == "item_code" for c in found)
    merged: list[Column] = []
    for column in found:
        previous = merged[-1] if merged else None
        if previous and previous.name == column.name == "description":
            if coded:
                merged[-1] = Column("description", previous.x0, column.x1)
                continue
            if product_codes:
                previous.name = CODE_OR_DESCRIPTION
        merged.append(column)
    return merged
