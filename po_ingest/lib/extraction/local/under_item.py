"""Rows under an item that are not items themselves: its wrapped text, its description
printed below it, or details (references, dated labels) that belong to no column."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import ITEM_OR_POSITION, ORDER_COLUMNS, Column, name_of
from po_ingest.lib.extraction.local.header import is_a_label_cell
from po_ingest.lib.extraction.local.item_cells import RawItem, is_code, is_number, numeric_column
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.rules import HorizontalRules
from po_ingest.lib.extraction.local.values import CURRENCY_CODES
from po_ingest.lib.extraction.local.vocabulary import vocabulary

_REFERENCE = re.compile(r"(?<!\w)(?:no\.?|nr\.?|id|#|number)\s*:?\s*\d+$", re.IGNORECASE)
# "Line: 1000", "Lot: A-7": one labelled value standing alone under an item.
LABELLED_VALUE = re.compile(r"^[^\W\d][\w.#/ -]{0,24}:\s*[\w./-]+$")
_DESCRIBING = {"item_code", "code_description", "description"}
# A date as ERP schedules print it, alone or after a label ("F.Ent:02/01/2021", "2021-02-01").
DATE = re.compile(r"(?:^|[:\s])(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})$")
# "other": a column the reader does not keep wraps too, beside the description wrapping.
_TEXT_CELLS = ("item_code", "description", "unit", "other")
_CODE_WORDS = 3  # a code of a few words, not a description
_FLUSH_GAP = 2.5  # line heights between wrapped lines of a widely spaced description
# How much further than its own lines a wrapped line may stand (uneven spacing of a print).
_PITCH_SLACK = 1.4


def _text_cells(item: RawItem) -> list[str]:
    """The item's cells that hold text a row under it may wrap: an "Item" holding a code
    ("FL-CHEP" over "PALLET") is one, a position (10) is not."""
    names = [n for n in _TEXT_CELLS if n in item.cells]
    either = item.text(ITEM_OR_POSITION)
    return names + [ITEM_OR_POSITION] if either and not either.isdigit() else names


def _text_cell_of(item: RawItem, word: Word) -> str:
    """The item's text cell that starts nearest left of `word`; under a code that opens
    the description's cell ("CTLV0380 - CT METERING"), the description, wrapped to the
    cell's edge."""
    cells = [n for n in _text_cells(item) if item.cells[n][0].x0 <= word.x0 + 2]
    name = max(cells, key=lambda n: item.cells[n][0].x0) if cells else "description"
    return "description" if name == "item_code" and item.code_opens_text else name


def _overlap(a: Word | Cell, b: Word | Cell | Column) -> bool:
    return a.x0 < b.x1 and a.x1 > b.x0


def under_subtitle(row: Row, subtitles: list[Row]) -> bool:
    """The row starts under a second line of titles ("Price count/item" under the header):
    what each item prints there is that title's value, not its wrapped description. Under
    a description's title ("Description" under "Descrizione", the line's other titles read
    as unknown) it is the description."""
    x = row.words[0].x0
    return any(
        c.x0 - 4 <= x <= c.x1 and not _DESCRIPTION_TITLE.match(c.text)
        for s in subtitles
        if s.page == row.page
        for c in s.cells()
    )


_DESCRIPTION_TITLE = ORDER_COLUMNS.patterns["description"]


def _under_unknown_subtitle(row: Row, subtitles: list[Row]) -> bool:
    """The row starts under a second line of titles the vocabulary has no column for: a word
    the reader was never taught, under the header as likely as a title ("Zorbel" under
    "Sl"), says nothing of what stands under it."""
    x = row.words[0].x0
    return any(
        c.x0 - 4 <= x <= c.x1 and name_of(c.text) is None
        for s in subtitles
        if s.page == row.page
        for c in s.cells()
    )


def _within_text(row: Row, item: RawItem) -> bool:
    """The row starts with a word within the item's description, as its wrapped lines
    would (SAP's "1 EA / 1 EA" under "Price count/item" is a count)."""
    words = item.cells.get("description", [])
    first = row.words[0]
    return (
        bool(words)
        and first.text[:1].isalpha()
        and min(w.x0 for w in words) <= first.x0 < max(w.x1 for w in words)
    )


def _right_under(row: Row, item: RawItem, last_y: float) -> bool:
    return row.page == item.page and row.y - last_y <= 1.6 * row.height


