"""Gemini structured output through google-genai: a PDF or a photo in, a validated order out.

Short HTTP retries (429/5xx, timeouts) happen inside one extract() call; the queue owns the
long 1- and 5-minute backoffs. An answer that does not parse or validate is re-asked once.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import time
from decimal import Decimal

from google import genai
from google.genai import errors, types

from po_ingest.lib.extraction.base import (
    Document,
    PermanentExtractionError,
    TransientExtractionError,
)
from po_ingest.lib.extraction.documents import IMAGE_TYPES, image_for_model, open_pdf
from po_ingest.lib.extraction.gemini_schema import reask_message
from po_ingest.lib.extraction.grounding import printed_keys
from po_ingest.lib.extraction.model_boxes import image_page_size, model_provenance
from po_ingest.lib.extraction.model_gate import ModelGate, ModelUnavailableError
from po_ingest.lib.extraction.questions import InvalidAnswer, Question, question_for
from po_ingest.lib.models import ExtractionRecord
from po_ingest.lib.redact import redact

# The newest GA ("stable") Flash model of the Gemini API; override per deployment.
DEFAULT_GEMINI_MODEL = "gemini-3.8-flash"
RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504]
_MAX_DETAIL_CHARS = 300
# The outage probe asks once, briefly: it only has to tell whether the API answers.
_PROBE_TIMEOUT_MS = 5_000


def _network_errors() -> tuple[type[BaseException], ...]:
    """Transport failures of whichever HTTP stack google-genai uses (httpx or its fork httpx2)."""
    found: list[type[BaseException]] = [OSError]
    for module_name in ("httpx", "httpx2"):
        try:
            found.append(importlib.import_module(module_name).RequestError)
        except ImportError:
            continue
    return tuple(found)


_NETWORK_ERRORS = _network_errors()


class GeminiExtractor:
    name = "gemini"

    def __init__(
        self,
        api_key: str,
        model: str = DEFAULT_GEMINI_MODEL,
        base_url: str | None = None,
        timeout_seconds: float = 60,
        http_attempts: int = 3,
        default_currency: str = "EUR",
        temperature: float | None = 0,
        gate: ModelGate | None = None,
    ):
        if not api_key:
            raise PermanentExtractionError("GEMINI_API_KEY is not set")
        self.model = model
        self.default_currency = default_currency
        self._gate = gate
        self._secrets = (api_key,)
        retry = types.HttpRetryOptions(
            attempts=max(1, http_attempts),
            initial_delay=0.5,
            max_delay=4,
            http_status_codes=RETRY_STATUS_CODES,
        )
        self._client = genai.Client(
            api_key=api_key,
            vertexai=False,
            http_options=types.HttpOptions(
                base_url=base_url, timeout=int(timeout_seconds * 1000), retry_options=retry
            ),
        )
        self._temperature = temperature

    def _config(self, asked: Question) -> types.GenerateContentConfig:
        return types.GenerateContentConfig(
            temperature=self._temperature,
            response_mime_type="application/json",
            response_json_schema=asked.schema,
        )

    def extract(self, document: Document) -> ExtractionRecord:
        """The document read as its batch type's model (an order, a delivery note)."""
        started = time.monotonic()
        asked = question_for(document.batch_type)
        part, pages = self._document_part(document)
        question = types.Content(
            role="user", parts=[part, types.Part.from_text(text=asked.instructions)]
        )
        if self._gate is not None:
            self._gate.admit(self._probe)
        tokens = [0, 0]
        response = self._generate([question], tokens, asked)
        try:
            read, boxes = self._parse(response, asked)
        except InvalidAnswer as first:
            follow_up = types.Content(
                role="user", parts=[types.Part.from_text(text=reask_message(str(first)))]
            )
            contents = [question, self._model_turn(response), follow_up]
            response = self._generate(contents, tokens, asked)
            try:
                read, boxes = self._parse(response, asked)
            except InvalidAnswer as second:
                raise TransientExtractionError(
                    self._short(f"model output invalid after one re-ask: {second}")
                ) from None
        return asked.result(
            read,
            extractor=self.name,
            model=self.model,
            accepted=True,
            warnings=asked.warnings(read),
            input_tokens=tokens[0],
            output_tokens=tokens[1],
            duration_ms=int((time.monotonic() - started) * 1000),
            provenance=model_provenance(boxes, printed_keys(read, asked.shape), pages),
        )

    def close(self) -> None:
        self._client.close()

    def _document_part(self, document: Document) -> tuple[types.Part, list[tuple[float, float]]]:
        """What the model is sent, and each page's size in provenance units."""
        content_type = document.content_type.split(";")[0].strip().lower()
        if content_type == "application/pdf":
            # Corrupt, encrypted, too many pages: permanent.
            with open_pdf(document.content) as pdf:
                pages = [(page.rect.width, page.rect.height) for page in pdf]
            part = types.Part.from_bytes(data=document.content, mime_type="application/pdf")
            return part, pages
        if content_type in IMAGE_TYPES:
            image = image_for_model(document.content)
            part = types.Part.from_bytes(data=image.data, mime_type=image.mime_type)
            return part, [image_page_size(*image.source_size)]
        raise PermanentExtractionError(
            f"unsupported file type {content_type!r}: upload a PDF, JPEG, PNG or WEBP"
        )

    def _call(self, request):
        """One API request; unavailability (unreachable, 429, 5xx, timeout) as
        ModelUnavailableError, told to the outage gate; any answer tells it the model is up."""
        try:
            response = request()
        except errors.APIError as exc:
            error = self._api_error(exc)
        except _NETWORK_ERRORS as exc:
            error = ModelUnavailableError(
                self._short(f"Gemini unreachable: {type(exc).__name__}: {exc}")
            )
        else:
            if self._gate is not None:
                self._gate.answered()
            return response
        if self._gate is not None:
            if isinstance(error, ModelUnavailableError):
                error = self._gate.failed(error)
            else:
                self._gate.answered()  # a refusal is an answer
        raise error

    def _probe(self) -> None:
        """Does the API answer? (GET the model: no document, no tokens.) Any answer counts."""
        options = types.HttpOptions(
            timeout=_PROBE_TIMEOUT_MS, retry_options=types.HttpRetryOptions(attempts=1)
        )
        with contextlib.suppress(PermanentExtractionError):
            self._call(
                lambda: self._client.models.get(
                    model=self.model, config=types.GetModelConfig(http_options=options)
                )
            )

    def _generate(
        self, contents: list[types.Content], tokens: list[int], asked: Question
    ) -> types.GenerateContentResponse:
        config = self._config(asked)
        response = self._call(
            lambda: self._client.models.generate_content(
                model=self.model, contents=contents, config=config
            )
        )
        usage = response.usage_metadata
        if usage is not None:
            tokens[0] += usage.prompt_token_count or 0
            # Thinking tokens are billed as output: count them with the answer.
            tokens[1] += (usage.candidates_token_count or 0) + (usage.thoughts_token_count or 0)
        return response

    def _api_error(self, exc: errors.APIError) -> Exception:
        code, status = exc.code, exc.status or ""
        detail = self._short(exc.message or str(exc))
        if code in RETRY_STATUS_CODES or code >= 500:
            return ModelUnavailableError(f"Gemini unavailable ({code} {status}): {detail}")
        key_invalid = code == 400 and ("API_KEY_INVALID" in str(exc) or "API key" in detail)
        if code in (401, 403) or key_invalid:
            return PermanentExtractionError(
                f"Gemini rejected the API key: check GEMINI_API_KEY ({code} {status})"
            )
        if code == 404:
            return PermanentExtractionError(
                f"Gemini does not know the model {self.model!r} (404): {detail}"
            )
        return PermanentExtractionError(f"Gemini refused the document ({code} {status}): {detail}")

    def _parse(self, response: types.GenerateContentResponse, asked: Question):
        feedback = response.prompt_feedback
        if feedback is not None and feedback.block_reason:
            raise PermanentExtractionError(
                f"Gemini refused the document: blocked ({feedback.block_reason})"
            )
        text = response.text
        if not text:
            finish = response.candidates[0].finish_reason if response.candidates else None
            raise InvalidAnswer(f"empty answer (finish reason {finish})")
        try:
            data = json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError as exc:
            raise InvalidAnswer(f"not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise InvalidAnswer("expected one JSON object")
        boxes = data.pop("boxes", None)
        try:
            return asked.read(data, self.default_currency), boxes
        except PermanentExtractionError as exc:
            raise PermanentExtractionError(self._short(str(exc))) from None

    @staticmethod
    def _model_turn(response: types.GenerateContentResponse) -> types.Content:
        """The model's own answer as the conversation's `model` turn (thought signatures kept)."""
        if response.candidates and response.candidates[0].content:
            content = response.candidates[0].content
            if content.parts:
                return types.Content(role="model", parts=content.parts)
        return types.Content(role="model", parts=[types.Part.from_text(text=response.text or "")])

    def _short(self, text: str) -> str:
        text = " ".join(redact(text, secrets=self._secrets).split())
        if len(text) > _MAX_DETAIL_CHARS:
            text = text[: _MAX_DETAIL_CHARS - 1] + "…"
        return text
