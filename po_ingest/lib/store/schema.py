"""The app database's tables (SQLAlchemy Core). Alembic migrations mirror this file."""

from __future__ import annotations

import sqlalchemy as sa

from po_ingest.lib.csv_imports.columns import Column, Kind
from po_ingest.lib.csv_imports.formats import FUEL_LOGS, TIMESHEETS, CsvFormat
from po_ingest.lib.store.types import Money, UTCDateTime

metadata = sa.MetaData()

batches = sa.Table(
    "data_import_batches",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("batch_type", sa.String(32), nullable=False),
    sa.Column("content_type", sa.String(64), nullable=False),
    sa.Column("original_file", sa.String(255), nullable=True),
    sa.Column("original_filename", sa.String(255), nullable=True),
    sa.Column("file_size", sa.BigInteger, nullable=False),
    sa.Column("file_sha256", sa.String(64), nullable=False),
    sa.Column("date_uploaded", UTCDateTime, nullable=False),
    sa.Column("uploaded_by", sa.String(255), nullable=True),
    # NULL on rows the web app wrote for timesheets and fuel logs before it set a status;
    # every read takes NULL as `processed`.
    sa.Column("status", sa.String(16), nullable=True, server_default="pending"),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("last_error", sa.Text, nullable=True),
    sa.Column("last_attempt_at", UTCDateTime, nullable=True),
    sa.Column("next_retry_at", UTCDateTime, nullable=True),
    sa.Column("processed_at", UTCDateTime, nullable=True),
    sa.Column("processed_record_id", sa.Integer, nullable=True),
    sa.Column("dagster_run_id", sa.String(64), nullable=True),
    sa.Column("generation", sa.Integer, nullable=False, server_default="0"),
    # Beyond the web app's columns: the extraction result (JSON text, written when extract
    # succeeds so persist and analysts read it from here) and the batch's warnings.
    sa.Column("extraction", sa.Text, nullable=True),
    sa.Column("warnings", sa.JSON, nullable=False, server_default="[]"),
    # The run lane (`local` | `model`) and the generation the pending sensor launched a run
    # for, and when: a launched batch is not picked again, and the reconciliation finds one
    # whose runs all ended before claiming it.
    sa.Column("lane", sa.String(16), nullable=True),
    sa.Column("launched_generation", sa.Integer, nullable=True),
    sa.Column("launched_at", UTCDateTime, nullable=True),
    # A batch the mailbox made: the mail's Message-ID (RFC 5322 allows 998 characters), its
    # subject and sender. One batch per (message, attachment bytes): reading a message again
    # after a crash between the commit and the move to `Processed` adds nothing.
    sa.Column("source_message_id", sa.String(998), nullable=True),
    sa.Column("source_subject", sa.Text, nullable=True),
    sa.Column("source_sender", sa.String(320), nullable=True),
    sa.Index("ix_batches_status_type_retry", "status", "batch_type", "next_retry_at"),
    sa.Index("ix_batches_file_sha256", "file_sha256"),
    sa.Index(
        "uq_batches_source_message_file",
        "source_message_id",
        "file_sha256",
        unique=True,
        postgresql_where=sa.text("source_message_id IS NOT NULL"),
        sqlite_where=sa.text("source_message_id IS NOT NULL"),
    ),
)

# Mail the mailbox read and did not import (a stranger's, no usable attachment, an attachment
# too large, unsupported or a zip), with why: the page and the API show it. `filename` is set
# when the reason is about one attachment.
mail_rejections = sa.Table(
    "mail_rejections",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("message_id", sa.String(998), nullable=False),
    sa.Column("sender", sa.String(320), nullable=True),
    sa.Column("subject", sa.Text, nullable=True),
    sa.Column("filename", sa.String(255), nullable=True),
    sa.Column("reason", sa.Text, nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Index("ix_mail_rejections_created_at", "created_at"),
)

# One row per model provider: the outage gate (PO_INGEST_MODEL_OUTAGE_AFTER consecutive
# transient failures open an outage; a probe that answers closes it).
model_health = sa.Table(
    "model_health",
    metadata,
    sa.Column("model", sa.String(100), primary_key=True),
    sa.Column("consecutive_failures", sa.Integer, nullable=False, server_default="0"),
    sa.Column("down_since", UTCDateTime, nullable=True),
    sa.Column("last_failure_at", UTCDateTime, nullable=True),
    sa.Column("last_error", sa.Text, nullable=True),
    sa.Column("last_probe_at", UTCDateTime, nullable=True),
    sa.Column("last_ok_at", UTCDateTime, nullable=True),
)

sites = sa.Table(
    "sites",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(255), nullable=False, unique=True),
    sa.Column("project_code", sa.String(100), nullable=True, unique=True),
    sa.Column("aliases", sa.JSON, nullable=False, server_default="[]"),
)


