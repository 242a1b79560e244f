"""The item table's header read from a page's rows: a row of known column titles, on one
line or wrapped onto two ("Unit" over "Price"), or around one ("Delivery" over "Date"
beside "Quantity")."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import (
    _IN,
    ORDER_COLUMNS,
    Column,
    ColumnWords,
    name_of,
    titled_columns,
)
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import CURRENCY_CODES

Header = tuple[list[Column], int]  # the columns and how many rows their titles take


# A space in a monospaced font (SAPscript's Courier) is 0.6 of its height exactly; its
# words' edges carry rounding in the last digits.
_SPACE = 0.6
_ROUNDING = 0.01


def _one_phrase(words: list[Word]) -> bool:
    """Words set a plain space apart: one column name, not two neighbouring ones."""
    return all(
        b.x0 - a.x1 <= max(4.0, _SPACE * a.height) + _ROUNDING
        for a, b in zip(words, words[1:], strict=False)
    )


Title = tuple[str, float, float]


def _columns(words: list[Word], kind: ColumnWords) -> list[Column] | None:
    """The words read as column names (longest run of words first), if they are an item
    table's header; None for any other row."""
    phrases = [_titles(phrase, kind) for phrase in title_phrases(words)]
    columns = titled_columns([t for titles in phrases for t in titles], kind)
    if columns is None and any(len(titles) > 1 for titles in phrases):
        # Read as two titles, a phrase may clash with the header's others ("Qty." and
        # "Ordered" both a quantity, "Cost" "Code" beside "Item Code"): one title then.
        columns = titled_columns([_one_title(titles, kind) for titles in phrases], kind)
    return columns


def _titles(phrase: list[Word], kind: ColumnWords) -> list[Title]:
    """A phrase's column names, the longest known run of words first, else four words."""
    titles, index = [], 0
    while index < len(phrase):
        runs = [phrase[index : index + n] for n in range(min(4, len(phrase) - index), 0, -1)]
        run = next((r for r in runs if name_of(_text(r), kind)), runs[0])
        titles.append((_text(run), run[0].x0, run[-1].x1))
        index += len(run)
    return titles


def _one_title(titles: list[Title], kind: ColumnWords) -> Title:
    """A phrase's titles as one: named as its parts are when they all name one column
    ("Line" "#"), else a title the vocabulary does not know."""
    text = " ".join(t for t, _, _ in titles)
    names = {name_of(t, kind) for t, _, _ in titles}
    if len(names) == 1 and names.pop() is not None and not name_of(text, kind):
        text = titles[0][0]  # the first part alone carries the name
    return text, titles[0][1], titles[-1][2]


def _text(words: list[Word]) -> str:
    return " ".join(w.text for w in words)


def title_phrases(words: list[Word]) -> list[list[Word]]:
    return _currency_joined(_slash_joined(_runs(words)))


def _slash_joined(runs: list[list[Word]]) -> list[list[Word]]:
    """A run starting with a slash alone continues the title left of it ("EUR" then "/ PE":
    the price per its price unit), a slash not being a title of its own."""
    joined: list[list[Word]] = []
    for run in runs:
        if joined and run[0].text == "/" and len(run) > 1:
            joined[-1] = joined[-1] + run
        else:
            joined.append(run)
    return joined


def _runs(words: list[Word]) -> list[list[Word]]:
    runs: list[list[Word]] = []
    for word in words:
        if runs and _one_phrase([runs[-1][-1], word]):
            runs[-1].append(word)
        else:
            runs.append([word])
    return runs


# "in EUR", "EUR", "€": a title's currency, not a title of its own.
_CURRENCY_ONLY = re.compile(rf"^(?:(?:{_IN})(?:\s+|$))*(?:{'|'.join(CURRENCY_CODES)}|[€$£])?$")


def _currency_joined(runs: list[list[Word]]) -> list[list[Word]]:
    """A title's currency printed apart from it ("Preis      in EUR"): the currency's
    words, together, join the title they stand nearer to on their left; a currency nearer
    the next title, or first on the line, stays as printed."""
    joined: list[list[Word]] = []
    for run in runs:
        previous = joined[-1] if joined else None
        if previous and _CURRENCY_ONLY.match(_text(run)) and _CURRENCY_ONLY.match(_text(previous)):
            previous += run  # "in" then "EUR", set apart: one currency
            continue
        joined.append(run)
    result: list[list[Word]] = []
    for index, run in enumerate(joined):
        following = joined[index + 1] if index + 1 < len(joined) else None
        if (
            result
            and _CURRENCY_ONLY.match(_text(run))
            and not _CURRENCY_ONLY.match(_text(result[-1]))
            and (following is None or run[0].x0 - result[-1][-1].x1 <= following[0].x0 - run[-1].x1)
        ):
            result[-1] = result[-1] + run
            continue
        result.append(run)
    return result


