"""Opening documents: every unreadable file is a permanent error with a clear reason."""

import json
import subprocess
import sys

import pytest

from po_ingest.lib.extraction.base import Document, PermanentExtractionError
from po_ingest.lib.extraction.documents import (
    has_text_layer,
    image_for_model,
    open_image,
    open_pdf,
)
from po_ingest.lib.extraction.router import GeminiSettings, build_extractor
from po_ingest_tests.support import bad_files
from po_ingest_tests.support.documents import order, purchase_order_pdf


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (bad_files.corrupt_pdf, "corrupt PDF"),
        (bad_files.encrypted_pdf, "encrypted PDF"),
        (lambda: b"", "the file is empty"),
        (bad_files.many_pages_pdf, "the PDF has 500 pages; at most 50"),
    ],
)
def test_unreadable_pdfs_fail_permanently_with_a_reason(make, reason):
    with pytest.raises(PermanentExtractionError, match=reason):
        open_pdf(make())


def test_page_limit_comes_from_configuration(monkeypatch):
    monkeypatch.setenv("PO_INGEST_MAX_PAGES", "600")
    assert open_pdf(bad_files.many_pages_pdf()).page_count == 500


def test_text_layer_is_detected():
    assert has_text_layer(open_pdf(purchase_order_pdf(order("PO-T", lines=3))))
    assert not has_text_layer(open_pdf(bad_files.many_pages_pdf(2)))


def test_decompression_bomb_is_refused_before_decoding():
    with pytest.raises(PermanentExtractionError, match="image is too large"):
        open_image(bad_files.huge_png())


def test_corrupt_image_is_refused():
    with pytest.raises(PermanentExtractionError, match="corrupt image"):
        open_image(b"\x89PNG\r\n\x1a\n" + b"garbage" * 10)


def test_photo_is_downscaled_to_1600_on_the_long_side():
    image = image_for_model(bad_files.jpeg_photo(2400, 1800))
    assert (image.width, image.height, image.mime_type) == (1600, 1200, "image/jpeg")
    assert image.data[:3] == b"\xff\xd8\xff"


@pytest.mark.parametrize(
    ("content", "content_type", "reason"),
    [
        (bad_files.jpeg_photo(), "image/jpeg", "needs AI extraction: set GEMINI_API_KEY"),
        (bad_files.corrupt_pdf(), "application/pdf", "corrupt PDF"),
        (bad_files.encrypted_pdf(), "application/pdf", "encrypted PDF"),
        (bad_files.huge_png(), "image/png", "needs AI extraction"),
    ],
)
def test_auto_extraction_without_a_key_explains_itself(content, content_type, reason):
    extractor = build_extractor("auto", GeminiSettings(api_key=None))
    with pytest.raises(PermanentExtractionError, match=reason):
        extractor.extract(Document(content, content_type, "b1"))


def test_unknown_extractor_setting_is_a_clear_permanent_error():
    with pytest.raises(PermanentExtractionError, match="cannot be loaded"):
        build_extractor("nowhere.module:factory", GeminiSettings(api_key=None))
    with pytest.raises(PermanentExtractionError, match="auto, local, gemini"):
        build_extractor("magic", GeminiSettings(api_key=None))


def test_eval_json_is_json_even_after_the_table_finder_ran(tmp_path):
    """pymupdf prints an advert on stdout the first time its table finder runs."""
    truth = order("PO-JSON")
    pdf = tmp_path / "po.pdf"
    pdf.write_bytes(purchase_order_pdf(truth))
    pdf.with_suffix(".json").write_text(json.dumps(truth))
    script = (
        "import sys; from po_ingest.lib.extraction.documents import open_pdf;"
        "from po_ingest.cli import main;"
        f"open_pdf(open({str(pdf)!r}, 'rb').read())[0].find_tables();"
        f"sys.exit(main(['eval', {str(tmp_path)!r}, '--extractor', 'local', '--json']))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (folder,) = json.loads(done.stdout).values()
    assert folder["documents"][0]["name"] == "po.pdf"
