"""What each part of a mail is to the intake: a document to queue, a logo to ignore, or a
file refused with a reason a person can act on. Types come from the bytes, never the name."""

from __future__ import annotations

from dataclasses import dataclass

from imap_tools import MailMessage

from po_ingest.lib.content_types import MAX_UPLOAD_BYTES, describe, sniff

# Logos and signature images shown in the body: smaller than this and inline, not a document.
INLINE_IMAGE_BYTES = 32 * 1024
ZIP_REASON = "zip archives are not read: send the files themselves"
OFFICE_SUFFIXES = (".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp")
NO_ATTACHMENT_REASON = "no usable attachment: attach the PDF or photo (PDF, JPEG, PNG or WEBP)"


@dataclass(frozen=True)
class Part:
    filename: str | None
    payload: bytes
    content_type: str | None  # sniffed from the bytes: None when refused or ignored
    reason: str | None = None  # why it is refused
    ignored: bool = False


def _mb(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB"


def classify(filename: str | None, payload: bytes, inline: bool) -> Part:
    head = payload[:16]
    content_type = sniff(head)
    small_inline = inline and len(payload) < INLINE_IMAGE_BYTES
    if small_inline and content_type is not None and content_type.startswith("image/"):
        return Part(filename, payload, None, ignored=True)
    office = (filename or "").lower().endswith(OFFICE_SUFFIXES)  # zips too, but not archives
    if head.startswith(b"PK\x03\x04") and not office:
        return Part(filename, payload, None, ZIP_REASON)
    if content_type is None:
        return Part(
            filename,
            payload,
            None,
            f"unsupported file type: {describe(head)}; expected PDF, JPEG, PNG or WEBP",
        )
    if len(payload) > MAX_UPLOAD_BYTES:
        return Part(
            filename,
            payload,
            None,
            f"{_mb(len(payload))} is over the {_mb(MAX_UPLOAD_BYTES)} limit: send it smaller",
        )
    return Part(filename, payload, content_type)


def parts(message: MailMessage) -> list[Part]:
    """Every file in the mail (a forwarded mail's files too), classified. A part counts as
    inline when its disposition says so or it has a Content-ID and no `attachment`."""
    found = []
    for attachment in message.attachments:
        if attachment.content_type == "message/rfc822":
            continue  # its own parts come next in the walk
        disposition = (attachment.content_disposition or "").lower()
        inline = disposition == "inline" or (bool(attachment.content_id) and not disposition)
        found.append(classify(attachment.filename or None, attachment.payload, inline))
    return found
