"""Error text that is safe to store and show: secrets masked, length capped."""

from __future__ import annotations

import os
import re

MAX_ERROR_CHARS = 2000

_PATTERNS = [
    # key=value / key: value pairs whose name says secret
    re.compile(
        r"(?i)((?:api[_-]?key|apikey|token|secret|password|passwd|pwd|authorization|x-goog-api-key)"
        r"[\"']?\s*[:=]\s*[\"']?)(?:bearer\s+)?[^\s\"'&,;]+"
    ),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+"),
    re.compile(r"(?i)([?&](?:key|token|access_token)=)[^&\s]+"),
    # credentials in URLs: scheme://user:password@host
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^/\s:@]+:)[^@\s/]+(?=@)"),
    # Google API keys and long opaque tokens even without a label
    re.compile(r"()AIza[0-9A-Za-z_-]{20,}"),
    re.compile(r"()\b(?:sk|pk|ghp|gho|xox[abp])[-_][A-Za-z0-9_-]{16,}"),
]


# The product's own secrets, masked wherever they appear, whatever their shape: a key that
# matches none of the patterns (another provider's format, a proxy's token) is still caught.
SECRET_ENV_VARS = (
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "PO_INGEST_API_TOKEN",
    "PO_INGEST_MAIL_PASSWORD",
)
_MIN_SECRET_CHARS = 8


def configured_secrets() -> tuple[str, ...]:
    """The values of SECRET_ENV_VARS that are set (read now: tests and runs set them late)."""
    values = (os.environ.get(name, "").strip() for name in SECRET_ENV_VARS)
    return tuple(v for v in values if len(v) >= _MIN_SECRET_CHARS)


def redact(text: str, secrets: tuple[str, ...] = ()) -> str:
    """Mask anything that looks like a credential, every literal in `secrets`, and the
    configured secrets (SECRET_ENV_VARS)."""
    for secret in sorted({*secrets, *configured_secrets()}, key=len, reverse=True):
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + "***", text)
    return text


def safe_error(
    error: BaseException | str, secrets: tuple[str, ...] = (), max_chars: int = MAX_ERROR_CHARS
) -> str:
    """`last_error` text: `Type: message`, redacted, at most `max_chars` characters."""
    if isinstance(error, BaseException):
        message = str(error) or error.__class__.__name__
        text = f"{error.__class__.__name__}: {message}"
    else:
        text = error
    text = redact(text, secrets)
    if len(text) > max_chars:
        text = text[: max_chars - 1] + "…"
    return text
