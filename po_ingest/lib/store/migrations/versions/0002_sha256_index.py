"""Index batches by file hash: the intake looks up identical bytes already imported.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_batches_file_sha256", "data_import_batches", ["file_sha256"])


def downgrade() -> None:
    op.drop_index("ix_batches_file_sha256", "data_import_batches")
