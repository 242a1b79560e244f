"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import sqlalchemy as sa


class UTCDateTime(sa.types.TypeDecorator):
    """Timezone-aware UTC in Python; naive UTC on SQLite, timestamptz on PostgreSQL."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(dt.UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=dt.UTC)
        return value.astimezone(dt.UTC)


class Money(sa.types.TypeDecorator):
    """Exact decimals: NUMERIC on PostgreSQL (16 digits before the point, `scale` after),
    decimal text on SQLite (which has no decimal type)."""

    impl = sa.String(40)
    cache_ok = True

    def __init__(self, scale: int = 4):
        super().__init__()
        self.scale = scale

    def load_dialect_impl(self, dialect):
        if dialect.name == "postgresql":
            return dialect.type_descriptor(sa.Numeric(16 + self.scale, self.scale))
        return dialect.type_descriptor(sa.String(40))

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        value = Decimal(value)
        return value if dialect.name == "postgresql" else str(value)

    def process_result_value(self, value, dialect):
        return None if value is None else Decimal(value)
