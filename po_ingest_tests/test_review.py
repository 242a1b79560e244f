"""Review: routing of new orders, corrections (merge patch, If-Match, 409), approve, reject,
reopen, the history; on SQLite and PostgreSQL."""

import threading

import pytest
from fastapi.testclient import TestClient

from po_ingest.lib.models import Box, ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.review.routing import ReviewPolicy, route
from po_ingest.lib.store import Store
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import import_batch

BOX = Box(page=0, bbox=(1, 2, 3, 4))


def _result(extractor: str, *, boxed: bool = True, warnings=()) -> ExtractionResult:
    return ExtractionResult(
        order=ExtractedPurchaseOrder.model_validate(order("PO-R")),
        extractor=extractor,
        model="gemini-2.5-flash" if extractor == "gemini" else None,
        warnings=list(warnings),
        provenance={"po_number": BOX, "total": BOX if boxed else None},
    )


@pytest.mark.parametrize(
    ("extractor", "boxed", "warnings", "first", "policy", "status", "reasons"),
    [
        ("embedded_xml", True, [], False, "model", "verified", ["auto:embedded_xml"]),
        ("local", True, [], False, "model", "verified", ["auto:local_parser_grounded"]),
        ("local", False, [], False, "model", "needs_review", ["not_auto_verifiable:local"]),
        ("local", True, ["total_mismatch"], False, "model", "needs_review",
         ["warning:total_mismatch"]),
        ("gemini", True, [], False, "model", "needs_review", ["read_by:gemini-2.5-flash"]),
        ("embedded_xml", True, [], True, "model", "needs_review", ["first_from_supplier"]),
        ("embedded_xml", True, [], False, "all", "needs_review", ["review_all"]),
        ("gemini", True, [], True, "warnings", "verified", ["auto:no_warnings"]),
        ("local", True, ["site_unmatched"], False, "warnings", "needs_review",
         ["warning:site_unmatched"]),
        ("gemini", True, ["site_unmatched"], True, "none", "verified", ["auto:review_none"]),
    ],
)  # fmt: skip
def test_routing(extractor, boxed, warnings, first, policy, status, reasons):
    routing = route(_result(extractor, boxed=boxed), warnings, first, ReviewPolicy(policy))
    assert (routing.status, routing.reasons) == (status, reasons)
    assert routing.verified_by == ("auto" if status == "verified" else None)


def test_a_review_setting_that_is_not_known_is_refused(monkeypatch):
    monkeypatch.setenv("PO_INGEST_REVIEW", "sometimes")
    with pytest.raises(ValueError, match="all | model | warnings | none"):
        ReviewPolicy.from_env()


@pytest.fixture
def order_id(store, files) -> int:
    from po_ingest.lib.intake import accept_upload

    batch = accept_upload(
        store, files, [purchase_order_pdf(order("PO-R"))], filename="r.pdf", uploaded_by="ana"
    )
    return import_batch(store, files, batch, "PO-R")


def _as(app, store: Store, name: str, role: str) -> TestClient:
    client = TestClient(app)
    client.headers["Authorization"] = f"Bearer {store.users.add(name, role)}"
    return client


def test_a_new_order_needs_review_with_its_reasons_and_its_history_starts(client, order_id):
    body = client.get(f"/api/purchase-orders/{order_id}").json()
    assert (body["revision"], body["review_status"], body["verified_by"]) == (
        1,
        "needs_review",
        None,
    )
    assert body["review_reasons"] == [
        "warning:site_unmatched",
        "read_by:test",
        "first_from_supplier",
    ]
    assert [(h["revision"], h["action"], h["user_name"]) for h in body["history"]] == [
        (1, "extracted", "pipeline")
    ]
    queue = client.get("/api/review").json()
    assert [o["id"] for o in queue["items"]] == [order_id]
    assert queue["counts"] == {"needs_review": 1, "verified": 0, "rejected": 0}


def test_a_correction_is_recorded_field_by_field_and_the_arithmetic_checked_again(
    app, store, order_id
):
    with _as(app, store, "rita", "reviewer") as rita:
        response = rita.patch(
            f"/api/purchase-orders/{order_id}",
            json={
                "supplier_name": "Acme Ltd",
                "items": [{**order("PO-R")["items"][0], "quantity": "3"}],
            },
            headers={"If-Match": '"1"'},
        )
        assert response.status_code == 200, response.text
        body = response.json()
        assert (body["revision"], body["supplier_name"]) == (2, "Acme Ltd")
        assert [i["quantity"] for i in body["items"]] == ["3"]
        assert "line_total_mismatch" in body["warnings"]
        corrected = body["history"][-1]
        assert (corrected["action"], corrected["user_name"]) == ("corrected", "rita")
        diff = {c["field"]: (c["old"], c["new"]) for c in corrected["changes"]}
        assert set(diff) == {"supplier_name", "items.0.quantity", "items.1"}
        assert diff["supplier_name"] == ("Acme Building Supplies", "Acme Ltd")
        assert diff["items.0.quantity"] == ("2", "3")
        assert diff["items.1"][0]["description"] == "Item 2 for PO-R" and diff["items.1"][1] is None
        assert rita.get(f"/api/purchase-orders/{order_id}").headers["etag"] == '"2"'
        extraction = store.orders.get(order_id)["raw_extraction"]
        assert '"supplier_name":"Acme Building Supplies"' in extraction  # the extraction's own


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"items": [{"description": "x", "quantity": "a dozen"}]}, "items.0.quantity"),
        ({"total": "-5"}, "total"),
        ({"items": [{"quantity": "1"}]}, "items.0.description"),
        ({"items": []}, "items"),
        ({"colour": "red"}, "colour"),
        ({"po_number": None}, "po_number"),
    ],
)
def test_an_invalid_edit_says_which_field_and_changes_nothing(
    client, store, order_id, patch, field
):
    before = store.orders.get(order_id)
    response = client.patch(f"/api/purchase-orders/{order_id}", json={**patch, "revision": 1})
    assert response.status_code == 422
    assert field in [e["field"] for e in response.json()["errors"]]
    assert store.orders.get(order_id) == before


