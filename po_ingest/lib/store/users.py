"""Named users and their token hashes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import sqlalchemy as sa

from po_ingest.lib.store.schema import users
from po_ingest.lib.users import Caller, Role, checked_name, new_token, token_hash


class UserExists(ValueError):
    pass


@dataclass(frozen=True)
class User:
    name: str
    role: Role
    created_at: dt.datetime
    revoked_at: dt.datetime | None


class UserStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def add(self, name: str, role: Role) -> str:
        """Create the user; returns its token, which is not kept anywhere."""
        token = new_token()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    users.insert().values(
                        name=checked_name(name),
                        role=Role(role),
                        token_hash=token_hash(token),
                        created_at=dt.datetime.now(dt.UTC),
                    )
                )
        except sa.exc.IntegrityError:
            raise UserExists(f"there is a user {name!r} already") from None
        return token

    def all(self) -> list[User]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    users.c.name, users.c.role, users.c.created_at, users.c.revoked_at
                ).order_by(users.c.name)
            ).all()
        return [User(r.name, Role(r.role), r.created_at, r.revoked_at) for r in rows]

    def revoke(self, name: str) -> bool:
        """Refuse the user's token from now on; False when there is no such active user."""
        with self.engine.begin() as conn:
            return (
                conn.execute(
                    users.update()
                    .where(users.c.name == name, users.c.revoked_at.is_(None))
                    .values(revoked_at=dt.datetime.now(dt.UTC))
                ).rowcount
                == 1
            )

    def caller_for(self, token: str) -> Caller | None:
        """The active user holding `token`. The look-up is by hash (an index), so comparing
        the secret itself never happens in SQL."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(users.c.name, users.c.role).where(
                    users.c.token_hash == token_hash(token), users.c.revoked_at.is_(None)
                )
            ).first()
        return Caller(row.name, Role(row.role)) if row else None
