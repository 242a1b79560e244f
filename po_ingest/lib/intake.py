"""Accepting an upload: check the bytes, store the file, write the batch row — or nothing."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePath

from po_ingest.lib import ids
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES, UnsupportedContent, require_supported
from po_ingest.lib.files import FileStore, batch_key
from po_ingest.lib.settings import QUEUED_BATCH_TYPES, SYNCHRONOUS_BATCH_TYPES
from po_ingest.lib.store import Batch, MailSource, NewBatch, Store

_HEAD_BYTES = 16


class UploadRejected(ValueError):
    """Bad input: the message says why, and nothing was stored."""


def sanitize_filename(name: str | None) -> str | None:
    """The uploaded name, kept only as metadata: no path, no control characters, ≤ 255 chars."""
    if not name:
        return None
    name = PurePath(name.replace("\\", "/")).name
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    name = re.sub(r"\s+", " ", name).strip(" .")
    return name[:255] or None


MAX_UPLOADED_BY_CHARS = 255


def clean_uploaded_by(value: str | None) -> str | None:
    """Who uploaded, as stored: no control characters (PostgreSQL refuses NUL), whitespace
    collapsed; longer than the column (255 characters) is refused, not cut."""
    if not value:
        return None
    value = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    value = re.sub(r"\s+", " ", value).strip()
    if len(value) > MAX_UPLOADED_BY_CHARS:
        raise UploadRejected(f"uploaded_by is longer than {MAX_UPLOADED_BY_CHARS} characters")
    return value or None


def _source_columns(source: MailSource | None) -> dict[str, str | None]:
    """The batch's source_* values: no control characters (PostgreSQL refuses NUL), each
    within its column (a Message-ID is at most 998 characters by RFC 5322)."""
    if source is None:
        return {}

    def clean(value: str | None, limit: int | None) -> str | None:
        if not value:
            return None
        value = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
        value = re.sub(r"\s+", " ", value).strip()
        return (value[:limit] if limit else value) or None

    return {
        "source_message_id": clean(source.message_id, 998),
        "source_subject": clean(source.subject, None),
        "source_sender": clean(source.sender, 320),
    }


def _with_head(chunks: Iterable[bytes]) -> tuple[bytes, Iterator[bytes]]:
    """The first bytes (for the magic check) and a stream that still yields everything."""
    iterator = iter(chunks)
    head = b""
    buffered: list[bytes] = []
    for chunk in iterator:
        buffered.append(chunk)
        head += chunk
        if len(head) >= _HEAD_BYTES:
            break
    return head, itertools.chain(buffered, iterator)


@dataclass(frozen=True)
class StoredUpload:
    """A file written to the store under a new batch's key, with no batch row yet."""

    batch_id: str
    key: str
    content_type: str
    size: int
    sha256: str


def check_batch_type(batch_type: str) -> None:
    """Only document types go through the queue; a CSV type here would wait forever."""
    if batch_type in SYNCHRONOUS_BATCH_TYPES:
        raise UploadRejected(
            f"{batch_type} are CSV files imported at once: use POST /api/imports/{batch_type} "
            f"or `po-ingest import {batch_type.replace('_', '-')} FILE.csv`"
        )
    if batch_type not in QUEUED_BATCH_TYPES:
        raise UploadRejected(
            f"unknown batch_type {batch_type!r}; expected one of {QUEUED_BATCH_TYPES}"
        )


def store_upload_file(
    files: FileStore, chunks: Iterable[bytes], *, max_bytes: int = MAX_UPLOAD_BYTES
) -> StoredUpload:
    """Sniff the first bytes, then stream everything to `batches/<new id>.<ext>`.

    Raises UploadRejected (empty, unsupported type) before anything is written, and
    TooLarge (past `max_bytes`: reading stops there) with nothing left on disk."""
    head, stream = _with_head(chunks)
    if not head:
        raise UploadRejected("the file is empty")
    try:
        content_type = require_supported(head)
    except UnsupportedContent as exc:
        raise UploadRejected(str(exc)) from exc
    batch_id = ids.new_batch_id()
    key = batch_key(batch_id, content_type)
    written = files.write(key, stream, max_bytes=max_bytes)
    return StoredUpload(batch_id, key, content_type, written.size, written.sha256)


def register_upload(
    store: Store,
    files: FileStore,
    upload: StoredUpload,
    *,
    filename: str | None,
    batch_type: str = "purchase_orders",
    uploaded_by: str | None = None,
    skip_imported_files: bool = False,
    source: MailSource | None = None,
) -> Batch:
    """Write the batch row for a stored file — or delete the file and raise: both or neither.

    With `skip_imported_files`, bytes already imported as an order give a batch that is
    `processed` at once (pointing at that order, warning `duplicate_file`); its copy of the
    file is then dropped, since the order keeps the identical original. With a mail `source`,
    the same bytes from the same message give the batch made the first time (and the file
    just stored is dropped): the mailbox may read a message twice."""
    try:
        check_batch_type(batch_type)
        new = NewBatch(
            id=upload.batch_id,
            batch_type=batch_type,
            content_type=upload.content_type,
            original_file=upload.key,
            original_filename=sanitize_filename(filename),
            file_size=upload.size,
            file_sha256=upload.sha256,
            uploaded_by=clean_uploaded_by(uploaded_by),
            **_source_columns(source),
        )
        if skip_imported_files:
            batch = store.batches.create_unless_imported(new)
        else:
            batch = store.batches.create(new)
    except BaseException:
        files.delete(upload.key)
        raise
    if batch.original_file != upload.key:
        files.delete(upload.key)
    return batch


def accept_upload(
    store: Store,
    files: FileStore,
    chunks: Iterable[bytes],
    *,
    filename: str | None,
    batch_type: str = "purchase_orders",
    uploaded_by: str | None = None,
    max_bytes: int = MAX_UPLOAD_BYTES,
    skip_imported_files: bool = False,
    source: MailSource | None = None,
) -> Batch:
    check_batch_type(batch_type)
    upload = store_upload_file(files, chunks, max_bytes=max_bytes)
    return register_upload(
        store,
        files,
        upload,
        filename=filename,
        batch_type=batch_type,
        uploaded_by=uploaded_by,
        skip_imported_files=skip_imported_files,
        source=source,
    )
