"""Timesheet and fuel-log entries; a batch's status may be NULL (legacy rows read as processed).

The web app that owns `data_import_batches` wrote timesheet and fuel-log batches with no
status before it had one; those rows must load, so the column becomes nullable (still
defaulting to `pending`) and the code reads NULL as `processed`.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import Money

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


# Frozen here rather than built from the format specs (as schema.py builds them), so that a
# later change to a format cannot rewrite what this revision did.
_FORMAT_COLUMNS = {
    "timesheet_entries": lambda: [
        sa.Column("date", sa.Date, nullable=False),
        sa.Column("worker", sa.String(200), nullable=False),
        sa.Column("employee_id", sa.String(64), nullable=True),
        sa.Column("project_code", sa.String(100), nullable=False),
        sa.Column("activity", sa.String(200), nullable=False),
        sa.Column("hours", Money, nullable=False),
        sa.Column("overtime_hours", Money, nullable=True),
        sa.Column("notes", sa.Text, nullable=True),
    ],
    "fuel_log_entries": lambda: [
        sa.Column("date", sa.Date, nullable=False),
        sa.Column("vehicle", sa.String(100), nullable=False),
        sa.Column("driver", sa.String(200), nullable=True),
        sa.Column("project_code", sa.String(100), nullable=False),
        sa.Column("fuel_type", sa.String(20), nullable=False),
        sa.Column("litres", Money, nullable=False),
        sa.Column("odometer_km", sa.Integer, nullable=True),
        sa.Column("cost", Money, nullable=True),
        sa.Column("currency", sa.String(3), nullable=True),
        sa.Column("station", sa.String(200), nullable=True),
    ],
}


def _alter_status(nullable: bool) -> None:
    with op.batch_alter_table("data_import_batches") as table:
        table.alter_column(
            "status",
            existing_type=sa.String(16),
            nullable=nullable,
            existing_server_default="pending",
        )


def upgrade() -> None:
    _alter_status(nullable=True)
    for name, format_columns in _FORMAT_COLUMNS.items():
        op.create_table(
            name,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column(
                "batch_id",
                sa.String(32),
                sa.ForeignKey("data_import_batches.id", ondelete="CASCADE"),
                nullable=False,
            ),
            sa.Column("source_row", sa.Integer, nullable=False),
            sa.Column("site_id", sa.Integer, sa.ForeignKey("sites.id"), nullable=True),
            *format_columns(),
            sa.UniqueConstraint("batch_id", "source_row", name=f"uq_{name}_batch_row"),
        )


def downgrade() -> None:
    for name in _FORMAT_COLUMNS:
        op.drop_table(name)
    op.execute("UPDATE data_import_batches SET status = 'processed' WHERE status IS NULL")
    _alter_status(nullable=False)
