"""One table row's words as an item's cells: each word, or a run of words together, goes
to the column whose title it lines up with."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from po_ingest.lib.extraction.local.columns import (
    CODE_OR_DESCRIPTION,
    DESCRIPTION_OR_POSITION,
    ITEM_OR_POSITION,
    Column,
)
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.unit_words import is_unit
from po_ingest.lib.extraction.local.values import (
    CURRENCY_CODES,
    CURRENCY_SYMBOLS,
    find_currency,
    parse_amount,
    per_unit,
)

_NUMERIC_COLUMNS = {
    "line_number",
    "po_line_ref",  # a delivery note's order line
    "quantity",
    "unit_price",
    "discount",
    "discount_amount",
    "tax_rate",
    "tax_amount",
    "taxable_value",
    "line_total",
    "other",
}
_LONG_CODE = re.compile(r"^\d{8,}$")
# A date alone in its word ("30/06/2025", "27.08.25", "2025-06-30"): a date column's value.
_DATE = re.compile(r"^(?:\d{1,2}([./-])\d{1,2}\1(?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})$")
# How far a number may sit from its column header's edge.
_ALIGN_SLACK = 24.0
_CENTRED_VALUES = {"item_code", "other"}


@dataclass
class RawItem:
    page: int
    cells: dict[str, list[Word]] = field(default_factory=dict)
    described_below: bool = False  # its description is the first cell of the row under it
    # A row under it was not its text (a note): a later row cannot continue its text, or a
    # line of it would be missing from the middle.
    text_ended: bool = False
    # Text rows right above its numbers, starting where its description starts.
    above: list[Row] = field(default_factory=list)
    runs: list[list[int]] = field(default_factory=list)  # its line's cells, by word id
    # Words printed on another page than its numbers (an item broken over a page break),
    # by word id: their page.
    carried: dict[int, int] = field(default_factory=dict)
    # Described under its code alone: the references printed beside its description's lines
    # (`description_under_code.py`), none of its text.
    references_beside: list[Word] | None = None
    # Its code opens its description's cell ("CTLV0380 - CT METERING …" under "Item Code -
    # Description"): the cell's lines wrap to where the code starts.
    code_opens_text: bool = False
    # A line flush under its text that the reader could not tell from what stands beside it:
    # its text may go on there (`lines.read_item` declines it).
    unread_line: str | None = None
    # The GST amounts of the tax rows printed under it ("IGST 5.00 41.47"), by word.
    tax_below: list[Word] = field(default_factory=list)
    # A word of its text standing under the title of a column left empty on its line: that
    # column's value, run into the text, or the text's own word (`lines.read_item` declines).
    text_under_empty_title: str | None = None
    # Its text's last line reads as a code under a label the vocabulary does not know, the
    # other items printing their codes under a known one (`labelled_codes.py`).
    code_line_in_text: str | None = None
    # Where the code starts on the labelled code's line printed right under its text, flush
    # with it: its code under a known label, or another's ("Lief.-Nr.: LSCF-T-60" beside its
    # code column) (`labelled_codes.py`).
    code_under_at: float | None = None

    def add(self, name: str, word: Word) -> None:
        self.cells.setdefault(name, []).append(word)

    def page_of(self, words: list[Word]) -> int:
        return self.carried.get(id(words[0]), self.page)

    def text(self, name: str) -> str | None:
        words = self.cells.get(name)
        return " ".join(w.text for w in words) if words else None


def is_number(text: str) -> bool:
    text = (per_unit(text) or (text,))[0]  # "4.61/Ea" aligns as the price it is
    return any(c.isdigit() for c in text) and (
        parse_amount(text, True) is not None or parse_amount(text, False) is not None
    )


def _distance(word: Word, column: Column) -> float:
    if column.x0 <= word.center_x <= column.x1:
        return 0.0
    return min(abs(word.x1 - column.x1), abs(word.x0 - column.x0))


def column_of(word: Word, columns: list[Column]) -> str:
    """Numbers go to the column they align with (right or left edge, or inside it); other
    words to the last column starting left of them. A long run of digits is a code (an
    EAN, an article number), not an amount: it goes to the column it lies under."""
    if _LONG_CODE.match(word.text) and _under_a_title(word, columns):
        return min(columns, key=lambda c: _distance(word, c)).name
    if _LONG_CODE.match(word.text):
        return _text_column_of(word, columns)
    if (_DATE.match(word.text) or _MIXED_CODE.match(word.text)) and (
        over := _centred_over(word, columns)
    ):
        return over.name  # a date or a code printed wider than its title, centred under it
    if numeric := numeric_column(word, columns):
        return numeric
    return _text_column_of(word, columns)


def _text_column_of(word: Word, columns: list[Column]) -> str:
    chosen = columns[0].name
    for column in columns:
        # A title may stand right of its cells' text; a ruled cell's edge does not: a word
        # ending left of that rule is the cell's before it ("21.6 t" then the description).
        if column.x0 - _ALIGN_SLACK / 4 <= word.x0 and not (
            column.cell_edges and word.x1 <= column.x0
        ):
            chosen = column.name
    return chosen


def _centred_over(word: Word, columns: list[Column]) -> Column | None:
    """The one title the word reaches past on both sides, of a column of codes or of other
    values (a date's, a reference's): a word printed wider than its title, centred under
    it, starting left of it."""
    over = [c for c in columns if word.x0 < c.x0 and c.x1 < word.x1]
    return over[0] if len(over) == 1 and over[0].name in _CENTRED_VALUES else None


def _under_a_title(word: Word, columns: list[Column]) -> bool:
    return any(c.x0 < word.x1 and c.x1 > word.x0 for c in columns)


def numeric_column(word: Word, columns: list[Column]) -> str | None:
    """The column of numbers a number lines up with, if any: the nearest title, unless the
    number ends before that title starts and follows a column of numbers with no title
    between (a short title set at its column's left, the numbers right-aligned at its
    far end: "Importo" over "2.174,50" set past it)."""
    numeric = [c for c in columns if c.name in _NUMERIC_COLUMNS]
    if not numeric or not is_number(word.text):
        return None
    nearest = min(numeric, key=lambda c: _distance(word, c))
    before = _title_before(word, columns)
    if before is not None and (word.x1 < nearest.x0 or _distance(word, nearest) > _ALIGN_SLACK):
        return before.name
    return nearest.name if _distance(word, nearest) <= _ALIGN_SLACK else None


def _title_before(word: Word, columns: list[Column]) -> Column | None:
    """The column of numbers whose title ends left of the word, the next title starting
    right of it, the word's end less than two slacks past the title's."""
    left = [c for c in columns if c.x1 < word.x0]
    if not left or any(c.x0 < word.x1 and c.x1 > word.x0 for c in columns):
        return None
    column = max(left, key=lambda c: c.x1)
    if column.name not in _NUMERIC_COLUMNS or word.x1 - column.x1 > 2 * _ALIGN_SLACK:
        return None
    return column


_SUMMED = _NUMERIC_COLUMNS - {"line_number", "other"}
_AMOUNTS = {"quantity", "unit_price", "line_total"}


def only_sums(item: RawItem) -> bool:
    """A row of an item's amounts and the tax columns beside them, without its position
    or any text: their sums under the items (quantity, taxable value, tax), not an item.
    A word alone under an amount's title ("able" of "Price(Tax" / "able" / "Value)", a
    title's last line reprinted with the header on the next page) sums nothing."""
    amounts = [w for name in _AMOUNTS for w in item.cells.get(name, [])]
    return any(is_number(w.text) for w in amounts) and item.cells.keys() <= _SUMMED


