"""The mailbox intake against a real Dovecot (IMAPS, and STARTTLS), on SQLite and PostgreSQL,
through the sensor evaluated in-process with its cursor carried across ticks: 20 mails make
exactly the expected batches, a stranger's mail goes to Rejected and the rest to Processed,
what was not imported is listed with why; a crash between the commit and the move, and a
changed UIDVALIDITY, read mail again without a second batch; a wrong password is a skip that
does not show it."""

import dagster as dg
import pytest

from po_ingest.defs import mailbox as mailbox_defs
from po_ingest.defs.mailbox import OFF, mailbox_sensor
from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib import mailbox
from po_ingest.lib.mail_parts import NO_ATTACHMENT_REASON, ZIP_REASON
from po_ingest_tests.support.alert_receivers import free_port
from po_ingest_tests.support.imap_server import ImapServer
from po_ingest_tests.support.mail_messages import (
    BUYER,
    CLERK,
    STRANGER,
    deliver_twenty,
    mail,
    pdf,
)
from po_ingest_tests.support.prerequisites import require_dovecot


@pytest.fixture(scope="module")
def imap():
    require_dovecot()
    with ImapServer() as server:
        yield server


@pytest.fixture
def mail_env(imap, monkeypatch):
    imap.clear()
    for name, value in imap.env(
        PO_INGEST_MAIL_FOLDERS="INBOX=purchase_orders,Deliveries=delivery_notes",
        PO_INGEST_MAIL_ALLOWED_SENDERS=f"@supplier.example, {CLERK}",
        PO_INGEST_MAIL_MAX_PER_TICK="8",
    ).items():
        monkeypatch.setenv(name, value)
    return imap


class Sensor:
    """The sensor evaluated in-process, its cursor kept from tick to tick."""

    def __init__(self, db_url: str, files):
        self.resources = {
            "store": StoreResource(database_url=db_url),
            "files": FileStoreResource(files_dir=str(files.root)),
        }
        self.cursor: str | None = None
        self.instance = dg.DagsterInstance.ephemeral()

    def tick(self) -> str:
        context = dg.build_sensor_context(
            instance=self.instance, cursor=self.cursor, resources=self.resources
        )
        result = mailbox_sensor(context)
        self.cursor = context.cursor
        assert isinstance(result, dg.SkipReason)
        return result.skip_message


def _message_ids(imap: ImapServer, folder: str) -> set[str]:
    return {m.headers["message-id"][0] for m in imap.folder_messages(folder)}


def _ids(*numbers: int) -> set[str]:
    return {f"<mail-{n}@test.example>" for n in numbers}


def test_twenty_mails_make_the_expected_batches_and_rejections(mail_env, store, files, db_url):
    deliver_twenty(mail_env)
    sensor = Sensor(db_url, files)
    messages = [sensor.tick() for _ in range(4)]
    assert messages[0].startswith("mailbox: 8 messages") and "8 messages" in messages[1]
    assert messages[2].startswith("mailbox: 4 messages")
    assert messages[3].startswith("mailbox: 0 messages")

    batches = store.batches.list(limit=100)
    got = sorted(
        (b.source_message_id, b.original_filename, b.batch_type, b.uploaded_by, b.status)
        for b in batches
    )
    expected = [
        (f"<mail-{n}@test.example>", f"PO-{n}.pdf", "purchase_orders", BUYER) for n in range(1, 11)
    ]
    expected += [
        ("<mail-11@test.example>", "PO-11a.pdf", "purchase_orders", CLERK),
        ("<mail-11@test.example>", "PO-11b.pdf", "purchase_orders", CLERK),
        ("<mail-12@test.example>", "PO-12.pdf", "purchase_orders", BUYER),
        ("<mail-12@test.example>", "photo.png", "purchase_orders", BUYER),
        ("<mail-16@test.example>", "PO-16.pdf", "purchase_orders", BUYER),
    ]
    expected += [
        (f"<mail-{n}@test.example>", f"DN-{n}.pdf", "delivery_notes", CLERK) for n in range(18, 21)
    ]
    assert got == sorted((*e, "pending") for e in expected)
    photo = next(b for b in batches if b.original_filename == "photo.png")
    assert (photo.content_type, photo.source_subject, photo.source_sender) == (
        "image/png",
        "Order 12",
        BUYER,
    )
    assert all(files.exists(b.original_file) for b in batches)

    assert _message_ids(mail_env, "Rejected") == _ids(14)
    assert _message_ids(mail_env, "Processed") == _ids(*range(1, 14), *range(15, 21))
    assert mail_env.folder_messages("INBOX") == mail_env.folder_messages("Deliveries") == []

    rejections = sorted(
        (r["message_id"], r["sender"], r["filename"], r["reason"].split(":")[0])
        for r in store.mail_rejections.list()
    )
    assert rejections == [
        ("<mail-13@test.example>", BUYER, None, NO_ATTACHMENT_REASON.split(":")[0]),
        (
            "<mail-14@test.example>",
            STRANGER,
            None,
            f"sender {STRANGER} is not in PO_INGEST_MAIL_ALLOWED_SENDERS",
        ),
        ("<mail-15@test.example>", BUYER, "scan.pdf", "21.0 MB is over the 20.0 MB limit"),
        ("<mail-17@test.example>", BUYER, "orders.zip", ZIP_REASON.split(":")[0]),
    ]


