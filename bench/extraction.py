"""5. Extraction cost: the local parser's ms per page and per document on the generated
corpus; the embedded-XML path's ms per document on the real Order-X samples (and what it adds
to a PDF without XML); on the Gemini path (the fake Gemini server), what is sent per document."""

from __future__ import annotations

import base64
import contextlib
import json
import tempfile
import time
from pathlib import Path

import pymupdf

from bench.common import corpus, median
from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.documents import image_for_model
from po_ingest.lib.extraction.embedded_xml import EmbeddedXmlExtractor, NoEmbeddedXml
from po_ingest.lib.extraction.evaluate import evaluate, folder_summary
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.corpus import generate_corpus
from po_ingest_tests.realpos.download import HERE as REALPOS
from po_ingest_tests.realpos.download import SPLITS
from po_ingest_tests.support.fake_gemini import FakeGemini

EMBEDDED_XML_SAMPLES = (
    Path(__file__).resolve().parents[1] / "po_ingest_tests" / "embedded_xml_samples"
)

# Google's documented cost (ai.google.dev "Document understanding" / token counting): each
# PDF page is billed as 258 tokens; an image with both sides ≤ 384 px is 258 tokens, larger
# images are tiled into 768×768 crops of 258 tokens each. Newer models' `media_resolution`
# can change this: the estimate below assumes the 258-token rule.
TOKENS_PER_PAGE = 258
TILE = 768


def _pages(content: bytes) -> int:
    with pymupdf.open(stream=content, filetype="pdf") as doc:
        return doc.page_count


def _truth(doc) -> dict:
    return {k: v for k, v in json.loads(doc.ground_truth_path.read_text()).items() if k[0] != "_"}


def _image_tokens(width: int, height: int) -> int:
    if width <= 384 and height <= 384:
        return TOKENS_PER_PAGE
    return TOKENS_PER_PAGE * -(-width // TILE) * -(-height // TILE)


def local() -> dict:
    extractor = LocalExtractor()
    docs = [d for d in corpus() if d.kind == "digital"]
    warm = docs[0]
    with contextlib.suppress(ExtractionDeclined):
        extractor.extract(Document(warm.path.read_bytes(), warm.content_type, "warm"))
    per_doc, pages, accepted, correct = [], 0, [], 0
    for doc in docs:
        content = doc.path.read_bytes()
        started = time.perf_counter()
        try:
            result = extractor.extract(Document(content, doc.content_type, doc.name))
        except ExtractionDeclined:
            result = None
        per_doc.append(time.perf_counter() - started)
        pages += _pages(content)
        if result is not None:
            accepted.append(doc.name)
            correct += result.order.po_number == _truth(doc)["po_number"]
    return {
        "documents": len(docs),
        "pages": pages,
        "accepted": len(accepted),
        "po_number_correct": correct,
        "ms_per_document_median": median(per_doc) * 1000,
        "ms_per_document_mean": sum(per_doc) / len(per_doc) * 1000,
        "ms_per_page": sum(per_doc) / pages * 1000,
    }


def _ms_per_document(
    extractor: EmbeddedXmlExtractor, contents: list[bytes], rounds: int
) -> list[float]:
    timings = []
    for _ in range(rounds):
        for content in contents:
            started = time.perf_counter()
            with contextlib.suppress(NoEmbeddedXml):
                extractor.extract(Document(content, "application/pdf", "bench"))
            timings.append((time.perf_counter() - started) * 1000)
    return timings


def embedded_xml(rounds: int = 20) -> dict:
    extractor = EmbeddedXmlExtractor()
    orders = [p.read_bytes() for p in sorted(EMBEDDED_XML_SAMPLES.glob("*.pdf"))]
    plain = [d.path.read_bytes() for d in corpus() if d.kind == "digital"]
    _ms_per_document(extractor, orders[:1], 1)  # factur-x and lxml imported once per process
    with_xml = _ms_per_document(extractor, orders, rounds)
    without_xml = _ms_per_document(extractor, plain, 1)
    return {
        "documents": len(orders),
        "rounds": rounds,
        "ms_per_document_median": median(with_xml),
        "ms_per_document_max": max(with_xml),
        "no_xml_documents": len(plain),
        "no_xml_ms_per_document_median": median(without_xml),
    }


def gemini() -> dict:
    from po_ingest.lib.extraction.gemini import GeminiExtractor

    out: dict = {"tokens_per_pdf_page_assumed": TOKENS_PER_PAGE}
    with FakeGemini() as fake:
        extractor = GeminiExtractor(
            api_key="AIzaSyFAKE-bench-0123456789abcdefghij", base_url=fake.url
        )
        for kind in ("scan", "photo", "digital"):
            docs = [d for d in corpus() if d.kind == kind]
            rows = []
            for doc in docs:
                content = doc.path.read_bytes()
                if kind == "photo":
                    image = image_for_model(content)
                    fake.expect(image.data, _truth(doc))
                    estimate = _image_tokens(image.width, image.height)
                else:
                    fake.expect(content, _truth(doc))
                    estimate = TOKENS_PER_PAGE * _pages(content)
                before = len(fake.requests)
                started = time.perf_counter()
                result = extractor.extract(Document(content, doc.content_type, doc.name))
                elapsed = time.perf_counter() - started
                sent = fake.requests[before:]
                inline = [p for r in sent for p in r.inline_parts()]
                parts = sum(len(c.get("parts", [])) for r in sent for c in r.contents)
                body = sum(len(json.dumps(r.body)) for r in sent)
                rows.append(
                    {
                        "uploaded_bytes": len(content),
                        "inline_bytes": sum(len(p.data) for p in inline),
                        "request_bytes": body,
                        "base64_bytes": sum(len(base64.b64encode(p.data)) for p in inline),
                        "parts": parts,
                        "requests": len(sent),
                        "tokens_estimate": estimate,
                        "prompt_tokens_fake": result.input_tokens,
                        "ms": elapsed * 1000,
                    }
                )
            n = len(rows)
            out[kind] = {
                "documents": n,
                **{
                    f"{key}_mean": sum(r[key] for r in rows) / n
                    for key in rows[0]
                    if key not in ("requests",)
                },
                "requests_per_document": sum(r["requests"] for r in rows) / n,
            }
        extractor.close()
    return out


def measured_sets() -> dict:
    """Median ms per page of the local path on the sets it is measured on (held-out generated
    layouts, real purchase orders of both splits, when they are on this machine)."""
    extractor = LocalExtractor()
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        heldout = Path(tmp) / "heldout_generated"
        generate_corpus(heldout, split="heldout")
        folders = {"heldout/generated": heldout}
        folders |= {f"{split}/real": REALPOS / split for split in SPLITS}
        for name, folder in folders.items():
            summary = folder_summary(evaluate(extractor, folder))
            out[name] = {
                key: summary[key] for key in ("documents", "accepted", "median_ms_per_page")
            }
    return out


def run() -> dict:
    return {
        "local": local(),
        "local_on_measured_sets": measured_sets(),
        "embedded_xml": embedded_xml(),
        "gemini": gemini(),
    }