_CODE_COLUMNS = {"item_code", ITEM_OR_POSITION, CODE_OR_DESCRIPTION}
_TEXT_COLUMNS = {
    "item_code",
    "description",
    ITEM_OR_POSITION,
    DESCRIPTION_OR_POSITION,
    CODE_OR_DESCRIPTION,
}


def _run_column(run: Cell, columns: list[Column]) -> str | None:
    """The one column all of a run's words go to, if any: the text column whose title
    alone is over the run (a title centred over its column); for a number, a code
    column's title alone over it ("Item #" over 11619); for words ending in a number, the
    column of its first word, or the one text column over them all."""
    under = [c for c in columns if run.x0 < c.x1 and run.x1 > c.x0]
    text_under = [c.name for c in under if c.name in _TEXT_COLUMNS]
    if [c.name for c in under] == ["code_description"]:
        # "CTLV0380 - CT METERING" from left of "Item Code - Description", under it alone;
        # a run reaching under the next title too holds that column's value as well.
        text_under = ["code_description"]
    if not under:  # a short cell ending where a title starts ("VAT@5%" left of "Description")
        text_under = [c.name for c in columns if c.name in _TEXT_COLUMNS and _touches(run, c)]
    if _phrase_with_number(run):
        if not text_under and _word_and_numbers(run, columns):
            return None  # "U 30/06/2025 45,300": a unit, a date, a price, set close
        return text_under[0] if len(text_under) == 1 else column_of(run.words[0], columns)
    if len(under) == 1 and text_under and run.words[0].text[:1].isalpha():
        return text_under[0]  # "FS5972-130-35 EMC FILTER E7 40", under no other title
    if _quantity_with_unit(run, under, columns):
        return "quantity"
    if any(is_number(w.text) for w in run.words):
        return under[0].name if len(under) == 1 and under[0].name in _CODE_COLUMNS else None
    if not text_under and len(under) == 1 and _centred_code(run, under[0]):
        return under[0].name  # a code centred under its title, wider than it ("REFERENCE")
    return text_under[0] if len(text_under) == 1 else None


