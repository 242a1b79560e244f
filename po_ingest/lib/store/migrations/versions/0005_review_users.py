"""Review: named users, the order's review state and revision, and `order_revisions`.

Existing orders stay `needs_review` at revision 1 (nobody has checked them), with an
`extracted` revision written for each so every order's history starts at its extraction.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.store.types import UTCDateTime

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("purchase_orders") as table:
        table.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="1"))
        table.add_column(
            sa.Column("review_status", sa.String(16), nullable=False, server_default="needs_review")
        )
        table.add_column(sa.Column("review_reasons", sa.JSON, nullable=False, server_default="[]"))
        table.add_column(sa.Column("verified_by", sa.String(100), nullable=True))
        table.add_column(sa.Column("verified_at", UTCDateTime, nullable=True))
        table.create_index("ix_purchase_orders_review", ["review_status", "created_at"])
    with op.batch_alter_table("purchase_order_items") as table:
        table.add_column(sa.Column("extracted_index", sa.Integer, nullable=True))
    op.create_table(
        "order_revisions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "purchase_order_id",
            sa.Integer,
            sa.ForeignKey("purchase_orders.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("user_name", sa.String(100), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("changes", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("reason", sa.Text, nullable=True),
        sa.UniqueConstraint("purchase_order_id", "revision", name="uq_order_revisions_revision"),
    )
    op.execute(
        "INSERT INTO order_revisions (purchase_order_id, revision, action, user_name, "
        "created_at, changes) SELECT id, 1, 'extracted', 'pipeline', created_at, '[]' "
        "FROM purchase_orders"
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("revoked_at", UTCDateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("users")
    op.drop_table("order_revisions")
    with op.batch_alter_table("purchase_order_items") as table:
        table.drop_column("extracted_index")
    with op.batch_alter_table("purchase_orders") as table:
        table.drop_index("ix_purchase_orders_review")
        table.drop_column("verified_at")
        table.drop_column("verified_by")
        table.drop_column("review_reasons")
        table.drop_column("review_status")
        table.drop_column("revision")
