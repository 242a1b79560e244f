"""Purchase orders printed as web ERPs and invoicing tools print them: HTML and CSS through a
browser's print to PDF. Written without looking at the layout reader or at the other generated
layouts, to measure how the reader does on print styles it was not built beside.

Each family is one tool's style in one language; five documents each, `<name>.pdf` beside
`<name>.json` (the same truth format as po_ingest_tests.corpus).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from po_ingest_tests.corpus import CorpusDocument, write_document
from po_ingest_tests.corpus.html.families import ALL_FAMILIES
from po_ingest_tests.corpus.html.family import Family
from po_ingest_tests.corpus.html.printer import Printer, chromium_printer
from po_ingest_tests.corpus.orders import Order, make_order

DOCUMENTS_PER_FAMILY = 5
# Each family's split was decided before any reader saw a document: the families of one batch
# (written together) sorted by name, dealt alternately, held-out first (a test holds them to it).
SPLITS = ("heldout", "dev")


def families(split: str) -> list[Family]:
    return [family for family in ALL_FAMILIES if family.split == split]


def html_order(family: Family, index: int, seed: int) -> Order:
    rng = random.Random(f"{seed}:{family.name}_{index:02d}")
    order = make_order(rng, family.spec)
    return replace(order, po_number=family.po_number(rng, order))


def print_document(printer: Printer, family: Family, index: int, seed: int) -> tuple[bytes, dict]:
    order = html_order(family, index, seed)
    return printer(family, family.html(order)), family.truth(order)


def generate_html_corpus(
    out_dir: Path, *, seed: int = 7, split: str = "dev"
) -> list[CorpusDocument]:
    """The digital documents of `split`'s families into `out_dir`; the same seed, the same files."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    documents, po_numbers = [], set()
    with chromium_printer() as printer:
        for family in families(split):
            for index in range(1, DOCUMENTS_PER_FAMILY + 1):
                pdf, truth = print_document(printer, family, index, seed)
                name = f"{family.name}_{index:02d}"
                if truth["po_number"] in po_numbers:
                    raise RuntimeError(f"{name} repeats a PO number; change the seed")
                po_numbers.add(truth["po_number"])
                documents.append(
                    write_document(out_dir, name, ".pdf", pdf, truth, "digital", family.name, None)
                )
    return documents
