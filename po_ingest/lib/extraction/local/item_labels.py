"""A label read into an item's code or at the end of its description ("538844 Your
Material:", "CP5556-000 LT:", "... Anschlußseite Artikel-Nr.:"): its value is elsewhere, or
its title was missing and the words of another column ran into the cell. A code names
no field, and a description does not end on a label, is not a header's label alone
("Supplier", its value "Item:SMOE-62542" not read) and does not open on the dash that parts a
code from its text ("- CT METERING …": the cell "CTLV0965 - CT METERING …" split wrongly).
Nor is a description a unit alone ("pieces", "EACH"), two letters ("BL", another column's
code) or the first word of a reference's label ("Ihre" of "Ihre Materialnummer"): each is
what is left in the cell when the words that name its column are missing. A description
ending on a number's label ("PALLET - CHEP LFC No.") ends on a label too: a reference's,
whose number was read elsewhere. Nor does it end on a yes or no ("… Distributio Yes"): a
flag column's answer ("Drop-Ship"), its title missing, or on one count of units per another
("1 EA / 1 EA"): SAP's price-count line under the text, its "Price count/item" missing."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import ORDER_LABELS, Found
from po_ingest.lib.extraction.local.vocabulary import all_phrases, vocabulary

_OPENING_DASH = re.compile(r"^[-–]\s")
_UNITS_PER_UNITS = re.compile(
    r"\d[\d.,]*\s*(?P<one>[^\W\d]+)\s*/\s*\d[\d.,]*\s*(?P<other>[^\W\d]+)$"
)
# "No.", "Nr.", "N°", "#": a number's label abbreviated, its number not after it.
_NUMBER_LABELS = {w for w in vocabulary()["title_number"]["words"] if not w.isalpha()}
_UNITS = set(all_phrases(vocabulary()["units"]))
_ANSWERS = set(all_phrases(vocabulary()["answers"]))
_REFERENCE_OPENINGS = {
    phrase.split()[0] for phrase in all_phrases(vocabulary()["item_references"]) if " " in phrase
}


def _leftover(description: str) -> str | None:
    """What kind of leftover a description is, if it is one."""
    text = description.strip().lower()
    if text in _UNITS:
        return "a unit alone"
    if len(text) <= 2 and text.isalpha():
        return "two letters or fewer"
    if text in _REFERENCE_OPENINGS:
        return "the first word of a reference's label"
    return None


def label_in_item(items: list[dict[str, Found]]) -> str | None:
    """Why an item's code or description holds a label, if one does."""
    for number, item in enumerate(items, start=1):
        code = str(item["item_code"].value) if "item_code" in item else ""
        if any(word.endswith(":") for word in code.split()):
            return f"line {number}'s item code holds a label: {code!r}"
        description = str(item["description"].value) if "description" in item else ""
        if description.rstrip().endswith(":") or (
            description.split() and description.split()[-1].lower() in _NUMBER_LABELS
        ):
            return f"line {number}'s description ends on a label: {description!r}"
        if description.split() and description.split()[-1].lower() in _ANSWERS:
            return f"line {number}'s description ends on a flag's yes or no: {description!r}"
        if (ratio := _UNITS_PER_UNITS.search(description)) and {
            ratio["one"].lower(),
            ratio["other"].lower(),
        } <= _UNITS:
            return (
                f"line {number}'s description ends on a count of units per units: {description!r}"
            )
        if ORDER_LABELS.is_label(description.strip()):
            return f"line {number}'s description is a label alone: {description!r}"
        if _OPENING_DASH.match(description):
            return f"line {number}'s description opens on a code's dash: {description!r}"
        if description and (leftover := _leftover(description)):
            return f"line {number}'s description is {leftover}: {description!r}"
    return None
