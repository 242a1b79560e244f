"""Prices per 10, 100, 1 000 or 10 000 units ("19,92 /100 PC", "68.161,71/10.000", SAP's
"2.080,00 pro 1.000 ST", "4640.00 MXN/10 UN", a wholesaler's "407,45 C"): common for
small parts. The order's model has no price basis, so such a line keeps no unit price; its
quantity × price ÷ basis must give the printed line amount to the cent."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem, numeric_column
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

PRICE_BASIS = "price_basis"  # the cell of a labelled basis under the price
_BASES = {Decimal(1), Decimal(10), Decimal(100), Decimal(1000), Decimal(10000)}
_CENT = Decimal("0.01")
_HUNDRED = Decimal(100)
_ITEM_AMOUNTS = ("quantity", "line_total")
_UNIT = re.compile(r"^[^\W\d_][^\W_]{0,5}\.?$")  # PC, Stk., EA
# "68.161,71/10.000" (the basis run into the price), "19,92/100", or "/100" alone after it.
_PRICE_PER = re.compile(r"^(?P<price>\d[\d.,]*)?/(?P<basis>\d[\d.,]*)$")
_LABEL = re.compile(
    rf"^(?:{alternatives(vocabulary()['price_basis']['labels'])}):?$", re.IGNORECASE
)
# Spelt out, a currency between: "2.080,00 pro 1.000 ST", "1.251,63 EUR/1.000".
_PER_WORDS = ("/", "pro", "per", "je", "par", "por")
_PRICE_PER_WORDS = re.compile(
    rf"^(?P<price>\d[\d.,']*)\s*(?:(?:{'|'.join(CURRENCY_CODES)}|[€$£])\s*)?"
    rf"(?:{'|'.join(map(re.escape, _PER_WORDS))})\s*(?P<basis>\d[\d.,]*)\s*(?:[^\W\d_]{{1,5}}\.?)?$",
    re.IGNORECASE,
)
_WHOLE = re.compile(r"^[1-9]\d{0,2}(?:[.,]?\d{3})*$")
# A basis alone on the row under its price, labelled by its "per": "EUR/1.000", "/100",
# "per 1.000 ST", SAP's "per /1.000".
_BASIS_ALONE = re.compile(
    rf"^(?:(?:{'|'.join(CURRENCY_CODES)}|[€$£])\s*)?"
    rf"(?:(?:{'|'.join(map(re.escape, _PER_WORDS))})\s*){{1,2}}(?P<basis>[1-9]\d{{0,2}}(?:[.,]?\d{{3}})*)\s*(?:[^\W\d_]{{1,5}}\.?)?$",
    re.IGNORECASE,
)
# Label words before the basis: "Preiseinheit", "Price unit", "Unité de prix".
_LABEL_WORDS = 3
_LETTERS = {letter: Decimal(n) for letter, n in vocabulary()["price_basis"]["letters"].items()}
# Cells a price-unit letter may stand in besides the price's: its untitled or unknown
# column, or the discount's beside it when the two run together ("C 0"); never the unit's.
_LETTER_CELLS = ("unit_price", "other", "discount")


def labelled_basis(row: Row, columns: list[Column]) -> list[Word] | None:
    """A price's basis printed under it with its label ("Preiseinheit 100") or its "per"
    alone ("EUR/1.000"): the label's words and the number, that in the price's column; None when the row holds none, or is
    an item of its own (a quantity or an amount on it)."""
    words = row.words
    if any(numeric_column(w, columns) in _ITEM_AMOUNTS for w in words):
        return None
    for index, word in enumerate(words):
        if not _WHOLE.match(word.text) or numeric_column(word, columns) != "unit_price":
            continue
        for start in range(max(0, index - _LABEL_WORDS), index):
            if _LABEL.match(" ".join(w.text for w in words[start:index])):
                return words[start : index + 1] + _unit_after(words[index + 1 :], word)
    return _basis_alone(row, columns)


def _basis_alone(row: Row, columns: list[Column]) -> list[Word] | None:
    """A basis with its "per" and no label ("EUR/1.000") in a cell of its own that lines up
    with the price's column."""
    for cell in row.cells():
        match = _BASIS_ALONE.match(cell.text)
        if not match:
            continue
        last = cell.words[-1]
        number = Word(cell.words[0].x0, last.y0, last.x1, last.y1, match["basis"])
        if numeric_column(number, columns) == "unit_price":
            return cell.words
    return None


def _basis_text(words: list[Word]) -> str:
    """The basis's number in a labelled basis's words ("Preiseinheit 100", "EUR/1.000")."""
    for word in reversed(words):
        if _WHOLE.match(word.text):
            return word.text
    return _BASIS_ALONE.match(" ".join(w.text for w in words))["basis"]


