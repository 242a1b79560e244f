"""A fake Gemini API on 127.0.0.1 that speaks the real REST protocol, for the real SDK.

It serves `POST /{version}/models/{model}:generateContent` the way google-genai calls it,
checks the request like Gemini would (API key, parts, inline data, structured-output
config) and answers from ground truth: a registry (`expect`), the truth embedded in test
PDFs (`po_ingest_tests.support.documents`), or `default_truth` for photos. Tests script
the next answers (`status`, `invalid_json`, `hang`, `answer`) and read `requests`.

In-process::

    with FakeGemini() as gemini:
        GeminiExtractor(api_key="AIza...", base_url=gemini.url)

As a process (prints its URL, serves until killed)::

    python -m po_ingest_tests.support.fake_gemini --port 8765
"""

from __future__ import annotations

import argparse
import base64
import binascii
import collections
import hashlib
import json
import re
import threading
import uuid
from dataclasses import dataclass
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pymupdf

from po_ingest.lib.delivery_note_model import NOTE_FIELDS, NOTE_LINE_FIELDS
from po_ingest_tests.support.documents import read_payload

TOKENS_PER_PAGE = 258  # what Gemini bills for a PDF page or a (small) image
SUPPORTED_MIME_TYPES = {
    "application/pdf",
    "image/jpeg",
    "image/png",
    "image/webp",
    "image/heic",
    "image/heif",
    "text/plain",
}
GOOGLE_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    408: "DEADLINE_EXCEEDED",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}
DEFAULT_MESSAGES = {
    429: "You exceeded your current quota, please check your plan and billing details.",
    500: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
    503: "The model is overloaded. Please try again later.",
}
ORDER_FIELDS = (
    "po_number",
    "order_date",
    "supplier_name",
    "project_code",
    "currency",
    "items",
    "subtotal",
    "allowances",
    "charges",
    "tax",
    "total",
    "notes",
)
ITEM_FIELDS = (
    "line_number",
    "item_code",
    "description",
    "quantity",
    "unit",
    "unit_price",
    "line_total",
)
NUMBER_FIELDS = {
    "quantity",
    "unit_price",
    "line_total",
    "subtotal",
    "allowances",
    "charges",
    "tax",
    "total",
}
_RAW = "@@number@@"  # marks a JSON number to be printed with its own digits
_PATH = re.compile(r"^/(?P<version>v1(?:alpha|beta)?)/models/(?P<model>[^/:]+):generateContent$")
_MODEL_PATH = re.compile(r"^/(?P<version>v1(?:alpha|beta)?)/models/(?P<model>[^/:]+)$")

# The key tests give the product when it talks to this fake (it must never leak).
TEST_API_KEY = "AIzaSyFAKE-pipeline-0123456789abcdef"


@dataclass(frozen=True)
class InlinePart:
    mime_type: str
    data: bytes
    role: str | None


@dataclass(frozen=True)
class ReceivedRequest:
    """One request as the fake saw it (the API key removed from headers and query)."""

    path: str
    api_version: str | None
    model: str | None
    headers: dict[str, str]
    body: Any
    api_key_sent: bool

    @property
    def contents(self) -> list[dict]:
        return self.body.get("contents", []) if isinstance(self.body, dict) else []

    @property
    def generation_config(self) -> dict:
        return self.body.get("generationConfig", {}) if isinstance(self.body, dict) else {}

    def inline_parts(self) -> list[InlinePart]:
        found = []
        for content in self.contents:
            for part in content.get("parts", []):
                inline = _inline(part)
                if inline is not None:
                    mime, data = _mime_and_data(inline)
                    found.append(InlinePart(mime, _b64decode(data), content.get("role")))
        return found

    def texts(self) -> list[str]:
        return [
            part["text"]
            for content in self.contents
            for part in content.get("parts", [])
            if isinstance(part.get("text"), str)
        ]


