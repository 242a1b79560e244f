"""The mailbox and the watched folder with the real daemon: its own `dagster-daemon` reading a
real Dovecot (IMAPS on loopback, support/imap_server.py) and a real inbox directory, the
batches they queue processed like any upload. A daemon SIGKILLed between a mail's committed
batch rows and its move (support/daemon_hooks) loses and doubles nothing after its restart; a
file copied slowly into the folder is taken once, whole."""

import datetime as dt
import hashlib
import os
import signal
import threading
import time
from pathlib import Path

import dagster as dg
import pytest

from po_ingest.defs.alerts import sensor_ticks
from po_ingest_tests.support.daemon import REPO_ROOT, wait_for
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.e2e_stack import running_stack
from po_ingest_tests.support.imap_server import ImapServer
from po_ingest_tests.support.mail_messages import BUYER, STRANGER, mail, oversized, pdf
from po_ingest_tests.support.prerequisites import require_dovecot

pytestmark = pytest.mark.e2e
TIMEOUT = 180
DAEMON_HOOKS = Path(__file__).parent / "support" / "daemon_hooks"


@pytest.fixture(scope="module")
def channels(tmp_path_factory):
    require_dovecot()
    root = tmp_path_factory.mktemp("e2e-channels")
    with ImapServer() as imap:
        env = {
            **imap.env(
                PO_INGEST_MAIL_ALLOWED_SENDERS="@supplier.example",
                PO_INGEST_MAIL_POLL_SECONDS="2",
            ),
            "PO_INGEST_INBOX_DIR": str(root / "inbox"),
            "PO_INGEST_INBOX_SETTLE_SECONDS": "2",
            "PO_INGEST_TEST_MAIL_KILL_FLAG": str(root / "kill-before-move"),
            "PYTHONPATH": os.pathsep.join([str(DAEMON_HOOKS), str(REPO_ROOT)]),
        }
        (root / "stack").mkdir()
        with running_stack(root / "stack", env) as stack:
            yield stack, imap, root


def _ids(imap, folder: str) -> set[str]:
    return {m.headers["message-id"][0] for m in imap.folder_messages(folder)}


def _from_mail(stack, message_ids: set[str]) -> list:
    batches = stack.store.batches.list(limit=500)
    return [b for b in batches if b.source_message_id in message_ids]


def _all_settled(stack, message_ids: set[str], count: int) -> list:
    def settled():
        found = _from_mail(stack, message_ids)
        done = len(found) == count and all(b.status in ("processed", "dead") for b in found)
        return found if done else None

    return wait_for(settled, TIMEOUT, f"{count} batches from mail to be settled")


def test_mails_of_every_kind_become_the_expected_batches_all_processed(channels):
    """One mail of each kind and a few plain ones: twenty of them, and their rejections, are
    test_mailbox.py's (the sensor against the same Dovecot); here they go through the daemon."""
    stack, imap, _ = channels
    for n in range(1, 7):
        imap.deliver(mail(n, BUYER, pdf(f"PO-M{n}")))
    imap.deliver(mail(7, BUYER, pdf("PO-M7a"), pdf("PO-M7b")))
    imap.deliver(mail(8, BUYER, pdf("PO-M8a"), pdf("PO-M8b")))
    imap.deliver(mail(9, BUYER, subject="No attachment, sorry"))
    imap.deliver(mail(10, STRANGER, pdf("PO-M10")))
    imap.deliver(oversized(11))
    ids = {f"<mail-{n}@test.example>" for n in range(1, 12)}

    batches = _all_settled(stack, ids, 10)
    assert [b.status for b in batches] == ["processed"] * 10, [b.last_error for b in batches]
    numbers = {stack.store.orders.get(b.processed_record_id)["po_number"] for b in batches}
    expected = {f"PO-M{n}" for n in range(1, 7)} | {f"PO-M{n}{x}" for n in (7, 8) for x in "ab"}
    assert numbers == expected
    assert all(b.uploaded_by == BUYER for b in batches)
    wait_for(lambda: _ids(imap, "INBOX") == set(), TIMEOUT, "the inbox to be emptied")
    assert _ids(imap, "Rejected") == {"<mail-10@test.example>"}
    assert _ids(imap, "Processed") == ids - {"<mail-10@test.example>"}
    reasons = {r["message_id"]: r["reason"] for r in stack.store.mail_rejections.list()}
    assert reasons["<mail-9@test.example>"].startswith("no usable attachment")
    assert "over the 20.0 MB limit" in reasons["<mail-11@test.example>"]
    assert STRANGER in reasons["<mail-10@test.example>"]