def _flush_under(row: Row, item: RawItem, last_y: float, rules: HorizontalRules | None) -> bool:
    """Further down, but one run of words starting exactly where the item's description
    does, and no rule drawn between: a form set with wide line spacing wraps its description
    so (Aspose's "INDUCTION MOTOR" over "11KW/15HP,8 POLE"). Under a rule it is a row of its
    own (Business Central's "Est. Wt: 3.55 lbs" comment)."""
    description = item.cells.get("description")
    runs = row.cells()
    return (
        rules is not None
        and bool(description)
        and row.page == item.page
        and row.y - last_y <= _FLUSH_GAP * row.height
        and abs(runs[0].x0 - description[0].x0) <= 1
        and all(_other_cell_over(run, item) for run in runs[1:])
        and not rules.between(row.page, last_y, row.y)
    )


def _other_cell_over(run: Cell, item: RawItem) -> str | None:
    """The one other text cell of the item with words over `run` (its reference's second
    line, the brand under a manufacturer's part number, wrapping beside the description)."""
    over = {
        name
        for name, words in item.cells.items()
        if name in _TEXT_CELLS and name != "description" and any(_overlap(run, w) for w in words)
    }
    return over.pop() if len(over) == 1 else None


def describes(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """An item printing no description on its line (a code alone, or no description
    column) is described by the row right under it, starting under its code or description
    title; the rest of that row (a warehouse, a date) does not describe it."""
    if "description" in item.cells or not _right_under(row, item, last_y):
        return False
    x = row.words[0].x0
    return any(c.x0 - 4 <= x <= c.x1 for c in columns if c.name in _DESCRIBING)


def code_over_text(row: Row, item: RawItem, last_y: float, columns: list[Column]) -> bool:
    """Under a bare "Item" title and no description column, a cell of code words (each
    holding a digit: "4055 B4840A") over a line of words starting under it: the item's
    code, described by that line. Under a description's title, one part number alone
    ("1SNA116576R1500" under "Your Item Number" over "Description") is described so too."""
    column = next((c for c in columns if c.name == "description"), None)
    words = item.cells.get("description", [])
    if column is None or not words or len(words) > _CODE_WORDS:
        return False
    if not column.weak and not (len(words) == 1 and is_code(words[0].text)):
        return False
    if "item_code" in item.cells or not all(any(c.isdigit() for c in w.text) for w in words):
        return False
    first = row.words[0]
    return (
        _right_under(row, item, last_y)
        and abs(first.x0 - words[0].x0) <= 2
        and _text_line(row.cells()[0].text.split())
    )


_TEXT_WORDS = 3  # words of letters alone a line holds, at least, to be text after a size


def _text_line(words: list[str]) -> bool:
    """Words of text: starting so, or a size first and mostly words of letters after it
    ("M6/8 GREY TERMINAL BLOCK STD"), not another code ("4055 B4840A")."""
    plain = sum(w.isalpha() for w in words)
    return starts_text(words) or (plain >= _TEXT_WORDS and 2 * plain > len(words))


def starts_text(words: list[str]) -> bool:
    """Words of text, not another code: a first word of letters without digits, after a
    number or not ("210 htec Ethernet Isolierkörper": a size or a series, then the name)."""
    if words[0].rstrip(",.").isdigit():
        words = words[1:]
    return bool(words) and words[0][:1].isalpha() and not any(c.isdigit() for c in words[0])


def _centred_under(row: Row, item: RawItem) -> str | None:
    """The item's text cell that the row, one run of words, is centred under (a cell whose
    lines are centred: the longer line starts further left, under the next cells)."""
    runs = row.cells()
    if len(runs) != 1:
        return None
    centre = (runs[0].x0 + runs[0].x1) / 2
    for name in _text_cells(item):
        words = item.cells[name]
        if abs((min(w.x0 for w in words) + max(w.x1 for w in words)) / 2 - centre) <= 3:
            return name
    return None


def continues(
    row: Row,
    item: RawItem,
    last_y: float,
    subtitles: list[Row],
    pitch: float | None,
    rules: HorizontalRules | None = None,
) -> bool:
    """A text-only row right under an item whose words start where the item's text cells
    start, one run of words per cell, continues it (a wrapped cell); anything else without
    numbers (a note running across the columns) is not part of any item. `pitch`, the
    smallest step from one item's last line to the next item: in a table padded wider than
    its lines (a grid), a row that far down is a row of its own, not a wrapped line."""
    starts = [item.cells[n][0].x0 for n in _text_cells(item)]
    if not starts or item.described_below or item.text_ended:
        return False
    flush = _flush_under(row, item, last_y, rules)
    right_under = _right_under(row, item, last_y)
    if not (flush or right_under):
        return False
    if not right_under and _beyond_line_pitch(row, item, last_y):
        return False
    if beyond_padding(row, last_y, pitch):
        return False
    centred = _centred_under(row, item)
    starts_left = row.words[0].x0 < min(starts) - 2 and not centred
    if starts_left:
        return False
    if under_subtitle(row, subtitles):
        if right_under and _within_text(row, item) and _under_unknown_subtitle(row, subtitles):
            item.unread_line = row.text
        return False
    runs = row.cells()
    in_one_cell = centred is not None or all(
        len({_text_cell_of(item, w) for w in run.words}) == 1 for run in runs
    )
    # Running on under the next columns: a note across the table ("Deliver via gate 3 …"),
    # unless the description has wrapped already.
    return in_one_cell or (flush and _wrapped(item))


def beyond_padding(row: Row, last_y: float, pitch: float | None) -> bool:
    """In a table padded wider than its lines (a grid), the row stands as far down as the
    next item would: a row of its own, not a wrapped line."""
    return pitch is not None and pitch > 1.25 * row.height and row.y - last_y >= pitch - 1


def _beyond_line_pitch(row: Row, item: RawItem, last_y: float) -> bool:
    """Further under the description than its own lines stand apart: a wrapped line keeps
    the pitch of the lines above it; a heading set off below the item does not."""
    tops = sorted({round(w.y0) for w in item.cells.get("description", []) if w.y0 >= 0})
    steps = [b - a for a, b in zip(tops, tops[1:], strict=False) if b > a]
    return bool(steps) and row.y - last_y > _PITCH_SLACK * min(steps)


def _wrapped(item: RawItem) -> bool:
    return len({round(w.y0) for w in item.cells["description"]}) > 1


def without_date_beside(row: Row, item: RawItem) -> Row:
    """The row without a date left of where the item's description starts ("LT: 07.07.2025",
    its delivery date under the date's column) when the rest starts there: that rest is the
    description's next line, the date is no part of it."""
    description = item.cells.get("description")
    if not description:
        return row
    start = description[0].x0
    left = [w for w in row.words if w.x1 < start]
    rest = [w for w in row.words if w.x1 >= start]
    if not left or not rest or len(left) > 2 or abs(rest[0].x0 - start) > 2:
        return row
    return Row(row.page, rest) if DATE.search(" ".join(w.text for w in left)) else row


def without_references(row: Row) -> Row | None:
    """The row without its references ("LFC No. 300000237", "account #4000227995") and
    lone labelled values ("Line: 1000", or "Your Material:" and "LV431015-A" in a cell of
    its own): they stand under an item, they are not its wrapped text."""
    cells = row.cells()
    labelled = {
        index
        for n, (label, value) in enumerate(zip(cells, cells[1:], strict=False))
        if LABELLED_VALUE.match(f"{label.text} {value.text}")
        and label.text.endswith(":")
        and any(c.isdigit() for c in value.text)
        for index in (n, n + 1)
    }
    kept = [
        w
        for n, c in enumerate(cells)
        if not (n in labelled or _REFERENCE.search(c.text) or LABELLED_VALUE.match(c.text))
        for w in c.words
    ]
    return Row(row.page, kept) if kept else None


def schedule_line(row: RawItem, item: RawItem) -> bool:
    """A date and the item's quantity again, nothing else among the amounts, under the
    item: a line of its delivery schedule (SAP's "F.Ent:02/01/2021  1,428.000"), not an item."""
    quantity, above = row.cells.get("quantity", []), item.cells.get("quantity", [])
    if set(row.cells) & {"unit_price", "line_total"} or len(quantity) != 1 or len(above) != 1:
        return False
    if quantity[0].text != above[0].text:
        return False
    rest = [w for name, words in row.cells.items() if name != "quantity" for w in words]
    return any(DATE.search(w.text) for w in rest)


# Packs of the quantity under it: "5 x VPE 10" (five packing units of ten), "1 x 50er".
_PACKS = re.compile(r"^\d+\s*[x×]\s*[\w.]+(?:\s+\d+)?$", re.IGNORECASE)


def packing_line(row: Row, values: RawItem) -> bool:
    """The quantity as packs under an item's quantity ("5 x VPE 10": five packing units
    of ten, "1 x 50er"), nothing else on the row: how it is packed, no item of its own."""
    return "quantity" in values.cells and bool(_PACKS.match(row.text))


_MEASURE_LABEL = re.compile(r"^[^\W\d_]{1,12}[.:]$")  # "Alt.", "Larg.", "Länge:"
_LABEL_WORD = re.compile(r"^[^\W\d_]{1,12}$")


def measures_line(row: Row) -> bool:
    """Labelled numbers, each label and number a cell of its own ("Alt. 20,00 Larg. 184,00
    Prof. 120,00"): the item's measurements, printed under its text, not more of it. One
    label or number missing (a label the font set as an image, a blank value) leaves a row
    of the same kind: still no words of the description; so does a label printed close
    enough to its number to read as one cell with it."""
    cells = row.cells()
    if len(cells) < 4:
        return False
    numbers = [c for c in cells if len(c.words) == 1 and is_number(c.text)]
    labels = [c for c in cells if _MEASURE_LABEL.match(c.text)]
    # A label printed in another way ("Hoehe" beside "Larg." and "Prof.") is one of them.
    words = [c for c in cells if _LABEL_WORD.match(c.text) and c not in labels]
    # A label set close to its number reads as one cell with it ("Hoehe 20,00"): a pair.
    pairs = [
        c
        for c in cells
        if len(c.words) == 2
        and is_number(c.words[1].text)
        and (_MEASURE_LABEL.match(c.words[0].text) or _LABEL_WORD.match(c.words[0].text))
    ]
    named = [c for c in pairs if _MEASURE_LABEL.match(c.words[0].text)]
    return (
        len(numbers) + len(pairs) >= 2
        and len(labels) + len(named) >= 2
        and len(words) + len(pairs) - len(named) <= 1
        and len(numbers) + len(labels) + len(words) + len(pairs) == len(cells)
    )


def labels_over_values(row: Row, following: Row) -> bool:
    """Two or more labels ("Requested Date", "Promised Date") with a value starting under
    each on the next row: details of the item, not its wrapped text."""
    labels, values = row.cells(), following.cells()
    if following.page != row.page or following.y - row.y > 1.8 * row.height:
        return False
    if (
        len(labels) < 2
        or len(values) != len(labels)
        or any(is_number(w.text) for w in following.words)
        or any(DATE.search(label.text) for label in labels)  # a date is a value, no label
    ):
        return False
    return all(abs(v.x0 - label.x0) <= 3 for v, label in zip(values, labels, strict=True))


def labels_flush_with_text(row: Row, item: RawItem, last_y: float) -> bool:
    """Labels over values right under an item, one set flush with the start of its text
    ("Zorbel  TYC/ERN" over "RoHS compliant  S:TYC 154721-E", a made-up word where a date
    stood), not a label itself ("Promised Date" is one): as well the text's next line as a
    label; which, the words do not tell."""
    words = item.cells.get("description", [])
    if not words or item.text_ended or not _right_under(row, item, last_y):
        return False
    return any(
        abs(c.x0 - words[0].x0) <= 2 and not is_a_label_cell(c) and not _ends_a_label(c.text)
        for c in row.cells()
    )


_LABEL_ENDINGS = {word.lower() for word in vocabulary()["label_endings"]["words"]}


def _ends_a_label(text: str) -> bool:
    """Its last word ends labels ("Promised Date"): a label, no line of text."""
    return text.split()[-1].lower().rstrip(":") in _LABEL_ENDINGS


def wraps_position(item: RawItem, row: RawItem) -> bool:
    """Digits alone, right under the item's position and overlapping it."""
    words, above = row.cells.get("line_number", []), item.cells.get("line_number", [])
    if set(row.cells) != {"line_number"} or len(words) != 1 or len(above) != 1:
        return False
    word, last = words[0], above[0]
    return word.text.isdigit() and last.text.isdigit() and word.x0 < last.x1 and word.x1 > last.x0


def wrap_position(item: RawItem, words: list[Word]) -> None:
    """A position too wide for its column wraps ("1" over "0" is 10): its digits join."""
    last = item.cells["line_number"][-1]
    joined = "".join(w.text for w in [last, *words])
    item.cells["line_number"][-1] = Word(
        last.x0, last.y0, max(last.x1, words[-1].x1), words[-1].y1, joined
    )


def continue_item(item: RawItem, row: Row, columns: list[Column]) -> None:
    """The row's words added to the item's text cells; a number alone in its run, under a
    column of numbers, is that column's second line ("%/Amt": the rate, then the amount
    under it), not wrapped text."""
    description = item.cells.get("description")
    if len(row.cells()) == 1 and description and abs(row.words[0].x0 - description[0].x0) <= 1:
        for word in row.words:  # a wrapped description line, however far it runs
            item.add("description", word)
        return
    if centred := _centred_under(row, item):
        for word in row.words:  # a centred cell's longer line, under the cells beside it
            item.add(centred, word)
        return
    for n, run in enumerate(row.cells()):
        if _currency_of_amount(run.words, item):
            continue
        number = numeric_column(run.words[0], columns) if len(run.words) == 1 else None
        beside = _other_cell_over(run, item) if n else _under_other_title(run, item, columns)
        for word in run.words:
            item.add(number or beside or _text_cell_of(item, word), word)


def _under_other_title(run: Cell, item: RawItem, columns: list[Column]) -> str | None:
    """A row opening right of all the item's text, under a column titled for something else
    ("L-Term." over "35/2025", a delivery week on the line under the item): that column's
    second line, not text wrapped into the code or description left of it."""
    text = [w for name in _text_cells(item) for w in item.cells[name]]
    if not text or run.x0 <= max(w.x1 for w in text):
        return None
    return "other" if any(c.name == "other" and _overlap(run, c) for c in columns) else None


def _currency_of_amount(words: list[Word], item: RawItem) -> bool:
    """A currency code alone right under the item's price or amount ("36.66" over "GBP"):
    that amount's currency, not text wrapped into the cell left of it (the unit)."""
    if len(words) != 1 or words[0].text not in CURRENCY_CODES:
        return False
    word = words[0]
    amounts = [w for name in ("unit_price", "line_total") for w in item.cells.get(name, [])]
    return any(word.x0 < w.x1 and word.x1 > w.x0 for w in amounts)


_AMOUNT_COLUMNS = ("quantity", "unit_price", "line_total")


def number_tail(row: Row, values: RawItem, item: RawItem, last_y: float) -> Word | None:
    """A digit or two alone right under the end of an item's amount, in its column: the
    amount wrapped in a column too narrow for it ("28,800.0" over "0"). The digits join the
    amount (each line's arithmetic still checks it) and come off the row; None otherwise."""
    numbers = [w for w in row.words if is_number(w.text)]
    if len(numbers) != 1 or not _right_under(row, item, last_y):
        return None
    word = numbers[0]
    if not any(run.words == [word] for run in row.cells()):
        return None  # a number inside a sentence ("call 24 h ahead")
    column = next((n for n in _AMOUNT_COLUMNS if word in values.cells.get(n, [])), None)
    above = item.cells.get(column or "", [])
    if not (word.text.isdigit() and len(word.text) <= 2 and len(above) == 1):
        return None
    amount = above[0]
    if not (amount.x0 <= word.x0 < amount.x1 and any(c in amount.text for c in ".,")):
        return None
    if re.search(r"[.,]\d\d$", amount.text):
        return None  # cents printed whole: the digits under it are another column's ("per 1")
    joined = amount.text + word.text
    if not is_number(joined):
        return None
    item.cells[column] = [Word(amount.x0, amount.y0, max(amount.x1, word.x1), word.y1, joined)]
    return word


def digits_wrapped_unread(row: Row, values: RawItem, item: RawItem, last_y: float) -> list[Word]:
    """Digits alone on the line right under a number or code of the item, within its width,
    in a column the reader keeps nothing of: that number's end, wrapped in a column too
    narrow for it ("000" over "10", an EAN's last digits, "2,599.0" over "0"). Taken off
    the row, what is left beside them (the description's next line) reads as the item's."""
    if not _right_under(row, item, last_y):
        return []
    above = [w for w in item.cells.get("other", []) if is_number(w.text)]
    return [
        word
        for word in values.cells.get("other", [])
        if word.text.isdigit()
        and any(run.words == [word] for run in row.cells())
        and any(_wrapped_under(word, number) for number in above)
    ]


def _wrapped_under(word: Word, above: Word) -> bool:
    """On the line right under `above`, within its width."""
    height = above.y1 - above.y0
    return (
        above.x0 - 1 <= word.x0
        and word.x1 <= above.x1 + 1
        and 0 < word.y0 - above.y0 <= 1.6 * height
    )
