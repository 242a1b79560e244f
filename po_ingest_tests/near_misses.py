"""`python -m po_ingest_tests.near_misses DIR...`: which declined orders were misread elsewhere
than where the decline came from? For DEV folders only: it prints what the reader read.

The local reader's gate keeps a wrong value out only when something else fails with it. A
declined order whose values are wrong where no decline points is a near miss: the rule
that one day reads the line it declined on lets the wrong value through. The reader runs
probing (`local/probe.py`): the read that gave the final decline reads on past its
declines, and its header fields, totals and lines are scored against the truth; a value
left empty is not wrong, a value that differs is. Prints each near miss (the decline, then
the wrong values) and a count by field.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from po_ingest.lib.content_types import sniff
from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.evaluate import (
    FIELDS,
    ITEM_FIELDS,
    ITEM_TEXT_FIELDS,
    PURCHASE_ORDER,
    _same,
    _wrong_item_values,
    documents_with_truth,
)
from po_ingest.lib.extraction.local import LocalExtractor, probe
from po_ingest.lib.extraction.local.totals import summed


@dataclass
class NearMiss:
    document: str
    reason: str
    wrong_values: list[str] = field(default_factory=list)
    declines: list[str] = field(default_factory=list)  # every decline the read met


def _values(reading: probe.Reading) -> tuple[dict, list]:
    header = {name: found.value for name, found in reading.fields.items()}
    if (totals := reading.totals) is not None:
        for name, found in (
            ("subtotal", totals.subtotal),
            ("tax", totals.tax),
            ("total", totals.total),
            ("allowances", summed(totals.allowances)),
            ("charges", summed(totals.charges)),
        ):
            if found is not None:
                header[name] = found.value
    names = ITEM_FIELDS + ITEM_TEXT_FIELDS
    items = [
        SimpleNamespace(**{n: (item[n].value if n in item else None) for n in names})
        for item in reading.items
    ]
    return header, items


def wrong_values(truth: dict, reading: probe.Reading) -> list[str]:
    """The values the reading gave that the truth says otherwise, as the eval prints them."""
    header, items = _values(reading)
    wrong = []
    for name in FIELDS:
        if truth.get(name) is None or header.get(name) is None:
            continue
        if _same(name, truth[name], header[name]) is False:
            wrong.append(f"{name}: {header[name]} (truth {truth[name]})")
    return wrong + _wrong_item_values(truth.get("items") or [], items)


def near_miss(name: str, content: bytes, truth: dict) -> NearMiss | None:
    """The document's near miss, None when the reader accepts it, or declines with nothing
    read wrong."""
    document = Document(content, sniff(content[:16]) or "application/pdf", Path(name).stem)
    with probe.probing() as readings:
        try:
            LocalExtractor().extract(document)
        except ExtractionDeclined as declined:
            reason = str(declined)
        else:
            return None
    # The read whose first decline is the one the reader gave (the last, if several are).
    chosen = [r for r in readings if str(r.declines[0]) == reason]
    if not chosen:
        return None
    reading = chosen[-1]
    wrong = wrong_values(truth, reading)
    if not wrong:
        return None
    return NearMiss(name, reason, wrong, [str(d) for d in reading.declines])


def kind(value: str) -> str:
    """ "items.3.description: … (truth …)" -> "items.description"."""
    name = value.split(":", 1)[0]
    parts = name.split(".")
    return f"{parts[0]}.{parts[2]}" if parts[0] == "items" and len(parts) == 3 else name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args(argv)
    for folder in args.folders:
        kinds: Counter[str] = Counter()
        misses = 0
        for path, truth in documents_with_truth(folder):
            if truth["_doc_type"] != PURCHASE_ORDER:
                continue
            found = near_miss(path.name, path.read_bytes(), truth)
            if found is None:
                continue
            misses += 1
            kinds.update({kind(v) for v in found.wrong_values})
            print(f"{folder.name}/{found.document}: {found.reason}")
            for other in found.declines[1:]:
                print(f"    also declined: {other}")
            for value in found.wrong_values:
                print(f"    WRONG {value}")
        counted = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
        print(f"== {folder}: {misses} near misses ({counted or 'none'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
