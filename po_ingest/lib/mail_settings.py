"""The mailbox intake's settings, from PO_INGEST_MAIL_* (read when a tick starts)."""

from __future__ import annotations

import os
import ssl
from dataclasses import dataclass, field

from po_ingest.lib.intake import UploadRejected, check_batch_type

DEFAULT_FOLDERS = "INBOX=purchase_orders"
DEFAULT_MAX_PER_TICK = 20
DEFAULT_POLL_SECONDS = 30
SECURITY_PORTS = {"tls": 993, "starttls": 143}


class MailSettingsError(ValueError):
    """A PO_INGEST_MAIL_* value that cannot be used; the message names it."""


def _folders(raw: str) -> dict[str, str]:
    """`INBOX=purchase_orders,Deliveries=delivery_notes` → folder: batch type."""
    folders: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in raw.split(","))):
        folder, sep, batch_type = (s.strip() for s in item.rpartition("="))
        if not sep or not folder:
            raise MailSettingsError(f"PO_INGEST_MAIL_FOLDERS: {item!r} is not FOLDER=batch_type")
        try:
            check_batch_type(batch_type)
        except UploadRejected as exc:
            raise MailSettingsError(f"PO_INGEST_MAIL_FOLDERS: {exc}") from exc
        folders[folder] = batch_type
    return folders or _folders(DEFAULT_FOLDERS)


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError as exc:
        raise MailSettingsError(f"{name}={raw!r} is not a whole number") from exc


@dataclass(frozen=True)
class MailSettings:
    host: str
    user: str
    password: str = field(repr=False)
    port: int = 993
    security: str = "tls"
    folders: dict[str, str] = field(default_factory=lambda: _folders(DEFAULT_FOLDERS))
    # Lower-case addresses and `@domain`s; empty: everyone may send.
    allowed_senders: tuple[str, ...] = ()
    max_per_tick: int = DEFAULT_MAX_PER_TICK
    verify_tls: bool = True
    ca_file: str | None = None

    @classmethod
    def from_env(cls) -> MailSettings | None:
        """None when PO_INGEST_MAIL_HOST is unset: the mailbox intake is off."""
        host = os.environ.get("PO_INGEST_MAIL_HOST", "").strip()
        if not host:
            return None
        security = os.environ.get("PO_INGEST_MAIL_SECURITY", "").strip().lower() or "tls"
        if security not in SECURITY_PORTS:
            raise MailSettingsError(f"PO_INGEST_MAIL_SECURITY={security!r}: tls or starttls")
        allowed = os.environ.get("PO_INGEST_MAIL_ALLOWED_SENDERS", "")
        verify = os.environ.get("PO_INGEST_MAIL_VERIFY_TLS", "1").strip().lower()
        return cls(
            host=host,
            user=os.environ.get("PO_INGEST_MAIL_USER", "").strip(),
            password=os.environ.get("PO_INGEST_MAIL_PASSWORD", ""),
            port=_int("PO_INGEST_MAIL_PORT", SECURITY_PORTS[security]),
            security=security,
            folders=_folders(os.environ.get("PO_INGEST_MAIL_FOLDERS", DEFAULT_FOLDERS)),
            allowed_senders=tuple(a.strip().lower() for a in allowed.split(",") if a.strip()),
            max_per_tick=max(1, _int("PO_INGEST_MAIL_MAX_PER_TICK", DEFAULT_MAX_PER_TICK)),
            verify_tls=verify not in {"0", "false", "no", "off"},
            ca_file=os.environ.get("PO_INGEST_MAIL_CA_FILE", "").strip() or None,
        )

    def allows(self, sender: str) -> bool:
        """Everyone when no list is set; else the address itself or its `@domain`."""
        if not self.allowed_senders:
            return True
        sender = sender.strip().lower()
        domain = "@" + sender.rpartition("@")[2] if "@" in sender else None
        return sender in self.allowed_senders or domain in self.allowed_senders

    def ssl_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=self.ca_file)
        if not self.verify_tls:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return context


def poll_seconds() -> int:
    return max(1, _int("PO_INGEST_MAIL_POLL_SECONDS", DEFAULT_POLL_SECONDS))
