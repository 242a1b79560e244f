"""The mailbox intake: read new mail over IMAP (imap-tools), queue each usable attachment as a
batch, record what was not imported, then move the message to `Processed` (or a stranger's to
`Rejected`). The move comes only after the rows are committed, and a batch is unique per
(Message-ID, sha256): a message read again after a crash adds nothing and loses nothing."""

from __future__ import annotations

import hashlib
import imaplib
import logging
import ssl
from dataclasses import dataclass, field

from imap_tools import BaseMailBox, MailBox, MailBoxStartTls, MailMessage
from imap_tools.errors import ImapToolsError

from po_ingest.lib.files import FileStore
from po_ingest.lib.intake import UploadRejected, register_upload, store_upload_file
from po_ingest.lib.mail_parts import NO_ATTACHMENT_REASON, parts
from po_ingest.lib.mail_settings import MailSettings
from po_ingest.lib.redact import redact
from po_ingest.lib.store import MailRejection, MailSource, Store

PROCESSED_FOLDER = "Processed"
REJECTED_FOLDER = "Rejected"
IMAP_TIMEOUT_SECONDS = 60
IMAP_ERRORS = (ImapToolsError, imaplib.IMAP4.error, OSError, ssl.SSLError)
logger = logging.getLogger(__name__)


class MailboxUnavailable(RuntimeError):
    """The server is down, refused the login, or the connection broke; the message is redacted."""


@dataclass
class MessageOutcome:
    """One message read: the batches it made (or had made before), what was refused and why."""

    folder: str
    uid: str
    source: MailSource
    moved_to: str = PROCESSED_FOLDER
    batch_ids: list[str] = field(default_factory=list)
    taken_before: int = 0
    rejections: list[MailRejection] = field(default_factory=list)
    ignored: int = 0

    def describe(self) -> str:
        what = [f"{len(self.batch_ids)} batch(es)"] if self.batch_ids else []
        what += [f"{r.filename or 'mail'}: {r.reason}" for r in self.rejections]
        return f"{self.source.message_id} from {self.source.sender}: {'; '.join(what)}"


@dataclass
class ReadResult:
    outcomes: list[MessageOutcome] = field(default_factory=list)
    missing_folders: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        done = self.outcomes
        return {
            "messages": len(done),
            "batches": sum(len(o.batch_ids) - o.taken_before for o in done),
            "already_taken": sum(o.taken_before for o in done),
            "rejected_mails": sum(o.moved_to == REJECTED_FOLDER for o in done),
            "refused_files": sum(1 for o in done for r in o.rejections if r.filename),
            "without_attachment": sum(1 for o in done for r in o.rejections if not r.filename),
            "ignored_inline": sum(o.ignored for o in done),
        }

    def summary(self) -> str:
        text = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in self.counts().items())
        if self.missing_folders:
            text += f" (no folder {', '.join(self.missing_folders)} on the server yet)"
        return text


def connect(settings: MailSettings) -> BaseMailBox:
    """Logged in over IMAPS or STARTTLS (never plain text); MailboxUnavailable otherwise."""
    kind = MailBox if settings.security == "tls" else MailBoxStartTls
    try:
        box = kind(
            settings.host,
            settings.port,
            timeout=IMAP_TIMEOUT_SECONDS,
            ssl_context=settings.ssl_context(),
        )
        return box.login(settings.user, settings.password, initial_folder=None)
    except IMAP_ERRORS as exc:
        raise unavailable(exc, settings) from None


def unavailable(exc: BaseException, settings: MailSettings) -> MailboxUnavailable:
    text = f"{settings.user}@{settings.host}:{settings.port}: {type(exc).__name__}: {exc}"
    return MailboxUnavailable(redact(text, secrets=(settings.password,))[:2000])


def message_id_of(message: MailMessage) -> str:
    """The Message-ID; a mail without one is named by a hash of its bytes (stable on re-read)."""
    found = (message.headers.get("message-id") or ("",))[0].strip()
    return found or f"<sha256:{hashlib.sha256(message.obj.as_bytes()).hexdigest()}>"