def _unit_after(rest: list[Word], number: Word) -> list[Word]:
    """The basis's unit set right after its number ("per 1 PCE")."""
    if rest and _UNIT.match(rest[0].text) and rest[0].x0 - number.x1 < number.height:
        return rest[:1]
    return []


def _basis(text: str, decimal_comma: bool | None) -> Decimal | None:
    value = parse_amount(text, decimal_comma)
    return value if value in _BASES else None


def _read(words: list[Word], decimal_comma: bool | None) -> tuple[Word, Decimal, Word | None]:
    """The price's word, the basis and the basis's unit word of a price cell printed per N;
    raises LookupError for any other cell."""
    texts = [w.text for w in words]
    unit = words[-1] if len(words) > 1 and _UNIT.match(texts[-1]) else None
    numbers = words[:-1] if unit else words
    joined = "".join(w.text for w in numbers)
    match = _PRICE_PER.match(joined) or _PRICE_PER_WORDS.match(" ".join(texts))
    if not match or not match["price"] or not (basis := _basis(match["basis"], decimal_comma)):
        raise LookupError
    first = numbers[0]
    price = Word(first.x0, first.y0, first.x1, first.y1, match["price"])
    if parse_amount(price.text, decimal_comma) is None:
        raise LookupError
    return price, basis, unit


def basis_in_unit_cell(raw: RawItem, decimal_comma: bool | None) -> None:
    """A basis alone in the unit's cell ("77.49 | 100" under "Price | Per"): no unit, but
    the price's basis, read as a labelled one."""
    unit = raw.cells.get("unit", [])
    if len(unit) == 1 and _WHOLE.match(unit[0].text) and _basis(unit[0].text, decimal_comma):
        raw.cells[PRICE_BASIS] = raw.cells.pop("unit")


def read_price_basis(raw: RawItem, decimal_comma: bool | None) -> Decimal | None:
    """The basis N of a price printed per N units, the price's cell left holding the price
    alone (the basis's unit goes to a line without a unit of its own); a price run into the
    unit's cell ("piece 68.161,71/10.000") moves to an empty price cell. None when the price
    is per one unit."""
    if (letter := _letter_basis(raw)) is not None:
        return _per_many(letter)
    if labelled := raw.cells.pop(PRICE_BASIS, None):
        basis = parse_amount(_basis_text(labelled), decimal_comma)
        if basis is None:
            return Decimal(0)  # "1.000" without the document's habit: no basis adds up
        return None if basis == 1 else basis
    unit = raw.cells.get("unit", [])
    if len(unit) == 2 and _WHOLE.match(unit[0].text) and _UNIT.match(unit[1].text):
        # The unit's cell printing the price's basis before the unit ("1 Stck", "100 Stck").
        if (basis := _basis(unit[0].text, decimal_comma)) is None:
            return Decimal(0)  # a count no basis is: no basis adds up
        raw.cells["unit"] = unit[1:]
        return _per_many(basis)
    if not raw.cells.get("unit_price") and len(unit) == 2:
        try:
            price, basis, _ = _read(unit[1:], decimal_comma)
        except LookupError:
            return None
        raw.cells["unit"], raw.cells["unit_price"] = unit[:1], [price]
        return _per_many(basis)
    try:
        price, basis, basis_unit = _read(raw.cells.get("unit_price", []), decimal_comma)
    except LookupError:
        return None
    raw.cells["unit_price"] = [price]
    if basis_unit and not raw.cells.get("unit"):
        raw.cells["unit"] = [basis_unit]
    return _per_many(basis)


def _letter_basis(raw: RawItem) -> Decimal | None:
    """The basis a price-unit letter right after the price stands for ("407,45 C": per
    100), the letter taken out of its cell; None when no such letter follows the price."""
    price = raw.cells.get("unit_price", [])
    if not price:
        return None
    end = price[0]
    for name in _LETTER_CELLS:
        words = raw.cells.get(name, [])
        for word in words:
            gap = word.x0 - end.x1
            beside = abs(word.center_y - end.center_y) < end.height / 2
            if word is not end and word.text in _LETTERS and beside and 0 < gap <= 2 * end.height:
                words.remove(word)
                if not words:
                    del raw.cells[name]
                return _LETTERS[word.text]
    return None


def _per_many(basis: Decimal) -> Decimal | None:
    """ "2,58 /1": a price per one unit is the unit price, checked as any other."""
    return None if basis == 1 else basis


def adds_up_per_basis(
    quantity: Decimal,
    price: Decimal,
    basis: Decimal,
    amount: Decimal,
    discount: Decimal | None = None,
) -> bool:
    """quantity × price ÷ basis, less the line's `discount` percentage where it prints one,
    rounded to the cent, is the line amount."""
    if basis <= 0:
        return False
    net = quantity * price / basis * (1 - (discount or 0) / _HUNDRED)
    return net.quantize(_CENT, rounding=ROUND_HALF_UP) == amount
