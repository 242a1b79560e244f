"""What a header value must look like to be taken: a PO number, a code, a name."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import is_label
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.values import find_currency, parse_date
from po_ingest.lib.extraction.local.vocabulary import vocabulary

# "Order No. & Date : 1": an ERP's first order is number 1; one digit is a number too.
_PO_NUMBER = re.compile(r"^(?:\d|[A-Z0-9][A-Z0-9\-/._]{1,39})$", re.IGNORECASE)
_SERIES = re.compile(r"^[A-Z]{1,3}$")
_DOTTED_DATE = re.compile(
    r"(?<![\d.])\d{1,2}\.\d{1,2}\.\d{2,4}(?![\d.])"
)  # 07.03.2025 is no amount
# "4501595688/11.08.2025" under "Bestellnummer/Datum": the number, then its date.
_NUMBER_SLASH_DATE = re.compile(r"^(?P<number>.+?)\s*/\s*(?P<date>\d{1,2}[./]\d{1,2}[./]\d{2,4})$")
_CODE = re.compile(r"^[A-Z0-9][A-Z0-9\-/._]{1,39}$", re.IGNORECASE)


def po_number(text: str) -> str | None:
    """One token with a digit in it that is not a date (a label's neighbour may be one),
    or such a token after a series prefix of capitals ("RS 0012697"), but not after a
    label ("PO 123": is the number "123" or "PO 123"? not guessed), nor before another
    number. A colon after it ends it: "PO-0139: Job Site 14" names the order's subject."""
    tokens = text.split()
    if len(tokens) > 1 and tokens[0].isdigit() and tokens[1].isdigit():
        # "300 000 946": one number printed in groups of three digits, else several numbers
        grouped = len(tokens[0]) <= 3 and all(len(t) == 3 for t in tokens[1:])
        return "".join(tokens) if grouped and all(t.isdigit() for t in tokens) else None
    if len(tokens) > 1 and _SERIES.match(tokens[0]) and not is_label(tokens[0]):
        number = po_number(tokens[1])
        return f"{tokens[0]} {number}" if number and number == tokens[1] else None
    token = tokens[0].strip(",;").removesuffix(":") if tokens else ""
    if (pair := _NUMBER_SLASH_DATE.match(token)) and parse_date(pair["date"], "de"):
        token = pair["number"]
    if not (_PO_NUMBER.match(token) and any(c.isdigit() for c in token)):
        return None
    if len(tokens) > 1 and _another_number(tokens[1], token):
        return None
    return None if parse_date(token, "de") else token


# Digits a second word needs to be a number an order could bear ("PO387376 Rev 1": the "1"
# is a revision's, too short).
_NUMBER_DIGITS = 3


def _another_number(second: str, first: str) -> bool:
    """The word after the number is a number as much the order's ("QX-4417 PO387376": an
    unknown word where the label's last word stood, then its value): not guessed."""
    second = second.strip(",;")
    digits = sum(c.isdigit() for c in second)
    return (
        second != first
        and digits >= _NUMBER_DIGITS
        and bool(_PO_NUMBER.match(second))
        and parse_date(second, "de") is None
    )


def code(text: str) -> str | None:
    """A project or site code: one token with a digit in it (not "n/a", "-", "Buyer"), not
    zeros alone (an ERP's empty field, "Commessa 000000"), not a date (the next field's
    value, "Due on" over "6-Jan-2026"), nor the first of a list of words it is set apart
    from by a comma ("204, Maan Road, Pune": an address's house number)."""
    tokens = text.split()
    token = tokens[0].strip(",;") if tokens else ""
    if token.strip("0") == "" or parse_date(token, "de"):
        return None
    if len(tokens) > 1 and tokens[0].endswith((",", ";")):
        return None
    return token if _CODE.match(token) and any(c.isdigit() for c in token) else None


def uses_decimal_comma(rows: list[Row]) -> bool | None:
    """The document's habit: more `1,23` than `1.23` amounts (dates such as 07.03.2025 are
    neither). Without cents printed (as many of each, mostly none), `1.234` is a Chilean
    peso's 1 234 or an SAP quantity's 1.234: the currency decides when it has no cents or
    three decimals (a Kuwaiti `2.150`), else None: not guessed."""
    joined = _DOTTED_DATE.sub(" ", " ".join(r.text for r in rows))
    commas = len(re.findall(r"\d,\d{2}(?!\d)", joined))
    dots = len(re.findall(r"\d\.\d{2}(?!\d)", joined))
    if commas != dots:
        return commas > dots
    separators = set(re.findall(r"\d([.,])\d{3}(?!\d)", joined))
    places = vocabulary()["currency_decimals"]
    currency = find_currency(joined)
    if len(separators) != 1 or currency not in places["none"] + places["three"]:
        return None
    grouping_dot = separators == {"."}
    return grouping_dot if currency in places["none"] else not grouping_dot
