"""Delivery notes in the store, on SQLite and PostgreSQL: persist, dedup, rematch, progress."""

from decimal import Decimal as D

import pytest
import sqlalchemy as sa
from alembic.command import downgrade

from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteExtraction
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.review.routing import ReviewPolicy
from po_ingest.lib.store import LostClaim, Store
from po_ingest.lib.store.deliveries import DeliveryStore
from po_ingest.lib.store.migrate import alembic_config, upgrade
from po_ingest.lib.store.schema import delivery_note_items, purchase_orders
from po_ingest_tests.support.batch_rows import insert_batch_row
from po_ingest_tests.support.deliveries import ORDER_LINES

RUN = "run-1"


def _claimed(store: Store, batch_type: str) -> str:
    batch_id = insert_batch_row(store, batch_type, "pending")
    assert store.batches.claim(batch_id, RUN, statuses=["pending"])
    return batch_id


def _store_order(store: Store, po_number: str = "PO-000471", lines=ORDER_LINES) -> int:
    order = ExtractedPurchaseOrder.model_validate(
        {"po_number": po_number, "supplier_name": "Beton Nord GmbH", "items": lines}
    )
    batch_id = _claimed(store, "purchase_orders")
    outcome = store.orders.persist(
        batch_id, RUN, ExtractionResult(order=order, extractor="test"), "k"
    )
    return outcome.order_id


def _store_note(store: Store, dn_number: str, lines, po_refs=("PO 471",), **header):
    note = DeliveryNote.model_validate(
        {
            "dn_number": dn_number,
            "supplier_name": "Beton Nord GmbH",
            "po_refs": list(po_refs),
            "lines": lines,
            **header,
        }
    )
    batch_id = _claimed(store, "delivery_notes")
    extraction = DeliveryNoteExtraction(note=note, extractor="gemini", model="gemini-test")
    return batch_id, store.deliveries.persist(batch_id, RUN, extraction, f"notes/{dn_number}.pdf")


def _line(description, quantity, unit, **extra):
    return {"description": description, "quantity": quantity, "unit": unit, **extra}


def _matches(store: Store, note_id: int):
    note = store.deliveries.get(note_id)
    lines = [
        (line["matched_order_item_id"], line["match_method"], line["exceptions"])
        for line in note["lines"]
    ]
    return note["match_status"], note["match_exceptions"], lines


def _item_ids(store: Store, order_id: int) -> list[int]:
    return [item["id"] for item in store.orders.get(order_id)["items"]]


def test_a_note_is_stored_with_its_lines_matched_and_its_batch_processed(store):
    order_id = _store_order(store)
    items = _item_ids(store, order_id)
    batch_id, stored = _store_note(
        store,
        "LS-1",
        [
            _line("Beton C30/37", "6", "cbm", po_line_ref=1, batch_or_lot="B-77"),
            _line("Steel", "1", "to", item_code="st 12"),
            _line("Cement CEM II 25kg", "40", "Sack"),
        ],
        delivery_date="2026-12-01",
        received_by="M. Weber",
        signature_present=True,
        gross_weight="31000",
        tare_weight="12000",
        net_weight="19000",
        weight_unit="kg",
    )
    assert not stored.duplicate
    note = store.deliveries.get(stored.note_id)
    assert (note["dn_number"], note["supplier_key"], note["po_refs"]) == (
        "LS-1",
        "betonnord",
        ["PO 471"],
    )
    assert (note["net_weight"], note["signature_present"], note["file_key"]) == (
        D(19000),
        True,
        "notes/LS-1.pdf",
    )
    assert (
        note["review_status"] == "needs_review" and "read_by:gemini-test" in note["review_reasons"]
    )
    assert (
        DeliveryNoteExtraction.model_validate_json(note["raw_extraction"]).note.dn_number == "LS-1"
    )
    assert [(line["line_number"], line["batch_or_lot"]) for line in note["lines"]] == [
        (1, "B-77"),
        (2, None),
        (3, None),
    ]
    assert _matches(store, stored.note_id) == (
        "matched",
        [],
        [
            (items[0], "po_line_ref", []),
            (items[1], "item_code", []),
            (items[2], "description", []),
        ],
    )
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.processed_record_id, batch.original_file) == (
        "processed",
        stored.note_id,
        None,
    )


