"""Whether a document is a delivery note, from its title: an order is sent back to the
order reader, an invoice or another document to neither."""

from __future__ import annotations

from po_ingest.lib.extraction.base import looks_like
from po_ingest.lib.extraction.local.header import TITLE
from po_ingest.lib.extraction.local.language import DELIVERY_NOTE, has_order_title, title_kind
from po_ingest.lib.extraction.local.layout import Row

RETRY_AS_PURCHASE_ORDER = looks_like("purchase_order")


def _named(kind: str) -> str:
    words = kind.replace("_", " ")
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


def note_title_problem(titles: list[str], top_rows: list[Row]) -> str | None:
    """Why the document is not a delivery note, or None when its title (or, in the text
    size of its body, its first lines) says it is one."""
    if found := title_kind(titles):
        kind, _ = found
        return (
            None
            if kind == DELIVERY_NOTE
            else f"this looks like {_named(kind)}, not a delivery note"
        )
    if has_order_title(titles):
        return RETRY_AS_PURCHASE_ORDER
    found = title_kind([r.text for r in top_rows], large=False)
    if found and found[0] == DELIVERY_NOTE:
        return None
    if any(TITLE.match(c.text) for r in top_rows for c in r.cells()):
        return RETRY_AS_PURCHASE_ORDER
    return "no delivery-note title found"