_MIXED_CODE = re.compile(r"^(?=.*\d)(?=.*[^\W\d_])[^\W_][\w\-/.]{3,}$")


def _centred_code(run: Cell, column: Column) -> bool:
    """One word of letters and digits ("1SNA103687R2100") whose middle lies under the title."""
    return (
        len(run.words) == 1
        and bool(_MIXED_CODE.match(run.text))
        and (column.x0 <= (run.x0 + run.x1) / 2 <= column.x1)
    )


def _quantity_with_unit(run: Cell, under: list[Column], columns: list[Column]) -> bool:
    """A number and its unit in one cell under the quantity's title alone, flush with one
    of the title's edges, in a table with no unit column ("67.00 Units" right-aligned
    under "Qty"): the quantity's cell, the number set apart from the title by the unit."""
    if len(run.words) != 2 or [c.name for c in under] != ["quantity"]:
        return False
    if any(c.name == "unit" for c in columns):
        return False
    number, unit = run.words
    title = under[0]
    flush = min(abs(run.x1 - title.x1), abs(run.x0 - title.x0)) <= _ALIGN_SLACK
    return flush and is_number(number.text) and is_unit(unit.text)


def _touches(run: Cell, column: Column) -> bool:
    return run.x0 < column.x0 and abs(run.x1 - column.x0) <= 1


# Text a leading number may run into: an "Item Code - Description" cell's code too ("10"
# set a space from "CTLV0965" once the position has two digits).
_LED_COLUMNS = _TEXT_COLUMNS | {"code_description"}
LED_COLUMNS = _LED_COLUMNS  # columns of an item's text or code, not of its values


def _leading_number(run: Cell, columns: list[Column]) -> str | None:
    """A number starting a run, aligned with a column of numbers and left of every text
    title the rest of the run lies under: a field one space from the next (a fixed-width
    print's "450 CHEP PALLET" is the quantity, then the stock number)."""
    first, rest = run.words[0], run.words[1:]
    if not rest or not is_number(first.text) or is_number(rest[0].text):
        return None
    name = numeric_column(first, columns)
    under = [c for c in columns if rest[0].x0 < c.x1 and run.x1 > c.x0]
    if name is None or not under or any(c.name not in _LED_COLUMNS for c in under):
        return None
    return name if all(first.x1 < c.x0 for c in under) else None


_UNIT_WORD = re.compile(r"^[^\W\d_]{1,5}\.?$")  # EACH, pcs, Stk.


