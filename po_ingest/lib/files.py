"""The file store: a local directory. Keys are ours (from batch ids), never user file names.

Every write goes to a temporary name in the target folder and is renamed into place, so a
reader sees a whole file or none, and a crash leaves at most a `.tmp-*` orphan. Files are
created 0640 and folders 0750 (less if the umask says so), and never read through a symbolic
link: a link planted in the store cannot make it serve a file from elsewhere.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import time
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from po_ingest.lib.content_types import EXTENSIONS

_KEY = re.compile(
    r"(batches|orders|notes)/[a-z0-9]{1,32}\.(pdf|jpg|png|webp)|imports/[a-z0-9]{1,32}\.csv"
)
FOLDERS = ("batches", "orders", "notes", "imports")
TMP_PREFIX = ".tmp-"
FILE_MODE = 0o640
FOLDER_MODE = 0o750
_CHUNK_BYTES = 1024 * 1024


class BadKey(ValueError):
    """Not one of our storage keys, or one whose path leads out of the store."""


class TooLarge(ValueError):
    def __init__(self, limit: int):
        super().__init__(f"file is larger than the {limit // (1024 * 1024)} MB limit")
        self.limit = limit


@dataclass(frozen=True)
class Written:
    size: int
    sha256: str


def batch_key(batch_id: str, content_type: str) -> str:
    return f"batches/{batch_id}{EXTENSIONS[content_type]}"


def order_key(batch_id: str, content_type: str) -> str:
    return f"orders/{batch_id}{EXTENSIONS[content_type]}"


def note_key(batch_id: str, content_type: str) -> str:
    return f"notes/{batch_id}{EXTENSIONS[content_type]}"


def import_key(batch_id: str) -> str:
    """A CSV import's file: kept for good, referenced by its batch's `original_file`."""
    return f"imports/{batch_id}.csv"


class FileStore:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def path(self, key: str) -> Path:
        if not _KEY.fullmatch(key):
            raise BadKey(f"not a storage key: {key!r}")
        path = self.root / key
        if not path.resolve().is_relative_to(self.root.resolve()):
            raise BadKey(f"storage key {key!r} leads out of the store")
        return path

    def _temp_for(self, target: Path) -> Path:
        self.root.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        target.parent.mkdir(mode=FOLDER_MODE, exist_ok=True)
        return target.parent / f"{TMP_PREFIX}{uuid.uuid4().hex}"

    def _write_to(self, target: Path, chunks: Iterable[bytes], max_bytes: int | None) -> Written:
        """Stream into a new temporary file, then rename it onto `target`."""
        temp = self._temp_for(target)
        digest, size = hashlib.sha256(), 0
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, FILE_MODE)
            with os.fdopen(fd, "wb") as out:
                for chunk in chunks:
                    size += len(chunk)
                    if max_bytes is not None and size > max_bytes:
                        raise TooLarge(max_bytes)
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        return Written(size=size, sha256=digest.hexdigest())

    def open(self, key: str) -> BinaryIO:
        """The stored file for reading; FileNotFoundError when it is missing, is a symbolic
        link or is not a regular file."""
        try:
            fd = os.open(self.path(key), os.O_RDONLY | os.O_NOFOLLOW)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise FileNotFoundError(errno.ENOENT, "a symbolic link, not a file", key) from None
            raise
        handle = os.fdopen(fd, "rb")
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            handle.close()
            raise FileNotFoundError(errno.ENOENT, "not a regular file", key)
        return handle

    def write(self, key: str, chunks: Iterable[bytes], max_bytes: int | None = None) -> Written:
        """Stream `chunks` into `key`; past `max_bytes` stop reading, keep nothing, raise TooLarge."""
        return self._write_to(self.path(key), chunks, max_bytes)

    def copy(self, source_key: str, target_key: str) -> None:
        with self.open(source_key) as source:
            self._write_to(
                self.path(target_key), iter(lambda: source.read(_CHUNK_BYTES), b""), None
            )

    def read(self, key: str) -> bytes:
        with self.open(key) as handle:
            return handle.read()

    def exists(self, key: str) -> bool:
        """A regular file is stored under `key` (a symbolic link there does not count)."""
        try:
            return stat.S_ISREG(self.path(key).lstat().st_mode)
        except FileNotFoundError:
            return False

    def delete(self, key: str) -> None:
        self.path(key).unlink(missing_ok=True)

    def entries(self) -> Iterator[tuple[str, Path, float]]:
        """(key or temp name, path, age in seconds) of everything under the store's folders."""
        now = time.time()
        for folder in FOLDERS:
            directory = self.root / folder
            if not directory.is_dir():
                continue
            for entry in os.scandir(directory):
                if entry.is_file():
                    age = now - entry.stat().st_mtime
                    yield f"{folder}/{entry.name}", Path(entry.path), age
