"""Alerts: `alert_events` (one row per one-shot alert or per occurrence of a condition, at most
one open per kind and subject) and `alert_deliveries` (one message per event, transition and
channel, with its attempts).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-17
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import UTCDateTime

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "alert_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("subject", sa.String(255), nullable=False),
        sa.Column("severity", sa.String(16), nullable=False),
        sa.Column("one_shot", sa.Boolean, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("opened_at", UTCDateTime, nullable=False),
        sa.Column("cleared_at", UTCDateTime, nullable=True),
    )
    op.create_index(
        "uq_alert_events_open",
        "alert_events",
        ["kind", "subject"],
        unique=True,
        postgresql_where=sa.text("cleared_at IS NULL"),
        sqlite_where=sa.text("cleared_at IS NULL"),
    )
    op.create_table(
        "alert_deliveries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "event_id",
            sa.Integer,
            sa.ForeignKey("alert_events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("transition", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(500), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("next_attempt_at", UTCDateTime, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("sent_at", UTCDateTime, nullable=True),
        sa.UniqueConstraint(
            "event_id",
            "transition",
            "channel",
            name="uq_alert_deliveries_event_transition_channel",
        ),
    )
    op.create_index(
        "ix_alert_deliveries_status_next_attempt",
        "alert_deliveries",
        ["status", "next_attempt_at"],
    )


def downgrade() -> None:
    op.drop_table("alert_deliveries")
    op.drop_table("alert_events")
