"""Bank details in a letterhead or footer: a company lists its accounts in several
currencies ("Bankverbindung · USD: J.P. Morgan Chase Bank · Swift: CHASUS33"), which says
nothing about the currency of the order."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_BANK = re.compile(
    rf"(?<!\w)(?:{alternatives(all_phrases(vocabulary()['bank_details']))})(?!\w)", re.IGNORECASE
)

# A line holding an account number ("Commerzbank  USD  DE61 7508 …") names no bank word.
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b")


def outside_bank_details(rows: list[Row]) -> list[Row]:
    """The rows that name no bank account."""
    return [row for row in rows if not (_BANK.search(row.text) or _IBAN.search(row.text))]