def test_a_crash_between_commit_and_move_reads_the_mail_again_without_a_second_batch(
    mail_env, store, files, db_url, monkeypatch
):
    mail_env.deliver(mail(1, BUYER, pdf("PO-1"), pdf("PO-2")))
    mail_env.deliver(mail(2, BUYER, pdf("PO-3")))
    real_move, calls = mailbox.move_message, []

    def move_fails_once(box, uid, folder):
        calls.append(uid)
        if len(calls) == 1:
            raise ConnectionResetError("connection reset while moving")
        real_move(box, uid, folder)

    monkeypatch.setattr(mailbox, "move_message", move_fails_once)
    sensor = Sensor(db_url, files)
    first = sensor.tick()
    assert first.startswith("mailbox not read: ") and "ConnectionResetError" in first
    taken = store.batches.list()
    assert sorted(b.original_filename for b in taken) == ["PO-1.pdf", "PO-2.pdf"], "committed"
    assert _message_ids(mail_env, "INBOX") == _ids(1, 2)

    again = sensor.tick()
    assert again.startswith("mailbox: 2 messages, 1 batches, 2 already taken"), again
    assert sorted(b.original_filename for b in store.batches.list()) == [
        "PO-1.pdf",
        "PO-2.pdf",
        "PO-3.pdf",
    ]
    assert {b.id for b in taken} <= {b.id for b in store.batches.list()}
    assert _message_ids(mail_env, "Processed") == _ids(1, 2)
    stored = sorted(p.name for p in (files.root / "batches").iterdir())
    assert stored == sorted(b.original_file.rsplit("/", 1)[-1] for b in store.batches.list())


def test_a_new_uidvalidity_reads_the_folder_from_the_start(mail_env, store, files, db_url):
    for n in range(1, 4):
        mail_env.deliver(mail(n, CLERK, pdf(f"DN-{n}")), folder="Deliveries")
    sensor = Sensor(db_url, files)
    assert sensor.tick().startswith("mailbox: 3 messages, 3 batches")
    old_validity = mail_env.uidvalidity("Deliveries")
    with mail_env.mailbox() as box:  # the folder replaced: UIDs start at 1 again
        box.folder.delete("Deliveries")
        box.folder.create("Deliveries")
    if mail_env.uidvalidity("Deliveries") == old_validity:  # made in the same second
        pytest.fail("Dovecot gave the new folder the old UIDVALIDITY")
    mail_env.deliver(mail(2, CLERK, pdf("DN-2")), folder="Deliveries")  # read before
    mail_env.deliver(mail(4, CLERK, pdf("DN-4")), folder="Deliveries")
    assert sensor.tick().startswith("mailbox: 2 messages, 1 batches, 1 already taken")
    names = sorted(b.original_filename for b in store.batches.list())
    assert names == ["DN-1.pdf", "DN-2.pdf", "DN-3.pdf", "DN-4.pdf"]


def test_starttls_without_verification_reads_the_mail(mail_env, store, files, db_url, monkeypatch):
    monkeypatch.setenv("PO_INGEST_MAIL_SECURITY", "starttls")
    monkeypatch.setenv("PO_INGEST_MAIL_PORT", str(mail_env.starttls_port))
    monkeypatch.setenv("PO_INGEST_MAIL_VERIFY_TLS", "0")
    monkeypatch.delenv("PO_INGEST_MAIL_CA_FILE")
    mail_env.deliver(mail(1, BUYER, pdf("PO-1")))
    assert Sensor(db_url, files).tick().startswith("mailbox: 1 messages, 1 batches")
    assert [b.source_message_id for b in store.batches.list()] == ["<mail-1@test.example>"]


def test_a_wrong_password_or_a_server_down_is_a_skip_without_the_password(
    mail_env, store, files, db_url, monkeypatch
):
    wrong = "Wr0ng-Password-1234"
    monkeypatch.setenv("PO_INGEST_MAIL_PASSWORD", wrong)
    sensor = Sensor(db_url, files)
    refused = sensor.tick()
    assert refused.startswith("mailbox not read: ") and "MailboxLoginError" in refused
    assert wrong not in refused and mail_env.password not in refused
    assert sensor.cursor is None
    monkeypatch.setenv("PO_INGEST_MAIL_PORT", str(free_port()))
    down = sensor.tick()
    assert down.startswith("mailbox not read: ") and "ConnectionRefusedError" in down
    assert wrong not in down


def test_the_sensor_is_off_without_a_host(store, files, db_url, monkeypatch):
    monkeypatch.delenv("PO_INGEST_MAIL_HOST", raising=False)
    assert Sensor(db_url, files).tick() == OFF
    assert mailbox_defs.mailbox_sensor.minimum_interval_seconds == 30