class _Error(Exception):
    def __init__(self, code: int, message: str, details: list | None = None):
        super().__init__(message)
        self.code, self.message, self.details = code, message, details or []


def _inline(part: dict) -> dict | None:
    return part.get("inlineData") or part.get("inline_data")


def _mime_and_data(inline: dict) -> tuple[str, str]:
    """The REST API takes proto JSON: camelCase and snake_case names are both accepted."""
    return inline.get("mimeType") or inline.get("mime_type") or "", inline.get("data") or ""


def _b64decode(data: str) -> bytes:
    """Proto JSON bytes: standard or URL-safe alphabet (google-genai sends URL-safe), padding optional."""
    data = data.replace("-", "+").replace("_", "/")
    return base64.b64decode(data + "=" * (-len(data) % 4), validate=True)


def _number(value: Any) -> Any:
    """Ground truth keeps money as strings ("10.50"); the model answers numbers."""
    return Decimal(value) if isinstance(value, str) else value


def _dumps(answer: dict) -> str:
    """JSON with Decimals printed as numbers with their own digits, as a model prints them."""

    def mark(value: Any) -> str:
        if isinstance(value, Decimal):
            return f"{_RAW}{value}"
        raise TypeError(f"not JSON serializable: {type(value).__name__}")

    text = json.dumps(answer, default=mark)
    return re.sub(rf'"{_RAW}([-+0-9.eE]+)"', r"\1", text)


_NOTE_NUMBERS = {
    "gross_weight",
    "tare_weight",
    "net_weight",
    "quantity",
    "unit_price",
    "line_total",
}


def _boxes(truth: dict) -> list[dict]:
    """Where the values are printed, when the truth knows ({field, page, box_2d} entries, as
    Gemini answers them); a test document's embedded truth does not, and gets none."""
    return [dict(entry) for entry in truth.get("boxes") or []]


def is_note_truth(truth: dict) -> bool:
    return "dn_number" in truth


def note_answer_from_truth(truth: dict) -> dict:
    """What a good model answers, asked for a delivery note, for a note whose content is `truth`."""
    answer: dict[str, Any] = {"document_kind": "delivery_note", "not_delivery_note_reason": None}
    for field in NOTE_FIELDS:
        value = truth.get(field)
        answer[field] = _number(value) if field in _NOTE_NUMBERS else value
    answer["po_refs"] = list(truth.get("po_refs") or [])
    answer["lines"] = [
        {f: (_number(line.get(f)) if f in _NOTE_NUMBERS else line.get(f)) for f in NOTE_LINE_FIELDS}
        for line in truth.get("lines", [])
    ]
    answer["boxes"] = _boxes(truth)
    return answer


def not_a_delivery_note(kind: str, reason: str) -> dict:
    return {
        "document_kind": kind,
        "not_delivery_note_reason": reason,
        **{field: None for field in NOTE_FIELDS},
        "po_refs": [],
        "lines": [],
        "boxes": [],
    }


def answer_for(truth: dict | None, asked_for_note: bool) -> dict:
    """A good model's answer to the question asked (an order's schema or a note's)."""
    if asked_for_note:
        if truth is None:
            return not_a_delivery_note("other", "the document shows no delivery note")
        if not is_note_truth(truth):
            return not_a_delivery_note("purchase_order", "it is a purchase order")
        return note_answer_from_truth(truth)
    if truth is None:
        return not_a_purchase_order("the document shows no purchase order")
    if is_note_truth(truth):
        return not_a_purchase_order("it is a delivery note", kind="delivery_note")
    return answer_from_truth(truth)


def answer_from_truth(truth: dict) -> dict:
    """What a good model answers for a document whose content is `truth`."""
    answer: dict[str, Any] = {
        "document_kind": "purchase_order",
        "is_purchase_order": True,
        "not_purchase_order_reason": None,
    }
    for field in ORDER_FIELDS:
        answer[field] = truth.get(field)
    answer["items"] = [
        {f: (_number(item.get(f)) if f in NUMBER_FIELDS else item.get(f)) for f in ITEM_FIELDS}
        for item in truth.get("items", [])
    ]
    for field in ("subtotal", "allowances", "charges", "tax", "total"):
        answer[field] = _number(answer[field])
    answer["boxes"] = _boxes(truth)
    return answer


