"""Real receivers on loopback for alert tests: an SMTP server (aiosmtpd, AUTH over plain SMTP)
and an HTTP(S) webhook server recording each request, plus `slack_endpoint` to point
Apprise's Slack plugin at one.

    with SmtpReceiver() as smtp, WebhookReceiver(tls=True) as hook:
        send(parse_channels(smtp.apprise_url())[0], message)
        smtp.wait_for(1)
"""

from __future__ import annotations

import contextlib
import email
import email.message
import json
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from apprise.plugins.slack import NotifySlack

SMTP_USER = "alerts"
SMTP_PASSWORD = "s3cret-smtp-pass"
LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def _wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


class _Receiver:
    """Started by `with` and stopped at its end; `stop()` also takes it down early."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class _CollectingHandler:
    def __init__(self, receiver: SmtpReceiver):
        self._receiver = receiver

    async def handle_DATA(self, server, session, envelope) -> str:
        self._receiver._add(email.message_from_bytes(envelope.original_content or b""))
        return "250 Message accepted for delivery"


class SmtpReceiver(_Receiver):
    """An SMTP server on a free loopback port offering AUTH LOGIN/PLAIN without TLS for
    `user`/`password` (a wrong password is refused); `messages` holds each mail received as
    an `email.message.Message`."""

    def __init__(self, user: str = SMTP_USER, password: str = SMTP_PASSWORD):
        self.user = user
        self.password = password
        self.port = free_port()
        self.messages: list[email.message.Message] = []
        self.logins = 0  # successful AUTH: proves the client sent the password
        self.failed_logins = 0
        self._lock = threading.Lock()
        self._controller: Controller | None = None
        self._running = False

    def _authenticate(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == self.user
            and auth_data.password.decode() == self.password
        )
        with self._lock:
            if ok:
                self.logins += 1
            else:
                self.failed_logins += 1
        return AuthResult(success=ok, handled=False)

    def _add(self, message: email.message.Message) -> None:
        with self._lock:
            self.messages.append(message)

    def start(self) -> SmtpReceiver:
        """Serving on its port (again, after `stop()`: the server back up)."""
        self._controller = Controller(
            _CollectingHandler(self),
            hostname=LOOPBACK,
            port=self.port,
            authenticator=self._authenticate,
            auth_require_tls=False,
        )
        self._controller.start()
        self._running = True
        return self

    def stop(self) -> None:
        if self._running:
            self._running = False
            self._controller.stop()

    def apprise_url(
        self, to: str = "ops@example.com", sender: str = "po-ingest@example.com"
    ) -> str:
        """Plain SMTP (`mode=insecure`: no STARTTLS) to this server, with AUTH."""
        return (
            f"mailto://{self.user}:{self.password}@{LOOPBACK}:{self.port}"
            f"?mode=insecure&from={sender}&to={to}"
        )

    def wait_for(self, count: int, timeout: float = 10.0) -> list[email.message.Message]:
        """The messages once at least `count` arrived; AssertionError after `timeout`."""
        if not _wait_until(lambda: len(self.messages) >= count, timeout):
            raise AssertionError(f"{len(self.messages)} of {count} mails arrived in {timeout} s")
        with self._lock:
            return list(self.messages)


@dataclass(frozen=True)
class ReceivedRequest:
    method: str
    path: str  # with the query string
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def route(self) -> str:
        return urlsplit(self.path).path


class _RecordingHandler(BaseHTTPRequestHandler):
    server: _Server

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        receiver = self.server.receiver
        receiver._add(ReceivedRequest("POST", self.path, dict(self.headers.items()), body))
        status, text = receiver.status, receiver.answer
        payload = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format, *args) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    receiver: WebhookReceiver


class WebhookReceiver(_Receiver):
    """An HTTP server on a free loopback port (HTTPS with a self-signed certificate when
    `tls`), recording every POST in `requests`; it answers `status` with `answer` ("ok" is
    what Slack's webhooks answer)."""

    def __init__(self, tls: bool = True):
        self.tls = tls
        self.status = 200
        self.answer = "ok"
        self.requests: list[ReceivedRequest] = []
        self._lock = threading.Lock()
        self._server = _Server((LOOPBACK, 0), _RecordingHandler)
        self._server.receiver = self
        self.port = self._server.server_address[1]
        self._thread: threading.Thread | None = None
        if tls:
            self._server.socket = _tls_context().wrap_socket(self._server.socket, server_side=True)

    @property
    def host(self) -> str:
        return f"{LOOPBACK}:{self.port}"

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://{self.host}"

    def _add(self, request: ReceivedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def start(self) -> WebhookReceiver:
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join()
            self._thread = None
        self._server.server_close()

    def wait_for(self, count: int, timeout: float = 10.0) -> list[ReceivedRequest]:
        if not _wait_until(lambda: len(self.requests) >= count, timeout):
            raise AssertionError(f"{len(self.requests)} of {count} requests in {timeout} s")
        with self._lock:
            return list(self.requests)


def _tls_context() -> ssl.SSLContext:
    with tempfile.TemporaryDirectory() as tmp:
        cert, key = Path(tmp, "cert.pem"), Path(tmp, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
            + ["-subj", f"/CN={LOOPBACK}", "-keyout", str(key), "-out", str(cert)],
            check=True,
            capture_output=True,
        )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
    return context


@contextlib.contextmanager
def slack_endpoint(url: str) -> Iterator[None]:
    """Slack webhooks go to NotifySlack.webhook_url (a fixed https://hooks.slack.com base):
    point it at `url` (e.g. a WebhookReceiver's `url`) for the block, then restore it."""
    original = NotifySlack.webhook_url
    NotifySlack.webhook_url = url.rstrip("/") + "/services"
    try:
        yield
    finally:
        NotifySlack.webhook_url = original
