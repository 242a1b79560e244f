"""Money a company prints about itself in its letterhead or footer: its bank accounts, in
several currencies ("Bankverbindung · USD: J.P. Morgan Chase Bank · Swift: CHASUS33"), and
its share capital ("Share capital value 70.856.500 PLN"). Neither says anything about the
currency of the order."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_BANK = re.compile(
    rf"(?<!\w)(?:{alternatives(all_phrases(vocabulary()['bank_details']))})(?!\w)", re.IGNORECASE
)
_CAPITAL = re.compile(
    rf"(?<!\w)(?:{alternatives(all_phrases(vocabulary()['share_capital']))})(?!\w)", re.IGNORECASE
)

# A line holding an account number ("Commerzbank  USD  DE61 7508 …") names no bank word.
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b")


def outside_company_money(rows: list[Row]) -> list[Row]:
    """The rows that name no bank account and state no share capital."""
    return [
        row
        for row in rows
        if not (_BANK.search(row.text) or _IBAN.search(row.text) or _CAPITAL.search(row.text))
    ]
