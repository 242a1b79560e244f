"""The delivery-note layout families and their split.

"dev" families (docket, lieferschein, weighbridge) are the ones extraction may be tuned on;
"heldout" ones (bon_livraison, albaran: other languages, other page designs) only measure it.
Never tune on a held-out family, never move one to dev; new families go to held-out first.
"""

from __future__ import annotations

from po_ingest_tests.corpus.delivery_notes import (
    albaran,
    bon_livraison,
    docket,
    lieferschein,
    weighbridge,
)
from po_ingest_tests.corpus.delivery_notes.family import Family

FAMILIES: tuple[Family, ...] = (
    docket.FAMILY,
    lieferschein.FAMILY,
    weighbridge.FAMILY,
    bon_livraison.FAMILY,
    albaran.FAMILY,
)
BY_NAME = {family.name: family for family in FAMILIES}
