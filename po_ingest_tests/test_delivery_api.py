"""The delivery-note API on SQLite and PostgreSQL: a note with its lines matched to order
lines, the list of notes, an order's deliveries, the note's original and pages, the batch's
link to its note, and a retry as the other document type (API and CLI)."""

import pytest

from po_ingest.cli import main
from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteExtraction
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.deliveries import (
    dead_batch,
    line,
    one_page_pdf,
    partly_and_over_delivered,
    store_note,
    store_order,
)
from po_ingest_tests.support.intake import client_as, put_in_state

RETRY_AS_NOTE = "a delivery note, not a purchase order: retry as delivery note"


@pytest.fixture
def delivered(store, files):
    return partly_and_over_delivered(store, files)


# -- one note --------------------------------------------------------------------------------
def test_a_note_shows_its_header_and_each_line_with_the_order_line_it_matched(
    client, store, delivered
):
    order_id, first, _ = delivered
    response = client.get(f"/api/delivery-notes/{first}")
    assert response.status_code == 200, response.text
    note = response.json()
    assert (note["dn_number"], note["supplier_name"], note["po_refs"]) == (
        "LS-1",
        "Beton Nord GmbH",
        ["PO 471"],
    )
    assert (note["delivery_date"], note["received_by"], note["signature_present"]) == (
        "2026-12-01",
        "M. Weber",
        True,
    )
    assert (note["gross_weight"], note["tare_weight"], note["net_weight"]) == (
        "31000",
        "12000",
        "19000",
    )
    assert (note["match_status"], note["exceptions"]) == ("matched", [])
    assert (note["review_status"], note["extractor"], note["model"]) == (
        "needs_review",
        "gemini",
        "gemini-test",
    )
    assert note["batch_id"] == store.deliveries.get(first)["batch_id"]
    assert note["file_url"] == f"/api/delivery-notes/{first}/file"
    concrete, steel = note["lines"]
    assert concrete["matched_order_line"] == {
        "order_id": order_id,
        "po_number": "PO-000471",
        "line_number": 1,
        "description": "Concrete C30/37",
        "order_url": f"/orders/{order_id}",
    }
    assert (concrete["quantity"], concrete["unit"], concrete["batch_or_lot"]) == (
        "6",
        "cbm",
        "B-77",
    )
    assert (concrete["method"], concrete["exceptions"]) == ("po_line_ref", [])
    assert steel["matched_order_line"]["line_number"] == 2
    assert (steel["method"], steel["item_code"]) == ("item_code", "st 12")


def test_the_note_that_pushed_a_line_over_carries_over_delivery(client, delivered):
    _, _, second = delivered
    note = client.get(f"/api/delivery-notes/{second}").json()
    assert note["exceptions"] == ["over_delivery"]
    concrete, cement = note["lines"]
    assert (concrete["matched_order_line"]["line_number"], concrete["exceptions"]) == (
        1,
        ["over_delivery"],
    )
    assert concrete["method"] == "description" and concrete["score"] == 100
    assert (cement["matched_order_line"]["line_number"], cement["exceptions"]) == (3, [])


def test_a_note_line_matched_to_no_order_line_says_so(client, store, files, delivered):
    _, note_id = store_note(store, files, "LS-9", [line("Gravel 0/32", "12", "t")])
    note = client.get(f"/api/delivery-notes/{note_id}").json()
    assert note["match_status"] == "unmatched"
    assert note["lines"][0]["matched_order_line"] is None
    assert note["lines"][0]["method"] is None
    assert note["lines"][0]["exceptions"] == ["unknown_item"]


def test_an_unknown_note_is_404_and_a_malformed_id_422(client):
    response = client.get("/api/delivery-notes/4242")
    assert response.status_code == 404
    assert response.json()["detail"] == "no delivery note 4242"
    for path in ("/api/delivery-notes/4242/file", "/api/delivery-notes/4242/pages/1.png"):
        assert client.get(path).status_code == 404
    for bad in ("0", "abc", "-1", str(2**31)):
        assert client.get(f"/api/delivery-notes/{bad}").status_code == 422