def not_a_purchase_order(reason: str, kind: str = "other") -> dict:
    return {
        "document_kind": kind,
        "is_purchase_order": False,
        "not_purchase_order_reason": reason,
        **{field: None for field in ORDER_FIELDS},
        "items": [],
        "boxes": [],
    }


class FakeGemini:
    """The fake server; `start()`/`stop()` or use it as a context manager."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        api_key: str | None = None,
        models: set[str] | None = None,
        default_truth: dict | None = None,
        require_temperature: float | None = 0.0,
    ):
        self.host, self.port = host, port
        self.api_key = api_key  # None: any non-empty key is accepted
        self.models = models  # None: any model name exists
        self.default_truth = default_truth
        self.require_temperature = require_temperature
        self._truths: dict[str, dict] = {}
        self._script: collections.deque[tuple[str, Any]] = collections.deque()
        self._unavailable: int | None = None
        self._requests: list[ReceivedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> FakeGemini:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = ThreadingHTTPServer((self.host, self.port), handler)
        self.port = self._server.server_address[1]
        self._stopping.clear()
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes hanging handlers
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeGemini:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- ground truth and script -------------------------------------------------------
    def expect(self, content_or_sha256: bytes | str, truth: dict) -> None:
        """Answer `truth` for inline data with these bytes (or this sha256 hex digest).
        For photos the key is the JPEG the extractor sends, not the uploaded file."""
        key = content_or_sha256
        if isinstance(key, bytes):
            key = hashlib.sha256(key).hexdigest()
        with self._lock:
            self._truths[key] = truth

    def status(self, code: int, message: str | None = None, times: int = 1) -> None:
        self._push("status", (code, message), times)

    def invalid_json(self, kind: str = "text", times: int = 1) -> None:
        """`text`: prose that is not JSON; `no_items`: JSON from truth without `items`."""
        if kind not in ("text", "no_items"):
            raise ValueError(kind)
        self._push("invalid_json", kind, times)

    def unavailable(self, code: int | None = 503) -> None:
        """Answer every request (generateContent and models.get) with `code` until called with
        None: an outage of the API, as opposed to `status`, which scripts single answers."""
        with self._lock:
            self._unavailable = code

    def _outage(self) -> None:
        with self._lock:
            code = self._unavailable
        if code is not None:
            raise _Error(code, DEFAULT_MESSAGES.get(code, f"fake error {code}"))

    def hang(self, seconds: float, times: int = 1) -> None:
        self._push("hang", seconds, times)

    def answer(self, data: dict, times: int = 1) -> None:
        self._push("answer", data, times)

    def _push(self, kind: str, arg: Any, times: int) -> None:
        with self._lock:
            self._script.extend([(kind, arg)] * times)

    def _next(self) -> tuple[str, Any] | None:
        with self._lock:
            return self._script.popleft() if self._script else None

    @property
    def requests(self) -> list[ReceivedRequest]:
        with self._lock:
            return list(self._requests)

    def _record(self, request: ReceivedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    # -- the API -------------------------------------------------------------------------
    def get_model(self, version: str, model: str) -> dict:
        """`models.get`: the Model resource (what a client asks to see whether the API answers)."""
        self._outage()
        if self.models is not None and model not in self.models:
            raise _Error(404, f"models/{model} is not found for API version {version}.")
        return {
            "name": f"models/{model}",
            "version": "001",
            "displayName": model,
            "inputTokenLimit": 1048576,
            "outputTokenLimit": 65536,
            "supportedGenerationMethods": ["generateContent", "countTokens"],
        }

    def generate_content(self, version: str, model: str, body: Any) -> dict:
        self._outage()
        if self.models is not None and model not in self.models:
            raise _Error(
                404,
                f"models/{model} is not found for API version {version}, "
                "or is not supported for generateContent.",
            )
        document = self._check_request(body)
        step = self._next()
        if step is not None and step[0] == "status":
            code, message = step[1]
            raise _Error(code, message or DEFAULT_MESSAGES.get(code, f"fake error {code}"))
        if step is not None and step[0] == "hang":
            self._stopping.wait(step[1])
        truth = self._truth(document)
        schema = (body.get("generationConfig") or {}).get("responseJsonSchema") or {}
        answer = answer_for(truth or None, "dn_number" in schema.get("properties", {}))
        if step is not None and step[0] == "answer":
            answer = step[1]
        text = _dumps(answer)
        if step is not None and step[0] == "invalid_json":
            if step[1] == "text":
                text = "Sure! Here is the purchase order: PO " + str(answer.get("po_number"))
            else:
                text = _dumps({k: v for k, v in answer.items() if k != "items"})
        return self._response(model, body, text)

    def _check_request(self, body: Any) -> InlinePart | None:
        """400s like Gemini's; returns the document (the first inline part of the first turn)."""
        if not isinstance(body, dict):
            raise _Error(400, "Invalid JSON payload received.")
        contents = body.get("contents")
        if not isinstance(contents, list) or not contents:
            raise _Error(400, "* GenerateContentRequest.contents: contents is not specified")
        document = None
        for i, content in enumerate(contents):
            parts = content.get("parts") if isinstance(content, dict) else None
            if not isinstance(parts, list) or not parts:
                raise _Error(
                    400,
                    f"* GenerateContentRequest.contents[{i}].parts: contents.parts must not be empty.",
                )
            if content.get("role") not in (None, "user", "model"):
                raise _Error(400, f"Please use a valid role: user, model (contents[{i}]).")
            for j, part in enumerate(parts):
                inline = _inline(part) if isinstance(part, dict) else None
                if inline is None:
                    if not isinstance(part, dict) or not isinstance(part.get("text"), str):
                        raise _Error(
                            400, f"contents[{i}].parts[{j}]: a part needs text or inline data"
                        )
                    continue
                mime, data = _mime_and_data(inline)
                if mime not in SUPPORTED_MIME_TYPES:
                    raise _Error(400, f"Unsupported MIME type: {mime}")
                try:
                    raw = _b64decode(data)
                except (binascii.Error, ValueError):
                    raise _Error(
                        400,
                        f"Invalid value at 'contents[{i}].parts[{j}].inline_data.data' (TYPE_BYTES), Base64 decoding failed",
                    ) from None
                if document is None:
                    document = InlinePart(mime, raw, content.get("role"))
        if contents[-1].get("role") == "model":
            raise _Error(
                400,
                "Please ensure that multiturn requests end with a user role or a function response.",
            )
        config = body.get("generationConfig") or {}
        has_schema = "responseSchema" in config, "responseJsonSchema" in config
        if all(has_schema):
            raise _Error(400, "responseSchema and responseJsonSchema cannot both be set.")
        if any(has_schema) and config.get("responseMimeType") != "application/json":
            raise _Error(400, "A response schema needs responseMimeType application/json.")
        # The extractor's contract, stricter than Gemini itself:
        if not any(has_schema) or config.get("responseMimeType") != "application/json":
            raise _Error(400, "fake Gemini: expected JSON structured output with a schema")
        if (
            self.require_temperature is not None
            and config.get("temperature") != self.require_temperature
        ):
            raise _Error(400, f"fake Gemini: expected temperature {self.require_temperature}")
        return document

    def _truth(self, document: InlinePart | None) -> dict | None:
        if document is None:
            return None
        with self._lock:
            known = self._truths.get(hashlib.sha256(document.data).hexdigest())
        if known is not None:
            return known
        if document.mime_type == "application/pdf":
            try:
                return read_payload(document.data)["order"]
            except Exception:
                return None
        return self.default_truth if document.mime_type.startswith("image/") else None

    @staticmethod
    def _response(model: str, body: dict, text: str) -> dict:
        media_tokens, text_chars = 0, 0
        for content in body["contents"]:
            for part in content["parts"]:
                inline = _inline(part)
                if inline is None:
                    text_chars += len(part.get("text", ""))
                    continue
                mime, data = _mime_and_data(inline)
                media_tokens += TOKENS_PER_PAGE * _page_count(mime, _b64decode(data))
        prompt_tokens = media_tokens + text_chars // 4
        answer_tokens = max(1, len(text) // 4)
        return {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": text}]},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {
                "promptTokenCount": prompt_tokens,
                "candidatesTokenCount": answer_tokens,
                "totalTokenCount": prompt_tokens + answer_tokens,
            },
            "modelVersion": model,
            "responseId": uuid.uuid4().hex[:22],
        }


