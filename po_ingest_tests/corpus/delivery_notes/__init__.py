"""A deterministic corpus of delivery notes with exact ground truth, made like the order corpus.

Five layout families (`families.py`: three dev, two held-out), six digital notes each, every one
delivering against an order drawn with `make_order`; scans and phone photos of some dev notes.
Each `<name>.<ext>` has `<name>.json` beside it: the DeliveryNote fields plus `_layout`, `_kind`,
`_source` (the digital note a scan or photo was made from), `_split` and `_doc_type`.
Paired order/note scenarios for the matcher are in `scenarios.py`.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

from po_ingest_tests.corpus import CorpusDocument, numpy_rng, write_document
from po_ingest_tests.corpus.degrade import IMAGE_FORMATS, photo, scan_pdf
from po_ingest_tests.corpus.delivery_notes import goods
from po_ingest_tests.corpus.delivery_notes.families import FAMILIES
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.making import Shipment, full, make_note
from po_ingest_tests.corpus.delivery_notes.note import DELIVERY_NOTE, note_truth
from po_ingest_tests.corpus.orders import Order, make_order

NOTES_PER_FAMILY = 6
SCAN_SOURCES = ("docket_02", "lieferschein_03", "weighbridge_01", "docket_05")
PHOTO_SOURCES = (
    ("docket_01", "jpeg"),
    ("lieferschein_02", "png"),
    ("weighbridge_04", "webp"),
    ("lieferschein_05", "jpeg"),
)


def _shipments(rng: random.Random, family: Family, order: Order, index: int) -> list[Shipment]:
    """Odd notes deliver the order in full; even ones half of some lines and none of one."""
    if family.products is goods.AGGREGATES:  # a truck's load of each, at most what is ordered
        loads = [Decimal(rng.randint(700, 1400)) * Decimal("0.02") for _ in order.lines]
        return [
            Shipment(order, line, goods.product_of(line), min(load, line.quantity))
            for line, load in zip(order.lines, loads, strict=True)
        ]
    shipments = full(order)
    if index % 2 or len(shipments) < 2:
        return shipments
    kept = []
    for n, shipment in enumerate(shipments):
        quantity = goods.half(shipment.quantity, shipment.product.unit)
        if n == 0 or quantity == 0:
            continue  # the first line comes later
        kept.append(Shipment(order, shipment.line, shipment.product, quantity))
    return kept or shipments


def note_document(seed: int, family: Family, index: int) -> tuple[str, bytes, dict]:
    """(name, PDF, truth) of the `index`th note of `family`: what the corpus writes."""
    name = f"{family.name}_{index:02d}"
    rng = random.Random(f"{seed}:{name}")
    order = family.supplied(make_order(rng, family.spec(index), products=family.products))
    note = make_note(rng, family, [order], _shipments(rng, family, order, index))
    return name, family.render(note, index), note_truth(note)


def generate_delivery_notes(
    out_dir: Path, *, seed: int = 7, split: str = "dev", digital_only: bool = False
) -> list[CorpusDocument]:
    """Write the notes of `split`'s families into `out_dir`; the same seed gives the same files.

    Scans and photos are made of dev notes only (and not with `digital_only`)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    documents: list[CorpusDocument] = []
    digital: dict[str, tuple[bytes, dict, str]] = {}
    meta = {"_split": split, "_doc_type": DELIVERY_NOTE}
    for family in (f for f in FAMILIES if f.split == split):
        for index in range(1, NOTES_PER_FAMILY + 1):
            name, pdf, truth = note_document(seed, family, index)
            digital[name] = (pdf, truth, family.name)
            documents.append(
                write_document(
                    out_dir, name, ".pdf", pdf, truth, "digital", family.name, None, meta
                )
            )
    if split != "dev" or digital_only:
        return documents
    for source in SCAN_SOURCES:
        pdf, truth, layout = digital[source]
        scan = scan_pdf(pdf, numpy_rng(seed, f"{source}_scan"))
        name = f"{source}_scan"
        documents.append(
            write_document(out_dir, name, ".pdf", scan, truth, "scan", layout, source, meta)
        )
    for source, image_format in PHOTO_SOURCES:
        pdf, truth, layout = digital[source]
        image = photo(pdf, numpy_rng(seed, f"{source}_photo"), image_format)
        suffix = IMAGE_FORMATS[image_format][1]
        name = f"{source}_photo"
        documents.append(
            write_document(out_dir, name, suffix, image, truth, "photo", layout, source, meta)
        )
    return documents
