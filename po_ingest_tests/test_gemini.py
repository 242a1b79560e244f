"""GeminiExtractor through the real google-genai client against the fake Gemini REST server."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from decimal import Decimal
from pathlib import Path

import pymupdf
import pytest
from google import genai
from google.genai import errors, types
from PIL import Image, ImageDraw

from po_ingest.lib.extraction.base import (
    Document,
    PermanentExtractionError,
    TransientExtractionError,
)
from po_ingest.lib.extraction.gemini import DEFAULT_GEMINI_MODEL, GeminiExtractor
from po_ingest.lib.extraction.gemini_schema import ANSWER_SCHEMA, INSTRUCTIONS
from po_ingest.lib.models import ExtractedPurchaseOrder
from po_ingest.lib.page_images import RENDER_SCALE, page_image
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.fake_gemini import (
    TOKENS_PER_PAGE,
    FakeGemini,
    answer_from_truth,
    not_a_purchase_order,
)

API_KEY = "AIzaSyFAKE-secret-0123456789abcdefgh"
PHOTO_TRUTH = order("PO-PHOTO-7", lines=1)


@pytest.fixture
def gemini():
    with FakeGemini(default_truth=PHOTO_TRUTH) as fake:
        yield fake


def extractor(fake: FakeGemini, **options) -> GeminiExtractor:
    return GeminiExtractor(api_key=API_KEY, base_url=fake.url, **{"timeout_seconds": 10, **options})


def pdf_document(truth: dict) -> Document:
    return Document(purchase_order_pdf(truth), "application/pdf", batch_id="b-1")


def photo(width: int = 2400, height: int = 1800) -> bytes:
    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).rectangle((100, 100, width - 100, 400), fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_pdf_goes_as_one_native_part_and_the_answer_is_the_ground_truth(gemini):
    truth = order("PO-4711", lines=3)
    document = pdf_document(truth)

    result = extractor(gemini).extract(document)

    (request,) = gemini.requests
    assert request.model == DEFAULT_GEMINI_MODEL
    assert request.api_key_sent and API_KEY not in str(request.headers)
    (part,) = request.inline_parts()
    assert (part.mime_type, part.data, part.role) == ("application/pdf", document.content, "user")
    assert request.texts() == [INSTRUCTIONS]
    assert "invoice number" in INSTRUCTIONS
    config = request.generation_config
    assert config["temperature"] == 0
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"] == ANSWER_SCHEMA

    assert result.order == ExtractedPurchaseOrder.model_validate(truth)
    assert str(result.order.total) == "75.60"  # the digits as printed, no float artifacts
    assert isinstance(result.order.items[0].unit_price, Decimal)
    assert (result.extractor, result.model, result.accepted) == (
        "gemini",
        DEFAULT_GEMINI_MODEL,
        True,
    )
    assert result.warnings == []
    assert result.input_tokens == TOKENS_PER_PAGE + len(INSTRUCTIONS) // 4
    assert result.output_tokens > 0
    assert result.duration_ms is not None and result.duration_ms >= 0


def test_photo_goes_as_a_downscaled_jpeg(gemini):
    result = extractor(gemini).extract(Document(photo(), "image/png", batch_id="b-2"))

    (part,) = gemini.requests[0].inline_parts()
    assert part.mime_type == "image/jpeg"
    sent = Image.open(io.BytesIO(part.data))
    assert (sent.format, sent.size) == ("JPEG", (1600, 1200))
    assert result.order.po_number == "PO-PHOTO-7"


def _sideways_photo(upright: Image.Image) -> bytes:
    """A phone's JPEG of `upright` held sideways: pixels stored turned, EXIF saying so."""
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: turn 90° clockwise to view
    out = io.BytesIO()
    upright.rotate(90, expand=True).save(out, format="JPEG", exif=exif, quality=95)
    return out.getvalue()


