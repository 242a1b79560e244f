"""An item code of several words whose later word is a word of text ("af0f33c1 Laptop",
"KN.737022e RoHS compliant"), a date ("163664 30-SEP-2025") or a colour ("H710 PURPLE"):
a product name, a note, a delivery date or a colour run into the code's cell, its own
column's title unknown or not printed.
Codes of several words are set in capitals and digits ("CHEP PALLET 00", "SM 1008T"). Nor
does a code's word end in one hyphen ("AW-14-", "55-DUTY-S1-FRAME-250M- BHARAT"; a run of
them pads it: "05AVAR1380----"): the rest of it was printed elsewhere. Nor is a code a word of letters alone set a word's space before
its description on one line ("Geschirmter" of "Geschirmter WinkelsteckerTyp"): that is one
run of text, its first word taken for a code when the description's title is not printed.
And a description is never a number alone ("10"): a position taken into its cell. A code in
an ERP's square brackets ("[2107259-1] ECAU240115", Odoo's) is taken out of the text when
its column is read right; left whole in the code or the text, another column (a "TYC…"
reference whose title is missing) was read as the code's."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.lines import date_in
from po_ingest.lib.extraction.local.vocabulary import all_phrases, vocabulary

_TEXT_WORD = re.compile(r"^(?=.*[a-zà-ÿ])[^\W\d_]{3,}[.,;]?$")
# A word's space is a quarter to a half of the text's height; a column's gutter is wider.
_WORD_SPACE = 0.6
_LETTERS = re.compile(r"^[^\W\d_]+$")
_COLOURS = frozenset(all_phrases(vocabulary()["colours"]))
_BRACKETED_CODE = re.compile(r"^\[[^\]\s]*\d[^\]\s]*\]$")


def _opens_its_text(item: dict[str, Found]) -> bool:
    """The code is one word of letters alone that runs on into the description's words
    ("STO-PAL-W" set tight before its text is a code)."""
    if "item_code" not in item or "description" not in item:
        return False
    words = item["item_code"].words
    if len(words) != 1 or not _LETTERS.match(words[0].text):
        return False
    code = words[0]
    return any(
        abs(w.y0 - code.y0) < code.height / 2 and 0 <= w.x0 - code.x1 <= _WORD_SPACE * code.height
        for w in item["description"].words
    )


def text_in_code(items: list[dict[str, Found]]) -> str | None:
    """Why an item's code holds a word of text, if one does."""
    for number, item in enumerate(items, start=1):
        words = str(item["item_code"].value).split() if "item_code" in item else []
        if any(_TEXT_WORD.match(word) for word in words[1:]):
            return f"line {number}'s item code holds words of text: {item['item_code'].value!r}"
        if any(word.casefold() in _COLOURS for word in words[1:]):
            return f"line {number}'s item code holds a colour: {item['item_code'].value!r}"
        if len(words) > 1 and (date := date_in(" ".join(words[1:]))):
            return f"line {number}'s item code holds a date ({date}): another column's"
        if _opens_its_text(item):
            return f"line {number}'s item code is the first word of its text: {words[0]!r}"
        if any(w.endswith("-") and not w.endswith("--") for w in words):
            return f"line {number}'s item code is cut short: {item['item_code'].value!r}"
        texts = words + (str(item["description"].value).split() if "description" in item else [])
        if any(_BRACKETED_CODE.match(word) for word in texts):
            return f"line {number} holds a bracketed code left in its text: another column's"
        if "description" in item and str(item["description"].value).isdigit():
            return f"line {number}'s description is a number alone: another column's"
    return None
