"""The mailbox intake: batches keep the mail they came from (Message-ID, subject, sender; one
batch per message and attachment bytes), and `mail_rejections` lists mail not imported.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import UTCDateTime

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_FROM_MAIL = sa.text("source_message_id IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("data_import_batches") as table:
        table.add_column(sa.Column("source_message_id", sa.String(998), nullable=True))
        table.add_column(sa.Column("source_subject", sa.Text, nullable=True))
        table.add_column(sa.Column("source_sender", sa.String(320), nullable=True))
    op.create_index(
        "uq_batches_source_message_file",
        "data_import_batches",
        ["source_message_id", "file_sha256"],
        unique=True,
        postgresql_where=_FROM_MAIL,
        sqlite_where=_FROM_MAIL,
    )
    op.create_table(
        "mail_rejections",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.String(998), nullable=False),
        sa.Column("sender", sa.String(320), nullable=True),
        sa.Column("subject", sa.Text, nullable=True),
        sa.Column("filename", sa.String(255), nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
    )
    op.create_index("ix_mail_rejections_created_at", "mail_rejections", ["created_at"])


def downgrade() -> None:
    op.drop_table("mail_rejections")
    op.drop_index("uq_batches_source_message_file", table_name="data_import_batches")
    with op.batch_alter_table("data_import_batches") as table:
        table.drop_column("source_sender")
        table.drop_column("source_subject")
        table.drop_column("source_message_id")
