"""A real IMAP server for mailbox tests: Debian's Dovecot with a throw-away configuration in a
temp dir (no system path, nothing shared with a system Dovecot), listening only on loopback:
IMAPS (implicit TLS) and IMAP with STARTTLS, one user, a self-signed certificate made by the
`openssl` CLI, maildir mail under the temp dir.

    with ImapServer() as imap:
        imap.deliver(message)              # IMAP APPEND, as any client would
        imap.folder_messages("Processed")  # what is in a folder now

As root, Dovecot's own processes run as its unprivileged users (`dovecot`, `dovenull`) and
the mail as `nobody`; as anyone else Dovecot runs rootless, all as the current user.
"""

from __future__ import annotations

import email.message
import grp
import os
import pwd
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Self

from imap_tools import MailBox, MailMessage

from po_ingest_tests.support.alert_receivers import LOOPBACK, free_port
from po_ingest_tests.support.prerequisites import DOVECOT

IMAP_USER = "orders@example.com"
IMAP_PASSWORD = "imap-test-Passw0rd!"
_START_TIMEOUT = 15.0


def _unprivileged() -> dict[str, str]:
    """Who Dovecot's processes and the mail run as."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.getuid())
        group = grp.getgrgid(os.getgid()).gr_name
        return {"internal": me.pw_name, "login": me.pw_name, "mail": me.pw_name, "group": group}
    mail = pwd.getpwnam("nobody")
    return {
        "internal": "dovecot",
        "login": "dovenull",
        "mail": mail.pw_name,
        "group": grp.getgrgid(mail.pw_gid).gr_name,
    }


def _config(root: Path, imaps_port: int, imap_port: int, users: dict[str, str]) -> str:
    mail = pwd.getpwnam(users["mail"])
    return f"""
instance_name = po-ingest-test-{imaps_port}
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
protocols = imap
listen = {LOOPBACK}
default_internal_user = {users["internal"]}
default_internal_group = {grp.getgrgid(pwd.getpwnam(users["internal"]).pw_gid).gr_name}
default_login_user = {users["login"]}
first_valid_uid = 1
ssl = yes
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes
auth_mechanisms = plain login
mail_location = maildir:{root}/mail/%n
mail_home = {root}/mail/%n
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={mail.pw_uid} gid={mail.pw_gid} home={root}/mail/%n
}}
service imap-login {{
  inet_listener imap {{
    address = {LOOPBACK}
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = {LOOPBACK}
    port = {imaps_port}
    ssl = yes
  }}
}}
service stats {{
  inet_listener http {{
    port = 0
  }}
}}
"""


def _port_answers(port: int) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5):
            return True
    except OSError:
        return False


class ImapServer:
    """Dovecot on free loopback ports: `port` (IMAPS), `starttls_port` (IMAP + STARTTLS);
    `user`/`password` log in; `ca_file` is the self-signed certificate to trust."""

    def __init__(self, user: str = IMAP_USER, password: str = IMAP_PASSWORD):
        self.user, self.password = user, password
        self.port, self.starttls_port = free_port(), free_port()
        self.root = Path(tempfile.mkdtemp(prefix="po-ingest-imap-"))
        self.ca_file = str(self.root / "cert.pem")
        self._process: subprocess.Popen | None = None

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> Self:
        if not Path(DOVECOT).exists():
            raise RuntimeError(f"{DOVECOT} is missing (Debian: dovecot-imapd)")
        users = _unprivileged()
        self.root.chmod(0o755)  # the mail processes (another user, as root) reach mail/
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
            + ["-subj", "/CN=localhost", "-addext", f"subjectAltName=IP:{LOOPBACK},DNS:localhost"]
            + ["-keyout", str(self.root / "key.pem"), "-out", self.ca_file],
            check=True,
            capture_output=True,
        )
        (self.root / "key.pem").chmod(0o600)
        (self.root / "passwd").write_text(f"{self.user}:{{PLAIN}}{self.password}\n")
        (self.root / "passwd").chmod(0o600)
        internal = pwd.getpwnam(users["internal"])  # the auth process reads it
        os.chown(self.root / "passwd", internal.pw_uid, internal.pw_gid)
        mail = self.root / "mail"
        mail.mkdir()
        mail_user = pwd.getpwnam(users["mail"])
        os.chown(mail, mail_user.pw_uid, mail_user.pw_gid)
        conf = self.root / "dovecot.conf"
        conf.write_text(_config(self.root, self.port, self.starttls_port, users))
        self._process = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=open(self.root / "stderr.log", "wb"),  # noqa: SIM115 - the child keeps it
            start_new_session=True,
        )
        deadline = time.monotonic() + _START_TIMEOUT
        while not (_port_answers(self.port) and _port_answers(self.starttls_port)):
            if self._process.poll() is not None or time.monotonic() > deadline:
                log = self.log()
                self.stop()
                raise RuntimeError(f"dovecot did not come up on {self.port}: {log[-2000:]}")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        """Kill the whole process group (master, login, auth, imap) and remove the temp dir."""
        if self._process is not None and self._process.poll() is None:
            try:
                os.killpg(self._process.pid, signal.SIGTERM)
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self._process.pid, signal.SIGKILL)
                self._process.wait(timeout=5)
            except ProcessLookupError:
                pass
        self._process = None
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def log(self) -> str:
        texts = [p.read_text(errors="replace") for p in self.root.glob("*.log") if p.is_file()]
        return "\n".join(texts)

    # -- the product's settings and a client -----------------------------------------
    def env(self, **extra: str) -> dict[str, str]:
        """PO_INGEST_MAIL_* pointing the mailbox intake at this server (IMAPS, CA pinned)."""
        return {
            "PO_INGEST_MAIL_HOST": LOOPBACK,
            "PO_INGEST_MAIL_PORT": str(self.port),
            "PO_INGEST_MAIL_USER": self.user,
            "PO_INGEST_MAIL_PASSWORD": self.password,
            "PO_INGEST_MAIL_SECURITY": "tls",
            "PO_INGEST_MAIL_CA_FILE": self.ca_file,
            **extra,
        }

    def mailbox(self) -> MailBox:
        """A logged-in imap-tools client (IMAPS, trusting only this server's certificate)."""
        context = ssl.create_default_context(cafile=self.ca_file)
        return MailBox(LOOPBACK, self.port, ssl_context=context).login(self.user, self.password)

    def deliver(self, message: email.message.EmailMessage, folder: str = "INBOX") -> None:
        """APPEND the message to `folder` (created when missing), unseen."""
        with self.mailbox() as box:
            if folder != "INBOX" and not box.folder.exists(folder):
                box.folder.create(folder)
            box.append(message.as_bytes(), folder, flag_set=())

    def folder_messages(self, folder: str) -> list[MailMessage]:
        """The messages in `folder` now, headers only, oldest first ([] if it does not exist)."""
        with self.mailbox() as box:
            if not box.folder.exists(folder):
                return []
            box.folder.set(folder, readonly=True)
            return list(box.fetch(headers_only=True, mark_seen=False, bulk=True))

    def clear(self) -> None:
        """An empty INBOX and no other folder: the next test starts from nothing."""
        with self.mailbox() as box:
            for info in box.folder.list():
                if info.name.upper() != "INBOX":
                    box.folder.delete(info.name)
            box.folder.set("INBOX")
            box.delete(box.uids())

    def uidvalidity(self, folder: str = "INBOX") -> int:
        with self.mailbox() as box:
            return int(box.folder.status(folder, ["UIDVALIDITY"])["UIDVALIDITY"])