# -- the note's original -----------------------------------------------------------------------
def test_the_notes_original_and_its_pages_are_served(client, store, files, delivered):
    _, first, _ = delivered
    response = client.get(f"/api/delivery-notes/{first}/file")
    assert response.status_code == 200
    assert response.content == files.read(store.deliveries.get(first)["file_key"])
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == 'inline; filename="LS-1.pdf"'
    page = client.get(f"/api/delivery-notes/{first}/pages/1.png")
    assert page.status_code == 200
    assert page.headers["content-type"] == "image/png" and page.content.startswith(b"\x89PNG")
    assert page.headers["x-page-count"] == "1"
    past = client.get(f"/api/delivery-notes/{first}/pages/2.png")
    assert past.status_code == 404 and "page" in past.json()["detail"]


def test_a_note_whose_file_is_gone_answers_404_saying_so(client, store, files, delivered):
    _, first, _ = delivered
    files.delete(store.deliveries.get(first)["file_key"])
    response = client.get(f"/api/delivery-notes/{first}/file")
    assert response.status_code == 404
    assert response.json()["detail"] == f"the file of delivery note {first} is missing"


# -- the list --------------------------------------------------------------------------------
def test_notes_are_listed_newest_first_and_filtered(client, store, files, delivered):
    _, first, second = delivered
    _, unmatched = store_note(store, files, "LS-9", [line("Gravel 0/32", "12", "t")])
    listed = client.get("/api/delivery-notes").json()
    assert [n["id"] for n in listed["items"]] == [unmatched, second, first]
    assert listed["items"][1]["exceptions"] == ["over_delivery"]
    assert listed["items"][1]["note_url"] == f"/delivery-notes/{second}"
    assert (listed["limit"], listed["offset"]) == (50, 0)

    def ids(**params):
        return [n["id"] for n in client.get("/api/delivery-notes", params=params).json()["items"]]

    assert ids(match_status="unmatched") == [unmatched]
    assert ids(match_status="matched") == [second, first]
    assert ids(review_status="verified") == []
    assert ids(review_status="needs_review", limit=1) == [unmatched]
    assert ids(limit=1, offset=2) == [first]
    for params in ({"match_status": "done"}, {"review_status": "x"}, {"limit": 0}):
        assert client.get("/api/delivery-notes", params=params).status_code == 422


def test_an_uploader_sees_only_the_notes_of_their_own_batches(app, store, files, delivered):
    _, first, _ = delivered
    _, own = store_note(store, files, "LS-5", [line("Gravel", "1", "t")], uploaded_by="ana")
    with client_as(app, store, "ana", "uploader") as ana:
        assert [n["id"] for n in ana.get("/api/delivery-notes").json()["items"]] == [own]
        assert ana.get(f"/api/delivery-notes/{own}").status_code == 200
        assert ana.get(f"/api/delivery-notes/{own}/file").status_code == 200
        for path in (f"/api/delivery-notes/{first}", f"/api/delivery-notes/{first}/file"):
            response = ana.get(path)
            assert response.status_code == 404, path
        assert ana.get(f"/api/delivery-notes/{first}").json()["detail"] == (
            f"no delivery note {first}"
        )


def test_a_note_batch_does_not_open_the_order_with_the_same_id(app, store, files):
    """Notes and orders number their ids apart: ana's note 1 is not her order 1."""
    order_id = store_order(store, files)
    _, note_id = store_note(store, files, "LS-5", [line("Gravel", "1", "t")], uploaded_by="ana")
    assert order_id == note_id == 1
    with client_as(app, store, "ana", "uploader") as ana:
        assert ana.get(f"/api/purchase-orders/{order_id}").status_code == 404
        assert ana.get(f"/api/purchase-orders/{order_id}/deliveries").status_code == 404


# -- an order's deliveries -------------------------------------------------------------------
def test_an_orders_deliveries_per_line_in_its_line_order(client, delivered):
    order_id, first, second = delivered
    response = client.get(f"/api/purchase-orders/{order_id}/deliveries")
    assert response.status_code == 200
    link = lambda note_id, number, quantity: {  # noqa: E731
        "id": note_id,
        "dn_number": number,
        "quantity": quantity,
        "note_url": f"/delivery-notes/{note_id}",
    }
    assert response.json() == {
        "status": "over",
        "lines": [
            {
                "line_number": 1,
                "ordered": "10",
                "delivered": "11",
                "open": "0",
                "status": "over",
                "notes": [link(first, "LS-1", "6"), link(second, "LS-2", "5")],
            },
            {
                "line_number": 2,
                "ordered": "2",
                "delivered": "1",
                "open": "1",
                "status": "partial",
                "notes": [link(first, "LS-1", "1")],
            },
            {
                "line_number": 3,
                "ordered": "40",
                "delivered": "40",
                "open": "0",
                "status": "complete",
                "notes": [link(second, "LS-2", "40")],
            },
        ],
    }