def test_a_photos_values_are_boxed_where_the_model_saw_them_on_the_upright_photo(gemini):
    width, height = 1200, 1800
    mark = (300, 200, 900, 320)  # where the order number is printed, in the upright photo
    upright = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(upright).rectangle(mark, fill="black")
    content = _sideways_photo(upright)
    x0, y0, x1, y1 = mark
    box_2d = [round(1000 * y0 / height), round(1000 * x0 / width)]
    box_2d += [round(1000 * y1 / height), round(1000 * x1 / width)]
    answer = answer_from_truth(PHOTO_TRUTH)
    answer["boxes"] = [{"field": "po_number", "page": 1, "box_2d": box_2d}]
    gemini.answer(answer)

    result = extractor(gemini).extract(Document(content, "image/jpeg", batch_id="b-2"))

    box = result.provenance["po_number"]
    assert box.page == 0 and result.provenance["total"] is None  # the model gave no box
    # As the review page lays it: page units × RENDER_SCALE on the page image it is shown.
    shown = Image.open(io.BytesIO(page_image(content, "image/jpeg", 0).png))
    assert shown.size == (width, height)
    assert [v * RENDER_SCALE for v in box.bbox] == pytest.approx(mark, abs=1)
    left, top, right, bottom = (round(v * RENDER_SCALE) for v in box.bbox)
    inside = shown.convert("L").crop((left + 5, top + 5, right - 5, bottom - 5))
    assert max(inside.getdata()) < 60, "the box lies on the printed mark"


def test_arithmetic_mismatch_is_a_warning_not_a_rejection(gemini):
    truth = order("PO-ODD")
    truth["total"] = "99.99"
    result = extractor(gemini).extract(pdf_document(truth))
    assert result.accepted and result.warnings == ["total_mismatch"]


def test_429_then_success_inside_one_extract_call(gemini):
    gemini.status(429)
    result = extractor(gemini).extract(pdf_document(order("PO-429")))
    assert result.order.po_number == "PO-429"
    assert len(gemini.requests) == 2


@pytest.mark.parametrize(
    ("kind", "error_in_reask"), [("text", "not JSON"), ("no_items", "items: Field required")]
)
def test_invalid_answer_is_reasked_once_in_the_same_conversation(gemini, kind, error_in_reask):
    truth = order("PO-FIX")
    gemini.invalid_json(kind)

    result = extractor(gemini).extract(pdf_document(truth))

    assert result.order == ExtractedPurchaseOrder.model_validate(truth)
    first, second = gemini.requests
    assert [c["role"] for c in second.contents] == ["user", "model", "user"]
    assert second.contents[0] == first.contents[0]  # the document and instructions again
    bad_answer = second.contents[1]["parts"][0]["text"]
    if kind == "text":
        assert bad_answer == "Sure! Here is the purchase order: PO PO-FIX"
    else:
        assert json.loads(bad_answer)["po_number"] == "PO-FIX"
        assert "items" not in json.loads(bad_answer)
    assert error_in_reask in second.contents[2]["parts"][0]["text"]
    # Tokens of both calls are counted.
    assert result.input_tokens > 2 * TOKENS_PER_PAGE


def test_invalid_answer_twice_is_transient(gemini):
    gemini.invalid_json("text", times=2)
    with pytest.raises(TransientExtractionError, match="model output invalid after one re-ask"):
        extractor(gemini).extract(pdf_document(order("PO-BAD")))
    assert len(gemini.requests) == 2


def test_persistent_500_is_transient_after_http_attempts(gemini):
    gemini.status(500, times=10)
    with pytest.raises(TransientExtractionError, match="500"):
        extractor(gemini, http_attempts=3).extract(pdf_document(order("PO-500")))
    assert len(gemini.requests) == 3


def test_400_is_permanent_and_not_retried(gemini):
    gemini.status(400, "Request contains an invalid argument.")
    with pytest.raises(PermanentExtractionError, match="Gemini refused the document"):
        extractor(gemini).extract(pdf_document(order("PO-400")))
    assert len(gemini.requests) == 1


def test_wrong_api_key_is_permanent():
    with (
        FakeGemini(api_key="AIzaSyTHE-right-key-0000000000000") as fake,
        pytest.raises(PermanentExtractionError, match="rejected the API key: check GEMINI_API_KEY"),
    ):
        extractor(fake).extract(pdf_document(order("PO-KEY")))


def test_unknown_model_is_permanent():
    with (
        FakeGemini(models={"gemini-known"}) as fake,
        pytest.raises(PermanentExtractionError, match="does not know the model 'gemini-nope'"),
    ):
        extractor(fake, model="gemini-nope").extract(pdf_document(order("PO-404")))


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (
            not_a_purchase_order("this is an invoice (INV-2026-17)"),
            "not a purchase order: this is an invoice",
        ),
        ({**answer_from_truth(order("PO-X")), "po_number": None}, "not a purchase order"),
        ({**answer_from_truth(order("PO-X")), "items": []}, "no line items found"),
    ],
)
def test_not_a_purchase_order_is_permanent(gemini, answer, message):
    gemini.answer(answer)
    with pytest.raises(PermanentExtractionError, match=message):
        extractor(gemini).extract(pdf_document(order("PO-X")))
    assert len(gemini.requests) == 1  # a valid answer: no re-ask


