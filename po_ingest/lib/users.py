"""Named users: roles, what each may do, and their tokens (only a hash is ever stored)."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from enum import StrEnum

from po_ingest.lib.tokens import token_problem

# The shared PO_INGEST_API_TOKEN acts as this admin, so `make run` works with no users.
BOOTSTRAP_ADMIN = "admin"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$")


class Role(StrEnum):
    UPLOADER = "uploader"
    REVIEWER = "reviewer"
    ADMIN = "admin"


# Each role may do what the roles before it may.
_RANK = {Role.UPLOADER: 0, Role.REVIEWER: 1, Role.ADMIN: 2}


@dataclass(frozen=True)
class Caller:
    """Who sent a request: a named user, or the bootstrap admin (the shared token)."""

    name: str
    role: Role
    bootstrap: bool = False

    def may(self, role: Role) -> bool:
        return _RANK[self.role] >= _RANK[role]

    @property
    def sees_every_batch(self) -> bool:
        return self.may(Role.REVIEWER)

    def uploader_name(self, given: str | None) -> str | None:
        """`uploaded_by` of this caller's upload: a named user is who they are; the shared
        token names nobody, so the form's `uploaded_by` (if any) says who it was."""
        return given if self.bootstrap else self.name


class BadUserName(ValueError):
    pass


def checked_name(name: str) -> str:
    if not _NAME.match(name):
        raise BadUserName(
            f"{name!r} is not a user name: 1–100 letters, digits, '.', '_', '@' or '-', "
            "starting with a letter or digit"
        )
    if name == BOOTSTRAP_ADMIN:
        raise BadUserName(f"{BOOTSTRAP_ADMIN!r} is the shared token's name (PO_INGEST_API_TOKEN)")
    return name


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """43 URL-safe random characters that pass the token rule (drawn again in the rare case
    a random one does not)."""
    while token_problem(token := secrets.token_urlsafe(32)):
        pass
    return token
