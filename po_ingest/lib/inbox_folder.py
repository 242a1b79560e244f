"""The watched folder: a file dropped in `<inbox>/<batch type>/` becomes a batch, exactly as
an upload of it would (file store, `pending` row, `duplicate_file` when already imported).

A file is taken once its size and mtime have not changed for the settle time across scans
(a scanner still writing is left alone); the observations live in the caller's cursor as
`{relative path: [size, mtime_ns, first seen with that size and mtime]}`, rebuilt from what
is on disk at every scan, so files that are gone drop out. Files that are empty, not PDF,
JPEG, PNG or WEBP by their bytes, or over the upload limit move to `rejected/<type>/` with
`<name>.reason.txt` beside them. Hidden files, `*.part`, `*.tmp`, `~$*`, directories and
symbolic links are ignored.

The crash window between the batch's commit and the inbox file's deletion is closed by an
intent marker, written (whole, by rename) after the file is stored and before the row is
committed: `.taking/<batch id>.json` with the file's path, size and mtime. Every scan first
settles the markers left over: when the batch row exists the file was taken, so it is
deleted (if it is still the same file); when it does not, the row never committed, so the
stored copy is dropped and the file is taken again like any other. A crash therefore never
gives a second batch; nothing is lost.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from po_ingest.lib.content_types import MAX_UPLOAD_BYTES
from po_ingest.lib.files import FileStore, TooLarge
from po_ingest.lib.intake import UploadRejected, register_upload, store_upload_file
from po_ingest.lib.settings import PROCESSED_BATCH_TYPES
from po_ingest.lib.store import Batch, Store

REJECTED_FOLDER = "rejected"
MARKERS_FOLDER = ".taking"
REASON_SUFFIX = ".reason.txt"
_IGNORED_SUFFIXES = (".part", ".tmp")
_CHUNK_BYTES = 1024 * 1024


@dataclass(frozen=True)
class InboxSettings:
    root: Path
    settle_seconds: float = 5.0
    max_per_tick: int = 50

    @classmethod
    def from_env(cls) -> InboxSettings | None:
        """None when PO_INGEST_INBOX_DIR is unset or empty: the watched folder is off."""
        root = os.environ.get("PO_INGEST_INBOX_DIR")
        if not root:
            return None
        settle = float(os.environ.get("PO_INGEST_INBOX_SETTLE_SECONDS") or 5)
        limit = int(os.environ.get("PO_INGEST_INBOX_MAX_PER_TICK") or 50)
        if settle < 0 or limit < 1:
            raise ValueError(
                "PO_INGEST_INBOX_SETTLE_SECONDS must not be negative and "
                "PO_INGEST_INBOX_MAX_PER_TICK must be at least 1"
            )
        return cls(Path(root).resolve(), settle, limit)


@dataclass
class TickReport:
    taken: Counter = field(default_factory=Counter)
    rejected: int = 0
    waiting: int = 0
    left: int = 0
    recovered: int = 0
    unreadable: int = 0

    def message(self) -> str:
        per_type = ", ".join(f"{t} {n}" for t, n in sorted(self.taken.items()))
        took = f"took {self.taken.total()}" + (f" ({per_type})" if per_type else "")
        parts = [
            took,
            f"rejected {self.rejected}",
            f"waiting for {self.waiting} still being written",
        ]
        if self.left:
            parts.append(f"{self.left} left for the next tick")
        if self.recovered:
            parts.append(f"finished {self.recovered} taken before a crash")
        if self.unreadable:
            parts.append(f"could not read {self.unreadable} (permissions?)")
        return "; ".join(parts)


def is_ignored(name: str) -> bool:
    return name.startswith((".", "~$")) or name.endswith(_IGNORED_SUFFIXES)


def ensure_folders(root: Path) -> None:
    for batch_type in PROCESSED_BATCH_TYPES:
        (root / batch_type).mkdir(parents=True, exist_ok=True)


def scan(root: Path) -> dict[str, os.stat_result]:
    """The regular files waiting in each batch type's folder, by path relative to `root`."""
    found = {}
    for batch_type in PROCESSED_BATCH_TYPES:
        folder = root / batch_type
        if not folder.is_dir():
            continue
        for entry in os.scandir(folder):
            if is_ignored(entry.name) or not entry.is_file(follow_symlinks=False):
                continue
            found[f"{batch_type}/{entry.name}"] = entry.stat(follow_symlinks=False)
    return found


def settle(
    previous: dict[str, list], current: dict[str, os.stat_result], now: float, seconds: float
) -> tuple[list[str], dict[str, list]]:
    """The files unchanged for `seconds` (oldest first) and the new observations."""
    observations, ready = {}, []
    for rel, st in current.items():
        seen = previous.get(rel)
        unchanged = isinstance(seen, list) and seen[:2] == [st.st_size, st.st_mtime_ns]
        since = seen[2] if unchanged else now
        observations[rel] = [st.st_size, st.st_mtime_ns, since]
        if now - since >= seconds:
            ready.append(rel)
    ready.sort(key=lambda rel: (current[rel].st_mtime_ns, rel))
    return ready, observations


