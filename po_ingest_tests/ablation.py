"""`python -m po_ingest_tests.ablation DIR... [--stand-in WORD]`: does the local reader stay right
when one word it does not return is missing from the page, or is one it does not know?

Unseen orders differ from the ones the reader was tuned on mostly in their labels, titles and
the text around the values. For every document the reader accepts exactly, each word on its
first pages that is not inside the box of a returned value (a label, a column title, an
address, a note) is removed from the text layer in turn (a pymupdf redaction), and the reader
runs again; with `--stand-in`, a made-up word is printed in its place. The values are still
printed, so the reader must decline or return the same values: an accepted wrong value means
the gate let through a misreading that one missing word causes, which an order we never saw
can cause just as well.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

import pymupdf

from po_ingest.lib.extraction.base import Document, ExtractionError
from po_ingest.lib.extraction.evaluate import PURCHASE_ORDER, documents_with_truth, score
from po_ingest.lib.extraction.local import LocalExtractor

_BOX = re.compile(r"page=(\d+) bbox=\(([^)]*)\)")


@dataclass
class Ablation:
    document: str
    page: int
    word: str
    box: tuple[float, float, float, float]
    outcome: str  # "declined", "exact", "wrong" or "crash"
    wrong_values: list[str]
    reason: str = ""  # the reader's, when it declined
    role: str = ""  # the field whose value the word labels (left of it or above it), if any


def _value_boxes(provenance: dict[str, str]) -> list[tuple[int, pymupdf.Rect, str]]:
    """Each returned value's box, with its field ("items" for any line's)."""
    boxes = []
    for name, where in provenance.items():
        field = "items" if name.startswith("items.") else name
        for page, coordinates in _BOX.findall(str(where)):
            rect = pymupdf.Rect(*map(float, coordinates.split(",")))
            boxes.append((int(page), rect, field))
    return boxes


_LEFT_REACH = 200.0  # points from a label's right edge to its value on the row, at most


def _role(page: int, box: pymupdf.Rect, values: list[tuple[int, pymupdf.Rect, str]]) -> str:
    """The field of the nearest value `box` stands as a label to: on its row to the left,
    or on the row above over it; "" when none."""
    near = []
    for value_page, value, field in values:
        if value_page != page:
            continue
        same_row = min(box.y1, value.y1) - max(box.y0, value.y0) > 0.5 * box.height
        if same_row and box.x1 <= value.x0 + 1 and value.x0 - box.x1 <= _LEFT_REACH:
            near.append((value.x0 - box.x1, field))
        gap = value.y0 - box.y1
        across = min(box.x1, value.x1) - max(box.x0, value.x0) > -box.height
        if -1 <= gap <= 1.5 * box.height and across:
            near.append((gap, field))
    return min(near)[1] if near else ""


def _without(
    content: bytes, page_number: int, box: pymupdf.Rect, stand_in: str | None = None
) -> bytes:
    """The page without the word in `box`; with `stand_in` printed where it was instead (a
    label the vocabulary does not know)."""
    with pymupdf.open(stream=content, filetype="pdf") as pdf:
        page = pdf[page_number]
        # Shrunk so the words either side keep every letter.
        middle = box.y0 + box.height / 2
        page.add_redact_annot(pymupdf.Rect(box.x0 + 0.5, middle - 1, box.x1 - 0.5, middle + 1))
        page.apply_redactions(
            images=pymupdf.PDF_REDACT_IMAGE_NONE, graphics=pymupdf.PDF_REDACT_LINE_ART_NONE
        )
        if stand_in:
            size = box.height * 0.8
            page.insert_text((box.x0, box.y1 - box.height * 0.2), stand_in, fontsize=size)
        return pdf.tobytes()


def _truth_words(truth: dict) -> set[str]:
    """Every word of the truth's texts: a word of a value whose box misses some of its words
    (a description over several lines) is part of that value, not context."""
    texts = [v for v in truth.values() if isinstance(v, str)]
    texts += [v for item in truth.get("items") or [] for v in item.values() if isinstance(v, str)]
    return {word for text in texts for word in text.split()}


def _run(content: bytes, name: str, truth: dict) -> tuple[str, list[str], dict]:
    """The outcome, the wrong values (or the reason it declined) and the provenance."""
    try:
        result = LocalExtractor().extract(Document(content, "application/pdf", name))
    except ExtractionError as declined:
        return "declined", [str(declined).removeprefix("local extractor declined: ")], {}
    except Exception as exc:  # noqa: BLE001 - a crash is an outcome to report
        return "crash", [f"{type(exc).__name__}: {exc}"], {}
    scored = score(name, truth, result.order)
    return ("exact" if scored.exact else "wrong"), scored.wrong_values, result.provenance


def ablate_document(
    path: Path, truth: dict, pages: int, stand_in: str | None = None
) -> list[Ablation]:
    """One ablation per context word of an exactly read document's first `pages` pages; no
    ablation for a document the reader declines or misreads as it is."""
    content = path.read_bytes()
    outcome, _, provenance = _run(content, path.name, truth)
    if outcome != "exact":
        return []
    values = _value_boxes(provenance)
    value_words = _truth_words(truth)
    ablations = []
    with pymupdf.open(stream=content, filetype="pdf") as pdf:
        for page_number in range(min(pages, pdf.page_count)):
            for *coordinates, text, _block, _line, _word in pdf[page_number].get_text("words"):
                box = pymupdf.Rect(coordinates)
                centre = pymupdf.Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
                if text in value_words or any(
                    p == page_number and centre in v for p, v, _ in values
                ):
                    continue
                changed = _without(content, page_number, box, stand_in)
                ablations.append(
                    _ablation(path.name, page_number, text, box, _run(changed, path.name, truth))
                )
                ablations[-1].role = _role(page_number, box, values)
    return ablations


def recheck(
    path: Path, truth: dict, earlier: list[dict], stand_in: str | None = None
) -> list[Ablation]:
    """The ablations of an earlier run again, on the reader as it is now."""
    content = path.read_bytes()
    again = []
    for old in earlier:
        changed = _without(content, old["page"], pymupdf.Rect(old["box"]), stand_in)
        again.append(
            _ablation(
                path.name, old["page"], old["word"], old["box"], _run(changed, path.name, truth)
            )
        )
        again[-1].role = old.get("role", "")
    return again


def _ablation(
    document: str, page: int, word: str, box, run: tuple[str, list[str], dict]
) -> Ablation:
    outcome, said, _ = run
    reason = said[0] if outcome == "declined" else ""
    wrong = [] if outcome == "declined" else said
    return Ablation(document, page, word, tuple(box), outcome, wrong, reason)


def _purchase_orders(folders: list[Path]) -> list[tuple[Path, dict]]:
    return [
        (path, truth)
        for folder in folders
        for path, truth in documents_with_truth(folder)
        if truth.get("_doc_type", PURCHASE_ORDER) == PURCHASE_ORDER and truth.get("items")
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m po_ingest_tests.ablation", description=__doc__)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--pages", type=int, default=1, help="first pages ablated (default 1)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write every ablation here")
    parser.add_argument(
        "--stand-in",
        metavar="WORD",
        help="print WORD in place of each removed word (a label nobody taught the reader)",
    )
    parser.add_argument(
        "--recheck", type=Path, help="only run again the wrong ones of this earlier --json"
    )
    args = parser.parse_args(argv)
    documents = _purchase_orders(args.folders)
    ablations: list[Ablation] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.recheck:
            wrong = [a for a in json.loads(args.recheck.read_text()) if a["outcome"] != "exact"]
            wrong = [a for a in wrong if a["outcome"] != "declined"]
            futures = [
                pool.submit(
                    recheck, p, t, [a for a in wrong if a["document"] == p.name], args.stand_in
                )
                for p, t in documents
            ]
        else:
            futures = [
                pool.submit(ablate_document, p, t, args.pages, args.stand_in) for p, t in documents
            ]
        for done, future in enumerate(as_completed(futures), start=1):
            ablations += future.result()
            wrong = sum(a.outcome in ("wrong", "crash") for a in ablations)
            print(f"{done}/{len(futures)} documents, {wrong} wrong so far", file=sys.stderr)
    ablations.sort(key=lambda a: a.document)  # by name, whichever finished first
    outcomes = Counter(a.outcome for a in ablations)
    read = len({a.document for a in ablations})
    print(f"{read} documents read exactly, {len(ablations)} words removed one at a time:")
    for outcome in ("exact", "declined", "wrong", "crash"):
        print(f"  {outcome:9} {outcomes[outcome]}")
    roles = Counter(a.role or "-" for a in ablations if a.outcome == "declined")
    print("declined, by the field the word labels:", dict(roles.most_common()))
    for ablation in ablations:
        if ablation.outcome in ("wrong", "crash"):
            print(f"{ablation.document} p{ablation.page + 1} without {ablation.word!r}: ", end="")
            print("; ".join(ablation.wrong_values))
    if args.json:
        args.json.write_text(json.dumps([asdict(a) for a in ablations], indent=1))


if __name__ == "__main__":
    main()