def take_message(
    store: Store, files: FileStore, message: MailMessage, batch_type: str, settings: MailSettings
) -> MessageOutcome:
    """Queue the message's usable files and record what was refused; everything committed
    when this returns. No IMAP here: the caller moves the message afterwards."""
    sender = (message.from_ or "").strip().lower()
    source = MailSource(message_id_of(message), message.subject or None, sender or None)
    outcome = MessageOutcome("", message.uid or "", source)

    def refuse(filename: str | None, reason: str) -> None:
        outcome.rejections.append(
            MailRejection(source.message_id, source.sender, source.subject, filename, reason)
        )

    if not settings.allows(sender):
        outcome.moved_to = REJECTED_FOLDER
        refuse(None, f"sender {sender or '(none)'} is not in PO_INGEST_MAIL_ALLOWED_SENDERS")
    else:
        for part in parts(message):
            outcome.ignored += part.ignored
            if part.reason:
                refuse(part.filename, part.reason)
            elif part.content_type:
                try:
                    upload = store_upload_file(files, [part.payload])
                    batch = register_upload(
                        store, files, upload, filename=part.filename, batch_type=batch_type,
                        uploaded_by=sender or None, skip_imported_files=True, source=source,
                    )  # fmt: skip
                except UploadRejected as exc:
                    refuse(part.filename, str(exc))
                    continue
                outcome.batch_ids.append(batch.id)
                outcome.taken_before += batch.id != upload.batch_id
        if not outcome.batch_ids and not outcome.rejections:
            refuse(None, NO_ATTACHMENT_REASON)
    store.mail_rejections.add(outcome.rejections)
    for rejection in outcome.rejections:
        logger.info("mail %s not imported: %s", source.message_id, rejection.reason)
    return outcome


def move_message(box: BaseMailBox, uid: str, folder: str) -> None:
    if not box.folder.exists(folder):
        box.folder.create(folder)
    box.move(uid, folder)


def _new_uids(box: BaseMailBox, last_uid: int) -> list[str]:
    # `UID n:*` always matches the newest message, even below n: keep only those above.
    found = box.uids(f"UID {last_uid + 1}:*")
    return sorted((u for u in found if int(u) > last_uid), key=int)


def read_new(
    cursor: dict, *, store: Store, files: FileStore, settings: MailSettings
) -> tuple[ReadResult, dict]:
    """Each folder's messages with a UID above the cursor's (`{folder: {uidvalidity,
    last_uid}}`; a new UIDVALIDITY reads the folder from the start), at most
    `max_per_tick` in all. Raises MailboxUnavailable on any IMAP failure."""
    result, cursor = ReadResult(), {k: dict(v) for k, v in cursor.items()}
    try:
        with connect(settings) as box:
            for folder, batch_type in settings.folders.items():
                left = settings.max_per_tick - len(result.outcomes)
                if left <= 0:
                    break
                if not box.folder.exists(folder):
                    result.missing_folders.append(folder)
                    continue
                box.folder.set(folder)
                validity = int(box.folder.status(folder, ["UIDVALIDITY"])["UIDVALIDITY"])
                seen = cursor.get(folder, {})
                last = seen.get("last_uid", 0) if seen.get("uidvalidity") == validity else 0
                cursor[folder] = {"uidvalidity": validity, "last_uid": last}
                for uid in _new_uids(box, last)[:left]:
                    for message in box.fetch(f"UID {uid}", mark_seen=False, bulk=True):
                        outcome = take_message(store, files, message, batch_type, settings)
                        outcome.folder = folder
                        move_message(box, uid, outcome.moved_to)
                        result.outcomes.append(outcome)
                    cursor[folder]["last_uid"] = int(uid)
    except IMAP_ERRORS as exc:
        raise unavailable(exc, settings) from None
    return result, cursor
