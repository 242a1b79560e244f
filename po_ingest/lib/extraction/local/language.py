"""What kind of document this is and in which language, from its title and labels."""

from __future__ import annotations

import re
from collections import Counter

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import alternatives, by_language, vocabulary

_PO_TITLES = by_language(vocabulary()["titles"]["purchase_order"])
_NOT_PO_TITLES = [
    *by_language(vocabulary()["titles"]["not_purchase_order"]).values(),
    *(
        re.compile(rf"(?:{alternatives(endings)})(?!\w)", re.IGNORECASE)
        for endings in vocabulary()["titles"]["not_purchase_order_endings"].values()
    ),
]
_LABELS = [by_language(section) for section in vocabulary()["labels"].values()]


def title_problem(titles: list[str], top_rows: list[Row]) -> str | None:
    """Why the document is not a purchase order, or None when its title says it is one."""
    for title in titles:
        if any(p.search(title) for p in _NOT_PO_TITLES):
            return f"the document is titled {title!r}, not a purchase order"
    texts = titles + [r.text for r in top_rows]
    if not any(p.search(t) for t in texts for p in _PO_TITLES.values()):
        return "no purchase-order title found"
    return None


def document_language(titles: list[str], header_rows: list[Row]) -> str | None:
    """The language most of the title and label words belong to; None when two languages
    tie and disagree on whether dates are day first."""
    texts = titles + [r.text for r in header_rows]
    votes: Counter[str] = Counter()
    for patterns in (_PO_TITLES, *_LABELS):
        for language, pattern in patterns.items():
            votes[language] += sum(1 for t in texts if pattern.search(t))
    if not votes or max(votes.values()) == 0:
        return None
    best = max(votes.values())
    leaders = {language for language, count in votes.items() if count == best}
    day_first = set(vocabulary()["date_order"]["day_first"])
    if len(leaders) == 1 or leaders <= day_first:
        return sorted(leaders)[0]
    return None