def test_an_order_nothing_arrived_for_is_not_delivered(client, store, files):
    order_id = store_order(store, files)
    body = client.get(f"/api/purchase-orders/{order_id}/deliveries").json()
    assert body["status"] == "not_delivered"
    lines = body["lines"]
    assert [(it["ordered"], it["delivered"], it["open"], it["status"]) for it in lines] == [
        ("10", "0", "10", "open"),
        ("2", "0", "2", "open"),
        ("40", "0", "40", "open"),
    ]
    assert all(it["notes"] == [] for it in lines)


def test_the_deliveries_of_an_unknown_order_are_404(client):
    response = client.get("/api/purchase-orders/4242/deliveries")
    assert response.status_code == 404
    assert response.json()["detail"] == "no purchase order 4242"
    assert client.get("/api/purchase-orders/abc/deliveries").status_code == 422


# -- the batch's record ------------------------------------------------------------------------
def test_a_processed_batch_names_its_record_and_links_its_page(client, store, files, delivered):
    order_id, first, _ = delivered
    note_batch = client.get(f"/api/batches/{store.deliveries.get(first)['batch_id']}").json()
    assert (note_batch["processed_record_id"], note_batch["record_type"]) == (
        first,
        "delivery_note",
    )
    assert note_batch["record_url"] == f"/delivery-notes/{first}"
    assert note_batch["order_url"] is None
    order_batch = client.get(f"/api/batches/{store.orders.get(order_id)['batch_id']}").json()
    assert (order_batch["record_type"], order_batch["record_url"], order_batch["order_url"]) == (
        "purchase_order",
        f"/orders/{order_id}",
        f"/orders/{order_id}",
    )
    pending = accept_upload(store, files, [one_page_pdf("new")], filename="n.pdf")
    shown = client.get(f"/api/batches/{pending.id}").json()
    assert (shown["record_type"], shown["record_url"], shown["order_url"]) == (None, None, None)


def test_the_same_bytes_as_a_stored_note_point_at_that_note(client, store, files):
    batch_id, note_id = store_note(store, files, "LS-1", [line("Gravel", "1", "t")])
    again = client.post(
        "/api/batches",
        files={"file": ("again.pdf", one_page_pdf("LS-1"), "application/pdf")},
        data={"batch_type": "delivery_notes"},
    )
    shown = client.get(f"/api/batches/{again.json()['batch_id']}").json()
    assert (shown["status"], shown["processed_record_id"], shown["warnings"]) == (
        "processed",
        note_id,
        ["duplicate_file"],
    )
    assert shown["record_url"] == f"/delivery-notes/{note_id}"
    as_order = client.post(
        "/api/batches", files={"file": ("o.pdf", one_page_pdf("LS-1"), "application/pdf")}
    )
    assert store.batches.get(as_order.json()["batch_id"]).status == "pending"


# -- retry as the other type -----------------------------------------------------------------
def _dead_batch(store, files, batch_type="purchase_orders", error=RETRY_AS_NOTE) -> str:
    return dead_batch(store, files, batch_type, error)


@pytest.mark.parametrize("as_form", [False, True], ids=["json", "form"])
def test_a_dead_batch_retried_as_a_delivery_note_is_pending_as_one(app, store, files, as_form):
    batch_id = _dead_batch(store, files)
    body = {"data": {"batch_type": "delivery_notes"}} if as_form else {"json": {
        "batch_type": "delivery_notes"}}  # fmt: skip
    with client_as(app, store, "rita", "reviewer") as rita:
        response = rita.post(f"/api/batches/{batch_id}/retry", **body)
    assert response.status_code == 200, response.text
    shown = response.json()
    assert (shown["status"], shown["batch_type"], shown["attempts"]) == (
        "pending",
        "delivery_notes",
        0,
    )
    assert shown["warnings"] == ["retyped:purchase_orders->delivery_notes:by:rita"]
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.batch_type, batch.generation) == ("pending", "delivery_notes", 1)


