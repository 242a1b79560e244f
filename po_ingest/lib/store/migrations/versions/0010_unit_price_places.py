"""Unit prices keep 6 decimal places (a small part's price per piece, 0.04579 EUR), not 4.

SQLite stores money as decimal text: only PostgreSQL's NUMERIC columns change.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

_LINE_TABLES = ("purchase_order_items", "delivery_note_items")


def _unit_price_type(scale: int) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in _LINE_TABLES:
        op.alter_column(table, "unit_price", type_=sa.Numeric(16 + scale, scale))


def upgrade() -> None:
    _unit_price_type(6)


def downgrade() -> None:
    _unit_price_type(4)  # prices finer than 4 places are rounded