def test_an_edit_from_an_old_revision_is_409_with_what_changed(app, store, order_id):
    url = f"/api/purchase-orders/{order_id}"
    with _as(app, store, "rita", "reviewer") as rita, _as(app, store, "sam", "reviewer") as sam:
        assert rita.patch(url, json={"tax": "8.41"}, headers={"If-Match": "1"}).status_code == 200
        response = sam.patch(url, json={"supplier_name": "Other"}, headers={"If-Match": "1"})
        assert response.status_code == 409
        body = response.json()
        assert body["revision"] == 2 and response.headers["etag"] == '"2"'
        assert [(c["user_name"], c["changes"][0]["field"]) for c in body["changes_since"]] == [
            ("rita", "tax")
        ]
        assert rita.patch(url, json={"tax": "8.40"}).status_code == 400  # no revision
    order_now = store.orders.get(order_id)
    assert (order_now["revision"], order_now["supplier_name"]) == (2, "Acme Building Supplies")


def test_approve_reject_reopen_name_who_and_follow_the_review_states(app, store, order_id):
    url = f"/api/purchase-orders/{order_id}"
    with (
        _as(app, store, "rita", "reviewer") as rita,
        _as(app, store, "ana", "uploader") as ana,
    ):
        assert ana.get(url).json()["review_status"] == "needs_review"  # her own upload
        assert ana.post(f"{url}/approve").status_code == 403
        assert rita.post(f"{url}/approve", json={"revision": 7}).status_code == 409
        approved = rita.post(f"{url}/approve").json()
        assert (approved["review_status"], approved["verified_by"], approved["is_verified"]) == (
            "verified",
            "rita",
            True,
        )
        assert rita.post(f"{url}/approve").status_code == 409  # already verified
        assert rita.patch(url, json={"tax": "1"}, headers={"If-Match": "2"}).status_code == 409
        assert rita.post(f"{url}/reject", json={"reason": "other"}).status_code == 422
        rejected = rita.post(f"{url}/reject", json={"reason": "illegible"}).json()
        assert (rejected["review_status"], rejected["verified_by"]) == ("rejected", None)
        reopened = rita.post(f"{url}/reopen").json()
        assert reopened["review_status"] == "needs_review"
        assert [(h["action"], h["user_name"], h["reason"]) for h in reopened["history"][1:]] == [
            ("approved", "rita", None),
            ("rejected", "rita", "illegible"),
            ("reopened", "rita", None),
        ]


def test_two_reviewers_approving_at_once_one_wins(store, order_id):
    outcomes: list[str] = []
    start = threading.Barrier(4)

    def approve(name: str):
        start.wait()
        try:
            store.reviews.approve(order_id, name, revision=1)
            outcomes.append("won")
        except Exception as exc:  # the loser's Conflict
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=approve, args=(f"r{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["Conflict"] * 3 + ["won"]
    assert [h["action"] for h in store.reviews.history(order_id)] == ["extracted", "approved"]


def test_a_re_extraction_never_overwrites_a_correction_and_is_recorded_beside_it(
    store, files, order_id
):
    store.reviews.correct(order_id, "rita", 1, {"supplier_name": "Acme Ltd"})
    store.reviews.approve(order_id, "rita")
    from po_ingest.lib.intake import accept_upload

    again = accept_upload(
        store, files, [purchase_order_pdf(order("PO-R")) + b"\n"], filename="r2.pdf"
    )
    assert import_batch(store, files, again, "PO-R") == order_id
    now = store.orders.get(order_id)
    assert (now["supplier_name"], now["review_status"]) == ("Acme Ltd", "needs_review")
    assert "duplicate_differs" in now["review_reasons"]
    noted = store.reviews.history(order_id)[-1]
    assert (noted["action"], noted["changes"]) == (
        "extracted",
        [{"field": "supplier_name", "old": "Acme Ltd", "new": "Acme Building Supplies"}],
    )


def test_review_list_and_approve_from_the_command_line(order_id, db_url, monkeypatch, capsys):
    from po_ingest.cli import main

    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    assert main(["review", "list"]) == 0
    out = capsys.readouterr().out
    assert "PO-R" in out and "needs_review=1" in out
    assert main(["review", "approve", str(order_id), "--revision", "3", "--by", "rita"]) == 2
    assert "changed since revision 3" in capsys.readouterr().err
    assert main(["review", "approve", str(order_id), "--by", "rita"]) == 0
    assert "verified by rita" in capsys.readouterr().out
    assert Store(db_url).orders.get(order_id)["verified_by"] == "rita"
