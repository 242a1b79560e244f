"""Batch ids: short, random, URL-safe, and valid Dagster partition keys."""

from __future__ import annotations

import re
import secrets

_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no look-alikes (l/1, o/0)
_LENGTH = 12
_BATCH_ID = re.compile(rf"^[{_ALPHABET}]{{{_LENGTH}}}$")


def new_batch_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(_LENGTH))


def is_batch_id(value: str) -> bool:
    return bool(_BATCH_ID.match(value))
