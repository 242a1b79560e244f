"""People's decisions on delivery notes through the API, on SQLite and PostgreSQL: approve
(an over-delivery only with a reason), reject (with one), a line's match set or cleared;
reviewer or admin only, attributed to the caller, 404/409/422 saying why; a note's GET
carries the order lines it may match and its history."""

import pytest

from po_ingest_tests.support.deliveries import partly_and_over_delivered
from po_ingest_tests.support.intake import client_as

ACCEPTED = "site manager kept the extra cubic metre"


@pytest.fixture
def delivered(store, files):
    return partly_and_over_delivered(store, files)


def test_a_note_names_the_order_lines_it_may_match_and_has_no_history_yet(client, delivered):
    order_id, _, over = delivered
    note = client.get(f"/api/delivery-notes/{over}").json()
    assert [(c["po_number"], c["line_number"], c["quantity"]) for c in note["order_lines"]] == [
        ("PO-000471", 1, "10"),
        ("PO-000471", 2, "2"),
        ("PO-000471", 3, "40"),
    ]
    assert {c["order_id"] for c in note["order_lines"]} == {order_id}
    concrete = note["lines"][0]
    assert concrete["order_item_id"] == note["order_lines"][0]["id"]
    assert (note["revision"], note["history"], note["verified_at"]) == (1, [], None)


def test_an_over_delivery_is_approved_with_a_reason_by_the_caller(app, store, delivered):
    _, _, over = delivered
    rita = client_as(app, store, "rita", "reviewer")
    refused = rita.post(f"/api/delivery-notes/{over}/approve")
    assert refused.status_code == 422
    assert refused.json()["detail"] == (
        "nothing was changed: delivery note LS-2 delivered more than was ordered "
        "(over_delivery): say why it is accepted (a reason)"
    )
    assert rita.post(f"/api/delivery-notes/{over}/approve", json={"reason": ""}).status_code == 422

    response = rita.post(f"/api/delivery-notes/{over}/approve", json={"reason": ACCEPTED})
    assert response.status_code == 200, response.text
    note = response.json()
    assert (note["review_status"], note["verified_by"], note["revision"]) == ("verified", "rita", 2)
    assert note["verified_at"] is not None
    (event,) = note["history"]
    assert (event["action"], event["user_name"], event["reason"], event["revision"]) == (
        "approved",
        "rita",
        ACCEPTED,
        2,
    )
    assert rita.get(f"/api/delivery-notes/{over}").json()["history"] == note["history"]

    again = rita.post(f"/api/delivery-notes/{over}/approve", json={"reason": ACCEPTED})
    assert again.status_code == 409
    assert again.json()["detail"] == (
        "delivery note LS-2 is verified: only a note that needs review can be approved"
    )


def test_a_note_is_rejected_with_a_reason_and_its_neighbour_clears(client, delivered):
    _, first, over = delivered
    assert client.post(f"/api/delivery-notes/{first}/reject", json={}).status_code == 422
    blank = client.post(f"/api/delivery-notes/{first}/reject", json={"reason": " "})
    assert blank.status_code == 422
    assert blank.json()["detail"] == (
        "nothing was changed: say why the note is rejected (a reason)"
    )
    response = client.post(f"/api/delivery-notes/{first}/reject", json={"reason": "wrong site"})
    assert response.status_code == 200, response.text
    note = response.json()
    assert (note["review_status"], note["verified_by"]) == ("rejected", None)
    assert [(e["action"], e["user_name"], e["reason"]) for e in note["history"]] == [
        ("rejected", "admin", "wrong site")
    ]
    assert client.get(f"/api/delivery-notes/{over}").json()["exceptions"] == []
    again = client.post(f"/api/delivery-notes/{first}/reject", json={"reason": "wrong site"})
    assert again.status_code == 409


def test_a_line_is_matched_by_hand_and_cleared(app, store, delivered):
    _, first, over = delivered
    tom = client_as(app, store, "tom", "reviewer")
    note = tom.get(f"/api/delivery-notes/{over}").json()
    concrete = note["lines"][0]["id"]
    rebar = note["order_lines"][1]["id"]
    path = f"/api/delivery-notes/{over}/lines/{concrete}/match"

    response = tom.put(path, json={"order_item_id": rebar})
    assert response.status_code == 200, response.text
    line = response.json()["lines"][0]
    assert (line["order_item_id"], line["method"]) == (rebar, "manual")
    assert line["matched_order_line"]["line_number"] == 2

    response = tom.put(path, json={"order_item_id": None})
    note = response.json()
    line = note["lines"][0]
    assert (line["order_item_id"], line["matched_order_line"], line["method"]) == (
        None,
        None,
        "manual_none",
    )
    assert line["exceptions"] == ["unknown_item"]
    assert [(e["action"], e["user_name"], e["changes"]) for e in note["history"]] == [
        (
            "matched",
            "tom",
            [{"field": "line 1", "old": "PO-000471 line 1", "new": "PO-000471 line 2"}],
        ),
        ("matched", "tom", [{"field": "line 1", "old": "PO-000471 line 2", "new": None}]),
    ]

    first_line = tom.get(f"/api/delivery-notes/{first}").json()["lines"][0]["id"]
    wrong_line = tom.put(
        f"/api/delivery-notes/{over}/lines/{first_line}/match", json={"order_item_id": None}
    )
    assert wrong_line.status_code == 404
    assert wrong_line.json()["detail"] == f"delivery note {over} has no line {first_line}"
    not_named = tom.put(path, json={"order_item_id": 4242})
    assert not_named.status_code == 422
    assert "order line 4242 is not a line of the orders" in not_named.json()["detail"]
    assert tom.put(path, json={}).status_code == 422
    assert tom.put(path, json={"order_item_id": "x"}).status_code == 422


def test_an_uploader_may_not_decide_and_an_unknown_note_is_404(app, store, client, delivered):
    _, _, over = delivered
    ulla = client_as(app, store, "ulla", "uploader")
    note = client.get(f"/api/delivery-notes/{over}").json()
    line = note["lines"][0]["id"]
    for method, path, body in [
        ("POST", f"/api/delivery-notes/{over}/approve", {"reason": ACCEPTED}),
        ("POST", f"/api/delivery-notes/{over}/reject", {"reason": "no"}),
        ("PUT", f"/api/delivery-notes/{over}/lines/{line}/match", {"order_item_id": None}),
    ]:
        response = ulla.request(method, path, json=body)
        assert response.status_code == 403, path
        assert response.json()["detail"] == "ulla is uploader; this needs the reviewer role"
    assert client.get(f"/api/delivery-notes/{over}").json()["history"] == []
    missing = client.post("/api/delivery-notes/4242/approve", json={"reason": "x"})
    assert (missing.status_code, missing.json()["detail"]) == (404, "no delivery note 4242")
    assert client.post("/api/delivery-notes/4242/reject", json={"reason": "x"}).status_code == 404
    gone = client.put(f"/api/delivery-notes/4242/lines/{line}/match", json={"order_item_id": None})
    assert (gone.status_code, gone.json()["detail"]) == (404, "no delivery note 4242")
