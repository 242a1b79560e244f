"""Whether a bare "$" is the US dollar: on an order from a country whose own money is the
dollar (Ecuador, El Salvador, Panama), told by the country domain of its e-mail and web
addresses ("compras@empresa.com.ec")."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import vocabulary

# The last label of an e-mail or web address: "empresa.com.ec" ends in "ec".
_ADDRESS = re.compile(r"[\w-]+(?:\.[\w-]+)*\.(?P<tld>[a-z]{2,6})(?![\w.-]*\w)", re.IGNORECASE)
_EMAIL_OR_WEB = re.compile(r"@|www\.|https?://", re.IGNORECASE)


def dollarised(rows: list[Row]) -> bool:
    """Every country domain printed on the document is a dollar country's, and there is one."""
    countries = set()
    for row in rows:
        for word in row.words:
            if not _EMAIL_OR_WEB.search(word.text):
                continue
            countries |= {
                m["tld"].lower() for m in _ADDRESS.finditer(word.text) if len(m["tld"]) == 2
            }
    return bool(countries) and countries <= set(vocabulary()["dollar_countries"]["domains"])
