"""The watched folder: real inbox directories, a real app database and file store, the sensor
evaluated in-process with its cursor carried from tick to tick as the daemon carries it."""

import hashlib
import json
import threading
import time
from pathlib import Path

import dagster as dg
import pytest

from po_ingest.defs.folder_inbox import watched_folder_sensor
from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib import inbox_folder
from po_ingest.lib.inbox_folder import settle
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import import_batch, stored_files

PDF = purchase_order_pdf(order("PO-1"))


class Inbox:
    """The inbox folder and the sensor, ticked as the daemon would (the cursor carried)."""

    def __init__(self, root: Path, store, files, instance):
        self.root, self.store, self.files, self.instance = root, store, files, instance
        self.cursor: str | None = None

    def drop(self, rel: str, data: bytes) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def tick(self) -> str:
        resources = {
            "store": StoreResource(database_url=self.store.url),
            "files": FileStoreResource(files_dir=str(self.files.root)),
        }
        context = dg.build_sensor_context(
            instance=self.instance, cursor=self.cursor, resources=resources
        )
        result = watched_folder_sensor(context)
        self.cursor = result.cursor or self.cursor
        return result.skip_reason.skip_message

    def waiting(self) -> list[str]:
        return sorted(
            p.relative_to(self.root).as_posix() for p in self.root.rglob("*") if p.is_file()
        )


@pytest.fixture
def instance():
    with dg.DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture
def inbox(tmp_path, monkeypatch, store, files, instance):
    root = tmp_path / "inbox"
    monkeypatch.setenv("PO_INGEST_INBOX_DIR", str(root))
    monkeypatch.setenv("PO_INGEST_INBOX_SETTLE_SECONDS", "0")
    return Inbox(root, store, files, instance)


def _pdf(n: int) -> bytes:
    return purchase_order_pdf(order(f"PO-{n}"))


# -- taken -----------------------------------------------------------------------------------
def test_a_pdf_dropped_in_purchase_orders_becomes_a_pending_batch(inbox, store, files):
    inbox.drop("purchase_orders/Order 17.pdf", PDF)
    assert inbox.tick() == (
        "took 1 (purchase_orders 1); rejected 0; waiting for 0 still being written"
    )
    (batch,) = store.batches.list()
    assert (batch.status, batch.batch_type, batch.uploaded_by) == (
        "pending",
        "purchase_orders",
        "folder:purchase_orders",
    )
    assert batch.original_filename == "Order 17.pdf" and batch.content_type == "application/pdf"
    assert files.read(batch.original_file) == PDF
    assert batch.file_sha256 == hashlib.sha256(PDF).hexdigest()
    assert inbox.waiting() == [], "the inbox file is gone once its batch is committed"
    assert json.loads(inbox.cursor) == {}


def test_the_first_tick_creates_one_folder_per_processed_type(inbox):
    inbox.tick()
    assert sorted(p.name for p in inbox.root.iterdir()) == ["delivery_notes", "purchase_orders"]


def test_a_delivery_note_is_queued_as_its_folder_says(inbox, store):
    inbox.drop("delivery_notes/dn.pdf", PDF)
    assert inbox.tick().startswith("took 1 (delivery_notes 1)")
    (batch,) = store.batches.list()
    assert (batch.batch_type, batch.uploaded_by) == ("delivery_notes", "folder:delivery_notes")


def test_a_file_is_taken_only_after_the_settle_time(inbox, store, monkeypatch):
    monkeypatch.setenv("PO_INGEST_INBOX_SETTLE_SECONDS", "1")
    inbox.drop("purchase_orders/a.pdf", PDF)
    assert inbox.tick().endswith("waiting for 1 still being written")
    assert store.batches.list() == [] and inbox.waiting() == ["purchase_orders/a.pdf"]
    time.sleep(1.1)
    assert inbox.tick().startswith("took 1")
    assert len(store.batches.list()) == 1


