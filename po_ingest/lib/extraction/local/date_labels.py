"""A date label run on into its value's text: "Fecha de vencimiento: 28/10/2025" read as
the label "Fecha" and the value "de vencimiento: 28/10/2025", "Date limite de livraison :
…" as "Date" and the rest. Words naming another date than the order's in that text make
it that other date's."""

from __future__ import annotations

from po_ingest.lib.extraction.local.unknown_labels import names_other_kind
from po_ingest.lib.extraction.local.vocabulary import vocabulary


def names_another_date(text: str) -> bool:
    return names_other_kind(text, set(vocabulary()["other_dates"]["words"]))