def _unit_after_quantity(run: Cell, row: Row, columns: list[Column]) -> bool:
    """The word after a leading quantity is its unit, run on past the quantity's title and
    ending left of the text's column ("500 EACH" right of "Qty", then the code under
    "Product/Description"), on a line printing no unit under a unit's title ("450 CHEP
    PALLET" beside "4.9501 EA": a stock number's first word)."""
    if len(run.words) < 3 or not _UNIT_WORD.match(run.words[1].text):
        return False
    if any(
        column_of(w, columns) == "unit" and _UNIT_WORD.match(w.text)
        for w in row.words
        if w not in run.words
    ):
        return False
    text = run.words[2]
    under = [c for c in columns if text.x0 < c.x1 and run.x1 > c.x0]
    starts_under = any(c.x0 - _ALIGN_SLACK / 4 <= text.x0 for c in under)
    return starts_under and all(run.words[1].x1 < c.x0 for c in under)


def assign(row: Row, columns: list[Column]) -> RawItem:
    """The row's words by column: a run's words together where `_run_column` says so,
    else each by its own position."""
    values = RawItem(row.page)
    runs = []
    for run in [part for cell in row.cells() for part in _split_at_titles(cell, columns)]:
        if number := _leading_number(run, columns):
            taken = 2 if number == "quantity" and _unit_after_quantity(run, row, columns) else 1
            for word in run.words[:taken]:
                values.add(number, word)
            run = Cell(run.words[taken:])
        runs.append(run)
    values.runs = [[id(w) for w in run.words] for run in runs]
    for run in runs:
        name = _run_column(run, columns)
        for position, word in enumerate(run.words):
            values.add(name or _word_column(run.words, position, columns), word)
    values.text_under_empty_title = _text_under_empty_title(values, columns)
    return values


# How far a cell's first word may stand from its column title's left edge to be set flush
# with it, as a left-aligned column sets its cells.
_FLUSH = 1.0


def _value_columns(columns: list[Column]) -> list[Column]:
    """The columns holding no text of the item, with the edges of their titles."""
    return [c for c in columns if c.name not in _LED_COLUMNS and not c.cell_edges]


def _split_at_titles(run: Cell, columns: list[Column]) -> list[Cell]:
    """A run of text cut where its last words start flush with the left edge of a title of
    a column of no text, end before the next title, and the word before them ends left of
    that title: two cells set a narrow padding apart (a web page's table), not one text run
    on under the next title ("… 25 kg" then "zak" under "Eenheid"). Words going on past the
    next title are one text, set on a fixed-width print's grid ("tube BBIT 150/60-A/U"
    from under "Unit"); a number and the word after it, a quantity and its unit ("60,000 m"),
    and a currency and the amount after it ("IDR 21,666.67"), are one cell."""
    if is_number(run.words[0].text) or _currency_alone(run.words[0].text):
        return [run]
    value_columns = _value_columns(columns)
    text_columns = [c for c in columns if c.name in _LED_COLUMNS]
    for position, (before, word) in enumerate(zip(run.words, run.words[1:], strict=False)):
        # Drawn as two lines of text, the second flush with a text column's title: a cell
        # of an untitled column run up to the next cell's padding ("… for Electrical" then
        # "Cable NYM-J" under "Description"), not one text.
        drawn_apart = before.line != word.line and -1 not in (before.line, word.line)
        for column in value_columns + (text_columns if drawn_apart else []):
            following = [c.x0 for c in columns if c.x0 > column.x0]
            flush = abs(word.x0 - column.x0) <= _FLUSH and before.x1 < column.x0
            if flush and run.x1 < min(following, default=float("inf")):
                return [Cell(run.words[: position + 1]), Cell(run.words[position + 1 :])]
    return [run]


def _text_under_empty_title(item: RawItem, columns: list[Column]) -> str | None:
    """The item's text's word standing wholly under the title of a column of no text that
    holds nothing else on the line ("zak" under "Eenheid", set a narrow space after
    "25 kg"): which of the two it is, the words alone do not tell."""
    for word in item.cells.get("description", []):
        for column in _value_columns(columns):
            under = column.x0 - _FLUSH <= word.x0 and word.x1 <= column.x1 + _FLUSH
            if under and column.name not in item.cells:
                return f"{word.text!r} under the {column.name} title"
    return None


def _word_column(words: list[Word], position: int, columns: list[Column]) -> str:
    """A word's column by its own position; a currency alone before an amount in its cell
    ("€" of "€ 12,50", set left of the price's title) is the amount's, never the unit's."""
    word, following = words[position], words[position + 1 : position + 2]
    if following and _currency_alone(word.text) and is_number(following[0].text):
        return column_of(following[0], columns)
    return column_of(word, columns)