def test_a_file_copied_slowly_is_taken_once_whole(inbox, store, files, monkeypatch, tmp_path):
    monkeypatch.setenv("PO_INGEST_INBOX_SETTLE_SECONDS", "1")
    source = PDF + b"\n%" + b"padding " * 40_000  # a valid PDF head, ~320 kB
    chunks = [
        source[i : i + len(source) // 12 + 1] for i in range(0, len(source), len(source) // 12 + 1)
    ]
    inbox.tick()
    target = inbox.root / "purchase_orders" / "scan.pdf"

    def copy_slowly():
        with open(target, "wb") as out:
            for chunk in chunks:
                out.write(chunk)
                out.flush()
                time.sleep(0.25)

    writer = threading.Thread(target=copy_slowly)
    writer.start()
    messages, deadline = [], time.monotonic() + 15
    while time.monotonic() < deadline and not store.batches.list():
        messages.append(inbox.tick())
        assert store.batches.list() == [] or not writer.is_alive(), "taken while being written"
        time.sleep(0.5)
    writer.join()
    for _ in range(3):
        inbox.tick()

    (batch,) = store.batches.list()
    assert batch.file_sha256 == hashlib.sha256(source).hexdigest()
    assert files.read(batch.original_file) == source
    assert any(m.endswith("waiting for 1 still being written") for m in messages)
    assert inbox.waiting() == []


# -- rejected --------------------------------------------------------------------------------
def test_unsupported_empty_and_too_large_files_are_rejected_with_a_reason(inbox, store, files):
    inbox.drop("purchase_orders/notes.txt", b"just some text\n")
    inbox.drop("purchase_orders/empty.pdf", b"")
    huge = inbox.drop("delivery_notes/huge.pdf", b"%PDF-1.7\n")
    with open(huge, "r+b") as handle:
        handle.truncate(20 * 1024 * 1024 + 1)
    assert inbox.tick() == "took 0; rejected 3; waiting for 0 still being written"
    assert store.batches.list() == [] and stored_files(files) == []

    rejected = inbox.root / "rejected"
    reasons = {
        p.relative_to(rejected).as_posix(): p.read_text().splitlines()
        for p in rejected.rglob("*.reason.txt")
    }
    assert {name: lines[0] for name, lines in reasons.items()} == {
        "purchase_orders/notes.txt.reason.txt": (
            "unsupported file type: text; expected PDF, JPEG, PNG or WEBP"
        ),
        "purchase_orders/empty.pdf.reason.txt": "the file is empty",
        "delivery_notes/huge.pdf.reason.txt": "file is larger than the 20 MB limit",
    }
    assert all(lines[1].startswith("rejected at 20") for lines in reasons.values())
    assert (rejected / "purchase_orders" / "notes.txt").read_bytes() == b"just some text\n"
    assert (rejected / "delivery_notes" / "huge.pdf").stat().st_size == 20 * 1024 * 1024 + 1
    assert [p for p in inbox.waiting() if not p.startswith("rejected/")] == []


def test_a_name_clash_in_rejected_gets_a_numeric_suffix(inbox):
    for text in (b"first", b"second", b"third"):
        inbox.drop("purchase_orders/notes.txt", text)
        inbox.tick()
    folder = inbox.root / "rejected" / "purchase_orders"
    assert [(folder / n).read_bytes() for n in ("notes.txt", "notes-1.txt", "notes-2.txt")] == [
        b"first",
        b"second",
        b"third",
    ]
    assert (folder / "notes-2.txt.reason.txt").exists()


def test_hidden_partial_temporary_and_office_lock_files_and_folders_are_ignored(inbox, store):
    names = [".hidden.pdf", "scan.pdf.part", "scan.tmp", "~$order.pdf"]
    for name in names:
        inbox.drop(f"purchase_orders/{name}", PDF)
    (inbox.root / "purchase_orders" / "sub").mkdir()
    inbox.drop("loose-at-the-root.pdf", PDF)
    assert inbox.tick() == "took 0; rejected 0; waiting for 0 still being written"
    assert store.batches.list() == [] and json.loads(inbox.cursor) == {}
    assert inbox.waiting() == sorted(
        ["loose-at-the-root.pdf"] + [f"purchase_orders/{n}" for n in names]
    )


# -- duplicates, bounds, cursor, off ---------------------------------------------------------
def test_the_same_bytes_twice_give_a_duplicate_file_batch(inbox, store, files):
    inbox.drop("purchase_orders/a.pdf", PDF)
    inbox.tick()
    (first,) = store.batches.list()
    order_id = import_batch(store, files, first, "PO-1")

    inbox.drop("purchase_orders/a again.pdf", PDF)
    assert inbox.tick().startswith("took 1 (purchase_orders 1)")
    second = next(b for b in store.batches.list() if b.id != first.id)
    assert (second.status, second.warnings, second.processed_record_id) == (
        "processed",
        ["duplicate_file"],
        order_id,
    )
    assert second.original_file is None and inbox.waiting() == []


def test_at_most_max_per_tick_files_are_taken_per_tick(inbox, store, monkeypatch):
    monkeypatch.setenv("PO_INGEST_INBOX_MAX_PER_TICK", "2")
    for n in range(5):
        inbox.drop(f"purchase_orders/{n}.pdf", _pdf(n))
    assert inbox.tick() == (
        "took 2 (purchase_orders 2); rejected 0; waiting for 0 still being written; "
        "3 left for the next tick"
    )
    assert len(store.batches.list()) == 2
    assert inbox.tick().startswith("took 2")
    assert inbox.tick().startswith("took 1 (purchase_orders 1); rejected 0")
    assert len(store.batches.list()) == 5 and inbox.waiting() == []


def test_the_cursor_forgets_files_that_are_gone(inbox, monkeypatch):
    monkeypatch.setenv("PO_INGEST_INBOX_SETTLE_SECONDS", "60")
    kept = inbox.drop("purchase_orders/kept.pdf", PDF)
    gone = inbox.drop("purchase_orders/gone.pdf", _pdf(2))
    inbox.tick()
    assert sorted(json.loads(inbox.cursor)) == [
        "purchase_orders/gone.pdf",
        "purchase_orders/kept.pdf",
    ]
    gone.unlink()
    inbox.tick()
    (entry,) = json.loads(inbox.cursor).items()
    assert entry[0] == "purchase_orders/kept.pdf"
    assert entry[1][:2] == [kept.stat().st_size, kept.stat().st_mtime_ns]


def test_the_sensor_is_off_while_the_inbox_is_unset(store, files, instance, monkeypatch):
    monkeypatch.delenv("PO_INGEST_INBOX_DIR", raising=False)
    inbox = Inbox(Path("/nonexistent"), store, files, instance)
    assert inbox.tick() == "PO_INGEST_INBOX_DIR is unset: the watched folder is off"


# -- the crash window ------------------------------------------------------------------------
class Crash(Exception):
    pass


def test_a_crash_after_the_commit_gives_no_second_batch(inbox, store, files, monkeypatch):
    inbox.drop("purchase_orders/a.pdf", PDF)

    def crash(path, marker):
        raise Crash("killed between the commit and the delete")

    with monkeypatch.context() as patch:
        patch.setattr(inbox_folder, "_finish", crash)
        with pytest.raises(Crash):
            inbox.tick()
    (batch,) = store.batches.list()
    assert "purchase_orders/a.pdf" in inbox.waiting()

    assert inbox.tick() == (
        "took 0; rejected 0; waiting for 0 still being written; finished 1 taken before a crash"
    )
    assert [b.id for b in store.batches.list()] == [batch.id]
    assert inbox.waiting() == [] and files.read(batch.original_file) == PDF


def test_a_crash_before_the_commit_takes_the_file_again(inbox, store, files, monkeypatch):
    inbox.drop("purchase_orders/a.pdf", PDF)

    def crash(*args, **kwargs):
        raise Crash("killed before the commit")

    with monkeypatch.context() as patch:
        patch.setattr(inbox_folder, "register_upload", crash)
        with pytest.raises(Crash):
            inbox.tick()
    assert store.batches.list() == [] and len(stored_files(files)) == 1

    assert inbox.tick().startswith("took 1 (purchase_orders 1)")
    (batch,) = store.batches.list()
    assert stored_files(files) == [files.path(batch.original_file)], "the first copy is dropped"
    assert inbox.waiting() == []


def test_a_file_replaced_after_a_crash_is_not_deleted_as_taken(inbox, store, monkeypatch):
    inbox.drop("purchase_orders/a.pdf", PDF)
    with monkeypatch.context() as patch:
        patch.setattr(inbox_folder, "_finish", lambda path, marker: (_ for _ in ()).throw(Crash()))
        with pytest.raises(Crash):
            inbox.tick()
    inbox.drop("purchase_orders/a.pdf", _pdf(2))  # someone drops a new file of the same name
    assert inbox.tick().startswith("took 1")
    assert len(store.batches.list()) == 2


# -- the settle decision ---------------------------------------------------------------------
class _Stat:
    def __init__(self, size, mtime_ns):
        self.st_size, self.st_mtime_ns = size, mtime_ns


@pytest.mark.parametrize(
    ("seen", "size", "now", "ready", "since"),
    [
        (None, 10, 100.0, False, 100.0),  # first sight: the settle time starts
        ([10, 5, 96.0], 10, 100.0, False, 96.0),  # unchanged for 4 s of 5
        ([10, 5, 95.0], 10, 100.0, True, 95.0),  # unchanged for 5 s: taken
        ([9, 5, 50.0], 10, 100.0, False, 100.0),  # grew: starts again
        ("garbage", 10, 100.0, False, 100.0),  # an unreadable entry starts again
    ],
)
def test_settle(seen, size, now, ready, since):
    previous = {"purchase_orders/a.pdf": seen} if seen is not None else {}
    taken, observations = settle(previous, {"purchase_orders/a.pdf": _Stat(size, 5)}, now, 5)
    assert (taken == ["purchase_orders/a.pdf"], observations["purchase_orders/a.pdf"]) == (
        ready,
        [size, 5, since],
    )
