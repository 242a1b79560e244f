"""Keys under which a delivery note and an order are compared: order numbers, units, item
codes, supplier names and descriptions, each written the way either side may print it."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

# Words printed before an order number, in the languages suppliers write notes in. Each is
# taken off only as a whole word (`PO` in `PO-17`, never in `POL-17`), and again and again
# (`Ihre Bestellung Nr. 17`), so the key is the number itself.
_PO_PREFIX = re.compile(
    r"(?:purchase\s*order|your\s*order|our\s*order|order|p\s*[./]?\s*o|ihre|unsere|"
    r"bestellnummer|bestellnr|bestellung|bestell|best|votre|commande|cde|auftrag|"
    r"n°|nº|no|nr|number|nummer|num)(?![^\W\d_])"
)
_SEPARATORS = re.compile(r"^[\s.:#°º/_\-]+")
_NOT_ALNUM = re.compile(r"[\W_]+")

# Every spelling of a unit → its key. Unknown units compare as their lower-cased text.
_UNIT_SPELLINGS = {
    "pc": "pc pcs pce pces piece pieces ea each stk stck stück stueck st unit units nos ud uds u "
    "unidad unidades pièce pièces",
    "m3": "m3 cum cbm cu_m cubic_metre cubic_metres cubic_meter cubic_meters",
    "t": "t tonne tonnes ton tons to tn",
    "kg": "kg kgs kilo kilos kilogram kilograms kilogramm",
    # Not "ml": a linear metre in French, a millilitre elsewhere; it stays itself.
    "m": "m lm lfm lfdm lin_m metre metres meter meters mètre mètres metro metros",
    "m2": "m2 sqm sq_m qm square_metre square_metres square_meter square_meters",
    "l": "l lt ltr litre litres liter liters",
    "bag": "bag bags sack sacks säcke sac sacs saco sacos",
    "pal": "pal plt pallet pallets palette paletten palé palés",
    "box": "box boxes ctn ctns carton cartons karton",
    "roll": "roll rolls rolle rollen",
    "set": "set sets satz",
    "h": "h hr hrs hour hours std stunde stunden",
}
_UNITS = {
    spelling.replace("_", " "): key
    for key, spellings in _UNIT_SPELLINGS.items()
    for spelling in spellings.split()
}


def alnum_key(text: str | None) -> str:
    """Case, spaces and punctuation ignored, leading zeros dropped: `0047-11` is `4711`."""
    key = _NOT_ALNUM.sub("", (text or "").casefold())
    return key.lstrip("0") or ("0" if key else "")


def normalise_po_ref(text: str | None) -> str:
    """The key of an order number: `PO# 4500-0123`, `Best.-Nr. 45000123` and `4500/0123`
    are `45000123`. Leading zeros are dropped (`PO-000123` = `123`): spreadsheets and
    supplier systems that keep order numbers as numbers lose them, while a buyer's numbering
    never tells two orders apart by leading zeros alone. Zeros inside the number are kept."""
    rest = (text or "").casefold().strip()
    while True:
        rest = _SEPARATORS.sub("", rest)
        prefix = _PO_PREFIX.match(rest)
        if prefix is None or prefix.end() == len(rest):
            break
        rest = rest[prefix.end() :]
    return alnum_key(rest)


def normalise_unit(text: str | None) -> str | None:
    """`Stk`, `pieces`, `EA` → `pc`; `m³`, `cbm` → `m3`; None when no unit is given."""
    if text is None or not text.strip():
        return None
    plain = text.casefold().strip().replace("³", "3").replace("²", "2")
    spelled = " ".join(plain.replace(".", " ").split())
    return _UNITS.get(spelled, plain)


_LEGAL_FORMS = frozenset(
    [
        "gmbh",
        "mbh",
        "ag",
        "kg",
        "ohg",
        "ug",
        "co",
        "ltd",
        "limited",
        "inc",
        "llc",
        "plc",
        "sa",
        "sas",
        "sarl",
        "srl",
        "spa",
        "bv",
        "nv",
        "se",
    ]
)


def supplier_key(name: str | None) -> str:
    """`Baustoffe Müller GmbH & Co. KG` and `BAUSTOFFE MÜLLER` are one supplier."""
    words = _NOT_ALNUM.sub(" ", (name or "").casefold().replace(".", "")).split()
    while words and words[-1] in _LEGAL_FORMS:
        words.pop()
    return "".join(words)


def description_words(text: str) -> str:
    """Words for comparing descriptions: `2,70x0,90m` is `2.7 x 0.9 m`."""
    text = re.sub(r"(?<=\d),(?=\d)", ".", text.casefold())
    text = re.sub(r"(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)", " ", text)
    text = re.sub(r"(?<!\d)\.|\.(?!\d)|[^\w.]|_", " ", text)
    return " ".join(_plain_number(word) for word in text.split())


def description_numbers(words: str) -> set[str]:
    """The numbers in `description_words`: sizes, grades and weights that must agree."""
    return {word for word in words.split() if word[0].isdigit()}


def _plain_number(word: str) -> str:
    """`2.70` and `2.7` are one number, `007` and `7` too."""
    if not word[0].isdigit():
        return word
    try:
        return format(Decimal(word).normalize(), "f")
    except InvalidOperation:
        return word
