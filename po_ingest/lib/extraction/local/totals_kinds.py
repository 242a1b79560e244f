"""What a totals line's label names: a subtotal, a tax, a total … (vocabulary [totals])."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from po_ingest.lib.extraction.local.layout import unspaced
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary


def starting(*kinds: str, exclude: str = "") -> re.Pattern[str]:
    """A line that starts with a totals label of one of `kinds` (vocabulary [totals])."""
    phrases = [p for kind in kinds for p in vocabulary()["totals"][kind]]
    return re.compile(rf"^\W*(?:{alternatives(phrases)})(?!\w){exclude}", re.IGNORECASE)


# "VAT No.", "USt-IdNr.", "USt.-Identnummer", glossed "UST (VAT) ID" or
# "VAT/USt.-Id-Nummer": a tax number, not a tax line.
TAX_LINE = starting(
    "tax",
    exclude=r"(?!(?:\s*\(\s*[^\W\d_]+\.?\s*\)|\s*/\s*[^\W\d_]+)?"
    r"\.?\s*-?\s*(?:id|idnr|id-nr|ident\w*|no|nr|reg|number)\b)",
)
_CLOSING = starting("subtotal", "total", "tax_sum", "added")


def closes_table(text: str) -> bool:
    """A line starting with a totals block's label (a tax number's is none)."""
    return bool(_CLOSING.match(text) or TAX_LINE.match(text))


# On a tie, checked in this order: "Total VAT" is a tax sum, "Subtotal Freight" a charge, "Total HT"
# a subtotal, before "Total".
_KINDS = (
    ("ignore", starting("ignore")),
    ("tax_sum", starting("tax_sum")),
    ("allowances", starting("allowances")),
    ("charges", starting("charges")),
    ("subtotal", starting("subtotal")),
    ("tax", TAX_LINE),
    ("total", starting("total")),
)
# "davon Netto 795,60 EUR mit MwSt. 19,00% (EUR)" is about the longest label a totals line
# prints; terms and conditions under the totals run on for more words.
LABEL_WORDS = 10
# "Add : Freight & Forwarding", "zzgl. MwSt.": what is added is named after the word saying so.
_ADDED = re.compile(
    rf"^\W*(?:{alternatives(vocabulary()['totals']['added'])})(?!\w)\W*(?P<rest>.*)$", re.I
)
# "19 % MwSt." or "VAT 20% on 1,234.00": the tax word may follow a rate.
_RATE_FIRST = re.compile(r"^\W*[\d.,]+\s*%\s*(?P<rest>.*)$")

_RATE_GLUED = re.compile(r"(?<=[^\W\d_])(?=\d[\d.,]*\s*%)")


# "MwSt. 19,00%", "VAT 20 %": a tax word with its rate after it.
_TAX_RATE = re.compile(r"(?P<word>[^\W\d_][\w.]*)\s+(?P<rate>\d{1,2}(?:[.,]\d{1,2})?)\s*%")
_CENT = Decimal("0.01")


def rated_tax(label: str, value: Decimal, decimal_comma: bool) -> bool:
    """A label stating the tax's base and rate before its amount ("davon Netto 795,60 EUR
    mit MwSt. 19,00%", "on 1,000.00 at VAT 20%"): a tax line when the rate of one base it
    states is the amount, to the cent, whatever words open the label."""
    words = label.split()
    if len(words) > LABEL_WORDS:
        return False
    for match in _TAX_RATE.finditer(label):
        if kind_of([match["word"]]) != "tax":
            continue
        rate = parse_amount(match["rate"], decimal_comma)
        bases = [parse_amount(w, decimal_comma) for w in label[: match.start()].split()]
        for base in (b for b in bases if b is not None and b > value):
            if (base * rate / 100).quantize(_CENT, ROUND_HALF_UP) == value:
                return True
    return False


def is_amount(token: str, decimal_comma: bool) -> bool:
    return "%" not in token and parse_amount(token, decimal_comma) is not None


# "Total EUR Excl. VAT": a currency code among a label's words names none of them.
_CODE_INSIDE = re.compile(rf"(?<=\w)\s+(?:{'|'.join(CURRENCY_CODES)})\s+(?=\w)")


def kind_of(labels: list[str]) -> str | None:
    """What the nearest cell that names a totals line says: "Subtotal" in "Terms: Net 30 …
    Subtotal", "Total" in "Total … 800 Units …"."""
    for label in labels:
        if len(label.split()) > LABEL_WORDS:
            continue  # a sentence ("Delivery is made in accordance with …"), not a label
        label = unspaced(label)  # "G e s a m t b e t r a g"
        label = _RATE_GLUED.sub(" ", label)  # "MwSt19%": "MwSt 19%"
        label = _CODE_INSIDE.sub(" ", label)
        if m := _ADDED.match(label):
            label = m["rest"]
        if m := _RATE_FIRST.match(label):
            label = m["rest"]
        # The longest phrase wins ("Total Qty & Value" is a total, not "Total Qty"); on a
        # tie, the order above.
        matches = [
            (len(m.group(0)), -order, kind)
            for order, (kind, pattern) in enumerate(_KINDS)
            if (m := pattern.match(label))
        ]
        if matches:
            return max(matches)[2]
    return None