def _currency_alone(text: str) -> bool:
    return text in CURRENCY_CODES or text in CURRENCY_SYMBOLS


def _word_and_numbers(run: Cell, columns: list[Column]) -> bool:
    """One word, then dates and numbers alone (a currency sign aside), each under another
    title than the word: a line's values set close, not a phrase."""
    first, *rest = run.words
    values = [w for w in rest if find_currency(w.text) is None or _has_digit(w.text)]
    return (
        bool(values)
        and all(_DATE.match(w.text) or is_number(w.text) for w in values)
        and column_of(first, columns) not in {column_of(w, columns) for w in values}
    )


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def _phrase_with_number(run: Cell) -> bool:
    """Words holding a number ("ACCOUNT WITH VENDOR - 4000312525", "Stainless Steel 304
    Hex Head Screw"): the number belongs to the phrase, not to a column of numbers."""
    first = run.words[0].text
    return len(run.words) > 1 and first.isalpha() and find_currency(first) is None


_POSITION = re.compile(r"^\d{1,4}\.?$")  # "1" or "1."


def _untitled_position(item: RawItem, columns: list[Column] | None) -> None:
    """A row that starts with a small number left of its first column, in a table titling
    no position ("001" left of "Description"): that number is the line's position, also
    alone on the line when it lies left of every title (its description centred on it)."""
    if "line_number" in item.cells or not item.cells:
        return
    first_name = min(item.cells, key=lambda n: item.cells[n][0].x0)
    words = item.cells[first_name]
    if first_name not in _TEXT_COLUMNS or not _POSITION.match(words[0].text):
        return
    if len(words) > 1:
        alone = words[1].x0 - words[0].x1 > max(6.0, 0.8 * words[0].height)  # its own cell
    else:
        alone = columns is not None and all(words[0].x1 < c.x0 for c in columns)
    if alone:
        item.cells["line_number"], item.cells[first_name] = words[:1], words[1:]
        if not words[1:]:
            del item.cells[first_name]


_CODE_TOKEN = re.compile(r"^(?=.*\d)(?=.*[A-Z])[A-Z0-9][A-Z0-9\-/._]{4,}$")
# SAP's material numbers are often digits alone ("42408" over its short text), or digit
# groups joined by hyphens ("2352073-00", "0-000000-03573"); a date's shape is no code.
_MATERIAL_NUMBER = re.compile(
    r"^\d{5,18}$|^(?!\d{1,4}-\d{1,2}-\d{1,4}$)(?=(?:\D*\d){6})\d+(?:-\d+)+$"
)


def is_code(text: str) -> bool:
    """A part or material number: letters and digits ("1SNA116576R1500"), or digits alone
    or in hyphenated groups ("42408", "2352073-00")."""
    return bool(_CODE_TOKEN.match(text) or _MATERIAL_NUMBER.match(text))


def code_over_description(item: RawItem) -> None:
    """SAP's "Material/Description": the material number alone on the item's line, its
    description on the lines under it."""
    words = item.cells.get("description", [])
    if "item_code" in item.cells or len(words) < 2:
        return
    first_line = [w for w in words if w.center_y < words[0].y1]
    if len(first_line) == 1 and is_code(words[0].text):
        item.cells["item_code"], item.cells["description"] = words[:1], words[1:]


def _code_beside_name(item: RawItem, columns: list[Column] | None) -> None:
    """An "Item" column read as the description, no code column: a code alone in the
    column's first cell, more cells after it ("CR6078-011   RSTI-6952"), is the item's code
    set beside its name; under a "Description" title, no code column beside it, so is a
    material number ("538844   NAMEPLATEINS2501")."""
    description = next((c for c in columns or [] if c.name == "description"), None)
    words = item.cells.get("description", [])
    if description is None or "item_code" in item.cells or len(words) < 2:
        return
    if any(c.name == "item_code" for c in columns or []):
        return
    first_run = next((run for run in item.runs if id(words[0]) in run), [])
    code = _CODE_TOKEN.match(words[0].text) or (
        not description.weak and _MATERIAL_NUMBER.match(words[0].text)
    )
    if len(first_run) == 1 and code:
        item.cells["item_code"], item.cells["description"] = words[:1], words[1:]