def test_the_same_note_uploaded_twice_is_one_note(store):
    order_id = _store_order(store)
    _, first = _store_note(store, "LS-2", [_line("Concrete C30/37", "6", "m3")])
    batch_id, again = _store_note(
        store,
        "LS-2",
        [_line("Concrete C30/37", "6", "m3")],
        supplier_name="BETON NORD",  # read differently: the same supplier
    )
    assert (again.note_id, again.duplicate, "duplicate" in again.warnings) == (
        first.note_id,
        True,
        True,
    )
    assert store.batches.get(batch_id).processed_record_id == first.note_id
    with store.engine.connect() as conn:
        assert (
            conn.execute(sa.select(sa.func.count()).select_from(delivery_note_items)).scalar() == 1
        )
    # counted once
    assert store.deliveries.order_deliveries(order_id)["lines"][0]["delivered"] == D(6)
    _, other_supplier = _store_note(
        store, "LS-2", [_line("Concrete C30/37", "6", "m3")], supplier_name="Kies Süd AG"
    )
    assert not other_supplier.duplicate


def test_a_note_for_an_order_not_yet_stored_matches_when_the_order_arrives(store):
    _, stored = _store_note(store, "LS-3", [_line("Concrete C30/37", "6", "m3")])
    assert _matches(store, stored.note_id) == (
        "unmatched",
        ["unknown_order:PO 471"],
        [(None, None, [])],
    )
    waiting = store.deliveries.unmatched_notes("P.O. 0471")
    assert [n["id"] for n in waiting] == [stored.note_id]
    assert store.deliveries.unmatched_notes("PO-472") == []

    order_id = _store_order(store)
    assert store.deliveries.rematch_for_order(order_id) == [stored.note_id]
    assert _matches(store, stored.note_id) == (
        "matched",
        [],
        [(_item_ids(store, order_id)[0], "description", [])],
    )
    assert store.deliveries.unmatched_notes() == []


def test_rematch_is_idempotent(store):
    order_id = _store_order(store)
    _, a = _store_note(
        store, "LS-4", [_line("Concrete C30/37", "8", "m3"), _line("Gloves", "5", "pcs")]
    )
    _, b = _store_note(store, "LS-5", [_line("Concrete C30/37", "3", "m3")])
    before = [store.deliveries.get(i) for i in (a.note_id, b.note_id)]
    progress = store.deliveries.order_deliveries(order_id)
    for _ in range(2):
        assert store.deliveries.rematch_note(a.note_id) == [a.note_id, b.note_id]
        assert store.deliveries.rematch_for_order(order_id) == [a.note_id, b.note_id]
    assert [store.deliveries.get(i) for i in (a.note_id, b.note_id)] == before
    assert store.deliveries.order_deliveries(order_id) == progress
    assert before[0]["match_status"] == "partial" and before[0]["match_exceptions"] == [
        "unknown_item"
    ]
    assert before[1]["match_exceptions"] == ["over_delivery"]


def test_order_deliveries_line_by_line_in_the_orders_line_order(store):
    order_id = _store_order(store, lines=list(reversed(ORDER_LINES)))
    assert store.deliveries.order_deliveries(order_id)["status"] == "not_delivered"
    _, late = _store_note(
        store, "LS-7", [_line("Concrete C30/37", "4", "m3")], delivery_date="2026-12-05"
    )
    _, early = _store_note(
        store,
        "LS-6",
        [
            _line("Concrete C30/37", "3", "m3"),
            _line("Concrete C30/37", "1", "m3"),
            _line("Rebar 12mm", "2", "t"),
        ],
        delivery_date="2026-12-01",
    )
    items = {item["line_number"]: item["id"] for item in store.orders.get(order_id)["items"]}
    assert store.deliveries.order_deliveries(order_id) == {
        "order_id": order_id,
        "po_number": "PO-000471",
        "status": "partial",
        "lines": [
            {
                "line_number": 1,
                "order_item_id": items[1],
                "description": "Concrete C30/37",
                "unit": "m3",
                "ordered": D(10),
                "delivered": D(8),
                "open": D(2),
                "status": "partial",
                "notes": [
                    {"id": early.note_id, "dn_number": "LS-6", "quantity": D(4)},
                    {"id": late.note_id, "dn_number": "LS-7", "quantity": D(4)},
                ],
            },
            {
                "line_number": 2,
                "order_item_id": items[2],
                "description": "Rebar 12 mm",
                "unit": "t",
                "ordered": D(2),
                "delivered": D(2),
                "open": D(0),
                "status": "complete",
                "notes": [{"id": early.note_id, "dn_number": "LS-6", "quantity": D(2)}],
            },
            {
                "line_number": 3,
                "order_item_id": items[3],
                "description": "Cement CEM II 25 kg",
                "unit": "bag",
                "ordered": D(40),
                "delivered": D(0),
                "open": D(40),
                "status": "open",
                "notes": [],
            },
        ],
    }
    assert store.deliveries.order_deliveries(order_id + 100) is None


