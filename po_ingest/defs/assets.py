"""The two document types' chains (defs/documents.py builds them):

uploaded_document → extracted_purchase_order → purchase_order   (job process_batch)
uploaded_document → extracted_delivery_note → delivery_note     (job process_delivery_note)
"""

import os
from typing import Any

import dagster as dg

from po_ingest.defs.backlog import packed_job
from po_ingest.defs.documents import (
    DocumentKind,
    Stored,
    document_assets,
    upload_materialization,
    uploaded_document,
)
from po_ingest.lib.batch_runs import JOB_NAMES
from po_ingest.lib.delivery_note_model import DeliveryNoteExtraction
from po_ingest.lib.files import note_key, order_key
from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.store import Batch, Store

DEFAULT_PUBLIC_URL = "http://localhost:8000"

__all__ = ["upload_materialization", "uploaded_document"]


def page_url(path: str) -> str:
    """A page of the intake (PO_INGEST_PUBLIC_URL, default http://localhost:8000)."""
    base = os.environ.get("PO_INGEST_PUBLIC_URL") or DEFAULT_PUBLIC_URL
    return f"{base.rstrip('/')}/{path}"


def order_url(order_id: int) -> str:
    return page_url(f"orders/{order_id}")


def note_url(note_id: int) -> str:
    return page_url(f"delivery-notes/{note_id}")


def _site_name(db: Store, site_id: int | None) -> str:
    return next((site.name for site in db.sites.all() if site.id == site_id), "")


def _describe_order(result: ExtractionResult) -> dict[str, Any]:
    return {
        "po_number": result.order.po_number,
        "items": dg.MetadataValue.int(len(result.order.items)),
    }


def _persist_order(
    db: Store, batch: Batch, run_id: str, result: ExtractionResult, target: str
) -> Stored:
    outcome = db.orders.persist(batch.id, run_id, result, target)
    return Stored(outcome.order_id, outcome.duplicate, outcome.site_id, outcome.warnings)


def _after_order(db: Store, result: ExtractionResult, stored: Stored) -> dict[str, Any]:
    order = result.order
    saved = db.orders.get(stored.record_id)
    return {
        "order_id": dg.MetadataValue.int(stored.record_id),
        "po_number": order.po_number,
        "supplier": order.supplier_name or "",
        "site_id": dg.MetadataValue.int(stored.site_id or 0),
        "site": _site_name(db, saved["site_id"] if saved else None),
        "currency": order.currency,
        "total": str(order.total) if order.total is not None else "",
        "items": dg.MetadataValue.int(len(order.items)),
        "order_url": dg.MetadataValue.url(order_url(stored.record_id)),
    }


def _describe_note(result: DeliveryNoteExtraction) -> dict[str, Any]:
    return {
        "dn_number": result.note.dn_number,
        "po_refs": ", ".join(result.note.po_refs),
        "lines": dg.MetadataValue.int(len(result.note.lines)),
    }


def _persist_note(
    db: Store, batch: Batch, run_id: str, result: DeliveryNoteExtraction, target: str
) -> Stored:
    persisted = db.deliveries.persist(batch.id, run_id, result, target)
    return Stored(persisted.note_id, persisted.duplicate, persisted.site_id, persisted.warnings)


def _after_note(db: Store, result: DeliveryNoteExtraction, stored: Stored) -> dict[str, Any]:
    saved = db.deliveries.get(stored.record_id) or {}
    note = result.note
    return {
        "delivery_note_id": dg.MetadataValue.int(stored.record_id),
        "dn_number": note.dn_number,
        "supplier": note.supplier_name or "",
        "po_refs": ", ".join(note.po_refs),
        "site": _site_name(db, stored.site_id),
        "lines": dg.MetadataValue.int(len(note.lines)),
        "match_status": saved.get("match_status") or "",
        "match_exceptions": dg.MetadataValue.json(saved.get("match_exceptions") or []),
        "note_url": dg.MetadataValue.url(note_url(stored.record_id)),
    }


PURCHASE_ORDERS = document_assets(
    DocumentKind(
        batch_type="purchase_orders",
        name="purchase_order",
        group="orders",
        job_name=JOB_NAMES["purchase_orders"],
        claim_op="claim_batch",
        extract_op="extract_order",
        result_type=ExtractionResult,
        file_key=order_key,
        describe=_describe_order,
        persist=_persist_order,
        after_persist=_after_order,
        description=(
            "The stored purchase order and its lines; the batch becomes `processed` in the same "
            "transaction. A known po_number links the batch to the existing order instead."
        ),
    )
)
DELIVERY_NOTES = document_assets(
    DocumentKind(
        batch_type="delivery_notes",
        name="delivery_note",
        group="delivery_notes",
        job_name=JOB_NAMES["delivery_notes"],
        claim_op="claim_delivery_note",
        extract_op="extract_delivery_note",
        result_type=DeliveryNoteExtraction,
        file_key=note_key,
        describe=_describe_note,
        persist=_persist_note,
        after_persist=_after_note,
        description=(
            "The stored delivery note and its lines, matched to its orders' lines; the batch "
            "becomes `processed` in the same transaction. A note its supplier's number "
            "already names links the batch to that note instead."
        ),
    )
)
DOCUMENT_TYPES = {chain.kind.batch_type: chain for chain in (PURCHASE_ORDERS, DELIVERY_NOTES)}

extracted_purchase_order = PURCHASE_ORDERS.extracted
purchase_order = PURCHASE_ORDERS.record
process_batch_job = PURCHASE_ORDERS.job
extracted_delivery_note = DELIVERY_NOTES.extracted
delivery_note = DELIVERY_NOTES.record
process_delivery_note_job = DELIVERY_NOTES.job
BATCH_JOBS = [chain.job for chain in DOCUMENT_TYPES.values()]
# Several batches to a run, for a backlog (defs/backlog.py); the pending sensor packs them.
PACKED_JOBS = [packed_job(chain) for chain in DOCUMENT_TYPES.values()]
BATCH_ASSET_KEYS = {
    asset.key for chain in DOCUMENT_TYPES.values() for asset in (chain.extracted, chain.record)
}
