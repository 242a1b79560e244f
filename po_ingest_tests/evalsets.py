"""`python -m po_ingest_tests.evalsets OUT_DIR [--seed N]`: the sets extraction is measured on.

    OUT_DIR/dev/generated       digital POs in the layouts extraction may be tuned on
    OUT_DIR/dev/real            real POs of po_ingest_tests/realpos/dev
    OUT_DIR/heldout/generated   digital POs in the held-out layouts: only ever scored
    OUT_DIR/dev/generated_html, OUT_DIR/heldout/generated_html
                                POs printed from HTML by Chromium in eight web-ERP styles,
                                written blind to the reader (po_ingest_tests.corpus.html);
                                the held-out half is only ever scored
    OUT_DIR/heldout/real        real POs of po_ingest_tests/realpos/heldout, other sources
    OUT_DIR/non_po/             what must never be accepted as a PO: ../shared/realdocs,
                                generated invoices, delivery and credit notes, real non-POs

Delivery notes, measured apart (none of them is in the PO folders above):

    OUT_DIR/dev/delivery_notes_generated      digital notes of the dev families
    OUT_DIR/dev/delivery_notes_real           real notes of po_ingest_tests/realnotes/dev
    OUT_DIR/heldout/delivery_notes_generated  digital notes of the held-out families: only scored
    OUT_DIR/heldout/delivery_notes_real       real notes of realnotes/heldout, other sources
    OUT_DIR/delivery_scenarios/               orders + the notes that arrive for them, and
                                              scenarios.json: what the matcher must conclude

Then `po-ingest eval OUT_DIR/dev/generated OUT_DIR/heldout/generated … --extractor local`.
Real PDFs we may not ship come from `python -m po_ingest_tests.realpos.download` (and
`….realnotes.download`); the ones missing are listed and left out.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from po_ingest.lib.extraction.evaluate import documents_with_truth
from po_ingest_tests.corpus import generate_corpus, generate_non_purchase_orders
from po_ingest_tests.corpus.delivery_notes import generate_delivery_notes
from po_ingest_tests.corpus.delivery_notes.scenarios import generate_scenarios
from po_ingest_tests.corpus.html import generate_html_corpus
from po_ingest_tests.realnotes import download as realnotes
from po_ingest_tests.realpos.download import SPLITS, sources
from po_ingest_tests.support.prerequisites import REALDOCS

PURCHASE_ORDER = "purchase_order"


def _copy_real(split: str, out_dir: Path) -> list[str]:
    """Real POs into `split/real`, real non-POs into `non_po/real`; returns what is missing."""
    missing = []
    for pdf, _ in sources(split):
        if not pdf.exists():
            missing.append(f"{split}/{pdf.name}")
            continue
        truth = pdf.with_suffix(".json")
        is_order = json.loads(truth.read_text())["_doc_type"] == PURCHASE_ORDER
        target = out_dir / split / "real" if is_order else out_dir / "non_po" / "real" / split
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(pdf, target / pdf.name)
        shutil.copy2(truth, target / truth.name)
    return missing


def _copy_real_notes(split: str, out_dir: Path) -> list[str]:
    """Real delivery notes into `split/delivery_notes_real`; returns what is missing."""
    missing = []
    target = out_dir / split / "delivery_notes_real"
    target.mkdir(parents=True, exist_ok=True)
    for pdf, _ in realnotes.sources(split):
        if not pdf.exists():
            missing.append(f"{split}/{pdf.name} (realnotes)")
            continue
        shutil.copy2(pdf, target / pdf.name)
        shutil.copy2(pdf.with_suffix(".json"), target / f"{pdf.stem}.json")
    return missing


def _delivery_notes(out_dir: Path, seed: int) -> list[str]:
    """The delivery-note sets; returns the real notes that are missing."""
    shutil.rmtree(out_dir / "delivery_scenarios", ignore_errors=True)
    for split in SPLITS:
        folder = out_dir / split / "delivery_notes_generated"
        generate_delivery_notes(folder, seed=seed, split=split, digital_only=True)
    generate_scenarios(out_dir / "delivery_scenarios", seed=seed)
    return [name for split in SPLITS for name in _copy_real_notes(split, out_dir)]


def build(out_dir: Path, *, seed: int = 7) -> dict[str, int]:
    """(Re)write the sets under `out_dir`; returns how many documents each folder got."""
    for part in (*SPLITS, "non_po"):
        shutil.rmtree(out_dir / part, ignore_errors=True)
    for split in SPLITS:
        generate_corpus(out_dir / split / "generated", seed=seed, split=split, digital_only=True)
        generate_html_corpus(out_dir / split / "generated_html", seed=seed, split=split)
    generate_non_purchase_orders(out_dir / "non_po" / "generated", seed=seed)
    missing = [name for split in SPLITS for name in _copy_real(split, out_dir)]
    missing += _delivery_notes(out_dir, seed)
    if REALDOCS.is_dir():
        shutil.copytree(REALDOCS, out_dir / "non_po" / "realdocs")
    for name in missing:
        module = "realnotes" if name.endswith("(realnotes)") else "realpos"
        print(f"missing {name}: run `python -m po_ingest_tests.{module}.download`")
    if not REALDOCS.is_dir():
        print(f"{REALDOCS} is not here: non_po/ has no realdocs")
    parts = (
        "generated",
        "generated_html",
        "real",
        "delivery_notes_generated",
        "delivery_notes_real",
    )
    folders = [f"{split}/{part}" for split in SPLITS for part in parts]
    names = (*folders, "non_po", "delivery_scenarios/orders", "delivery_scenarios/notes")
    return {name: len(documents_with_truth(out_dir / name)) for name in names}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m po_ingest_tests.evalsets", description=__doc__)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--seed", type=int, default=7, help="same seed, same sets (default 7)")
    args = parser.parse_args(argv)
    for folder, count in build(args.out_dir, seed=args.seed).items():
        print(f"{folder}: {count} documents")


if __name__ == "__main__":
    main()
