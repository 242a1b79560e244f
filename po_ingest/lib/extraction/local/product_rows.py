"""An item table found by its rows' arithmetic, when no column titles the vocabulary knows
make a header: rows holding three numbers, quantity × unit price = amount (less a discount
rate printed between them), whose numbers stand in the same columns. The row of titles right above the first of them is the
header; its titles over those columns name them, the others are read as usual (a code, a
unit, a description) or set aside. The gate then checks the items as any others."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from po_ingest.lib.extraction.local.columns import ORDER_COLUMNS, Column, name_of
from po_ingest.lib.extraction.local.header_rows import Header, Title, stacked_titles, title_phrases
from po_ingest.lib.extraction.local.item_cells import is_number
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import parse_amount, parse_date

_AMOUNTS = ("quantity", "unit_price", "line_total")
# Right edges of one column's numbers, in points: printed right-aligned, they agree closely.
_ALIGNED = 6.0
# How far above the first item its header may stand (rows of notes or wrapped text between).
_HEADER_ROWS = 3
_TEXT_NAMES = {"description", "code_description", "item_code", "line_number", "unit"}


@dataclass(frozen=True)
class _Product:
    """One row's quantity, price and amount words, `a` × `b` = `c`, less a discount of
    `d` per cent printed between them when there is one."""

    a: Word
    b: Word
    c: Word
    values: tuple[Decimal, Decimal, Decimal]
    d: Word | None = None


_GROUP = re.compile(r"^\d{3}(?:[.,]\d+)?$")


def _numbers(row: Row, decimal_comma: bool) -> list[tuple[Word, Decimal]]:
    """The row's amounts; "1 393,59" printed as two words is one."""
    words: list[Word] = []
    for word in row.words:
        last = words[-1] if words else None
        if (
            last is not None
            and last.text.isdigit()
            and len(last.text) <= 3
            and _GROUP.match(word.text)
            and word.x0 - last.x1 <= 0.5 * word.height
        ):
            words[-1] = Word(last.x0, last.y0, word.x1, word.y1, f"{last.text} {word.text}")
        else:
            words.append(word)
    found = []
    for word in words:
        if (value := _per_basis(word.text, decimal_comma)) is not None:
            found.append((word, value))
            continue
        if "%" in word.text or not is_number(word.text):
            continue
        value = parse_amount(word.text, decimal_comma)
        if value is not None:
            found.append((word, value))
    return found


# A price with its basis run into it: SAP's "22.50/1", "19,92/100" (per 1, per 100 units).
_PRICE_PER = re.compile(r"^(?P<price>\d[\d.,]*)/(?P<basis>1|10|100|1000)$")


def _per_basis(text: str, decimal_comma: bool) -> Decimal | None:
    """A price per its basis, as the price of one unit."""
    if not (m := _PRICE_PER.match(text)):
        return None
    price = parse_amount(m["price"], decimal_comma)
    return None if price is None else price / Decimal(m["basis"])


def _multiplies(a: Decimal, b: Decimal, c: Decimal, off: Decimal = Decimal(0)) -> bool:
    """a × b (less `off` per cent) is c as printed, to the cent (or the amount's last
    printed place)."""
    if c <= 0 or a <= 0 or b <= 0:
        return False
    exponent = c.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) else 2
    product = a * b * (100 - off) / 100
    return abs(product - c) <= Decimal(1).scaleb(-min(places, 2))


