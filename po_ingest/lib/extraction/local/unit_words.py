"""What a unit of measure looks like: a short word of letters ("pcs", "m²", "Stk."), or one
the vocabulary names ([units], [long_units]: "Pallets", "unidades")."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.vocabulary import all_phrases, vocabulary

_SHORT_UNIT = re.compile(r"^[^\W\d_][^\W_]{0,5}\.?[²³]?$")  # pcs, m², Stk., EA
_NAMED_UNITS = {
    p.casefold() for section in ("units", "long_units") for p in all_phrases(vocabulary()[section])
}


def is_unit(text: str) -> bool:
    return bool(_SHORT_UNIT.match(text)) or is_named_unit(text)


def is_named_unit(text: str) -> bool:
    """A unit the vocabulary names, its abbreviation's closing dot aside ("Cu.Mtr.")."""
    return text.casefold() in _NAMED_UNITS or text.casefold().removesuffix(".") in _NAMED_UNITS
