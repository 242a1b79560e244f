"""Accepting an upload: check the bytes, store the file, write the batch row — or nothing."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import PurePath

from po_ingest.lib import ids
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES, UnsupportedContent, require_supported
from po_ingest.lib.files import FileStore, batch_key
from po_ingest.lib.settings import BATCH_TYPES
from po_ingest.lib.store import Batch, NewBatch, Store

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


def accept_upload(
    store: Store,
    files: FileStore,
    chunks: Iterable[bytes],
    *,
    filename: str | None,
    batch_type: str = "purchase_orders",
    uploaded_by: str | None = None,
    max_bytes: int = MAX_UPLOAD_BYTES,
) -> Batch:
    if batch_type not in BATCH_TYPES:
        raise UploadRejected(f"unknown batch_type {batch_type!r}; expected one of {BATCH_TYPES}")
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
    try:
        return store.batches.create(
            NewBatch(
                id=batch_id,
                batch_type=batch_type,
                content_type=content_type,
                original_file=key,
                original_filename=sanitize_filename(filename),
                file_size=written.size,
                file_sha256=written.sha256,
                uploaded_by=uploaded_by,
            )
        )
    except BaseException:
        files.delete(key)
        raise