def _product(row: Row, decimal_comma: bool) -> _Product | None:
    """The row's quantity × price = amount, the amount as far right as it goes and the
    price's factor nearest left of the price (a position further left is not a quantity);
    else with a discount rate printed right of the price."""
    numbers = _numbers(row, decimal_comma)
    for k in range(len(numbers) - 1, 1, -1):
        for j in range(k - 1, 0, -1):
            for i in range(j - 1, -1, -1):
                (a, va), (b, vb), (c, vc) = numbers[i], numbers[j], numbers[k]
                if _multiplies(va, vb, vc) and not va == vb == vc:  # not '1 of 1 … 1'
                    return _Product(a, b, c, (va, vb, vc))
    for k in range(len(numbers) - 1, 2, -1):
        (c, vc), (d, vd) = numbers[k], numbers[k - 1]
        if not 0 < vd < 100:
            continue
        for j in range(k - 2, 0, -1):
            for i in range(j - 1, -1, -1):
                (a, va), (b, vb) = numbers[i], numbers[j]
                if _multiplies(va, vb, vc, vd):
                    return _Product(a, b, c, (va, vb, vc), d)
    return None


def _aligned(x: Word, y: Word) -> bool:
    return abs(x.x1 - y.x1) <= _ALIGNED or abs(x.x0 - y.x0) <= _ALIGNED


def _title_rows(rows: list[Row], first: int) -> list[tuple[int, list[list[Title]]]]:
    """Rows of titles above the first item, nearest first (words only): each alone, and
    with the row under it when that is close ("Unit" over "Price", "Einzelpreis" over
    "EUR") and not yet the item."""
    found = []
    for index in range(first - 1, max(first - 1 - _HEADER_ROWS, -1), -1):
        row = rows[index]
        if row.page != rows[first].page or any(is_number(w.text) for w in row.words):
            break
        readings = [_as_titles(row.words)]
        below = rows[index + 1]
        if index + 1 < first and below.y - row.y < 1.8 * row.height:
            readings.append(_as_titles(stacked_titles(row, below, ORDER_COLUMNS)))
        found.append((index, readings))
    return found


def _as_titles(words: list[Word]) -> list[Title]:
    return [(" ".join(w.text for w in p), p[0].x0, p[-1].x1) for p in title_phrases(words)]


def _span(words: list[Word]) -> tuple[float, float]:
    return min(w.x0 for w in words), max(w.x1 for w in words)


def _over(title: Title, span: tuple[float, float]) -> bool:
    return title[1] < span[1] + _ALIGNED and title[2] > span[0] - _ALIGNED


def _integral(values: list[Decimal]) -> bool:
    return all(v == v.to_integral_value() for v in values)


def _amount_names(titles: list[str | None], factors: list[list[Decimal]]) -> list[str] | None:
    """Which of the two factors is the quantity: as titled when a title says, else the one
    always a whole number while the other is not; None when nothing tells."""
    if "unit_price" in titles[:1] or "quantity" in titles[1:2]:
        return ["unit_price", "quantity", "line_total"]
    if "quantity" in titles[:1] or "unit_price" in titles[1:2]:
        return list(_AMOUNTS)
    whole = [_integral(values) for values in factors]
    if whole == [True, False]:
        return list(_AMOUNTS)
    if whole == [False, True]:
        return ["unit_price", "quantity", "line_total"]
    return None


def product_header(rows: list[Row], decimal_comma: bool) -> dict[int, Header] | None:
    """The header of the first table of multiplying rows, by its row's index, for
    `find_items`; None when the document has no such table or its columns are unclear."""
    products = [(n, p) for n, row in enumerate(rows) if (p := _product(row, decimal_comma))]
    tried: set[int] = set()
    for first, model in products:
        if first in tried:
            continue
        same = [
            (n, p)
            for n, p in products
            if n >= first
            and rows[n].page == rows[first].page
            and all(_aligned(getattr(p, k), getattr(model, k)) for k in "abc")
            and (p.d is None or model.d is None or _aligned(p.d, model.d))
        ]
        tried |= {n for n, _ in same}
        if (header := _header(rows, first, [p for _, p in same])) is not None:
            return header
    return None


