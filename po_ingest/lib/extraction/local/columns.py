"""The item table's header: a row of known column titles (on one line or wrapped onto
two, "Unit" over "Price"), read from the words and their positions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import CURRENCY_CODES
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_QUALIFIER = rf"(?:\s*/)?(?:\s*%)?(?:\s*(?:\([^)]*\)|\[[^\]]*\]))?(?:\s*(?:{'|'.join(CURRENCY_CODES)}|[€$£]))?"


@dataclass(frozen=True, eq=False)
class ColumnWords:
    """The column titles one kind of document prints, per column (checked in their order),
    and the columns its item table cannot do without: every set of one of `needed`."""

    patterns: dict[str, re.Pattern[str]]
    needed: tuple[frozenset[str], ...]
    unit_counts: bool = False  # "Unit" beside "Unit Price" and "Amount" is the quantity


def column_words(
    sections: dict[str, list[str]], needed: tuple[set[str], ...], unit_counts: bool = False
) -> ColumnWords:
    return ColumnWords(
        {
            name: re.compile(rf"^(?:{alternatives(phrases)}){_QUALIFIER}$", re.IGNORECASE)
            for name, phrases in sections.items()
        },
        tuple(frozenset(n) for n in needed),
        unit_counts,
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
# An order printing no prices (`unpriced.py`): goods and their quantities.
UNPRICED_ORDER_COLUMNS = column_words(vocabulary()["columns"], ({"quantity"},))
# "Item" beside a description holds a code or a position: lines.py tells them apart.
ITEM_OR_POSITION = "item_or_position"
# "Item" beside a code column and no description column: a description, or a position.
DESCRIPTION_OR_POSITION = "description_or_position"
_WEAK_ORDER = ("description", ITEM_OR_POSITION, "line_number")
UNKNOWN = "unknown"
_MAX_UNKNOWN = 2  # column titles the vocabulary does not know, in a header it otherwise reads
_FIRST_ONLY = ("unit_price", "discount", "unit")
# Columns a table may print several of: "SGST %", "CGST %" and "Cess %" beside each other.
_REPEATED = {"other", "tax_rate", "tax_amount"}


@dataclass
class Column:
    name: str
    x0: float
    x1: float


Header = tuple[list[Column], int]  # the columns and how many rows their titles take


def _one_phrase(words: list[Word]) -> bool:
    """Words set a plain space apart: one column name, not two neighbouring ones."""
    return all(
        b.x0 - a.x1 <= max(4.0, 0.6 * a.height) for a, b in zip(words, words[1:], strict=False)
    )


@cache
def name_of(text: str, kind: ColumnWords = ORDER_COLUMNS) -> str | None:
    return next((n for n, r in kind.patterns.items() if r.match(text)), None)


def _columns(words: list[Word], kind: ColumnWords) -> list[Column] | None:
    """The words read as column names (longest run of words first), if they are an item
    table's header; None for any other row."""
    found, index = [], 0
    while index < len(words):
        for length in range(min(4, len(words) - index), 0, -1):
            run = words[index : index + length]
            if not _one_phrase(run):
                continue
            name = name_of(" ".join(w.text for w in run), kind)
            if name:
                found.append(Column(name, run[0].x0, run[-1].x1))
                index += length
                break
        else:
            run = _phrases(words[index:])[0][:4]
            found.append(Column(UNKNOWN, run[0].x0, run[-1].x1))
            index += len(run)
    return named_columns(found, kind)


def named_columns(found: list[Column], kind: ColumnWords = ORDER_COLUMNS) -> list[Column] | None:
    """Columns once "Item" and the like are resolved; None unless they make an item table
    (a description or an item code, the columns `kind` needs, no column twice)."""
    if sum(c.name == UNKNOWN for c in found) > _MAX_UNKNOWN:
        return None  # a header row holds column names, not a sentence
    for column in found:
        if column.name == UNKNOWN:
            column.name = "other"  # "Delivery date", "HSN": its words are not the item's
    for name in _FIRST_ONLY:
        for column in [c for c in found if c.name == name][1:]:
            # "Disc" then "Disc%", "Price" then SAP's "Price Unit" (per 1): the amount
            # first, then what qualifies it; the arithmetic tells if that was wrong.
            column.name = "other"
    names = [c.name for c in found]
    for column in found:
        if column.name == "weak":
            free = [n for n in _WEAK_ORDER if n not in names]
            if "item_code" in names:  # beside a code column, "Item" is the position
                free = [n for n in free if n != ITEM_OR_POSITION]
            column.name = free[0] if free else "other"
            if column.name == "description" and "item_code" in names:
                column.name = DESCRIPTION_OR_POSITION  # SAP's "Item | Material": 10, 20, …
            names = [c.name for c in found]
    found = _one_description(found)
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


def _one_description(found: list[Column]) -> list[Column]:
    """Beside an item code's column, "Product" then "Description" are one description
    printed in two cells (a name, then what it is); without the code, either may be it."""
    merged: list[Column] = []
    for column in found:
        previous = merged[-1] if merged else None
        if (
            previous
            and previous.name == column.name == "description"
            and any(c.name == "item_code" for c in found)
        ):
            merged[-1] = Column("description", previous.x0, column.x1)
        else:
            merged.append(column)
    return merged


