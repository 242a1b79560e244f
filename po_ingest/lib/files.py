"""The file store: a local directory. Keys are ours (from batch ids), never user file names.

Every write goes to a temporary name in the target folder and is renamed into place, so a
reader sees a whole file or none, and a crash leaves at most a `.tmp-*` orphan.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import time
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from po_ingest.lib.content_types import EXTENSIONS

_KEY = re.compile(
    r"^((batches|orders)/[a-z0-9]{1,32}\.(pdf|jpg|png|webp)|imports/[a-z0-9]{1,32}\.csv)$"
)
FOLDERS = ("batches", "orders", "imports")
TMP_PREFIX = ".tmp-"


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


def import_key(batch_id: str) -> str:
    """A CSV import's file: kept for good, referenced by its batch's `original_file`."""
    return f"imports/{batch_id}.csv"


class FileStore:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def path(self, key: str) -> Path:
        if not _KEY.match(key):
            raise ValueError(f"not a storage key: {key!r}")
        return self.root / key

    def _temp_for(self, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        return target.parent / f"{TMP_PREFIX}{uuid.uuid4().hex}"

    def write(self, key: str, chunks: Iterable[bytes], max_bytes: int | None = None) -> Written:
        """Stream `chunks` into `key`; past `max_bytes` stop reading, keep nothing, raise TooLarge."""
        target = self.path(key)
        temp = self._temp_for(target)
        digest, size = hashlib.sha256(), 0
        try:
            with open(temp, "wb") as out:
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

    def copy(self, source_key: str, target_key: str) -> None:
        target = self.path(target_key)
        temp = self._temp_for(target)
        try:
            shutil.copyfile(self.path(source_key), temp)
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

    def read(self, key: str) -> bytes:
        return self.path(key).read_bytes()

    def exists(self, key: str) -> bool:
        return self.path(key).is_file()

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
