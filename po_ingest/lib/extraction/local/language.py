"""What kind of document this is and in which language, from its title and labels."""

from __future__ import annotations

import re
from collections import Counter

from po_ingest.lib.extraction.base import looks_like
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.vocabulary import (
    all_phrases,
    alternatives,
    by_language,
    vocabulary,
)

PURCHASE_ORDER = "purchase_order"
DELIVERY_NOTE = "delivery_note"
RETRY_AS_DELIVERY_NOTE = looks_like("delivery_note")

_PO_TITLES = by_language(vocabulary()["titles"][PURCHASE_ORDER])
_LABELS = [by_language(section) for section in vocabulary()["labels"].values()]
_ORDER_MARKS = by_language(vocabulary()["order_marks"])


def _kind_patterns() -> dict[str, list[re.Pattern[str]]]:
    """Per kind of document other than an order (delivery notes first): its titles, and
    the compounds ending in one of them."""
    endings = [e for words in vocabulary()["title_endings"].values() for e in words]
    patterns = {}
    for kind, section in vocabulary()["titles"].items():
        if kind == PURCHASE_ORDER:
            continue
        own = [e for e in endings if e in all_phrases(section)]
        patterns[kind] = [*by_language(section).values()]
        if own:
            patterns[kind].append(re.compile(rf"(?:{alternatives(own)})(?!\w)", re.IGNORECASE))
    return patterns


OTHER_KINDS = _kind_patterns()


_NOT_TITLE = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['not_titles']))})\W*$", re.IGNORECASE
)
_SENTENCE_WORDS = 8  # a title this long is a sentence set large ("Diese Bestellung erfolgt …")
_SENTENCE_KIND_WORDS = 3  # a sentence names its own kind first, if at all


def _title_words(title: str, large: bool) -> str:
    """The words of a text that may name its kind: not an address ("Bill To:", an e-mail
    "invoice.desk@…", a web address); of a long text set `large`, a sentence, only its
    first words ("Diese Bestellung erfolgt … auf Rechnung der …" is no invoice)."""
    if _NOT_TITLE.match(title.strip()):
        return ""
    words = [
        w for w in title.split() if "@" not in w and not w.lower().startswith(("www.", "http"))
    ]
    # "090 days due net (Inv.Receipt)": words in brackets qualify the text before them.
    unbracketed = re.sub(r"\([^)]*\)", " ", " ".join(words)).split()
    words = unbracketed or words
    sentence = large and len(words) >= _SENTENCE_WORDS
    return " ".join(words[:_SENTENCE_KIND_WORDS] if sentence else words)


def title_kind(titles: list[str], *, large: bool = True) -> tuple[str, str] | None:
    """(kind, title) of the first title naming a kind of document other than an order; a
    title naming a delivery note and another kind is a delivery note's. `large`: the texts
    are titles set large, not rows of body text."""
    for title in titles:
        words = _title_words(title, large)
        kinds = [k for k, found in OTHER_KINDS.items() if any(p.search(words) for p in found)]
        if kinds:
            return (DELIVERY_NOTE if DELIVERY_NOTE in kinds else kinds[0]), title
    return None


def has_order_title(texts: list[str]) -> bool:
    return any(p.search(t) for t in texts for p in _PO_TITLES.values())


def _marks_an_order(texts: list[str]) -> bool:
    """An untitled form's own "PO Number:" or "PO Date:" (vocabulary [order_marks])."""
    return any(p.search(t) for t in texts for p in _ORDER_MARKS.values())


def title_problem(titles: list[str], top_rows: list[Row]) -> str | None:
    """Why the document is not a purchase order, or None when its title says it is one."""
    if found := title_kind(titles):
        kind, title = found
        if kind == DELIVERY_NOTE:
            return RETRY_AS_DELIVERY_NOTE
        return f"the document is titled {title!r}, not a purchase order"
    top = titles + [r.text for r in top_rows]
    if not has_order_title(top) and not _marks_an_order(top):
        return "no purchase-order title found"
    return None


ORDER_VOTERS = (_PO_TITLES, *_LABELS)


def _own_phrases() -> list[dict[str, re.Pattern[str]]]:
    """Per section of titles and labels, each language's phrases English does not share
    ("Data", not "Date")."""
    sections = [vocabulary()["titles"][PURCHASE_ORDER], *vocabulary()["labels"].values()]
    own = []
    for section in sections:
        english = {p.lower() for p in section.get("en", [])}
        own.append(
            {
                language: [p for p in phrases if p.lower() not in english]
                for language, phrases in section.items()
                if language != "en"
            }
        )
    return [by_language({k: v for k, v in s.items() if v}) for s in own]


_OWN_VOTERS = _own_phrases()
_BILINGUAL = 0.5  # a second language's share of English's titles and labels, at least


def beside_english(titles: list[str], header_rows: list[Row]) -> str | None:
    """The other language of an English document printed in two ("Data / Date", "Ordine
    Fornitore" over "Order to Supplier"): the one whose own phrases count at least half as
    many as English's, if one does; its dates are the order's own country's."""
    if document_language(titles, header_rows) != "en":
        return None
    texts = titles + [r.text for r in header_rows]
    english = _votes(ORDER_VOTERS, texts)["en"]
    votes = _votes(_OWN_VOTERS, texts)
    leaders = [language for language, n in votes.items() if n and n >= _BILINGUAL * english]
    return leaders[0] if len(leaders) == 1 else None


def _votes(voters: tuple | list, texts: list[str]) -> Counter[str]:
    """Per language, how many texts hold one of its phrases, summed over the voters."""
    votes: Counter[str] = Counter()
    for patterns in voters:
        for language, pattern in patterns.items():
            votes[language] += sum(1 for t in texts if pattern.search(t))
    return votes


def document_language(
    titles: list[str], header_rows: list[Row], voters: tuple = ORDER_VOTERS
) -> str | None:
    """The language most of the title and label words belong to (by the `voters`' patterns
    per language: an order's titles and labels unless told); None when two languages tie
    and disagree on whether dates are day first."""
    votes = _votes(voters, titles + [r.text for r in header_rows])
    if not votes or max(votes.values()) == 0:
        return None
    best = max(votes.values())
    leaders = {language for language, count in votes.items() if count == best}
    day_first = set(vocabulary()["date_order"]["day_first"])
    if len(leaders) == 1 or leaders <= day_first:
        return sorted(leaders)[0]
    return None