def _phrases(words: list[Word]) -> list[list[Word]]:
    runs: list[list[Word]] = []
    for word in words:
        if runs and _one_phrase([runs[-1][-1], word]):
            runs[-1].append(word)
        else:
            runs.append([word])
    return runs


def _stacked(top: Row, bottom: Row, kind: ColumnWords) -> list[Word]:
    """Two header lines as one: each bottom word joins the top phrase it overlaps most
    ("Prijs per" over "eenheid" is "Prijs per eenheid"); bottom words under no top phrase
    stand alone, and top phrases with nothing under them keep their words. When the bottom
    line is titles too, a pair the vocabulary does not know keeps the line it knows."""
    titles_below = _title_words(bottom, kind) >= 2
    phrases = _phrases(top.words)
    under: dict[int, list[Word]] = {}
    alone: list[Word] = []
    for word in bottom.words:
        overlaps = [min(word.x1, p[-1].x1) - max(word.x0, p[0].x0) for p in phrases]
        best = max(range(len(phrases)), key=overlaps.__getitem__)
        if overlaps[best] > 0:
            under.setdefault(best, []).append(word)
        else:
            alone.append(word)
    merged: list[Word] = list(alone)
    for index, phrase in enumerate(phrases):
        if index not in under:
            merged += phrase
            continue
        parts = phrase + under[index]
        text = " ".join(w.text for w in parts)
        if titles_below and not name_of(text, kind):
            text = _known_line(phrase, under[index], text, kind)
        x0, x1 = min(p.x0 for p in parts), max(p.x1 for p in parts)
        merged.append(Word(x0, phrase[0].y0, x1, max(p.y1 for p in parts), text))
    return sorted(merged, key=lambda w: w.x0)


def _known_line(top: list[Word], bottom: list[Word], both: str, kind: ColumnWords) -> str:
    """Of two stacked title lines, the one the vocabulary knows: SAP stacks a title per
    line ("Material Description" over "UPC", "Cargill" over "Material")."""
    texts = [" ".join(w.text for w in words) for words in (top, bottom)]
    return next((t for t in texts if name_of(t, kind)), both)


def header_columns(rows: list[Row], index: int, kind: ColumnWords = ORDER_COLUMNS) -> Header | None:
    """The columns of a header starting at `rows[index]` and how many rows it spans."""
    row = rows[index]
    titles = _title_words(row, kind)
    if titles == 0 or (titles == 1 and len(row.words) > 1):
        return None  # not even two words of column titles: the common, cheap answer
    following = rows[index + 1] if index + 1 < len(rows) else None
    close = following and following.page == row.page and following.y - row.y < 1.8 * row.height
    if titles == 1:  # "Item" alone over "number" in "Line  number  Description …"
        stacked = (
            _columns(_stacked(row, following, kind), kind)
            if close and _title_words(following, kind) >= 2
            else None
        )
        return (stacked, 2) if stacked is not None else None
    single = _columns(row.words, kind)
    if close and any(name_of(w.text, kind) for w in row.words):
        stacked = _columns(_stacked(row, following, kind), kind)
        # "Prijs" over "per eenheid" reads better as one title than as "Prijs" and "per".
        if stacked is not None and (single is None or _others(stacked) <= _others(single)):
            return stacked, 2
    if single is None:
        return None
    if wrapped := _wrapped_around(rows, index):
        columns = _columns(sorted(row.words + wrapped, key=lambda w: w.x0), kind)
        if columns is not None:
            return columns, 2
    return single, 1


def _wrapped_around(rows: list[Row], index: int) -> list[Word]:
    """Titles wrapped onto a line just above and one just below a one-line header, centred
    on it ("Delivery" over "Date" beside "Quantity"): each as one word, where no title of
    the header stands; none unless every word of both lines pairs up so."""
    row = rows[index]
    if not 0 < index < len(rows) - 1:
        return []
    above, below = rows[index - 1], rows[index + 1]
    if any(r.page != row.page or abs(r.y - row.y) >= 0.8 * row.height for r in (above, below)):
        return []
    titles: list[Word] = []
    paired: list[Word] = []
    for phrase in _phrases(above.words):
        x0, x1 = phrase[0].x0, phrase[-1].x1
        under = [w for w in below.words if w.x0 < x1 and w.x1 > x0]
        if not under or any(w.x0 < x1 and w.x1 > x0 for w in row.words):
            return []
        parts = phrase + under
        text = " ".join(w.text for w in parts)
        titles.append(
            Word(min(x0, under[0].x0), phrase[0].y0, max(x1, under[-1].x1), under[-1].y1, text)
        )
        paired += under
    return titles if len(paired) == len(below.words) else []


def _title_words(row: Row, kind: ColumnWords) -> int:
    return sum(name_of(w.text, kind) is not None for w in row.words)


def _others(columns: list[Column]) -> int:
    return sum(c.name == "other" for c in columns)