def stacked_titles(top: Row, bottom: Row, kind: ColumnWords) -> list[Word]:
    """Two header lines as one: each bottom word joins the top phrase it overlaps most
    ("Prijs per" over "eenheid" is "Prijs per eenheid"); bottom words under no top phrase
    stand alone, and top phrases with nothing under them keep their words. When the bottom
    line is titles too, a pair the vocabulary does not know keeps the line it knows; a text
    column's title over another column's ("Description" over "Unit") is two lines of titles
    over items printed on two lines, not one title: no header then (empty)."""
    titles_below = _title_words(bottom, kind) >= 2
    phrases = title_phrases(top.words)
    under: dict[int, list[Word]] = {}
    alone, taken = _text_titles_under_amounts(phrases, bottom, kind)
    for word in [w for w in bottom.words if id(w) not in taken]:
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
            if _two_titles(phrase, under[index], kind):
                return []
            text = _known_line(phrase, under[index], text, kind)
        x0, x1 = min(p.x0 for p in parts), max(p.x1 for p in parts)
        merged.append(Word(x0, phrase[0].y0, x1, max(p.y1 for p in parts), text))
    return sorted(merged, key=lambda w: w.x0)


_TEXT_TITLES = {"description", "item_code", "code_description"}
_LINE_TITLES = {"quantity", "unit", "unit_price", "line_total"}


def _text_titles_under_amounts(
    phrases: list[list[Word]], bottom: Row, kind: ColumnWords
) -> tuple[list[Word], set[int]]:
    """The bottom line's titles of the item's text ("Material/Description") set under an
    amount's title and starting left of it, under no title's start: SAP's item prints its
    amounts on its first line, its text on the lines under it, where that title starts. Each
    stands as a title of its own, and the ids of its words."""
    alone: list[Word] = []
    taken: set[int] = set()
    for phrase in _runs(bottom.words):  # a currency beside it is the amount's under it
        text = _text(phrase)
        if name_of(text, kind) not in _TEXT_TITLES:
            continue
        x0, x1 = phrase[0].x0, phrase[-1].x1
        titles = [t for p in phrases for t in _titles(p, kind)]
        over = [(t, a) for t, a, b in titles if a < x1 and b > x0]
        if not over or any(a <= x0 for _, a in over):
            continue
        if not all(name_of(t, kind) in _LINE_TITLES for t, _ in over):
            continue
        alone.append(Word(x0, phrase[0].y0, x1, max(w.y1 for w in phrase), text))
        taken |= {id(w) for w in phrase}
    return alone, taken


def _two_titles(top: list[Word], bottom: list[Word], kind: ColumnWords) -> bool:
    """A text column's title over another column's title: the item's text line's title
    over its amounts line's. ("Price" over "Per" is one price's title and its unit's.)"""
    names = [name_of(" ".join(w.text for w in words), kind) for words in (top, bottom)]
    return names[0] in _TEXT_TITLES and names[1] is not None and names[1] != names[0]


def _known_line(top: list[Word], bottom: list[Word], both: str, kind: ColumnWords) -> str:
    """Of two stacked title lines, the one the vocabulary knows: SAP stacks a title per
    line ("Material Description" over "UPC", "Cargill" over "Material")."""
    texts = [" ".join(w.text for w in words) for words in (top, bottom)]
    return next((t for t in texts if name_of(t, kind)), both)


def header_columns(rows: list[Row], index: int, kind: ColumnWords = ORDER_COLUMNS) -> Header | None:
    """The columns of a header starting at `rows[index]` and how many rows it spans."""
    if around := _around_next(rows, index, kind):
        return around, 3
    row = rows[index]
    titles = _title_words(row, kind)
    if titles == 0 or (titles == 1 and len(row.words) > 1 and not _broken_titles(row, kind)):
        return None  # not even two words of column titles: the common, cheap answer
    following = rows[index + 1] if index + 1 < len(rows) else None
    close = following and following.page == row.page and following.y - row.y < 1.8 * row.height
    if titles == 1:  # "Item" alone over "number" in "Line  number  Description …"
        stacked = (
            _columns(stacked_titles(row, following, kind), kind)
            if close and _title_words(following, kind) >= 2
            else None
        )
        return (stacked, 2) if stacked is not None else None
    single = _columns(row.words, kind)
    if close and any(name_of(w.text, kind) for w in row.words):
        stacked = _columns(stacked_titles(row, following, kind), kind)
        # "Prijs" over "per eenheid" reads better as one title than as "Prijs" and "per".
        if stacked is not None and (
            single is None
            or _others(stacked) <= _others(single)
            or _unknown(stacked) < _unknown(single)
        ):
            return stacked, 2
    if single is None:
        return None
    if wrapped := _wrapped_around(rows, index):
        columns = _columns(sorted(row.words + wrapped, key=lambda w: w.x0), kind)
        if columns is not None:
            return columns, 2
    return single, 1