def _code_or_description(item: RawItem) -> None:
    """The first of "Product" and "Description" starting with a code: the item's code, the
    words after it overflowed from the description; a position printed right against it
    ("1 S99976389": the position right-aligned, the code left-aligned beside it) is the
    line's. Other text stays where it is: `lines.read_item` declines it (a name, or another
    column's words: not guessed)."""
    words = item.cells.get(CODE_OR_DESCRIPTION, [])
    if "line_number" not in item.cells and len(words) > 1 and _POSITION.match(words[0].text):
        position, words = words[:1], words[1:]
    else:
        position = []
    if words and _CODE_TOKEN.match(words[0].text) and "item_code" not in item.cells:
        if position:
            item.cells["line_number"] = position
        item.cells["item_code"] = words[:1]
        if words[1:]:
            item.cells["description"] = words[1:] + item.cells.get("description", [])
        del item.cells[CODE_OR_DESCRIPTION]


def _code_of_its_own(item: RawItem, words: list[Word]) -> bool:
    """A code of several words ("CHEP PALLET  00"): its cells hold none of the
    description's words, which has a cell of its own; words overflowing from a description
    left of its centred title share a cell with it."""
    description = {id(w) for w in item.cells.get("description", [])}
    code = {id(w) for w in words}
    if len(words) < 2 or not description:
        return False
    cells = [set(run) for run in item.runs]
    return all(not (run & code and run & description) for run in cells) and any(
        run <= description for run in cells if run
    )


# What a joined title ("Item Code - Description", "Material/Text") prints between the two.
_SEPARATORS = {"-", "/", "–"}


def _without_separator(code: Word) -> Word:
    """A code printed with the slash its column's joined title puts between it and the
    description ("00.782.1881/" under "Material/Leistung"), or in the square brackets an
    ERP sets it in before the product's name ("[2107259-1] ECAU240115")."""
    text = code.text.rstrip("/")
    if len(text) > 2 and text[0] == "[" and text[-1] == "]":
        text = text[1:-1]
    return Word(code.x0, code.y0, code.x1, code.y1, text) if text else code


# A code's first word: a digit in it ("AB-100"), or capitals joined ("STO-PAL-W").
_LEADING_CODE = re.compile(r"^(?=.*\d)\S+$|^[A-Z0-9]+(?:[-_./][A-Z0-9]+)+$")


def split_code(item: RawItem, columns: list[Column] | None = None) -> None:
    """A position or an item code is one token: words after it in its column overflowed
    from the description (a description left of its centred title); in a "Code /
    Description" column, the code is the first word; an "Item" holding digits alone
    beside a code column is the position."""
    _untitled_position(item, columns)
    _code_beside_name(item, columns)
    _code_or_description(item)
    if words := item.cells.pop(DESCRIPTION_OR_POSITION, None):
        position = len(words) == 1 and words[0].text.isdigit() and "line_number" not in item.cells
        item.cells["line_number" if position else "description"] = words
    if "code_description" in item.cells:
        numbered = item.cells.get("item_code", [])
        if len(numbered) == 1 and numbered[0].text.isdigit() and "line_number" not in item.cells:
            item.cells["line_number"] = numbered  # SAP's "Item#" 10 beside "Matl/Desc"
        words = item.cells.pop("code_description")
        if not _LEADING_CODE.match(words[0].text):
            # "SM 1008T PU PIPE": where a code of words ends is not told by the words.
            item.cells[CODE_OR_DESCRIPTION] = words
        else:
            item.cells["item_code"], rest = [_without_separator(words[0])], words[1:]
            if rest and rest[0].text in _SEPARATORS:
                rest = rest[1:]  # "CTLV0380 - CT METERING": the title's " - " between them
            item.code_opens_text = bool(rest)
            if rest:
                item.cells["description"] = rest + item.cells.get("description", [])
    for name in ("item_code", "line_number", ITEM_OR_POSITION):
        words = item.cells.get(name, [])
        if name == "item_code" and _code_of_its_own(item, words):
            continue
        if len(words) > 1:
            item.cells[name] = words[:1]
            item.cells["description"] = words[1:] + item.cells.get("description", [])
