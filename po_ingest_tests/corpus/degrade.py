"""Scanned and photographed copies of a digital PDF: pixels only, slightly crooked and noisy."""

from __future__ import annotations

import io

import numpy as np
import pymupdf
from PIL import Image

from po_ingest_tests.corpus.render import pdf_bytes

SCAN_DPI = 150
IMAGE_FORMATS = {"jpeg": ("JPEG", ".jpg"), "png": ("PNG", ".png"), "webp": ("WEBP", ".webp")}


def _tilt(rng: np.random.Generator, low: float, high: float) -> float:
    return float(rng.uniform(low, high) * rng.choice((-1, 1)))


def _noisy(pixels: np.ndarray, rng: np.random.Generator, sigma: float) -> np.ndarray:
    pixels += rng.standard_normal(pixels.shape, dtype=np.float32) * np.float32(sigma)
    return np.clip(pixels, 0, 255, out=pixels).astype(np.uint8)


def _scanned_page(page: pymupdf.Page, rng: np.random.Generator) -> bytes:
    pix = page.get_pixmap(dpi=SCAN_DPI, colorspace=pymupdf.csGRAY)
    image = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    image = image.rotate(_tilt(rng, 0.5, 2.0), resample=Image.Resampling.BICUBIC, fillcolor=255)
    # Recycled paper and a lamp that is never quite white: the page turns light grey.
    paper = float(rng.uniform(222, 240)) / 255
    pixels = np.asarray(image, dtype=np.float32) * np.float32(paper)
    out = io.BytesIO()
    Image.fromarray(_noisy(pixels, rng, float(rng.uniform(4, 8)))).save(out, "JPEG", quality=80)
    return out.getvalue()


def scan_pdf(pdf: bytes, rng: np.random.Generator) -> bytes:
    """Every page rasterised and wrapped into an image-only PDF (no text layer)."""
    source = pymupdf.open(stream=pdf, filetype="pdf")
    scan = pymupdf.open()
    for page in source:
        target = scan.new_page(width=page.rect.width, height=page.rect.height)
        target.insert_image(target.rect, stream=_scanned_page(page, rng))
    source.close()
    return pdf_bytes(scan)


def _desk(width: int, height: int, rng: np.random.Generator) -> Image.Image:
    """A dark wooden-ish surface, lit from one side."""
    base = np.array([rng.uniform(55, 95), rng.uniform(42, 70), rng.uniform(30, 55)], np.float32)
    light = np.linspace(float(rng.uniform(0.75, 0.9)), float(rng.uniform(1.05, 1.2)), width)
    grain = rng.normal(0, 6, (1, width, 1)).astype(np.float32)  # streaks along the grain
    pixels = base[None, None, :] * light[None, :, None] + grain
    return Image.fromarray(
        np.clip(np.broadcast_to(pixels, (height, width, 3)), 0, 255).astype(np.uint8)
    )


def photo(pdf: bytes, rng: np.random.Generator, image_format: str) -> bytes:
    """The first page as a phone photo on a desk, long side 1800-2600 px."""
    long_side = int(rng.integers(1850, 2500))
    margin = float(rng.uniform(0.06, 0.1))
    source = pymupdf.open(stream=pdf, filetype="pdf")
    page = source[0]
    zoom = long_side / (1 + 2 * margin) / max(page.rect.width, page.rect.height)
    pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
    source.close()
    sheet = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    tint = np.array(
        [rng.uniform(238, 250), rng.uniform(234, 246), rng.uniform(222, 236)], np.float32
    )
    sheet = Image.fromarray((np.asarray(sheet, np.float32) * tint / 255).astype(np.uint8)).convert(
        "RGBA"
    )
    sheet = sheet.rotate(_tilt(rng, 0.7, 3.0), resample=Image.Resampling.BILINEAR, expand=True)

    width = round(pix.width * (1 + 2 * margin))
    height = round(pix.height * (1 + 2 * margin))
    canvas = _desk(width, height, rng)
    offset = (
        (width - sheet.width) // 2 + int(rng.integers(-8, 9)),
        (height - sheet.height) // 2 + int(rng.integers(-8, 9)),
    )
    canvas.paste(sheet, offset, sheet)
    pixels = _noisy(np.array(canvas, np.float32), rng, float(rng.uniform(2.5, 4.5)))
    pil_format, _ = IMAGE_FORMATS[image_format]
    options = {"JPEG": {"quality": 86}, "PNG": {"compress_level": 1}, "WEBP": {"quality": 82}}
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, pil_format, **options[pil_format])
    return out.getvalue()
