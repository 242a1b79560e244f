"""Streaming multipart/form-data parsing: the form's parts as events, read as they arrive.

The request body is parsed as it arrives (python-multipart's `MultipartParser` callbacks); the
`file` part's bytes are handed on chunk by chunk, so memory holds about one network chunk
unless the consumer keeps them. This module is synchronous: routes run it in a worker thread.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header

FILE_FIELD = "file"
MAX_FIELD_BYTES = 1024
MAX_PARTS = 16
# Room for the boundaries, part headers and the small text fields around the file.
FORM_OVERHEAD_BYTES = 64 * 1024


class BadForm(ValueError):
    """The body is not a well-formed upload form (answered with 400)."""


class NotMultipart(ValueError):
    """The body is not multipart/form-data at all (answered with 415)."""


class BodyTooLarge(ValueError):
    """The body is larger than any acceptable upload (answered with 413)."""


@dataclass(frozen=True)
class PartStart:
    name: str
    filename: str | None


@dataclass(frozen=True)
class PartData:
    data: bytes


@dataclass(frozen=True)
class PartEnd:
    pass


def boundary_of(content_type: str | None) -> bytes:
    kind, params = parse_options_header(content_type or "")
    if kind != b"multipart/form-data":
        raise NotMultipart("send the upload as multipart/form-data")
    boundary = params.get(b"boundary")
    if not boundary:
        raise BadForm("multipart/form-data without a boundary")
    return boundary


class _Events:
    """Feeds body chunks to the parser and yields what it found, in order."""

    def __init__(self, boundary: bytes, chunks: Iterable[bytes], max_body_bytes: int):
        self._chunks = chunks
        self._max_body_bytes = max_body_bytes
        self._queue: deque = deque()
        self._header_name = bytearray()
        self._header_value = bytearray()
        self._headers: dict[str, bytes] = {}
        self._parts = 0
        self._ended = False
        try:
            self._parser = MultipartParser(
                boundary,
                callbacks={
                    "on_part_begin": self._on_part_begin,
                    "on_header_field": self._on_header_field,
                    "on_header_value": self._on_header_value,
                    "on_header_end": self._on_header_end,
                    "on_headers_finished": self._on_headers_finished,
                    "on_part_data": self._on_part_data,
                    "on_part_end": lambda: self._queue.append(PartEnd()),
                    "on_end": self._on_end,
                },
            )
        except (ValueError, MultipartParseError) as exc:
            raise BadForm(f"bad multipart boundary: {exc}") from None

    def __iter__(self) -> Iterator[PartStart | PartData | PartEnd]:
        received = 0
        for chunk in self._chunks:
            received += len(chunk)
            if received > self._max_body_bytes:
                raise BodyTooLarge("the request body is larger than any acceptable upload")
            try:
                self._parser.write(chunk)
            except MultipartParseError as exc:
                raise BadForm(f"malformed multipart body: {exc}") from None
            while self._queue:
                yield self._queue.popleft()
        self._parser.finalize()
        yield from self._queue
        if not self._ended:
            raise BadForm("the multipart body ended early (no closing boundary)")

    def _on_part_begin(self) -> None:
        self._parts += 1
        if self._parts > MAX_PARTS:
            raise BadForm(f"more than {MAX_PARTS} form parts")
        self._headers = {}

    def _on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_name += data[start:end]

    def _on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _on_header_end(self) -> None:
        name = self._header_name.decode("latin-1").strip().lower()
        self._headers[name] = bytes(self._header_value)
        self._header_name.clear()
        self._header_value.clear()

    def _on_headers_finished(self) -> None:
        disposition, params = parse_options_header(self._headers.get("content-disposition"))
        if disposition != b"form-data" or b"name" not in params:
            raise BadForm("a form part has no Content-Disposition: form-data; name=…")
        filename = params.get(b"filename")
        self._queue.append(
            PartStart(
                name=params[b"name"].decode("utf-8", "replace"),
                filename=filename.decode("utf-8", "replace") if filename is not None else None,
            )
        )

    def _on_part_data(self, data: bytes, start: int, end: int) -> None:
        if end > start:
            self._queue.append(PartData(data[start:end]))

    def _on_end(self) -> None:
        self._ended = True


def _part_bytes(events: Iterator) -> Iterator[bytes]:
    """The current part's data, up to its end (the shared event stream moves on with it)."""
    for event in events:
        if isinstance(event, PartEnd):
            return
        yield event.data
    raise BadForm("the multipart body ended inside a part")


def _text_field(name: str, events: Iterator) -> str:
    value = bytearray()
    for chunk in _part_bytes(events):
        value += chunk
        if len(value) > MAX_FIELD_BYTES:
            raise BadForm(f"form field {name!r} is longer than {MAX_FIELD_BYTES} bytes")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise BadForm(f"form field {name!r} is not UTF-8 text") from None


def read_form(
    content_type: str | None,
    chunks: Iterable[bytes],
    *,
    max_bytes: int,
    text_fields: tuple[str, ...],
    on_file: Callable[[str | None, Iterator[bytes]], None],
    on_field: Callable[[str, str], None] = lambda name, value: None,
) -> dict[str, str]:
    """Parse the body: hand the one `file` part to `on_file(filename, chunks)` (which reads it
    to its end) and each text field to `on_field` as it arrives; return the text fields."""
    events = iter(_Events(boundary_of(content_type), chunks, max_bytes + FORM_OVERHEAD_BYTES))
    fields: dict[str, str] = {}
    seen_file = False
    for event in events:
        if not isinstance(event, PartStart):
            continue  # a part we skipped (cannot happen: every part is read to its end)
        if event.name == FILE_FIELD:
            if seen_file:
                raise BadForm("send one file per upload")
            seen_file = True
            on_file(event.filename, _part_bytes(events))
        elif event.name in text_fields and event.filename is None:
            fields[event.name] = _text_field(event.name, events)
            on_field(event.name, fields[event.name])
        else:
            raise BadForm(
                f"unexpected form field {event.name!r}; expected {FILE_FIELD!r} "
                f"and optionally {', '.join(map(repr, text_fields))}"
            )
    return fields