def test_the_note_delivered_later_is_the_one_that_went_over_whatever_came_first(store):
    order_id = _store_order(store)
    _, later = _store_note(
        store, "LS-9", [_line("Concrete C30/37", "6", "m3")], delivery_date="2026-12-09"
    )
    _, earlier = _store_note(
        store, "LS-8", [_line("Concrete C30/37", "6", "m3")], delivery_date="2026-12-08"
    )
    assert store.deliveries.get(earlier.note_id)["match_exceptions"] == []
    assert store.deliveries.get(later.note_id)["match_exceptions"] == ["over_delivery"]
    _, after = _store_note(
        store, "LS-10", [_line("Concrete C30/37", "1", "m3")], delivery_date="2026-12-10"
    )
    assert store.deliveries.get(after.note_id)["match_exceptions"] == ["order_complete"]
    deliveries = store.deliveries.order_deliveries(order_id)
    assert (deliveries["status"], deliveries["lines"][0]["delivered"]) == ("over", D(13))


def test_within_the_tolerance_is_complete_not_over(store, monkeypatch):
    monkeypatch.setenv("PO_INGEST_OVER_DELIVERY_TOLERANCE", "10")
    store = Store(store.url)
    order_id = _store_order(store)
    _, stored = _store_note(store, "LS-11", [_line("Concrete C30/37", "11", "m3")])
    assert store.deliveries.get(stored.note_id)["match_exceptions"] == []
    assert store.deliveries.order_deliveries(order_id)["lines"][0]["status"] == "complete"


def test_a_note_for_two_orders_matches_lines_on_both(store):
    first = _store_order(store, "PO-471")
    second = _store_order(
        store,
        "PO-472",
        [{"line_number": 1, "description": "Gravel 2/8", "quantity": "20", "unit": "t"}],
    )
    _, stored = _store_note(
        store,
        "LS-12",
        [_line("Concrete C30/37", "5", "m3"), _line("Gravel 2/8", "20", "tonnes")],
        po_refs=["471", "Best.-Nr. 472"],
    )
    assert _matches(store, stored.note_id) == (
        "matched",
        [],
        [
            (_item_ids(store, first)[0], "description", []),
            (_item_ids(store, second)[0], "description", []),
        ],
    )
    assert store.deliveries.order_deliveries(second)["status"] == "complete"
    assert store.deliveries.order_deliveries(first)["status"] == "partial"


def test_a_manual_match_survives_rematch_and_a_correction_is_rematched(store):
    order_id = _store_order(store)
    _, stored = _store_note(
        store, "LS-13", [_line("Mixed delivery", "2", "t"), _line("Concrete C30/37", "1", "m3")]
    )
    items = _item_ids(store, order_id)
    first_line, second_line = (line["id"] for line in store.deliveries.get(stored.note_id)["lines"])
    with store.engine.begin() as conn:
        conn.execute(
            delivery_note_items.update()
            .where(delivery_note_items.c.id == first_line)
            .values(matched_order_item_id=items[1], match_method="manual")
        )
    store.deliveries.rematch_note(stored.note_id)
    assert _matches(store, stored.note_id)[2] == [
        (items[1], "manual", []),
        (items[0], "description", []),
    ]

    concrete_only = {"items": [{"description": "Concrete C30/37", "quantity": "10", "unit": "m3"}]}
    # The correction replaces the order's lines and matches its notes again at once.
    store.reviews.correct(order_id, "rita", store.orders.get(order_id)["revision"], concrete_only)
    (new_item,) = _item_ids(store, order_id)
    rematched = (
        "partial",
        ["unknown_item"],
        [(None, None, ["unknown_item"]), (new_item, "description", [])],
    )
    assert _matches(store, stored.note_id) == rematched
    store.deliveries.rematch_for_order(order_id)
    assert _matches(store, stored.note_id) == rematched
    note = store.deliveries.get(stored.note_id)
    assert (note["review_status"], note["review_reasons"][-1:]) == (
        "needs_review",
        ["match:unknown_item"],
    )


