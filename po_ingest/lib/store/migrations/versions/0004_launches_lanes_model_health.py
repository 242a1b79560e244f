"""What the pending sensor launched (generation, time, lane) on each batch; the model's health.

`launched_generation`/`launched_at` let the sensor pick only batches not yet launched for their
generation (a stuck row never fills its window) and let the reconciliation find launched
batches whose runs all ended before claiming. `lane` is the run lane (`local` | `model`).
`model_health` holds one row per model provider: consecutive transient failures, and since
when it is taken as down (the outage gate).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import UTCDateTime

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("data_import_batches") as table:
        table.add_column(sa.Column("lane", sa.String(16), nullable=True))
        table.add_column(sa.Column("launched_generation", sa.Integer, nullable=True))
        table.add_column(sa.Column("launched_at", UTCDateTime, nullable=True))
    op.create_table(
        "model_health",
        sa.Column("model", sa.String(100), primary_key=True),
        sa.Column("consecutive_failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("down_since", UTCDateTime, nullable=True),
        sa.Column("last_failure_at", UTCDateTime, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("last_probe_at", UTCDateTime, nullable=True),
        sa.Column("last_ok_at", UTCDateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("model_health")
    with op.batch_alter_table("data_import_batches") as table:
        table.drop_column("launched_at")
        table.drop_column("launched_generation")
        table.drop_column("lane")
