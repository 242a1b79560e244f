"""Receiving an upload form: the file part goes to the file store, or into memory.

Both stop reading past the size limit (`TooLarge`), and keep nothing when the form is bad.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from po_ingest.intake.multipart import FILE_FIELD, BadForm, read_form
from po_ingest.lib.files import FileStore, TooLarge
from po_ingest.lib.intake import StoredUpload, check_batch_type, store_upload_file

TEXT_FIELDS = ("batch_type", "uploaded_by")


@dataclass
class ReceivedForm:
    """What the form carried: the stored file (if any) and the text fields."""

    upload: StoredUpload | None = None
    filename: str | None = None
    fields: dict[str, str] = field(default_factory=dict)


def _check_field(name: str, value: str) -> None:
    if name == "batch_type":
        check_batch_type(value)  # before a file is read


def receive_form(
    content_type: str | None, chunks: Iterable[bytes], files: FileStore, *, max_bytes: int
) -> ReceivedForm:
    """Parse the body; the `file` part is stored as it arrives (sniffed, size-limited).

    On any error the stored file, if there is one, is deleted before the error is raised."""
    form = ReceivedForm()

    def store(filename: str | None, data: Iterator[bytes]) -> None:
        form.filename = filename
        form.upload = store_upload_file(files, data, max_bytes=max_bytes)

    try:
        form.fields = read_form(
            content_type,
            chunks,
            max_bytes=max_bytes,
            text_fields=TEXT_FIELDS,
            on_file=store,
            on_field=_check_field,
        )
    except BaseException:
        if form.upload is not None:
            files.delete(form.upload.key)
        raise
    if form.upload is None:
        raise BadForm(f"no file: send it as the form field {FILE_FIELD!r}")
    return form


@dataclass
class FormInMemory:
    """A form whose file (at most `max_bytes`) is kept in memory, to be checked whole."""

    content: bytes = b""
    filename: str | None = None
    fields: dict[str, str] = field(default_factory=dict)


def receive_form_in_memory(
    content_type: str | None,
    chunks: Iterable[bytes],
    *,
    max_bytes: int,
    text_fields: tuple[str, ...],
) -> FormInMemory:
    form, received = FormInMemory(), []

    def keep(filename: str | None, data: Iterator[bytes]) -> None:
        content = bytearray()
        for chunk in data:
            content += chunk
            if len(content) > max_bytes:
                raise TooLarge(max_bytes)
        form.filename, form.content = filename, bytes(content)
        received.append(True)

    form.fields = read_form(
        content_type, chunks, max_bytes=max_bytes, text_fields=text_fields, on_file=keep
    )
    if not received:
        raise BadForm(f"no file: send it as the form field {FILE_FIELD!r}")
    return form
