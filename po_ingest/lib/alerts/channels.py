"""Alert channels: Apprise URLs from PO_INGEST_ALERT_URLS, each with its routing (which kinds,
from which severity), and `send`, which delivers one message to one channel and says how it
went without a secret of the URL."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass

import apprise

from po_ingest.lib.alerts import apprise_plugins
from po_ingest.lib.alerts.model import Kind, Message, Severity, Transition
from po_ingest.lib.redact import redact

ENV_VAR = "PO_INGEST_ALERT_URLS"
MAX_ERROR_CHARS = 300
SEND_DEADLINE_SECONDS = 30.0  # a backstop over the plugins' own connect/read timeouts

# Whitespace, or a comma that starts a new entry: commas inside a URL (mailto's to=a,b) stay.
_ENTRY_SEPARATOR = re.compile(r"\s+|,\s*(?=(?:[a-z_+]+=)?(?i:[a-z][a-z0-9+.-]*)://)")
_ROUTE = re.compile(r"[a-z_+]+")
_KIND_NAMES = frozenset(Kind)
_SEVERITY_NAMES = frozenset(Severity)
_NOTIFY_TYPE = {
    Severity.INFO: apprise.NotifyType.INFO,
    Severity.WARNING: apprise.NotifyType.WARNING,
    Severity.CRITICAL: apprise.NotifyType.FAILURE,
}


@dataclass(frozen=True)
class Channel:
    url: str  # a secret: never logged, printed or stored
    label: str  # Apprise's privacy URL, redacted: safe to show and store
    kinds: frozenset[Kind] | None = None  # None: every kind
    min_severity: Severity = Severity.INFO

    def __repr__(self) -> str:
        return f"Channel({self.label!r})"

    def wants(self, message: Message) -> bool:
        """A test message goes everywhere; others by kind and minimum severity."""
        if message.kind is Kind.TEST:
            return True
        if self.kinds is not None and message.kind not in self.kinds:
            return False
        return message.severity.rank >= self.min_severity.rank


def parse_channels(text: str | None) -> list[Channel]:
    """The channels of a PO_INGEST_ALERT_URLS value (`URL` or `ROUTE=URL` entries); a
    ValueError, naming the entry by position and never quoting it, for one that is wrong."""
    entries = [entry for entry in _ENTRY_SEPARATOR.split((text or "").strip()) if entry]
    channels: dict[str, Channel] = {}
    for position, entry in enumerate(entries, start=1):
        where = f"entry {position} of {ENV_VAR}"
        kinds, min_severity, url = _split_route(entry, where)
        plugin = apprise_plugins.load(url)
        if plugin is None:
            raise ValueError(f"{where} is not a URL Apprise knows")
        channel = Channel(url, apprise_plugins.privacy_label(url, plugin), kinds, min_severity)
        earlier = channels.setdefault(url, channel)
        if earlier != channel:
            raise ValueError(f"{where} repeats the URL of an earlier entry with other routing")
    return list(channels.values())


def channels_from_env() -> list[Channel]:
    return parse_channels(os.environ.get(ENV_VAR))


def _split_route(entry: str, where: str) -> tuple[frozenset[Kind] | None, Severity, str]:
    route, sep, url = entry.partition("=")
    if not sep or "://" in route or "://" not in url:
        return None, Severity.INFO, entry
    if not _ROUTE.fullmatch(route):
        raise ValueError(f"{where}: the routing before '=' may only hold names joined by '+'")
    kinds, severities = set(), []
    for selector in route.split("+"):
        if selector in _KIND_NAMES:
            kinds.add(Kind(selector))
        elif selector in _SEVERITY_NAMES:
            severities.append(Severity(selector))
        else:
            raise ValueError(
                f"{where}: {selector!r} is neither a kind ({', '.join(Kind)})"
                f" nor a severity ({', '.join(Severity)})"
            )
    if len(severities) > 1:
        raise ValueError(f"{where} names {len(severities)} severities; at most one is allowed")
    return frozenset(kinds) or None, severities[0] if severities else Severity.INFO, url


@dataclass(frozen=True)
class SendResult:
    channel: str  # the channel's label
    ok: bool
    error: str | None = None  # why it failed: redacted, at most MAX_ERROR_CHARS


def send(channel: Channel, message: Message) -> SendResult:
    """Deliver `message` through `channel` (one Apprise object, this URL only). Never raises
    for a failed delivery: the result says why, without a secret of the URL."""
    secrets = apprise_plugins.secrets_of(channel.url, None)
    try:
        plugin = apprise_plugins.load_bounded(channel.url)
        secrets = apprise_plugins.secrets_of(channel.url, plugin)
        if plugin is None:
            return _failed(channel, "Apprise cannot read the channel's URL", secrets)
        notifier = apprise.Apprise()
        notifier.add(plugin)
        with apprise_plugins.masking(secrets):
            result = notifier.notify(
                title=message.title,
                body=message.body,
                notify_type=_notify_type(message),
                body_format=apprise.NotifyFormat.TEXT,
                timeout=SEND_DEADLINE_SECONDS,
                log_level=logging.DEBUG,
            )
        if result:
            return SendResult(channel.label, ok=True)
        reasons = apprise_plugins.failure_reasons(result)
        return _failed(channel, "; ".join(reasons) or f"Apprise: {result.status}", secrets)
    except Exception as exc:  # a plugin's bug must not stop the other channels
        return _failed(channel, f"{exc.__class__.__name__}: {exc}", secrets)


def _notify_type(message: Message) -> apprise.NotifyType:
    if message.transition is Transition.CLEARED:
        return apprise.NotifyType.SUCCESS
    return _NOTIFY_TYPE[message.severity]


def _failed(channel: Channel, reason: str, secrets: tuple[str, ...]) -> SendResult:
    text = redact(reason, secrets)
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 1] + "…"
    return SendResult(channel.label, ok=False, error=text)