def _page_count(mime_type: str, data: bytes) -> int:
    if mime_type != "application/pdf":
        return 1
    try:
        with pymupdf.open(stream=data, filetype="pdf") as doc:
            return max(1, doc.page_count)
    except Exception:
        return 1


class _Handler(BaseHTTPRequestHandler):
    fake: FakeGemini
    server_version = "FakeGemini/1.0"

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        self._serve(
            _PATH, body, lambda m: self.fake.generate_content(m["version"], m["model"], body)
        )

    def do_GET(self) -> None:
        self._serve(_MODEL_PATH, None, lambda m: self.fake.get_model(m["version"], m["model"]))

    def _serve(self, pattern: re.Pattern, body: Any, answer) -> None:
        url = urlsplit(self.path)
        key = self.headers.get("x-goog-api-key") or (parse_qs(url.query).get("key") or [None])[0]
        match = pattern.match(url.path)
        headers = {k: v for k, v in self.headers.items() if k.lower() != "x-goog-api-key"}
        self.fake._record(
            ReceivedRequest(
                path=url.path,
                api_version=match["version"] if match else None,
                model=match["model"] if match else None,
                headers=headers,
                body=body,
                api_key_sent=bool(key),
            )
        )
        try:
            if match is None:
                raise _Error(404, f"The requested URL {url.path} was not found on this server.")
            self._check_key(key)
            self._send(200, answer(match))
        except _Error as exc:
            status = GOOGLE_STATUS.get(exc.code, "UNKNOWN")
            error = {"code": exc.code, "message": exc.message, "status": status}
            if exc.details:
                error["details"] = exc.details
            self._send(exc.code, {"error": error})

    def _check_key(self, key: str | None) -> None:
        if not key:
            raise _Error(
                403,
                "Method doesn't allow unregistered callers (callers without established "
                "identity). Please use API Key or other form of API consumer identity to call this API.",
            )
        if self.fake.api_key is not None and key != self.fake.api_key:
            raise _Error(
                400,
                "API key not valid. Please pass a valid API key.",
                [
                    {
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason": "API_KEY_INVALID",
                        "domain": "googleapis.com",
                    }
                ],
            )

    def _send(self, code: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(code)
            self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout): as with the real API, nobody listens

    def log_message(self, format: str, *args: Any) -> None:
        pass


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--api-key", help="accept only this key (default: any non-empty key)")
    parser.add_argument("--default-truth", help="JSON file: the order every photo shows")
    args = parser.parse_args(argv)
    default_truth = None
    if args.default_truth:
        with open(args.default_truth) as f:
            default_truth = json.load(f)
    fake = FakeGemini(args.host, args.port, api_key=args.api_key, default_truth=default_truth)
    fake.start()
    print(fake.url, flush=True)
    try:
        fake._stopping.wait()
    except KeyboardInterrupt:
        pass
    finally:
        fake.stop()


if __name__ == "__main__":
    main()
