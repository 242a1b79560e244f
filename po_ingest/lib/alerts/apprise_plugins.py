"""Apprise plugins as the channels use them: loaded quietly, with bounded timeouts, their
secrets known, and every record of the `apprise` logger masked of those secrets."""

from __future__ import annotations

import contextlib
import contextvars
import logging
from collections.abc import Iterator
from urllib.parse import parse_qs, quote, unquote, urlsplit

import apprise

from po_ingest.lib.redact import redact

CONNECT_TIMEOUT_SECONDS = 4.0
READ_TIMEOUT_SECONDS = 8.0

_EXCEPTION = "Socket Exception:"
_LOGGERS = ("apprise", "urllib3.connectionpool")  # urllib3 logs request paths (Slack's tokens)
_secrets: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar(
    "po_ingest_alert_secrets", default=()
)
_quiet: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "po_ingest_alert_quiet", default=False
)


class _MaskSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if _quiet.get():
            return False
        record.msg = redact(record.getMessage(), _secrets.get())
        record.args = None
        return True


_FILTER = _MaskSecrets()
for _name in _LOGGERS:
    logging.getLogger(_name).addFilter(_FILTER)


def load(url: str) -> apprise.plugins.NotifyBase | None:
    """The plugin for `url`, or None if Apprise cannot read it; nothing is logged, since a
    URL Apprise cannot read has secrets it cannot mask."""
    with _set(_quiet, True):
        return apprise.Apprise.instantiate(url)


def load_bounded(url: str) -> apprise.plugins.NotifyBase | None:
    """The plugin with conservative connect/read timeouts unless the URL sets cto/rto (e-mail
    uses the connect timeout for every SMTP operation, otherwise 15 s)."""
    plugin = load(url)
    if plugin is not None:
        given = {key.lower() for key in parse_qs(urlsplit(url).query)}
        if "cto" not in given:
            plugin.socket_connect_timeout = CONNECT_TIMEOUT_SECONDS
        if "rto" not in given:
            plugin.socket_read_timeout = READ_TIMEOUT_SECONDS
    return plugin


def secrets_of(url: str, plugin: apprise.plugins.NotifyBase | None) -> tuple[str, ...]:
    """The URL, and each of its components Apprise calls private (passwords, tokens, keys),
    as written and percent-decoded."""
    found = {url, unquote(url)}
    if plugin is not None:
        specs = {**plugin.template_tokens, **plugin.template_args}
        names = {"password"} | {
            spec.get("map_to", name) for name, spec in specs.items() if spec.get("private")
        }
        for name in names:
            value = getattr(plugin, name, None)
            values = value if isinstance(value, list | tuple | set) else (value,)
            for item in values:
                if isinstance(item, str) and item:
                    found |= {item, quote(item, safe=""), unquote(item)}
    return tuple(found)


def privacy_label(url: str, plugin: apprise.plugins.NotifyBase) -> str:
    """Apprise's privacy URL, redacted of the private components (not of the whole URL: the
    label of a URL without secrets is the URL, and masking it would leave nothing)."""
    components = set(secrets_of(url, plugin)) - {url, unquote(url)}
    return redact(plugin.url(privacy=True), tuple(components))


def failure_reasons(result: apprise.AppriseResult) -> list[str]:
    """What Apprise logged about a failed call: its warnings and errors, and the exceptions it
    logs only at DEBUG ("Socket Exception: [Errno 111] Connection refused")."""
    return [
        entry.message
        for entry in result.logs()
        if entry.level not in ("DEBUG", "TRACE", "INFO") or entry.message.startswith(_EXCEPTION)
    ]


@contextlib.contextmanager
def masking(secrets: tuple[str, ...]) -> Iterator[None]:
    """While the block runs (and in the threads Apprise starts from it), `apprise` and
    urllib3 log records have these secrets masked."""
    with _set(_secrets, (*_secrets.get(), *secrets)):
        yield


@contextlib.contextmanager
def _set(var: contextvars.ContextVar, value) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)
