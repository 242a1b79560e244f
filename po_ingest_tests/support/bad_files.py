"""Hostile and broken documents, made on the fly."""

from __future__ import annotations

import io
import struct
import zlib

import pymupdf
from PIL import Image


def corrupt_pdf() -> bytes:
    return b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a PDF body\n%%EOF"


def encrypted_pdf() -> bytes:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "PURCHASE ORDER PO-SECRET-1")
    return doc.tobytes(
        encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner-pw", user_pw="user-pw"
    )


def many_pages_pdf(pages: int = 500) -> bytes:
    doc = pymupdf.open()
    for number in range(pages):
        doc.new_page().insert_text((72, 72), f"page {number + 1}")
    return doc.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_png(width: int = 20000, height: int = 20000) -> bytes:
    """A tiny file announcing a 20000×20000 image: a decompression bomb."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * 1024)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", pixels)
        + _chunk(b"IEND", b"")
    )


def jpeg_photo(width: int = 2400, height: int = 1800) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (235, 230, 220)).save(out, format="JPEG")
    return out.getvalue()