def _free_name(folder: Path, name: str) -> Path:
    stem, dot, suffix = name.partition(".") if not name.startswith(".") else (name, "", "")
    candidate, n = folder / name, 0
    while candidate.exists() or (folder / f"{candidate.name}{REASON_SUFFIX}").exists():
        n += 1
        candidate = folder / f"{stem}-{n}{dot}{suffix}"
    return candidate


def reject(root: Path, rel: str, reason: str, now: dt.datetime) -> Path:
    """Move the file to `rejected/<type>/` (a numeric suffix on a clash) with its reason."""
    batch_type, name = rel.split("/", 1)
    folder = root / REJECTED_FOLDER / batch_type
    folder.mkdir(parents=True, exist_ok=True)
    target = _free_name(folder, name)
    os.replace(root / rel, target)
    reason_line = " ".join(reason.split())
    (folder / f"{target.name}{REASON_SUFFIX}").write_text(
        f"{reason_line}\nrejected at {now.isoformat(timespec='seconds')}\n"
    )
    return target


def _write_marker(root: Path, intent: dict) -> Path:
    folder = root / MARKERS_FOLDER
    folder.mkdir(exist_ok=True)
    marker = folder / f"{intent['batch_id']}.json"
    temp = folder / f"{marker.name}.tmp"
    with open(temp, "w") as out:
        json.dump(intent, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, marker)
    return marker


def _finish(path: Path, marker: Path) -> None:
    path.unlink(missing_ok=True)
    marker.unlink()


def recover(store: Store, files: FileStore, root: Path) -> int:
    """Settle the markers a crash left: delete files whose batch committed, drop the rest."""
    folder, finished = root / MARKERS_FOLDER, 0
    if not folder.is_dir():
        return 0
    for temp in folder.glob("*.tmp"):
        temp.unlink(missing_ok=True)  # written before any commit: its file is still there
    for marker in folder.glob("*.json"):
        intent = json.loads(marker.read_text())
        path = root / intent["path"]
        if store.batches.get(intent["batch_id"]) is None:
            files.delete(intent["key"])
            marker.unlink()
            continue
        try:
            st = path.lstat()
        except FileNotFoundError:
            st = None
        if st is not None and [st.st_size, st.st_mtime_ns] == [intent["size"], intent["mtime_ns"]]:
            path.unlink()
            finished += 1
        marker.unlink()
    return finished


def take(store: Store, files: FileStore, root: Path, rel: str, st: os.stat_result) -> Batch | None:
    """Store the file and queue its batch as an upload would, then delete it. None when it
    changed while being read (it settles again). Raises UploadRejected or TooLarge (nothing
    stored) for a file to reject."""
    batch_type, name = rel.split("/", 1)
    path = root / rel
    if st.st_size > MAX_UPLOAD_BYTES:
        raise TooLarge(MAX_UPLOAD_BYTES)
    with open(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as handle:
        upload = store_upload_file(files, iter(lambda: handle.read(_CHUNK_BYTES), b""))
    now_st = path.lstat()
    if [now_st.st_size, now_st.st_mtime_ns] != [st.st_size, st.st_mtime_ns]:
        files.delete(upload.key)
        return None
    marker = _write_marker(
        root,
        {
            "batch_id": upload.batch_id,
            "key": upload.key,
            "path": rel,
            "size": st.st_size,
            "mtime_ns": st.st_mtime_ns,
        },
    )
    try:
        batch = register_upload(
            store,
            files,
            upload,
            filename=name,
            batch_type=batch_type,
            uploaded_by=f"folder:{batch_type}",
            skip_imported_files=True,
        )
    except UploadRejected:
        marker.unlink()
        raise
    _finish(path, marker)
    return batch


def process_inbox(
    store: Store,
    files: FileStore,
    settings: InboxSettings,
    previous: dict[str, list],
    now: float,
) -> tuple[TickReport, dict[str, list], list[Batch]]:
    """One scan: settle crash markers, take what has settled (bounded), reject what cannot
    be taken. Returns the report, the new observations (the next cursor) and the batches."""
    root = settings.root
    ensure_folders(root)
    report = TickReport(recovered=recover(store, files, root))
    current = scan(root)
    ready, observations = settle(previous, current, now, settings.settle_seconds)
    report.waiting = len(current) - len(ready)
    report.left = max(0, len(ready) - settings.max_per_tick)
    when = dt.datetime.fromtimestamp(now, dt.UTC)
    batches = []
    for rel in ready[: settings.max_per_tick]:
        try:
            batch = take(store, files, root, rel, current[rel])
        except (UploadRejected, TooLarge) as exc:
            reject(root, rel, str(exc), when)
            report.rejected += 1
            del observations[rel]
            continue
        except FileNotFoundError:
            del observations[rel]  # removed by someone else since the scan
            continue
        except PermissionError:
            report.unreadable += 1  # left where it is, tried again next tick
            continue
        if batch is None:
            report.waiting += 1
            observations[rel] = [-1, -1, now]  # changed while read: settle again
            continue
        batches.append(batch)
        report.taken[batch.batch_type] += 1
        del observations[rel]
    return report, observations, batches