def _document_columns() -> list[sa.Column]:
    """Where an extracted document came from and what the extraction said (the same on
    every document type)."""
    return [
        sa.Column("file_key", sa.String(255), nullable=True),
        sa.Column("raw_extraction", sa.Text, nullable=False),
        sa.Column("warnings", sa.JSON, nullable=False, server_default="[]"),
    ]


def _batch_columns() -> list[sa.Column]:
    return [
        sa.Column(
            "batch_id", sa.String(32), sa.ForeignKey("data_import_batches.id"), nullable=False
        ),
        sa.Column("dagster_run_id", sa.String(64), nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
    ]


def _review_columns() -> list[sa.Column]:
    """Review: +1 on every change (the If-Match of an edit); `needs_review | verified |
    rejected`, why, and who verified it (a user's name, or "auto")."""
    return [
        sa.Column("revision", sa.Integer, nullable=False, server_default="1"),
        sa.Column("review_status", sa.String(16), nullable=False, server_default="needs_review"),
        sa.Column("review_reasons", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("verified_by", sa.String(100), nullable=True),
        sa.Column("verified_at", UTCDateTime, nullable=True),
    ]


def _line_columns(quantity_required: bool) -> list[sa.Column]:
    """A document's line: an order's ordered, a delivery note's delivered quantity."""
    return [
        sa.Column("line_number", sa.Integer, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("item_code", sa.String(100), nullable=True),
        sa.Column("quantity", Money, nullable=not quantity_required),
        sa.Column("unit", sa.String(20), nullable=True),
        sa.Column("unit_price", Money(scale=6), nullable=True),
        sa.Column("line_total", Money, nullable=True),
        # The line's index in the extraction (its provenance key), kept when people reorder.
        sa.Column("extracted_index", sa.Integer, nullable=True),
    ]


purchase_orders = sa.Table(
    "purchase_orders",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("po_number", sa.String(100), nullable=False, unique=True),
    # po_number as delivery notes print it too (matching.normalise_po_ref): `PO-000123` is `123`.
    sa.Column("po_key", sa.String(100), nullable=True, index=True),
    sa.Column("order_date", sa.Date, nullable=True),
    sa.Column("supplier_name", sa.String(300), nullable=True),
    sa.Column("project_code", sa.String(100), nullable=True),
    sa.Column("site_id", sa.Integer, sa.ForeignKey("sites.id"), nullable=True),
    sa.Column("currency", sa.String(3), nullable=False),
    sa.Column("subtotal", Money, nullable=True),
    sa.Column("tax", Money, nullable=True),
    sa.Column("total", Money, nullable=True),
    *_document_columns(),
    sa.Column("is_verified", sa.Boolean, nullable=False, server_default=sa.false()),
    *_batch_columns(),
    *_review_columns(),
    sa.Index("ix_purchase_orders_review", "review_status", "created_at"),
)


def _belongs_to(parent: str, index: bool = False) -> sa.Column:
    """`<parent>_id`, removed with its parent row."""
    return sa.Column(
        f"{parent}_id",
        sa.Integer,
        sa.ForeignKey(f"{parent}s.id", ondelete="CASCADE"),
        nullable=False,
        index=index,
    )


def _lines_table(name: str, parent: str, *extra: sa.Column, quantity_required: bool) -> sa.Table:
    """A document's lines, removed with the document."""
    return sa.Table(
        name,
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _belongs_to(parent, index=True),
        *_line_columns(quantity_required),
        *extra,
    )


purchase_order_items = _lines_table(
    "purchase_order_items", "purchase_order", quantity_required=False
)


def _history_table(name: str, parent: str, index: bool = False) -> sa.Table:
    """Changes to a record, numbered as its revision: who, when, what (field → old, new),
    why."""
    return sa.Table(
        name,
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _belongs_to(parent, index=index),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("user_name", sa.String(100), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("changes", sa.JSON, nullable=False, server_default="[]"),
        sa.Column("reason", sa.Text, nullable=True),
        sa.UniqueConstraint(f"{parent}_id", "revision", name=f"uq_{name}_revision"),
    )


# Every change to an order.
order_revisions = _history_table("order_revisions", "purchase_order")

# Named users: only a SHA-256 of the token is kept (tokens are 256-bit random, so a fast hash
# cannot be searched backwards); a revoked user's token is refused.
users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(100), nullable=False, unique=True),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("revoked_at", UTCDateTime, nullable=True),
)


def _sql_type(column: Column) -> sa.types.TypeEngine:
    if column.kind is Kind.TEXT:
        return sa.String(column.max_length) if column.max_length <= 255 else sa.Text()
    return {
        Kind.DATE: sa.Date(),
        Kind.DECIMAL: Money(),
        Kind.INTEGER: sa.Integer(),
        Kind.CURRENCY: sa.String(3),
    }[column.kind]


def _entries_table(name: str, fmt: CsvFormat) -> sa.Table:
    """One row per CSV row: its batch, its row number in the file, its site, then the
    format's columns, typed."""
    return sa.Table(
        name,
        metadata,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "batch_id",
            sa.String(32),
            sa.ForeignKey("data_import_batches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("source_row", sa.Integer, nullable=False),
        sa.Column("site_id", sa.Integer, sa.ForeignKey("sites.id"), nullable=True),
        *(sa.Column(c.name, _sql_type(c), nullable=not c.required) for c in fmt.columns),
        sa.UniqueConstraint("batch_id", "source_row", name=f"uq_{name}_batch_row"),
    )


timesheet_entries = _entries_table("timesheet_entries", TIMESHEETS)
fuel_log_entries = _entries_table("fuel_log_entries", FUEL_LOGS)
ENTRY_TABLES = {"timesheets": timesheet_entries, "fuel_logs": fuel_log_entries}


# Delivery notes: what arrived, for which orders (po_refs as printed), and how their lines
# matched the orders' lines. One note per supplier and note number: the same note again is a
# duplicate of the first.
delivery_notes = sa.Table(
    "delivery_notes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("dn_number", sa.String(100), nullable=False),
    sa.Column("supplier_name", sa.String(300), nullable=True),
    # The supplier as matching_keys.supplier_key writes it ("" when the note names none).
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
    *_document_columns(),
    *_batch_columns(),
    *_review_columns(),
    # `matched | partial | unmatched` and the note's exceptions, rewritten by every rematch.
    sa.Column("match_status", sa.String(16), nullable=False, server_default="unmatched"),
    sa.Column("match_exceptions", sa.JSON, nullable=False, server_default="[]"),
    sa.UniqueConstraint("supplier_key", "dn_number", name="uq_delivery_notes_supplier_dn"),
    sa.Index("ix_delivery_notes_review", "review_status", "created_at"),
    sa.Index("ix_delivery_notes_match_status", "match_status"),
)

# The note's po_refs by key (matching_keys.normalise_po_ref), so an order that arrives later
# finds the notes that name it through an index.
delivery_note_po_refs = sa.Table(
    "delivery_note_po_refs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    _belongs_to("delivery_note"),
    sa.Column("po_key", sa.String(100), nullable=False, index=True),
    sa.UniqueConstraint("delivery_note_id", "po_key", name="uq_delivery_note_po_refs_key"),
)

delivery_note_items = _lines_table(
    "delivery_note_items",
    "delivery_note",
    sa.Column("po_line_ref", sa.Integer, nullable=True),
    sa.Column("batch_or_lot", sa.String(100), nullable=True),
    # The order line it delivers against (NULL: none found, or the order's lines were
    # replaced by a correction until the next rematch), how, and the descriptions' similarity.
    sa.Column(
        "matched_order_item_id",
        sa.Integer,
        sa.ForeignKey("purchase_order_items.id", ondelete="SET NULL"),
        nullable=True,
        index=True,
    ),
    sa.Column("match_method", sa.String(16), nullable=True),
    sa.Column("match_score", sa.Float, nullable=True),
    sa.Column("exceptions", sa.JSON, nullable=False, server_default="[]"),
    quantity_required=True,
)

# People's decisions on a note: approved, rejected, a line's match set or cleared by hand
# (a rematch is not one).
delivery_note_events = _history_table("delivery_note_events", "delivery_note", index=True)

# Alerts: one row per one-shot alert, or per occurrence of a condition (opened, then cleared).
# At most one open row per (kind, subject): a condition opens once, and since one-shot rows are
# never cleared, a one-shot alert fires at most once per subject. Racing sensor ticks insert
# with ON CONFLICT DO NOTHING against this index.
_OPEN = sa.text("cleared_at IS NULL")
alert_events = sa.Table(
    "alert_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("subject", sa.String(255), nullable=False),
    sa.Column("severity", sa.String(16), nullable=False),
    sa.Column("one_shot", sa.Boolean, nullable=False),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("opened_at", UTCDateTime, nullable=False),
    sa.Column("cleared_at", UTCDateTime, nullable=True),
    sa.Index(
        "uq_alert_events_open",
        "kind",
        "subject",
        unique=True,
        postgresql_where=_OPEN,
        sqlite_where=_OPEN,
    ),
)

# One message per event, transition and channel (the channel's redacted label, never its URL):
# `pending | sent | failed | gave_up | held | digested`, retried with a backoff.
alert_deliveries = sa.Table(
    "alert_deliveries",
    metadata,
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
        "event_id", "transition", "channel", name="uq_alert_deliveries_event_transition_channel"
    ),
    sa.Index("ix_alert_deliveries_status_next_attempt", "status", "next_attempt_at"),
)
