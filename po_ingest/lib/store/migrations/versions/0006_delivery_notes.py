"""Delivery notes, their lines matched to order lines, and the orders' po_key.

Existing orders get their po_key (the order number as notes print it) computed here, so a
note that arrives after the upgrade finds them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

from po_ingest.lib.matching_keys import normalise_po_ref
from po_ingest.lib.store.types import Money, UTCDateTime

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("purchase_orders") as table:
        table.add_column(sa.Column("po_key", sa.String(100), nullable=True))
        table.create_index("ix_purchase_orders_po_key", ["po_key"])
    _key_existing_orders()
    op.create_table(
        "delivery_notes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("dn_number", sa.String(100), nullable=False),
        sa.Column("supplier_name", sa.String(300), nullable=True),
        sa.Column("supplier_key", sa.String(300), nullable=False),
        sa.Column("dn_date", sa.Date, nullable=True),
        sa.Column("delivery_date", sa.Date, nullable=True),
        sa.Column("po_refs", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("project_code", sa.String(100), nullable=True),
        sa.Column("site_id", sa.Integer, sa.ForeignKey("sites.id"), nullable=True),
        sa.Column("delivered_to", sa.Text, nullable=True),
        sa.Column("received_by", sa.String(200), nullable=True),
        sa.Column("signature_present", sa.Boolean, nullable=True),
        sa.Column("vehicle", sa.String(100), nullable=True),
        sa.Column("carrier", sa.String(300), nullable=True),
        sa.Column("gross_weight", Money, nullable=True),
        sa.Column("tare_weight", Money, nullable=True),
        sa.Column("net_weight", Money, nullable=True),
        sa.Column("weight_unit", sa.String(20), nullable=True),
        sa.Column("currency", sa.String(3), nullable=True),
        sa.Column("file_key", sa.String(255), nullable=True),
        sa.Column("raw_extraction", sa.Text, nullable=False),
        sa.Column("warnings", sa.JSON, nullable=False, server_default="[]"),
        sa.Column(
            "batch_id", sa.String(32), sa.ForeignKey("data_import_batches.id"), nullable=False
        ),
        sa.Column("dagster_run_id", sa.String(64), nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False, server_default="1"),
        sa.Column("review_status", sa.String(16), nullable=False, server_default="needs_review"),
        sa.Column("review_reasons", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("verified_by", sa.String(100), nullable=True),
        sa.Column("verified_at", UTCDateTime, nullable=True),
        sa.Column("match_status", sa.String(16), nullable=False, server_default="unmatched"),
        sa.Column("match_exceptions", sa.JSON, nullable=False, server_default="[]"),
        sa.UniqueConstraint("supplier_key", "dn_number", name="uq_delivery_notes_supplier_dn"),
    )
    op.create_index("ix_delivery_notes_review", "delivery_notes", ["review_status", "created_at"])
    op.create_index("ix_delivery_notes_match_status", "delivery_notes", ["match_status"])
    op.create_table(
        "delivery_note_po_refs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _note_id(),
        sa.Column("po_key", sa.String(100), nullable=False),
        sa.UniqueConstraint("delivery_note_id", "po_key", name="uq_delivery_note_po_refs_key"),
    )
    op.create_index("ix_delivery_note_po_refs_po_key", "delivery_note_po_refs", ["po_key"])
    op.create_table(
        "delivery_note_items",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _note_id(),
        sa.Column("line_number", sa.Integer, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("item_code", sa.String(100), nullable=True),
        sa.Column("quantity", Money, nullable=False),
        sa.Column("unit", sa.String(20), nullable=True),
        sa.Column("unit_price", Money, nullable=True),
        sa.Column("line_total", Money, nullable=True),
        sa.Column("extracted_index", sa.Integer, nullable=True),
        sa.Column("po_line_ref", sa.Integer, nullable=True),
        sa.Column("batch_or_lot", sa.String(100), nullable=True),
        sa.Column(
            "matched_order_item_id",
            sa.Integer,
            sa.ForeignKey("purchase_order_items.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("match_method", sa.String(16), nullable=True),
        sa.Column("match_score", sa.Float, nullable=True),
        sa.Column("exceptions", sa.JSON, nullable=False, server_default="[]"),
    )
    for column in ("delivery_note_id", "matched_order_item_id"):
        op.create_index(f"ix_delivery_note_items_{column}", "delivery_note_items", [column])


def _note_id() -> sa.Column:
    return sa.Column(
        "delivery_note_id",
        sa.Integer,
        sa.ForeignKey("delivery_notes.id", ondelete="CASCADE"),
        nullable=False,
    )


def _key_existing_orders() -> None:
    orders = sa.table(
        "purchase_orders", sa.column("id", sa.Integer), sa.column("po_number"), sa.column("po_key")
    )
    conn = op.get_bind()
    keys = [
        {"order_id": row.id, "key": normalise_po_ref(row.po_number)}
        for row in conn.execute(sa.select(orders.c.id, orders.c.po_number))
    ]
    if keys:
        conn.execute(
            orders.update()
            .where(orders.c.id == sa.bindparam("order_id"))
            .values(po_key=sa.bindparam("key")),
            keys,
        )


def downgrade() -> None:
    op.drop_table("delivery_note_items")
    op.drop_table("delivery_note_po_refs")
    op.drop_table("delivery_notes")
    with op.batch_alter_table("purchase_orders") as table:
        table.drop_index("ix_purchase_orders_po_key")
        table.drop_column("po_key")
