"""The generated delivery scenarios through the store and the matcher: each order's lines
end as the scenario was built to (ordered, delivered, open, status) and each note raises the
exceptions it was built to, on SQLite and PostgreSQL."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from po_ingest.lib.delivery_note_model import DeliveryNote, DeliveryNoteExtraction
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.store import Store
from po_ingest_tests.corpus.delivery_notes.scenarios import generate_scenarios
from po_ingest_tests.support.batch_rows import insert_batch_row

RUN = "run-1"


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("scenarios")
    return folder, {s["name"]: s for s in generate_scenarios(folder)["scenarios"]}


def _truth(path: Path) -> dict:
    return {k: v for k, v in json.loads(path.read_text()).items() if not k.startswith("_")}


def _claimed(store: Store, batch_type: str) -> str:
    batch_id = insert_batch_row(store, batch_type, "pending")
    assert store.batches.claim(batch_id, RUN, statuses=["pending"])
    return batch_id


SCENARIOS = [
    "full_delivery",
    "partial_delivery",
    "split_delivery",
    "over_delivery",
    "two_orders",
    "unknown_item",
    "unit_mismatch",
    "unknown_order",
    "delivered_again",
    "weighbridge_loads",
]


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_scenario_ends_as_it_was_built_to(store, scenarios, name):
    folder, by_name = scenarios
    scenario = by_name[name]
    order_ids = {}
    for order_name in scenario["orders"]:
        order = ExtractedPurchaseOrder.model_validate(
            _truth(folder / "orders" / f"{order_name}.json")
        )
        result = ExtractionResult(order=order, extractor="test")
        outcome = store.orders.persist(_claimed(store, "purchase_orders"), RUN, result, "k")
        order_ids[order.po_number] = outcome.order_id
    note_ids = []
    for planned in scenario["notes"]:
        note = DeliveryNote.model_validate(_truth(folder / "notes" / f"{planned['name']}.json"))
        extraction = DeliveryNoteExtraction(note=note, extractor="test")
        batch_id = _claimed(store, "delivery_notes")
        note_ids.append(store.deliveries.persist(batch_id, RUN, extraction, "k").note_id)

    for planned, note_id in zip(scenario["notes"], note_ids, strict=True):
        stored = store.deliveries.get(note_id)
        codes = sorted(e.split(":")[0] for e in stored["match_exceptions"])
        assert codes == sorted(e["code"] for e in planned["exceptions"]), planned["name"]
    got = []
    for po_number, order_id in order_ids.items():
        for line in store.deliveries.order_deliveries(order_id)["lines"]:
            got.append(
                (po_number, line["line_number"], line["delivered"], line["open"], line["status"])
            )
    expected = [
        (x["po_number"], x["line_number"], Decimal(x["delivered"]), Decimal(x["open"]), x["status"])
        for x in scenario["order_lines"]
    ]
    assert got == expected


def test_the_scenarios_cover_every_status_and_exception(scenarios):
    _, by_name = scenarios
    assert sorted(by_name) == sorted(SCENARIOS)
    statuses = {line["status"] for s in by_name.values() for line in s["order_lines"]}
    codes = {e["code"] for s in by_name.values() for n in s["notes"] for e in n["exceptions"]}
    assert statuses == {"open", "partial", "complete", "over"}
    assert codes == {
        "unknown_order",
        "unknown_item",
        "unit_mismatch",
        "over_delivery",
        "order_complete",
    }
