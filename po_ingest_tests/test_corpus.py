"""The generated purchase-order corpus: counts, exact ground truth, text layers, determinism."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal

import pytest

from po_ingest.lib.extraction import documents
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.models import ExtractedPurchaseOrder
from po_ingest_tests.corpus import CorpusDocument, generate_corpus

MAGIC = {
    "image/jpeg": lambda head: head.startswith(b"\xff\xd8\xff"),
    "image/png": lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"),
    "image/webp": lambda head: head[:4] == b"RIFF" and head[8:12] == b"WEBP",
    "application/pdf": lambda head: head.startswith(b"%PDF-"),
}


@pytest.fixture(scope="module")
def corpus(corpus_documents):
    return corpus_documents[1]


def _kind(corpus: list[CorpusDocument], kind: str) -> list[CorpusDocument]:
    return [d for d in corpus if d.kind == kind]


def _truth(document: CorpusDocument) -> dict:
    return json.loads(document.ground_truth_path.read_text())


def _order(document: CorpusDocument) -> ExtractedPurchaseOrder:
    truth = {k: v for k, v in _truth(document).items() if not k.startswith("_")}
    return ExtractedPurchaseOrder.model_validate(truth)


def _printed(value: Decimal) -> tuple[str, ...]:
    """An amount the way the layouts print it: 1,234.56 / 1.234,56 / 1'234.56 / 1 234,56 /
    1234,56."""
    english = f"{value:,.2f}"
    german = english.replace(",", "\0").replace(".", ",").replace("\0", ".")
    french = german.replace(".", " ")  # a no-break space is read as a plain one
    plain_comma = german.replace(".", "")
    return english, german, english.replace(",", "'"), french, plain_comma


def _text(document: CorpusDocument) -> str:
    with documents.open_pdf(document.path.read_bytes()) as doc:
        return "\n".join(documents.page_texts(doc))


def test_counts_layouts_and_formats(corpus):
    digital = _kind(corpus, "digital")
    per_layout = Counter(d.layout for d in digital)
    assert len(digital) >= 36
    assert len(per_layout) >= 6
    assert min(per_layout.values()) >= 6
    assert len(_kind(corpus, "scan")) >= 8
    photos = Counter(d.content_type for d in _kind(corpus, "photo"))
    assert all(photos[t] >= 2 for t in ("image/jpeg", "image/png", "image/webp")), photos
    assert len({d.name for d in corpus}) == len(corpus)
    assert len({_truth(d)["po_number"] for d in digital}) == len(digital)


def test_files_exist_with_the_magic_bytes_they_claim(corpus):
    for document in corpus:
        head = document.path.read_bytes()[:16]
        assert MAGIC[document.content_type](head), document.name
        assert document.ground_truth_path == document.path.with_suffix(".json")


def test_every_ground_truth_validates_and_adds_up_exactly(corpus):
    for document in corpus:
        order = _order(document)
        assert arithmetic_warnings(order) == [], document.name
        for item in order.items:
            assert item.quantity * item.unit_price == item.line_total, (document.name, item)
        assert sum(i.line_total for i in order.items) == order.subtotal
        charges = (order.charges or 0) - (order.allowances or 0)
        assert order.subtotal + charges + order.tax == order.total
        truth = _truth(document)
        assert truth["_kind"] == document.kind
        assert truth["_layout"] == document.layout


def test_the_corpus_varies_what_a_parser_must_handle(corpus):
    truths = [_truth(d) for d in _kind(corpus, "digital")]
    assert {"EUR", "USD", "GBP", "CHF"} <= {t["currency"] for t in truths}
    assert any(t["project_code"] is None for t in truths)
    units = {item["unit"] for t in truths for item in t["items"]}
    assert {"pcs", "m", "m²", "kg", "t", "bag", "pallet", "h"} <= units
    assert any("." in item["quantity"] for t in truths for item in t["items"])


def test_digital_pdfs_have_a_text_layer_that_shows_the_truth(corpus):
    for document in _kind(corpus, "digital"):
        with documents.open_pdf(document.path.read_bytes()) as doc:
            assert documents.has_text_layer(doc), document.name
        text = _text(document)
        order = _order(document)
        assert order.po_number in text, document.name
        # The tax is left out: a document may print each rate's tax and not their sum.
        amounts = [order.subtotal, order.total, *(i.line_total for i in order.items)]
        for value in amounts:
            assert any(p in text for p in _printed(value)), (document.name, value)


# The layouts whose tables run over pages: how many lines they draw.
_MULTI_PAGE = {"multi_page": (35, 60), "distributor_po": (24, 40)}
# The layouts whose short orders fit on one page and long ones run over two or three.
_SOME_MULTI_PAGE = {"ordine_fornitore", "pedido_compra_br", "bestelbon_be"}


def test_multi_page_documents_span_pages_and_the_others_fit_on_one(corpus):
    for document in _kind(corpus, "digital"):
        with documents.open_pdf(document.path.read_bytes()) as doc:
            pages = doc.page_count
        if document.layout in _MULTI_PAGE:
            low, high = _MULTI_PAGE[document.layout]
            assert 2 <= pages <= 3, document.name
            assert low <= len(_truth(document)["items"]) <= high
        elif document.layout in _SOME_MULTI_PAGE:
            assert 1 <= pages <= 3, document.name
        else:
            assert pages == 1, document.name  # photos show the first page only


def test_scans_have_no_text_layer_and_keep_the_source_truth(corpus):
    by_name = {d.name: d for d in corpus}
    for document in _kind(corpus, "scan"):
        with documents.open_pdf(document.path.read_bytes()) as doc:
            assert not documents.has_text_layer(doc), document.name
            pages = doc.page_count
        truth = _truth(document)
        source = by_name[truth["_source"]]
        with documents.open_pdf(source.path.read_bytes()) as doc:
            assert doc.page_count == pages
        source_truth = {k: v for k, v in _truth(source).items() if not k.startswith("_")}
        assert {k: v for k, v in truth.items() if not k.startswith("_")} == source_truth


def test_photos_open_and_are_large_enough_to_be_downscaled(corpus):
    for document in _kind(corpus, "photo"):
        image = documents.open_image(document.path.read_bytes())
        assert 1600 < max(image.size) <= 2600, (document.name, image.size)
        assert _truth(document)["_source"] in document.name


def test_same_seed_gives_the_same_corpus(corpus, tmp_path):
    # The digital documents only: scans and photos are made from them, and degrading them
    # again would double this module's time.
    again = generate_corpus(tmp_path, seed=7, digital_only=True)
    digital = [d for d in corpus if d.kind == "digital"]
    assert [d.name for d in again] == [d.name for d in digital]
    for first, second in zip(digital, again, strict=True):
        assert first.ground_truth_path.read_text() == second.ground_truth_path.read_text()
        assert first.path.read_bytes() == second.path.read_bytes(), first.name
