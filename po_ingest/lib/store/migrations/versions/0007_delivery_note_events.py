"""People's decisions on delivery notes: `delivery_note_events` (approved, rejected, a line's
match set or cleared by hand: who, when, what, why).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import UTCDateTime

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "delivery_note_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "delivery_note_id",
            sa.Integer,
            sa.ForeignKey("delivery_notes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("user_name", sa.String(100), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("changes", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("reason", sa.Text, nullable=True),
        sa.UniqueConstraint(
            "delivery_note_id", "revision", name="uq_delivery_note_events_revision"
        ),
    )
    op.create_index(
        "ix_delivery_note_events_delivery_note_id", "delivery_note_events", ["delivery_note_id"]
    )


def downgrade() -> None:
    op.drop_table("delivery_note_events")
