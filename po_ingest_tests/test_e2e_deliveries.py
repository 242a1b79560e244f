"""End to end with the real daemon: delivery notes on the same queue as orders, matched to
their orders' lines as they arrive (support/e2e_stack.py: the daemon the e2e modules share)."""

from decimal import Decimal

import pymupdf
import pytest

from po_ingest_tests.support.daemon import wait_for
from po_ingest_tests.support.documents import order

pytestmark = pytest.mark.e2e
SUPPLIER = "Acme Building Supplies"


@pytest.fixture(scope="module")
def stack(e2e_stack):
    return e2e_stack


@pytest.fixture(autouse=True)
def _environment(stack, monkeypatch):
    for key, value in stack.env().items():
        if key.startswith(("PO_INGEST_", "GEMINI_")) or key == "DAGSTER_HOME":
            monkeypatch.setenv(key, value)


def _three_line_order(po_number: str) -> dict:
    items = [
        {
            "line_number": n,
            "item_code": f"IT-{n:03d}",
            "description": description,
            "quantity": "10",
            "unit": "pcs",
            "unit_price": "10.50",
            "line_total": "105.00",
        }
        for n, description in enumerate(
            ["Concrete block 390 mm", "Scaffold tube 4 m", "Shuttering plywood 21 mm"], start=1
        )
    ]
    return order(po_number, items=items, subtotal="315.00", tax="63.00", total="378.00")


def _scanned_note(dn_number: str) -> bytes:
    """An image-only PDF (a scanner's): the local reader cannot read it, Gemini does."""
    text = pymupdf.open()
    text.new_page().insert_text((72, 72), f"DELIVERY NOTE {dn_number}", fontsize=18)
    pixmap = text[0].get_pixmap(dpi=60)
    scan = pymupdf.open()
    scan.new_page().insert_image(scan[0].rect, pixmap=pixmap)
    return scan.tobytes()


def _note(stack, dn_number: str, po_number: str, quantities: list[tuple[int, str]]):
    lines = [
        {
            "line_number": n,
            "po_line_ref": line,
            "item_code": f"IT-{line:03d}",
            "description": f"item {line}",
            "quantity": quantity,
            "unit": "Stk",
        }
        for n, (line, quantity) in enumerate(quantities, start=1)
    ]
    truth = {
        "dn_number": dn_number,
        "delivery_date": f"2026-11-{10 + int(dn_number[-1])}",
        "supplier_name": SUPPLIER,
        "po_refs": [f"PO {po_number}"],
        "lines": lines,
    }
    content = _scanned_note(dn_number)
    stack.gemini.expect(content, truth)
    batch = stack.upload_bytes(content, f"{dn_number}.pdf", batch_type="delivery_notes")
    done = stack.wait_status(batch.id, {"processed", "dead"})
    assert done.status == "processed", done.last_error
    return stack.store.deliveries.get(done.processed_record_id)


def _upload_order(stack, truth: dict) -> int:
    from po_ingest_tests.support.documents import purchase_order_pdf

    batch = stack.upload_bytes(purchase_order_pdf(truth), f"{truth['po_number']}.pdf")
    done = stack.wait_status(batch.id, {"processed", "dead"})
    assert done.status == "processed", done.last_error
    return done.processed_record_id


def _statuses(stack, order_id: int) -> list[tuple]:
    lines = stack.store.deliveries.order_deliveries(order_id)["lines"]
    return [(line["delivered"], line["open"], line["status"]) for line in lines]


def test_two_notes_complete_an_order_and_one_over_delivery_goes_to_review(stack):
    order_id = _upload_order(stack, _three_line_order("PO-E2E-DN-1"))
    first = _note(stack, "DN-E2E-1", "PO-E2E-DN-1", [(1, "10"), (2, "4"), (3, "5")])
    assert first["match_status"] == "matched" and first["match_exceptions"] == []
    assert [s for *_, s in _statuses(stack, order_id)] == ["complete", "partial", "partial"]
    # The rest of line 2, the rest of line 3 and 10 % more of it.
    second = _note(stack, "DN-E2E-2", "PO-E2E-DN-1", [(2, "6"), (3, "6")])
    assert _statuses(stack, order_id) == [
        (Decimal(10), Decimal(0), "complete"),
        (Decimal(10), Decimal(0), "complete"),
        (Decimal(11), Decimal(0), "over"),
    ]
    assert second["match_exceptions"] == ["over_delivery"]
    assert second["review_status"] == "needs_review"
    assert "match:over_delivery" in second["review_reasons"]
    assert stack.store.deliveries.order_deliveries(order_id)["status"] == "over"


def test_a_note_uploaded_before_its_order_is_matched_when_the_order_arrives(stack):
    early = _note(stack, "DN-E2E-3", "PO-E2E-DN-LATE", [(1, "10"), (2, "10"), (3, "10")])
    assert early["match_status"] == "unmatched"
    assert early["match_exceptions"] == ["unknown_order:PO PO-E2E-DN-LATE"]
    order_id = _upload_order(stack, _three_line_order("PO-E2E-DN-LATE"))

    def matched():
        note = stack.store.deliveries.get(early["id"])
        return note if note["match_status"] == "matched" else None

    assert wait_for(matched, 60, "the early note to match")["match_exceptions"] == []
    assert stack.store.deliveries.order_deliveries(order_id)["status"] == "complete"


def test_a_note_uploaded_as_an_order_is_dead_and_processed_once_retried_as_a_note(stack):
    content = _scanned_note("DN-E2E-4")
    truth = {
        "dn_number": "DN-E2E-4",
        "supplier_name": SUPPLIER,
        "po_refs": [],
        "lines": [{"description": "Sand 0/4", "quantity": "12", "unit": "t"}],
    }
    stack.gemini.expect(content, truth)
    batch = stack.upload_bytes(content, "DN-E2E-4.pdf")  # as a purchase order
    dead = stack.wait_status(batch.id, {"processed", "dead"})
    assert dead.status == "dead" and dead.attempts == 1
    assert "this looks like a delivery note — retry as delivery note" in dead.last_error
    assert stack.store.batches.retry_as(batch.id, "delivery_notes", by="rita")
    done = stack.wait_status(batch.id, {"processed", "dead"})
    assert done.status == "processed", done.last_error
    assert stack.store.deliveries.get(done.processed_record_id)["dn_number"] == "DN-E2E-4"
