"""How often people changed what an extractor read: the first extraction of each order a
person approved against the values approved, per extractor, model and field (pandas, no
Dagster, no database)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from pydantic import ValidationError

from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.review.edits import HEADER_FIELDS, ITEM_FIELDS, extraction_values, order_values

if TYPE_CHECKING:  # pandas loads when the table is built
    import pandas as pd

NO_MODEL = "(none)"
FIELD_ORDER = [*HEADER_FIELDS, *(f"items.{name}" for name in ITEM_FIELDS)]
ACCURACY_COLUMNS = ["extractor", "model", "field", "reviewed", "changed", "changed_share"]


def reviewed_values(extracted: dict, approved: dict) -> Iterator[tuple[str, bool]]:
    """(field, changed) for every value a person saw: the header's, then each line's by
    position (`items.<field>`); a line they added or removed changed all its fields."""
    for name in HEADER_FIELDS:
        yield name, extracted[name] != approved[name]
    read, kept = extracted["items"], approved["items"]
    for index in range(max(len(read), len(kept))):
        both = index < len(read) and index < len(kept)
        for name in ITEM_FIELDS:
            yield f"items.{name}", not both or read[index][name] != kept[index][name]


def extraction_accuracy(approved_orders: Iterable[dict]) -> pd.DataFrame:
    """Per extractor, model and field: values reviewed, values people changed, and the share
    changed. `approved_orders` are stored orders with their lines and raw extraction; one
    whose raw extraction is not ours (the web app's older rows) is left out."""
    import pandas as pd

    reviewed, changed = Counter(), Counter()
    for order in approved_orders:
        try:
            result = ExtractionResult.model_validate_json(order["raw_extraction"])
        except ValidationError:
            continue
        who = (result.extractor, result.model or NO_MODEL)
        for name, was_changed in reviewed_values(
            extraction_values(result.order), order_values(order)
        ):
            reviewed[(*who, name)] += 1
            changed[(*who, name)] += was_changed
    keys = sorted(reviewed, key=lambda k: (k[0], k[1], FIELD_ORDER.index(k[2])))
    rows = [
        (*key, reviewed[key], changed[key], round(changed[key] / reviewed[key], 4)) for key in keys
    ]
    return pd.DataFrame(rows, columns=ACCURACY_COLUMNS)
