"""One table row's cells as a line item's values, each with the words it came from."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from po_ingest.lib.extraction.local.columns import CODE_OR_DESCRIPTION, ITEM_OR_POSITION
from po_ingest.lib.extraction.local.gate import decline
from po_ingest.lib.extraction.local.gross_lines import (
    discount_adds_up,
    includes_tax,
    line_discount,
    net_of_tax_below,
)
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem, code_over_description, is_code
from po_ingest.lib.extraction.local.layout import Word
from po_ingest.lib.extraction.local.merged_lines import overprinted_pair
from po_ingest.lib.extraction.local.price_basis import (
    adds_up_per_basis,
    basis_in_unit_cell,
    read_price_basis,
)
from po_ingest.lib.extraction.local.unit_cell import read_unit_cell
from po_ingest.lib.extraction.local.unit_words import is_unit
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount, per_unit
from po_ingest.lib.extraction.local.vocabulary import (
    all_phrases,
    alternatives,
    month_numbers,
    vocabulary,
)

_AMOUNTS = ("quantity", "unit_price", "line_total")
_TEXTS = ("item_code", "description", "unit")
_PRICE_PLACES = Decimal("0.0001")
_WHOLE_DECIMAL = re.compile(r"^\d+\.0+$")
_WHOLE_DECIMAL_COMMA = re.compile(r"^\d+,0+$")
_DATE_LIKE = re.compile(r"^(\d{1,4})([./-])(\d{1,2})\2(\d{2,4})$")
_NAMED_DATE = re.compile(r"^(\d{1,2})([./-])([^\W\d_]{3,9})\.?\2(\d{2}|\d{4})$")  # 9-Apr-26
_ZEROS = re.compile(r"^0+$")
# A label's number with its colon inside a description ("Your #: 790065004", "Ref. No.: 4711",
# "Nummer: 50-0041-000-100").
_REFERENCE = re.compile(
    r"(?<!\w)(?:no\.?|nr\.?|#|number|nummer|numéro|número|numero)\s*:\s*\d[\d\-./]{2,}",
    re.IGNORECASE,
)
_CODE_ALONE = re.compile(r"^(?=\S*\d)[A-Z0-9][A-Z0-9\-/._]{3,}$")
# "Ihre Materialnummer A24886-000": an item code's label and a code, another field's value
# printed under the item, not what the item is; read into a description, the columns were
# misread. Short titles ("Model", "Part") start a description's words as often: not these.
_CODE_LABELS = [t for t in vocabulary()["columns"]["item_code"] if len(t) >= 8]
_LABELLED_CODE = re.compile(
    rf"(?<!\S)(?:{alternatives(_CODE_LABELS)})\s*[:#]?\s+(?=\S*\d)\S+(?!\S)", re.IGNORECASE
)
_POSITION = re.compile(r"^0*[1-9]\d{0,2}$")  # SAP prints 10 as 00010
_UNIT = re.compile(r"^[^\W\d_][^\W_]{0,5}\.?[²³]?$")  # pcs, m², Stk., EA
_PER_ONE = re.compile(rf"^(?:{'|'.join(CURRENCY_CODES)})/1$")  # "464.00 MXN/1 UN"
# SAP's price per one unit with the slash run into the price: "192,49/ 1 ST".
_SLASH_PER_ONE = re.compile(r"^(?P<price>\d[\d.,]*)/$")
_ITEM_REFERENCE = re.compile(
    rf"(?<!\w)(?:{alternatives(all_phrases(vocabulary()['item_references']))})(?!\w)", re.IGNORECASE
)
# "quote 5006903590", "AGREEMENT IT_R_TUB_IDT", "Angebot Nr. 2024-118": another document's
# word and its code (a digit or an underscore in it) run into the description.
_DOCUMENT_REFERENCE = re.compile(
    rf"(?<!\S)(?:{alternatives(all_phrases(vocabulary()['document_references']))})\.?"
    r"\s*(?:(?:no\.?|nr\.?|n[°º]\.?|#)\s*)?[:#]?\s+(?=\S*[\d_])\S{4,}(?!\S)",
    re.IGNORECASE,
)
_GLOSSED_UNIT = re.compile(r"^(?P<unit>[^\W\d_][^\W_]{0,5}\.?)\s*\([^\W\d_ ]+\)$")  # EA(each)


def _printed_twice(text: str) -> bool:
    """The same words twice over ("PAL CHEP 40X48 PAL CHEP 40X48"): the text of the line and
    a copy of it another column prints (the supplier's own text of the article), read as one
    description when the columns were not told apart. Which words are the description's,
    and what else the other column's cells hold, is not known."""
    words = text.casefold().split()
    half = len(words) // 2
    return half > 0 and len(words) % 2 == 0 and words[:half] == words[half:]


def date_in(text: str) -> str | None:
    """A word of `text` that is a calendar date either way round (3/11/2021, 2021-11-03,
    9-Apr-26);
    sizes written alike (25-16-25, 1/2/3) are no dates."""
    for word in text.split():
        if (named := _NAMED_DATE.match(word.strip(",;()"))) and named[3].lower() in month_numbers():
            return word
        if not (m := _DATE_LIKE.match(word.strip(",;()"))):
            continue
        a, b, c = int(m[1]), int(m[3]), int(m[4])
        if len(m[1]) == 4:
            readings = [(a, b, c)]
        elif len(m[4]) in (2, 4):
            year = c if len(m[4]) == 4 else 2000 + c
            readings = [(year, b, a), (year, a, b)]
        else:
            continue
        if any(_valid(*r) for r in readings):
            return word
    return None


def _valid(year: int, month: int, day: int) -> bool:
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return True


def _centred_on_numbers(raw: RawItem) -> bool:
    """A description cell centred vertically on its numbers (a spreadsheet's merged cell):
    as many of its lines above the numbers as below them, evenly spaced. A note over the
    first item has no such twin below it."""
    description = raw.cells.get("description", [])
    lines = sorted({round((w.y0 + w.y1) / 2) for w in description})
    above = [round((row.words[0].y0 + row.words[0].y1) / 2) for row in raw.above]
    numbers = [w for name in ("line_total", "quantity") for w in raw.cells.get(name, [])]
    middle = round(numbers[0].center_y) if numbers else None
    # The numbers' line holds a line of the cell, or (an even count) sits between two.
    on_numbers = middle is not None and any(abs(y - middle) <= 1 for y in lines)
    if len(lines) != len(above) + on_numbers or not above or not lines:
        return False
    steps = [b - a for a, b in zip(above + lines, (above + lines)[1:], strict=False)]
    centred = on_numbers or (middle is not None and abs(above[-1] + lines[0] - 2 * middle) <= 2)
    return centred and max(steps) - min(steps) <= 1


def _split_per_unit(raw: RawItem) -> None:
    """A price "4.61/Ea" (or "856.00 / EA", or SAP's "464.00 MXN/1 UN": per one unit) or a
    quantity "510/EA": the number and its unit."""
    for name in ("quantity", "unit_price"):
        words = raw.cells.get(name, [])
        per_one = len(words) == 3 and _PER_ONE.match(words[1].text)
        per = len(words) == 3 and (words[1].text == "/" or per_one)
        slashed = len(words) == 3 and words[1].text == "1" and _SLASH_PER_ONE.match(words[0].text)
        if per_one and raw.cells.get("unit"):
            # SAP's "32,00 EUR/1 ST" on a line in "Stück": the price basis names its unit by
            # code; the line's own unit stands, and quantity × price must still add up.
            raw.cells[name] = words[:1]
        elif slashed and raw.cells.get("unit") and _UNIT.match(words[2].text):
            w = words[0]
            raw.cells[name] = [Word(w.x0, w.y0, w.x1, w.y1, slashed["price"])]
        elif per and _UNIT.match(words[2].text):
            raw.cells[name] = [words[0], words[2]]
        elif len(words) == 1 and (split := per_unit(words[0].text)):
            w = words[0]
            raw.cells[name] = [Word(w.x0, w.y0, w.x1, w.y1, text) for text in split]


def _unit_under_another_title(raw: RawItem) -> str | None:
    """A price per one unit named by its code (SAP's "113,26 EUR/1 ST") on a line with no
    unit column, and a word like a unit other than that code under another column's title
    ("Stück" under one the vocabulary does not know): the line's own unit may be that word,
    not the code."""
    if raw.cells.get("unit"):
        return None
    codes = {
        words[2].text
        for name in ("quantity", "unit_price")
        if len(words := raw.cells.get(name, [])) == 3 and _PER_ONE.match(words[1].text)
    }
    if not codes:
        return None
    units = (w.text for w in raw.cells.get("other", []) if w.text.isalpha() and _UNIT.match(w.text))
    return next((unit for unit in units if unit not in codes), None)


def _unit_beside_numbers(raw: RawItem) -> None:
    """A unit printed with a number ("10 pcs" under the quantity, "1,230.00 Units" under
    the rate, "4.61/Ea", "1 000,00 UN" grouped by a space) belongs to the unit column."""
    _split_per_unit(raw)
    for name in ("quantity", "unit_price"):
        words = raw.cells.get(name, [])
        grouped = len(words) > 2 and parse_amount(" ".join(w.text for w in words[:-1])) is not None
        if (len(words) == 2 or grouped) and is_unit(words[-1].text):
            unit = raw.cells.get("unit")
            if unit and " ".join(w.text for w in unit) != words[-1].text:
                continue  # two different units: the line stays incomplete and is declined
            raw.cells[name], raw.cells["unit"] = words[:-1], unit or words[-1:]


# A catalogue's noun-modifier text, no space in it ("MOTOR;SQCG,7.5KW,41"): two separators at least.
_SPEC_STRING = re.compile(r"^(?:[^\s,;]+[,;]){2,}[^\s,;]*[^\W_]$")


def _join_broken_string(raw: RawItem) -> None:
    """A description line that is one spaceless spec string, over another, was broken by
    the column's width, not at a space: "MOTOR;SQCG,7.5KW,41" over "5VAC,4P,NG132M,B3,S1"
    is "…,415VAC,…"."""
    words = raw.cells.get("description", [])
    for index, (upper, lower) in enumerate(zip(words, words[1:], strict=False)):
        alone = [w for w in words if abs(w.center_y - upper.center_y) < upper.height / 2]
        below = [w for w in words if abs(w.center_y - lower.center_y) < lower.height / 2]
        if (
            alone == [upper]
            and below == [lower]
            and lower.y0 >= upper.y1 - 1
            and _SPEC_STRING.match(upper.text)
            and _SPEC_STRING.match(lower.text)
        ):
            joined = Word(
                upper.x0, upper.y0, max(upper.x1, lower.x1), lower.y1, upper.text + lower.text
            )
            raw.cells["description"] = words[:index] + [joined] + words[index + 2 :]
            return


_DASHES = {"-", "–", "—"}


def _without_dangling_dash(raw: RawItem) -> None:
    """A description ending in a dash alone ("CL-1 ID-165x60mm -"): a separator with
    nothing after it (a second text left empty), no part of the text."""
    words = raw.cells.get("description", [])
    if len(words) > 1 and words[-1].text in _DASHES:
        raw.cells["description"] = words[:-1]


_DOTTED_POSITION = re.compile(r"^0*[1-9]\d{0,2}\.$")  # "1." in front of the code


def _position_before_code(raw: RawItem) -> None:
    """A position printed in the code's column, untitled, in front of the code ("1.
    05801202"): the line's number, then its code."""
    words = raw.cells.get("item_code", [])
    if (
        len(words) == 2
        and "line_number" not in raw.cells
        and _DOTTED_POSITION.match(words[0].text)
        and is_code(words[1].text)
    ):
        raw.cells["line_number"], raw.cells["item_code"] = words[:1], words[1:]


def read_item(
    raw: RawItem,
    number: int,
    decimal_comma: bool,
    totals_printed: bool = True,
    required: set[str] | None = None,
    unit_words: int = 1,
    codes_describe: bool = False,
) -> dict[str, Found]:
    """The item's fields; declines a line without description, quantity, price or total
    (when its table prints line totals), or without the `required` amounts where given. A
    unit is one word, or up to `unit_words` set a plain space apart ("lin m")."""
    if text := raw.text(CODE_OR_DESCRIPTION):
        raise decline(f"line {number} prints no code under its first description: {text!r}")
    if raw.unread_line:
        raise decline(f"line {number}'s text may go on in a line not read: {raw.unread_line!r}")
    if raw.code_line_in_text:
        raise decline(
            f"line {number}'s text ends on {raw.code_line_in_text!r}, where the other lines"
            " print their labelled codes: a code under a label not known"
        )
    if raw.text_under_empty_title:
        raise decline(f"line {number}'s text has {raw.text_under_empty_title}: whose is not known")
    read_unit_cell(raw)
    basis_in_unit_cell(raw, decimal_comma)
    if unit := _unit_under_another_title(raw):
        raise decline(
            f"line {number} names its unit only in its price's basis, and prints {unit!r}"
            " under another title: which is the line's unit is not known"
        )
    _unit_beside_numbers(raw)
    basis = read_price_basis(raw, decimal_comma)
    code_over_description(raw)
    _position_before_code(raw)
    _join_broken_string(raw)
    _without_dangling_dash(raw)
    if not totals_printed and "taxable_value" in raw.cells:
        raw.cells["line_total"] = raw.cells["taxable_value"]  # the only line amount printed
    found: dict[str, Found] = {}
    for name in _AMOUNTS:
        text = raw.text(name)
        value = parse_amount(text, decimal_comma) if text else None
        if value is not None:
            found[name] = Found(value, raw.page_of(raw.cells[name]), raw.cells[name])
    for name in _TEXTS:
        if text := raw.text(name):
            if name == "unit" and (glossed := _GLOSSED_UNIT.match(text)):
                text = glossed["unit"]
            found[name] = Found(text, raw.page_of(raw.cells[name]), raw.cells[name])
    if raw.above and not _centred_on_numbers(raw):
        raise decline(f"line {number} has text above its numbers: its description may start there")
    if raw.above:
        lead = [w for row in raw.above for w in row.words]
        found["description"] = Found(
            " ".join(w.text for w in lead + raw.cells["description"]),
            raw.page,
            lead + raw.cells["description"],
        )
    if len(raw.cells.get("unit", [])) > unit_words:
        raise decline(f"line {number} has text spilling into its unit: {raw.text('unit')!r}")
    if required is None:
        required = set(_AMOUNTS) if totals_printed else set(_AMOUNTS) - {"line_total"}
    if required - set(found) or "description" not in found:
        printed = {name: raw.text(name) for name in raw.cells}
        raise decline(f"line {number} is incomplete: {printed}")
    if date := date_in(found["description"].value):
        # A date column's value run into the description: the columns were misread.
        raise decline(f"line {number}'s description holds a date ({date}): another column's")
    if reference := _REFERENCE.search(found["description"].value):
        # The cell holds the item's references beside its text, which the words alone do
        # not tell apart (a code line, "Your #: 790065004", then the text).
        raise decline(f"line {number}'s description holds a reference: {reference[0]!r}")
    if reference := _ITEM_REFERENCE.search(found["description"].value):
        raise decline(
            f"line {number}'s description holds a reference ({reference[0]!r}): another field's"
        )
    if reference := _DOCUMENT_REFERENCE.search(found["description"].value):
        raise decline(
            f"line {number}'s description holds another document's reference"
            f" ({reference[0]!r}): not the item's text"
        )
    if _printed_twice(found["description"].value):
        raise decline(
            f"line {number}'s description is one text twice: another column's copy of it"
            f" ({found['description'].value!r})"
        )
    if pair := overprinted_pair(found["description"].words):
        raise decline(
            f"line {number}'s description mixes two printed lines ({pair[0].text!r} over"
            f" {pair[1].text!r})"
        )
    if _CODE_ALONE.match(found["description"].value) and not codes_describe:
        # A description describes: a code alone is another column's (its words are elsewhere).
        raise decline(f"line {number}'s description is a code alone: {raw.text('description')!r}")
    if _LABELLED_CODE.search(found["description"].value):
        raise decline(
            f"line {number}'s description holds a labelled code: {raw.text('description')!r}"
        )
    if _ZEROS.match(raw.text("item_code") or ""):
        raise decline(f"line {number}'s item code {raw.text('item_code')!r} names no article")
    if basis is not None:
        _drop_price_per_basis(found, basis, number, line_discount(raw, decimal_comma))
        raw.cells.pop("discount", None)  # checked with the basis: the price is not kept
    if net := net_of_tax_below(raw, found, decimal_comma):
        found["line_total"] = net
    gross = "unit_price" in found and includes_tax(raw, found, decimal_comma)
    if gross is None:
        raise decline(f"line {number} does not add up with the tax it prints")
    if gross:
        del found["unit_price"]  # the printed price is before tax: not this amount's price
    elif (
        "discount" in raw.cells
        and {"line_total", "unit_price"} <= set(found)
        and found["quantity"].value
    ):
        if not discount_adds_up(raw, found, decimal_comma):
            raise decline(f"line {number} does not add up with the discount it prints")
        if line_discount(raw, decimal_comma):
            # The printed price is before the line's discount, and the net one is printed
            # nowhere: the line's price is neither, left out (its amount is checked above).
            del found["unit_price"]
        else:
            net = (found["line_total"].value / found["quantity"].value).quantize(_PRICE_PLACES)
            found["unit_price"] = Found(
                net, raw.page, raw.cells["unit_price"] + raw.cells["discount"]
            )
    if either := raw.text(ITEM_OR_POSITION):
        words = raw.cells[ITEM_OR_POSITION]
        if _POSITION.match(either) and "line_number" not in raw.cells:
            found["line_number"] = Found(
                int(either), raw.page_of(words), words
            )  # "Item" over 1, 2, 3
        elif "item_code" not in found:
            found["item_code"] = Found(either, raw.page_of(words), words)
    position = (raw.text("line_number") or "").rstrip(".")
    if (_WHOLE_DECIMAL_COMMA if decimal_comma else _WHOLE_DECIMAL).match(position):
        position = re.split(r"[.,]", position)[0]  # JD Edwards prints line 1 as 1.000, or 1,0
    if position.isdigit():
        found["line_number"] = Found(
            int(position), raw.page_of(raw.cells["line_number"]), raw.cells["line_number"]
        )
    elif position and "item_code" not in found and len(position.split()) == 1:
        # "Item No." holding "BIT-V60": the column numbers the item, not the line.
        found["item_code"] = Found(
            position, raw.page_of(raw.cells["line_number"]), raw.cells["line_number"]
        )
    return found


def _drop_price_per_basis(
    found: dict[str, Found], basis: Decimal, number: int, discount: Decimal | None
) -> None:
    """A price per `basis` units is no unit price: checked against the line amount, less
    the line's discount where it prints one, then left out."""
    values = [found[n].value if n in found else None for n in _AMOUNTS]
    if None in values or not adds_up_per_basis(*values[:2], basis, values[2], discount):
        raise decline(f"line {number}'s price per {basis} does not give its amount")
    del found["unit_price"]