def _broken_titles(row: Row, kind: ColumnWords) -> bool:
    """Every word of the row a title, or one broken at a hyphen to go on on the line under
    it ("Eenheids-" over "prijs" beside "Bedrag" over "excl. btw")."""
    return all(name_of(w.text, kind) or w.text.endswith("-") for w in row.words)


def _around_next(rows: list[Row], index: int, kind: ColumnWords) -> list[Column] | None:
    """A header of three lines starting at `rows[index]`: titles wrapped over the first and
    the third ("PREZZO" over "UNITARIO"), those of one line centred between them ("U.M."),
    read as one header even when the middle line alone is none."""
    if index + 2 >= len(rows) or not (wrapped := _wrapped_around(rows, index + 1)):
        return None
    return _columns(sorted(rows[index + 1].words + wrapped, key=lambda w: w.x0), kind)


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
    for phrase in title_phrases(above.words):
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


_GOODS_TITLES = frozenset({"item_code", "description"})


def titles_row(row: Row, kind: ColumnWords) -> bool:
    """A row of column titles, mostly ones the vocabulary knows, naming a quantity and
    the goods (a code or a description), no number among them: a table's header even
    where its columns make none the reader takes ("Código", "EAN", "Cód. Cor": three codes)."""
    if any(c.isdigit() for c in row.text):
        return False
    phrases = [_titles(phrase, kind) for phrase in title_phrases(row.words)]
    names = [None if _labels_a_value(titles) else name_of(titles[0][0], kind) for titles in phrases]
    known = {n for n in names if n is not None}
    return (
        "quantity" in known
        and bool(known & _GOODS_TITLES)
        and 2 * len([n for n in names if n]) > len(names)
    )


def _labels_a_value(titles: list[Title]) -> bool:
    """A label, its colon, then its value ("SKU: LAB-GEN" under an item): no title."""
    return len(titles) > 1 and titles[0][0].endswith(":")


def _title_words(row: Row, kind: ColumnWords) -> int:
    return sum(name_of(w.text, kind) is not None for w in row.words)


def _others(columns: list[Column]) -> int:
    return sum(c.name == "other" for c in columns)


def _unknown(columns: list[Column]) -> int:
    return sum(not c.known for c in columns)


_AMOUNT_TITLES = frozenset({"quantity", "unit_price", "line_total"})
_SAME_PLACE = 2.0  # points: the same program's header, not one set like it


def same_amount_columns(old: list[Column], new: list[Column]) -> bool:
    """Two headers whose quantity, price and amount titles stand in the same places, to the
    point: one table's, reprinted on its next page under other titles for its text columns
    ("Pos", "Artikel" for "Art.Nr.", "Bezeichnung")."""
    places = [{c.name: (c.x0, c.x1) for c in h if c.name in _AMOUNT_TITLES} for h in (old, new)]
    return (
        places[0].keys() == places[1].keys() == _AMOUNT_TITLES
        and sum(c.name in _AMOUNT_TITLES for c in old + new) == 2 * len(_AMOUNT_TITLES)
        and all(
            abs(a - b) <= _SAME_PLACE
            for name in _AMOUNT_TITLES
            for a, b in zip(places[0][name], places[1][name], strict=True)
        )
    )


def translated_under(
    rows: list[Row], index: int, columns: list[Column], kind: ColumnWords = ORDER_COLUMNS
) -> int:
    """How many rows right under a header (ending before `rows[index]`) repeat its titles in
    another language ("Prezzo Unitario" over "Unit Price"): a header whose quantity, price
    and amount titles start, or end, where these do; 0 when the next row is none."""
    if index >= len(rows) or index == 0:
        return 0
    row, above = rows[index], rows[index - 1]
    if row.page != above.page or row.y - above.y >= 1.8 * row.height:
        return 0
    if (header := header_columns(rows, index, kind)) is None:
        return 0
    places = [{c.name: c for c in h if c.name in _AMOUNT_TITLES} for h in (columns, header[0])]
    if places[0].keys() != places[1].keys() or len(places[0]) < 2:
        return 0
    edges = [(places[0][n], places[1][n]) for n in places[0]]
    same = all(abs(a.x0 - b.x0) <= _SAME_PLACE or abs(a.x1 - b.x1) <= _SAME_PLACE for a, b in edges)
    return header[1] if same else 0
