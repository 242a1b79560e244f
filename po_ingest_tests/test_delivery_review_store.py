"""People's decisions on delivery notes in the store, on SQLite and PostgreSQL: approve (an
over-delivery only with a reason), reject (the notes sharing its orders rematched without
it), a line's match set or cleared by hand and kept by rematch; each refused in a state
that does not allow it, each in the note's history."""

import pytest
import sqlalchemy as sa
from alembic.command import downgrade

from po_ingest.lib.store import Store
from po_ingest.lib.store.delivery_reviews import InvalidDecision, NoSuchNote, NoteConflict
from po_ingest.lib.store.migrate import alembic_config, upgrade
from po_ingest_tests.support.deliveries import line, partly_and_over_delivered, store_order

ACCEPTED = "site manager kept the extra cubic metre"


@pytest.fixture
def delivered(store, files):
    return partly_and_over_delivered(store, files)


def _state(store: Store, note_id: int) -> tuple:
    note = store.deliveries.view(note_id)
    return note["review_status"], note["verified_by"], note["match_exceptions"]


def _history(store: Store, note_id: int) -> list[tuple]:
    return [
        (e["revision"], e["action"], e["user_name"], e["changes"], e["reason"])
        for e in store.deliveries.view(note_id)["history"]
    ]


def _lines(store: Store, note_id: int) -> list[tuple]:
    return [
        (line["matched_order_item_id"], line["match_method"], line["exceptions"])
        for line in store.deliveries.view(note_id)["lines"]
    ]


def test_an_over_delivery_is_approved_only_with_a_reason_and_by_whom(store, delivered):
    _, _, over = delivered
    with pytest.raises(InvalidDecision, match="over_delivery.*a reason"):
        store.deliveries.approve(over, "rita", reason="  ")
    assert _state(store, over) == ("needs_review", None, ["over_delivery"])
    assert _history(store, over) == []

    assert store.deliveries.approve(over, "rita", reason=ACCEPTED) == 2
    assert _state(store, over) == ("verified", "rita", ["over_delivery"])
    assert store.deliveries.view(over)["verified_at"] is not None
    assert _history(store, over) == [(2, "approved", "rita", [], ACCEPTED)]
    # A person's decision stands when the note is matched again.
    store.deliveries.rematch_note(over)
    assert _state(store, over) == ("verified", "rita", ["over_delivery"])

    with pytest.raises(NoteConflict, match="LS-2 is verified: only a note that needs review"):
        store.deliveries.approve(over, "tom", reason="again")
    assert _history(store, over) == [(2, "approved", "rita", [], ACCEPTED)]


def test_a_note_without_exceptions_is_approved_without_a_reason(store, delivered):
    _, first, _ = delivered
    store.deliveries.approve(first, "rita")
    assert _state(store, first) == ("verified", "rita", [])
    assert _history(store, first) == [(2, "approved", "rita", [], None)]


def test_a_rejected_note_delivers_nothing_and_its_neighbours_are_matched_again(store, delivered):
    order_id, first, over = delivered
    with pytest.raises(InvalidDecision, match="why the note is rejected"):
        store.deliveries.reject(first, "rita", "")
    store.deliveries.reject(first, "rita", "delivered to another site")
    assert _state(store, first) == ("rejected", None, [])
    assert _history(store, first) == [(2, "rejected", "rita", [], "delivered to another site")]
    # Without LS-1's 6 m3, LS-2's 5 m3 no longer go over the 10 ordered.
    assert _state(store, over)[2] == []
    assert "match:over_delivery" not in store.deliveries.view(over)["review_reasons"]
    concrete = store.deliveries.order_deliveries(order_id)["lines"][0]
    assert (concrete["delivered"], concrete["status"]) == (5, "partial")

    with pytest.raises(NoteConflict, match="LS-1 is rejected: it is rejected already"):
        store.deliveries.reject(first, "tom", "twice")
    with pytest.raises(NoteConflict, match="can have its matches changed"):
        store.deliveries.confirm_match(
            first, store.deliveries.view(first)["lines"][0]["id"], None, "tom"
        )
    with pytest.raises(NoSuchNote, match="no delivery note 4242"):
        store.deliveries.reject(4242, "rita", "gone")


def test_a_line_matched_by_hand_or_to_no_line_is_kept_by_rematch(store, delivered):
    order_id, _, over = delivered
    items = [item["id"] for item in store.orders.get(order_id)["items"]]
    concrete, cement = (line["id"] for line in store.deliveries.view(over)["lines"])
    assert [line["id"] for line in store.deliveries.view(over)["order_lines"]] == items

    # "These 5 m3 are not on the order": the line matches nothing, so nothing goes over.
    assert store.deliveries.confirm_match(over, concrete, None, "rita") == 2
    cleared = [(None, "manual_none", ["unknown_item"]), (items[2], "description", [])]
    assert _lines(store, over) == cleared
    note = store.deliveries.view(over)
    assert (note["match_status"], note["match_exceptions"]) == ("partial", ["unknown_item"])
    assert note["review_reasons"][-1] == "match:unknown_item"
    store.deliveries.rematch_note(over)
    store.deliveries.rematch_for_order(order_id)
    assert _lines(store, over) == cleared

    store.deliveries.confirm_match(over, concrete, items[0], "tom")
    assert _lines(store, over) == [
        (items[0], "manual", ["over_delivery"]),
        (items[2], "description", []),
    ]
    store.deliveries.rematch_note(over)
    assert _lines(store, over)[0] == (items[0], "manual", ["over_delivery"])
    assert _history(store, over) == [
        (2, "matched", "rita", [{"field": "line 1", "old": "PO-000471 line 1", "new": None}], None),
        (3, "matched", "tom", [{"field": "line 1", "old": None, "new": "PO-000471 line 1"}], None),
    ]


def test_a_match_to_a_line_the_note_cannot_deliver_against_is_refused(store, files, delivered):
    _, first, over = delivered
    other_order = store_order(
        store, files, "PO-000999", [line("Gravel 0/32", "10", "t") | {"line_number": 1}]
    )
    gravel = store.orders.get(other_order)["items"][0]["id"]
    concrete = store.deliveries.view(over)["lines"][0]["id"]
    with pytest.raises(InvalidDecision, match=f"order line {gravel} is not a line of the orders"):
        store.deliveries.confirm_match(over, concrete, gravel, "rita")
    lines_of_first = store.deliveries.view(first)["lines"]
    with pytest.raises(
        NoSuchNote, match=f"delivery note {over} has no line {lines_of_first[0]['id']}"
    ):
        store.deliveries.confirm_match(over, lines_of_first[0]["id"], None, "rita")
    with pytest.raises(NoSuchNote, match="no delivery note 4242"):
        store.deliveries.confirm_match(4242, concrete, None, "rita")
    assert _lines(store, over)[0][1] == "description"
    assert _history(store, over) == []


def test_migration_0007_adds_the_events_and_downgrades(db_url):
    store = Store(db_url)
    downgrade(alembic_config(db_url), "0006")
    assert "delivery_note_events" not in sa.inspect(store.engine).get_table_names()
    upgrade(db_url)
    assert "delivery_note_events" in sa.inspect(store.engine).get_table_names()
