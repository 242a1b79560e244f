"""Orders and delivery notes stored as the pipeline stores them (an upload, a claim, persist),
each with its original in the file store: what the delivery API and pages are tested on."""

from __future__ import annotations

import functools

import pymupdf

from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteExtraction
from po_ingest.lib.files import FileStore, note_key
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.store import Batch, Store

SUPPLIER = "Beton Nord GmbH"
# Three lines: 10 m3 of concrete, 2 t of rebar, 40 bags of cement.
ORDER_LINES = [
    {"line_number": 1, "description": "Concrete C30/37", "quantity": "10", "unit": "m3"},
    {
        "line_number": 2,
        "description": "Rebar 12 mm",
        "item_code": "ST-12",
        "quantity": "2",
        "unit": "t",
    },
    {"line_number": 3, "description": "Cement CEM II 25 kg", "quantity": "40", "unit": "bag"},
]


# A note's header: delivered, signed for, and weighed at the gate (net = gross − tare).
RECEIVED_AND_WEIGHED = {
    "delivery_date": "2026-12-01",
    "received_by": "M. Weber",
    "signature_present": True,
    "gross_weight": "31000",
    "tare_weight": "12000",
    "net_weight": "19000",
    "weight_unit": "kg",
}


@functools.cache  # the same bytes for the same text (pymupdf stamps each save anew)
def one_page_pdf(text: str) -> bytes:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), text, fontsize=14)
    return doc.tobytes()


def _claimed_upload(
    store: Store, files: FileStore, text: str, batch_type: str, uploaded_by: str | None
) -> tuple[Batch, str, str]:
    """An uploaded PDF claimed by a run, its file copied to a record key: (batch, run, key)."""
    batch = accept_upload(
        store,
        files,
        [one_page_pdf(text)],
        filename=f"{text}.pdf",
        batch_type=batch_type,
        uploaded_by=uploaded_by,
    )
    run_id = f"run-{batch.id}"
    assert store.batches.claim(batch.id, run_id, statuses=["pending"])
    key = note_key(batch.id, batch.content_type)
    files.copy(batch.original_file, key)
    return batch, run_id, key


def store_order(
    store: Store, files: FileStore, po_number: str = "PO-000471", lines=ORDER_LINES
) -> int:
    """The order's id."""
    batch, run_id, key = _claimed_upload(store, files, po_number, "purchase_orders", None)
    order = ExtractedPurchaseOrder.model_validate(
        {"po_number": po_number, "supplier_name": SUPPLIER, "items": lines}
    )
    result = ExtractionResult(order=order, extractor="test")
    return store.orders.persist(batch.id, run_id, result, key).order_id


def store_note(
    store: Store,
    files: FileStore,
    dn_number: str,
    lines: list[dict],
    po_refs=("PO 471",),
    uploaded_by: str | None = None,
    **header,
) -> tuple[str, int]:
    """(the batch id, the note's id)."""
    batch, run_id, key = _claimed_upload(store, files, dn_number, "delivery_notes", uploaded_by)
    note = DeliveryNote.model_validate(
        {
            "dn_number": dn_number,
            "supplier_name": SUPPLIER,
            "po_refs": list(po_refs),
            "lines": lines,
            **header,
        }
    )
    extraction = DeliveryNoteExtraction(note=note, extractor="gemini", model="gemini-test")
    return batch.id, store.deliveries.persist(batch.id, run_id, extraction, key).note_id


def line(description: str, quantity: str, unit: str, **extra) -> dict:
    return {"description": description, "quantity": quantity, "unit": unit, **extra}


def partly_and_over_delivered(store: Store, files: FileStore) -> tuple[int, int, int]:
    """An order of 3 lines; LS-1 delivers part of lines 1 and 2, LS-2 the rest of line 1 and
    one m3 more (over) and all of line 3. (order id, LS-1's id, LS-2's id)."""
    order_id = store_order(store, files)
    _, first = store_note(
        store,
        files,
        "LS-1",
        [
            line("Beton C30/37", "6", "cbm", po_line_ref=1, batch_or_lot="B-77"),
            line("Steel", "1", "to", item_code="st 12"),
        ],
        **RECEIVED_AND_WEIGHED,
    )
    _, second = store_note(
        store,
        files,
        "LS-2",
        [line("Concrete C30/37", "5", "m3"), line("Cement CEM II 25kg", "40", "Sack")],
        delivery_date="2026-12-02",
    )
    return order_id, first, second


def dead_batch(store: Store, files: FileStore, batch_type: str, error: str) -> str:
    """An uploaded scan that ended dead with `error`; its id."""
    batch = accept_upload(
        store, files, [one_page_pdf("scan")], filename="scan.pdf", batch_type=batch_type
    )
    run_id = f"run-{batch.id}"
    assert store.batches.claim(batch.id, run_id, statuses=["pending"])
    assert store.batches.mark_dead(batch.id, run_id, error)
    return batch.id
