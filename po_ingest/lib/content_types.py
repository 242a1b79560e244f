"""Content type from the bytes themselves; the client's claim is never trusted."""

from __future__ import annotations

MAX_UPLOAD_BYTES = 20 * 1024 * 1024

EXTENSIONS = {
    "application/pdf": ".pdf",
    "image/jpeg": ".jpg",
    "image/png": ".png",
    "image/webp": ".webp",
}


class UnsupportedContent(ValueError):
    """The bytes are not a PDF, JPEG, PNG or WEBP."""


def sniff(head: bytes) -> str | None:
    """The content type the first bytes announce, or None when they announce nothing we take."""
    if head.startswith(b"%PDF-"):
        return "application/pdf"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def describe(head: bytes) -> str:
    """A short human description of unsupported bytes, for error messages."""
    if not head:
        return "empty file"
    for magic, name in (
        (b"PK\x03\x04", "ZIP archive (or Office document)"),
        (b"GIF8", "GIF image"),
        (b"II*\x00", "TIFF image"),
        (b"MM\x00*", "TIFF image"),
        (b"\x1f\x8b", "gzip archive"),
    ):
        if head.startswith(magic):
            return name
    try:
        head.decode("utf-8")
        return "text"
    except UnicodeDecodeError:
        return "unknown binary data"


def require_supported(head: bytes) -> str:
    content_type = sniff(head)
    if content_type is None:
        raise UnsupportedContent(
            f"unsupported file type: {describe(head)}; expected PDF, JPEG, PNG or WEBP"
        )
    return content_type