def test_unknown_document_is_not_a_purchase_order(gemini):
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Dear customer, thank you for your letter.")
    with pytest.raises(PermanentExtractionError, match="not a purchase order"):
        extractor(gemini).extract(Document(doc.tobytes(), "application/pdf", batch_id="b-3"))


def test_hang_longer_than_the_timeout_is_transient_in_bounded_time(gemini):
    gemini.hang(5, times=2)
    started = time.monotonic()
    with pytest.raises(TransientExtractionError, match="Timeout"):
        extractor(gemini, timeout_seconds=1, http_attempts=2).extract(pdf_document(order("PO-T")))
    assert time.monotonic() - started < 4.5
    assert len(gemini.requests) == 2


def test_unreachable_server_is_transient():
    with FakeGemini() as fake:
        url = fake.url
    gone = GeminiExtractor(api_key=API_KEY, base_url=url, http_attempts=1, timeout_seconds=2)
    with pytest.raises(TransientExtractionError, match="Gemini unreachable"):
        gone.extract(pdf_document(order("PO-GONE")))


@pytest.mark.parametrize(
    "script",
    [
        lambda g: g.status(400, f"bad request for key={API_KEY} " + "x" * 5000),
        lambda g: g.status(503, f"overloaded; your key {API_KEY}", times=5),
        lambda g: g.answer(not_a_purchase_order(f"looks like an API key {API_KEY}")),
        lambda g: g.invalid_json("text", times=2),
        lambda g: g.hang(5, times=2),
    ],
    ids=["400", "503", "not-po", "invalid", "hang"],
)
def test_the_api_key_never_appears_in_an_error_and_errors_are_short(gemini, script):
    script(gemini)
    with pytest.raises((PermanentExtractionError, TransientExtractionError)) as raised:
        extractor(gemini, timeout_seconds=1, http_attempts=2).extract(pdf_document(order("PO-S")))
    text = f"{raised.value} {raised.value!r}"
    assert API_KEY not in text and "secret-0123456789" not in text
    assert len(str(raised.value)) <= 400


@pytest.mark.parametrize(
    ("content", "content_type", "message"),
    [
        (b"%PDF-1.7\nthis is not really a PDF", "application/pdf", "corrupt PDF"),
        (b"", "application/pdf", "empty"),
        (b"\x89PNG\r\n\x1a\nbroken", "image/png", "corrupt image"),
        (b"<html></html>", "text/html", "unsupported file type"),
    ],
)
def test_unreadable_documents_fail_permanently_before_any_request(
    gemini, content, content_type, message
):
    with pytest.raises(PermanentExtractionError, match=message):
        extractor(gemini).extract(Document(content, content_type, batch_id="b-4"))
    assert gemini.requests == []


def test_fake_runs_as_a_process():
    server = subprocess.Popen(
        [sys.executable, "-m", "po_ingest_tests.support.fake_gemini", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        result = GeminiExtractor(api_key=API_KEY, base_url=url).extract(pdf_document(order("PO-P")))
        assert result.order.po_number == "PO-P"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_fake_checks_requests_like_gemini(gemini):
    request = urllib.request.Request(
        f"{gemini.url}/v1beta/models/{DEFAULT_GEMINI_MODEL}:generateContent",
        data=b'{"contents": []}',
        headers={"Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as no_key:
        urllib.request.urlopen(request, timeout=5)
    error = json.loads(no_key.value.read())["error"]
    assert (no_key.value.code, error["code"], error["status"]) == (403, 403, "PERMISSION_DENIED")

    client = genai.Client(api_key=API_KEY, http_options=types.HttpOptions(base_url=gemini.url))
    zip_part = types.Part.from_bytes(data=b"PK\x03\x04", mime_type="application/zip")
    with pytest.raises(errors.ClientError) as bad_type:
        client.models.generate_content(model=DEFAULT_GEMINI_MODEL, contents=[zip_part])
    assert bad_type.value.code == 400 and "Unsupported MIME type" in bad_type.value.message