def _header(rows: list[Row], first: int, same: list[_Product]) -> dict[int, Header] | None:
    spans = [_span([getattr(p, k) for p in same]) for k in "abc"]
    rates = [p.d for p in same if p.d is not None]
    if rates:
        spans.append(_span(rates))  # the discount's column, after the amount's three
    factors = [[p.values[n] for p in same] for n in (0, 1)]
    for index, readings in _title_rows(rows, first):
        alone, *stacked = [
            _columns(titles, spans, factors, rows[first]) if len(titles) >= 2 else None
            for titles in readings
        ]
        # Two lines of titles read as one when they read as well as the first alone does
        # (SAP prints notes on its titles under them: "Price count/item").
        if (
            stacked
            and stacked[0] is not None
            and (alone is None or _set_aside(stacked[0]) <= _set_aside(alone))
        ):
            return {index: (stacked[0], 2)}
        if alone is not None:
            return {index: (alone, 1)}
    return None


def _set_aside(columns: list[Column]) -> int:
    return sum(c.name == "other" for c in columns)


def _columns(
    titles: list[Title], spans: list[tuple[float, float]], factors, item: Row
) -> list[Column] | None:
    """The header's columns: the titles over the columns of numbers named by the
    arithmetic (quantity, price, amount, a discount), the others as the vocabulary reads them (else set aside)."""
    over = [[t for t in titles if _over(t, span)] for span in spans]
    if any(len(ts) != 1 for ts in over) or len({ts[0] for ts in over}) < len(spans):
        return None  # a column of numbers without its title, or one title over two
    names = _amount_names([name_of(ts[0][0]) for ts in over], factors)
    if names is None:
        return None
    names += ["discount"] * (len(spans) - 3)
    columns = [Column(name, ts[0][1], ts[0][2]) for name, ts in zip(names, over, strict=True)]
    titled = [ts[0] for ts in over]
    for text, x0, x1 in titles:
        if (text, x0, x1) not in titled:
            name = name_of(text)
            taken = name in {c.name for c in columns}
            keep = name in _TEXT_NAMES and not taken
            columns.append(
                Column(name if keep else "other", x0, x1, second_code=taken and name == "item_code")
            )
    columns.sort(key=lambda c: c.x0)
    coded = [(x0, x1) for text, x0, x1 in titles if _ends_naming_codes(text)]
    if not _has_description(columns, item, min(x0 for _, x0, _ in titled), coded):
        return None
    return columns


_CODE_NAMES = {"item_code", "line_number"}


def _ends_naming_codes(text: str) -> bool:
    """A title the vocabulary does not know whose last word alone names a code's or a
    position's column ("Zorbel Code", "Xyz No."): a column of codes, whatever its first
    word says, never the item's text."""
    words = text.split()
    return len(words) > 1 and name_of(text) is None and name_of(words[-1]) in _CODE_NAMES


def _has_description(
    columns: list[Column], item: Row, numbers_start: float, coded: list[tuple[float, float]]
) -> bool:
    """A column for the item's words: titled so, else the untitled column left of the
    numbers that the first item's longest text lies under becomes it (beside a code's
    column too: a description's words are not to be lost); never one whose title names
    codes (`coded`, by their titles' spans)."""
    names = {c.name for c in columns}
    if names & {"description", "code_description"}:
        return True
    candidates = [
        c
        for c in columns
        if c.name == "other" and c.x1 <= numbers_start and (c.x0, c.x1) not in coded
    ]
    held = dict.fromkeys(range(len(candidates)), 0)
    for run in item.cells():
        if all(is_number(w.text) for w in run.words) or parse_date(run.text, day_first=True):
            continue  # a date's column ("Due on") is no description
        if run.x0 >= numbers_start:
            continue  # among the numbers ("30 Stück"): a unit, not text left of them
        under = [n for n, c in enumerate(candidates) if c.x0 < run.x1 and c.x1 > run.x0]
        left = [n for n, c in enumerate(candidates) if c.x0 - _ALIGNED <= run.x0]
        if owner := (under if len(under) == 1 else left[-1:]):
            held[owner[0]] += len(run.text)
    best = max(held, key=held.__getitem__, default=None)
    if best is None or held[best] == 0:
        return "item_code" in names
    candidates[best].name = "description"
    return True
