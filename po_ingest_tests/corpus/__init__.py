"""A deterministic corpus of purchase-order documents with exact ground truth.

Digital PDFs in seven layouts, image-only "scans" of some of them and desk "photos" of others,
each `<name>.<ext>` with `<name>.json` beside it: the ExtractedPurchaseOrder fields plus
`_layout`, `_kind` and `_source` (the digital document a scan or photo was made from).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from po_ingest_tests.corpus.degrade import IMAGE_FORMATS, photo, scan_pdf
from po_ingest_tests.corpus.ground_truth import ground_truth
from po_ingest_tests.corpus.layouts import LAYOUTS
from po_ingest_tests.corpus.layouts.heldout import FAMILIES
from po_ingest_tests.corpus.layouts.heldout.printed import PURCHASE_ORDER, render
from po_ingest_tests.corpus.orders import make_order

DOCUMENTS_PER_LAYOUT = 6
SCAN_SOURCES = (
    "label_value_02",
    "label_value_05",
    "boxed_grid_01",
    "boxed_grid_06",
    "right_totals_04",
    "vat_lines_03",
    "vat_lines_06",
    "discounts_05",
    "multi_page_02",
    "multi_page_05",
    "german_01",
    "german_04",
)
# Photos show the first page only, so their sources are one-page documents.
PHOTO_SOURCES = (
    ("label_value_03", "jpeg"),
    ("boxed_grid_02", "png"),
    ("right_totals_01", "webp"),
    ("vat_lines_05", "jpeg"),
    ("discounts_02", "png"),
    ("german_03", "webp"),
    ("right_totals_06", "jpeg"),
    ("vat_lines_01", "png"),
    ("discounts_06", "webp"),
)
_CONTENT_TYPES = {
    ".pdf": "application/pdf",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}

Kind = Literal["digital", "scan", "photo"]


@dataclass(frozen=True)
class CorpusDocument:
    name: str
    path: Path
    ground_truth_path: Path
    kind: Kind
    layout: str
    content_type: str


def numpy_rng(seed: int, name: str) -> np.random.Generator:
    # String seeds hash with SHA-512 in `random`, so this is stable across runs and machines.
    return np.random.default_rng(random.Random(f"{seed}:{name}").getrandbits(64))


def write_document(
    out_dir: Path,
    name: str,
    suffix: str,
    content: bytes,
    truth: dict,
    kind: Kind,
    layout: str,
    source: str | None,
    extra: dict | None = None,
) -> CorpusDocument:
    """`name{suffix}` with its truth `name.json` beside it: the fields, then the `_` notes."""
    path = out_dir / f"{name}{suffix}"
    path.write_bytes(content)
    truth_path = out_dir / f"{name}.json"
    meta = {"_layout": layout, "_kind": kind, "_source": source, **(extra or {})}
    truth_path.write_text(json.dumps({**truth, **meta}, indent=2, ensure_ascii=False) + "\n")
    return CorpusDocument(name, path, truth_path, kind, layout, _CONTENT_TYPES[suffix])


def generate_corpus(
    out_dir: Path, *, seed: int = 7, split: str = "dev", digital_only: bool = False
) -> list[CorpusDocument]:
    """Write the corpus into `out_dir` (created if needed); the same seed gives the same files.

    `split="heldout"` writes the digital documents of the held-out layouts instead (no scans
    or photos: those are made from dev documents)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    documents: list[CorpusDocument] = []
    digital: dict[str, tuple[bytes, dict, str]] = {}
    for layout in (layout for layout in LAYOUTS if layout.split == split):
        for index in range(1, DOCUMENTS_PER_LAYOUT + 1):
            name = f"{layout.name}_{index:02d}"
            order = make_order(random.Random(f"{seed}:{name}"), layout.spec(index))
            truth = ground_truth(
                order, line_numbers=layout.line_numbers, item_codes=layout.item_codes
            )
            pdf = layout.render(order, index)
            digital[name] = (pdf, truth, layout.name)
            documents.append(
                write_document(out_dir, name, ".pdf", pdf, truth, "digital", layout.name, None)
            )
    po_numbers = [truth["po_number"] for _, truth, _ in digital.values()]
    if len(set(po_numbers)) != len(po_numbers):
        raise RuntimeError("two generated orders share a PO number; change the seed")

    if split != "dev" or digital_only:
        return documents
    for source in SCAN_SOURCES:
        pdf, truth, layout_name = digital[source]
        scan = scan_pdf(pdf, numpy_rng(seed, f"{source}_scan"))
        documents.append(
            write_document(
                out_dir, f"{source}_scan", ".pdf", scan, truth, "scan", layout_name, source
            )
        )
    for source, image_format in PHOTO_SOURCES:
        pdf, truth, layout_name = digital[source]
        image = photo(pdf, numpy_rng(seed, f"{source}_photo"), image_format)
        suffix = IMAGE_FORMATS[image_format][1]
        documents.append(
            write_document(
                out_dir, f"{source}_photo", suffix, image, truth, "photo", layout_name, source
            )
        )
    return documents


# The number each kind of document prints, before the year and a counter.
_NUMBER_PREFIXES = {"invoice": "INV", "delivery_note": "DN", "credit_note": "CN"}
NON_PO_PER_TYPE = 2


def generate_non_purchase_orders(out_dir: Path, *, seed: int = 7) -> list[CorpusDocument]:
    """Invoices, delivery notes and credit notes in the held-out print styles: documents that
    look like an order and refer to one, and must never be accepted as a purchase order.

    Their truth says what they are (`_doc_type`) and which order they refer to (`po_number`)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    documents = []
    for family in FAMILIES:
        for doc_type in (t for t in family.titles if t != PURCHASE_ORDER):
            for index in range(1, NON_PO_PER_TYPE + 1):
                name = f"{family.name}_{doc_type}_{index:02d}"
                order = make_order(random.Random(f"{seed}:{name}"), family.spec(index))
                number = f"{_NUMBER_PREFIXES[doc_type]}-{order.order_date.year}-{index:04d}"
                pdf = render(order, index, family, doc_type, number)
                truth = {
                    "po_number": order.po_number,
                    "document_number": number,
                    "order_date": order.order_date.isoformat(),
                    "currency": order.currency,
                    "_doc_type": doc_type,
                }
                documents.append(
                    write_document(out_dir, name, ".pdf", pdf, truth, "digital", family.name, None)
                )
    return documents
