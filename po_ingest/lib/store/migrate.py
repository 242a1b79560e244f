"""Alembic, driven from code: `po-ingest db upgrade` and the test fixtures call this."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

if TYPE_CHECKING:
    from alembic.config import Config

# Alembic loads only to migrate: `po-ingest upload` checks the revision with one query.
MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def current_revision(url: str) -> str | None:
    """The revision alembic recorded (None: no tables yet)."""
    from po_ingest.lib.store.engine import get_engine

    with get_engine(url).connect() as conn:
        if not sa.inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
