"""The PO number as the order's later pages print it under the same label: an SAP form
may print a plant's or a series' prefix before it on its first page only ("S05-4503683421"
on page 1, "4503683421" on pages 2 to 4). The number without it is the order's."""

from __future__ import annotations

from po_ingest.lib.extraction.local.fields import po_number
from po_ingest.lib.extraction.local.header import Found, find_labelled
from po_ingest.lib.extraction.local.layout import Row

_SEPARATORS = "-/ "


def unprefixed_number(rows: list[Row], number: Found) -> Found | None:
    """The number a later page prints under a PO number's label, when the first page's is
    that number after a prefix and a separator; None otherwise."""
    for page in sorted({r.page for r in rows} - {number.page}):
        found = find_labelled([r for r in rows if r.page == page], {"po_number": po_number})
        later = found.get("po_number")
        if later is None or later.value == number.value:
            continue
        prefix = number.value[: -len(later.value)]
        if number.value.endswith(later.value) and prefix[-1:] in _SEPARATORS and prefix[:-1]:
            return later
        return None  # another number on a later page: not this rule's to settle
    return None
