"""A payment term's abbreviation that is also a currency code: "Terms of payment: 8 days
before ETA / CAD - 2.5 % BC" asks for cash against documents, in no Canadian dollars. Set
apart from any amount in a payment-terms line, the code is a term of it: not the order's
currency, nor a second currency of an order whose own currency is printed as its code (a
bare "$" could be the Canadian dollar the line names, and is left to decline)."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.prose import currency_text
from po_ingest.lib.extraction.local.values import parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_TERMS = vocabulary()["payment_terms"]
_LABEL = re.compile(rf"(?<!\w)(?:{alternatives(_TERMS['labels'])})(?!\w)", re.IGNORECASE)
_CODES = frozenset(_TERMS["codes"])


def currency_evidence(rows: list[Row], currency: Found) -> str:
    """The rows' text as evidence of a second currency: with the order's `currency` read
    from its code (not from a sign alone), without the payment-term abbreviations of
    payment-terms lines."""
    if not any(currency.value in word.text for word in currency.words):
        return " ".join(currency_text(row) for row in rows)
    return " ".join(term_free_text(row) for row in rows)


def term_free_text(row: Row) -> str:
    """The row's text as evidence of the order's currency (`prose.currency_text`), less the
    payment-term abbreviations of a payment-terms line: never the order's money."""
    text = currency_text(row)
    if not _LABEL.search(text):
        return text
    tokens = text.split()
    return " ".join(
        token
        for index, token in enumerate(tokens)
        if not (token.strip("():;,.") in _CODES and not _beside_amount(tokens, index))
    )


def _beside_amount(tokens: list[str], index: int) -> bool:
    """An amount right before or after the code: "30 CAD", "CAD 1,200.00" are money."""
    neighbours = tokens[max(index - 1, 0) : index] + tokens[index + 1 : index + 2]
    return any(parse_amount(t.strip("():;,")) is not None for t in neighbours)