def test_the_stack_killed_between_commit_and_move_loses_and_doubles_nothing(channels):
    stack, imap, root = channels
    (root / "kill-before-move").write_text("once")
    for n in range(31, 34):
        imap.deliver(mail(n, BUYER, pdf(f"PO-M{n}")))
    ids = {f"<mail-{n}@test.example>" for n in range(31, 34)}
    code_server = stack.daemon.code_server.process
    wait_for(lambda: code_server.poll() is not None, TIMEOUT, "the code server to be killed")
    os.killpg(stack.daemon.process.pid, signal.SIGKILL)  # and the rest of make run with it
    stack.daemon.process.wait()
    committed = _from_mail(stack, ids)
    assert committed, "the batch rows were committed before the kill"
    assert _ids(imap, "INBOX") & {b.source_message_id for b in committed}, "not yet moved"
    stack.daemon.start()

    batches = _all_settled(stack, ids, 3)
    assert [b.status for b in batches] == ["processed"] * 3
    assert {b.id for b in committed} <= {b.id for b in batches}, "the same batches, no new ones"
    for n in range(31, 34):
        assert stack.store.orders.find_by_po_number(f"PO-M{n}") is not None
    wait_for(lambda: ids <= _ids(imap, "Processed"), TIMEOUT, "the mails to be moved")
    assert _ids(imap, "INBOX") == set()


def test_a_file_copied_slowly_into_the_watched_folder_is_imported_once_whole(channels):
    stack, _, root = channels
    content = purchase_order_pdf(order("PO-SLOW-COPY", lines=30))
    target = root / "inbox" / "purchase_orders" / "slow.pdf"
    wait_for(target.parent.exists, TIMEOUT, "the watched folder's subfolders")

    def copy_slowly():
        with target.open("wb") as out:
            for start in range(0, len(content), len(content) // 10 + 1):
                out.write(content[start : start + len(content) // 10 + 1])
                out.flush()
                time.sleep(0.6)

    writer = threading.Thread(target=copy_slowly)
    writer.start()
    writer.join()

    def imported():
        batches = [
            b for b in stack.store.batches.list(limit=500) if b.original_filename == "slow.pdf"
        ]
        return batches if batches and all(b.status == "processed" for b in batches) else None

    (batch,) = wait_for(imported, TIMEOUT, "slow.pdf to be imported")
    assert batch.file_sha256 == hashlib.sha256(content).hexdigest(), "taken whole"
    assert batch.uploaded_by == "folder:purchase_orders" and not target.exists()
    _wait_for_a_folder_tick_after(stack, dt.datetime.now(dt.UTC))
    assert [
        b.id for b in stack.store.batches.list(limit=500) if b.original_filename == "slow.pdf"
    ] == [batch.id]


def _wait_for_a_folder_tick_after(stack, moment: dt.datetime) -> None:
    """A whole tick of the folder sensor, started after `moment`, has ended."""

    def ticked() -> bool:
        with dg.DagsterInstance.from_config(str(stack.dagster_home)) as instance:
            last = sensor_ticks(instance, {"watched_folder_sensor"}).get("watched_folder_sensor")
        return last is not None and last > moment

    wait_for(ticked, TIMEOUT, "another tick of the folder sensor", poll=0.5)