def test_a_note_whose_batch_was_taken_over_is_not_stored(store):
    note = DeliveryNote.model_validate({"dn_number": "LS-14", "lines": [_line("x", "1", "pc")]})
    batch_id = _claimed(store, "delivery_notes")
    with pytest.raises(LostClaim):
        store.deliveries.persist(
            batch_id, "run-other", DeliveryNoteExtraction(note=note, extractor="t"), "k"
        )
    assert store.deliveries.unmatched_notes() == []


def test_migration_0006_keys_existing_orders_and_downgrades(db_url):
    store = Store(db_url)
    order_id = _store_order(store, "P.O. 000999")
    downgrade(alembic_config(db_url), "0005")
    tables = set(sa.inspect(store.engine).get_table_names())
    assert not {"delivery_notes", "delivery_note_items", "delivery_note_po_refs"} & tables
    assert "po_key" not in {
        c["name"] for c in sa.inspect(store.engine).get_columns("purchase_orders")
    }
    upgrade(db_url)
    with store.engine.connect() as conn:
        key = conn.execute(
            sa.select(purchase_orders.c.po_key).where(purchase_orders.c.id == order_id)
        )
        assert key.scalar() == "999"
    _, stored = _store_note(store, "LS-15", [_line("Concrete C30/37", "1", "m3")], po_refs=["999"])
    assert store.deliveries.get(stored.note_id)["match_status"] == "matched"


def test_an_order_number_corrected_takes_its_notes_along(store):
    order_id = _store_order(store, "PO-471")
    _, named_old = _store_note(
        store, "LS-16", [_line("Concrete C30/37", "1", "m3")], po_refs=["471"]
    )
    _, named_new = _store_note(
        store, "LS-17", [_line("Concrete C30/37", "2", "m3")], po_refs=["PO 999"]
    )
    store.reviews.correct(
        order_id, "rita", store.orders.get(order_id)["revision"], {"po_number": "PO-999"}
    )
    assert store.orders.get(order_id)["po_key"] == "999"
    rematched = store.deliveries.rematch_for_order(order_id, previous_po_number="PO-471")
    assert rematched == [named_old.note_id, named_new.note_id]
    assert _matches(store, named_old.note_id)[:2] == ("unmatched", ["unknown_order:471"])
    assert _matches(store, named_new.note_id)[:2] == ("matched", [])


def test_a_note_that_does_not_match_goes_to_review_and_back_when_it_clears(store):
    store.deliveries = DeliveryStore(store.engine, policy=ReviewPolicy.NONE)
    order_id = _store_order(store)
    _, waiting = _store_note(store, "LS-20", [_line("Concrete C30/37", "4", "m3")], ("PO 999",))
    note = store.deliveries.get(waiting.note_id)
    # Waiting for its order is not a person's to decide: routing's verdict stands.
    assert (note["match_status"], note["review_status"]) == ("unmatched", "verified")
    _, over = _store_note(store, "LS-21", [_line("Concrete C30/37", "11", "m3")])
    note = store.deliveries.get(over.note_id)
    assert note["match_exceptions"] == ["over_delivery"]
    assert (note["review_status"], note["verified_by"]) == ("needs_review", None)
    assert note["review_reasons"] == ["auto:review_none", "match:over_delivery"]
    # A correction that orders more clears the exception: the note is the auto's again.
    more = {"items": [{**ORDER_LINES[0], "quantity": "12"}, *ORDER_LINES[1:]]}
    store.reviews.correct(order_id, "rita", store.orders.get(order_id)["revision"], more)
    note = store.deliveries.get(over.note_id)
    assert (note["match_exceptions"], note["review_status"], note["verified_by"]) == (
        [],
        "verified",
        "auto",
    )
    assert note["review_reasons"] == ["auto:review_none"]


def test_a_read_without_the_supplier_is_the_note_stored_with_it_when_its_number_is_unique(store):
    _, first = _store_note(store, "LS-30", [_line("Concrete C30/37", "1", "m3")])
    _, again = _store_note(
        store, "LS-30", [_line("Concrete C30/37", "1", "m3")], supplier_name=None
    )
    assert again.duplicate and again.note_id == first.note_id
    # Two suppliers' notes with one number: a read naming neither is not guessed to be either.
    _store_note(store, "LS-31", [_line("Sand", "1", "t")])
    _store_note(store, "LS-31", [_line("Sand", "1", "t")], supplier_name="Kies AG")
    _, unsure = _store_note(store, "LS-31", [_line("Sand", "1", "t")], supplier_name=None)
    assert not unsure.duplicate