def test_a_note_retried_as_a_purchase_order_and_the_same_type_changes_nothing(client, store, files):
    batch_id = _dead_batch(store, files, "delivery_notes", "not a delivery note: retry as po")
    response = client.post(f"/api/batches/{batch_id}/retry", json={"batch_type": "purchase_orders"})
    assert response.json()["batch_type"] == "purchase_orders"
    assert response.json()["warnings"] == ["retyped:delivery_notes->purchase_orders:by:admin"]

    same = _dead_batch(store, files)
    response = client.post(f"/api/batches/{same}/retry", json={"batch_type": "purchase_orders"})
    assert (response.json()["status"], response.json()["warnings"]) == ("pending", [])
    blank = _dead_batch(store, files)
    assert client.post(f"/api/batches/{blank}/retry", json={}).json()["status"] == "pending"


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"json": {"batch_type": "invoices"}}, 422, "batch_type must be one of "
         "purchase_orders, delivery_notes, not 'invoices'"),
        ({"json": {"batch_type": "timesheets"}}, 422, "not 'timesheets'"),
        ({"data": {"batch_type": "fuel_logs"}}, 422, "not 'fuel_logs'"),
        ({"json": ["delivery_notes"]}, 422, "the body must be a JSON object"),
        ({"content": b"batch_type=delivery_notes"}, 400, "the body is not JSON"),
    ],
)  # fmt: skip
def test_a_retry_type_the_queue_does_not_take_is_refused_and_nothing_changes(
    client, store, files, body, status, detail
):
    batch_id = _dead_batch(store, files)
    response = client.post(f"/api/batches/{batch_id}/retry", **body)
    assert response.status_code == status
    assert detail in response.json()["detail"]
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.batch_type, batch.generation) == ("dead", "purchase_orders", 0)


@pytest.mark.parametrize("status", ["pending", "processing"])
def test_a_batch_in_flight_is_not_retried_as_another_type(client, store, files, status):
    batch = accept_upload(store, files, [one_page_pdf("x")], filename="x.pdf")
    put_in_state(store, batch, status)
    response = client.post(f"/api/batches/{batch.id}/retry", json={"batch_type": "delivery_notes"})
    assert response.status_code == 409
    assert f"is {status}" in response.json()["detail"]
    assert store.batches.get(batch.id).batch_type == "purchase_orders"


def test_a_processed_note_batch_is_not_retried_and_an_uploader_may_not_retry(
    app, client, store, files
):
    batch_id, _ = store_note(store, files, "LS-1", [line("Gravel", "1", "t")])
    response = client.post(f"/api/batches/{batch_id}/retry", json={"batch_type": "purchase_orders"})
    assert response.status_code == 409 and "is processed" in response.json()["detail"]
    dead = _dead_batch(store, files)
    with client_as(app, store, "ana", "uploader") as ana:
        response = ana.post(f"/api/batches/{dead}/retry", json={"batch_type": "delivery_notes"})
    assert response.status_code == 403
    assert store.batches.get(dead).batch_type == "purchase_orders"
    assert client.post("/api/batches/abcdefghjkmn/retry", json={}).status_code == 404


def test_the_type_change_stays_on_the_batch_once_its_note_is_stored(store, files):
    batch_id = _dead_batch(store, files)
    assert store.batches.retry_as(batch_id, "delivery_notes", "rita")
    assert not store.batches.retry_as(batch_id, "purchase_orders", "rita")  # pending, not launched
    assert store.batches.claim(batch_id, "run-2", statuses=["pending"])
    note = DeliveryNote.model_validate({"dn_number": "LS-7", "lines": [line("Sand", "2", "t")]})
    store.deliveries.persist(
        batch_id, "run-2", DeliveryNoteExtraction(note=note, extractor="test"), "k"
    )
    batch = store.batches.get(batch_id)
    assert batch.status == "processed"
    assert "retyped:purchase_orders->delivery_notes:by:rita" in batch.warnings


def test_cli_retries_a_dead_batch_as_a_delivery_note(store, files, db_url, monkeypatch, capsys):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    batch_id = _dead_batch(store, files)
    assert main(["retry", batch_id, "--as", "delivery_notes", "--by", "cli:ops"]) == 0
    assert capsys.readouterr().out == f"{batch_id} queued again as delivery_notes\n"
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.batch_type) == ("pending", "delivery_notes")
    assert batch.warnings == ["retyped:purchase_orders->delivery_notes:by:cli:ops"]
    assert main(["retry", batch_id, "--as", "purchase_orders"]) == 2
    assert "is pending" in capsys.readouterr().err
    assert main(["retry", "--all-dead", "--as", "delivery_notes"]) == 2
