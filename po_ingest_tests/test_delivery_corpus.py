"""The generated delivery notes, their scenarios and the real notes: determinism, truth that is
printed on the page, weights that add up, scenario outcomes that follow from the notes."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from po_ingest.lib.delivery_note_model import NOTE_FIELDS, NOTE_LINE_FIELDS
from po_ingest.lib.extraction import documents
from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.delivery_notes import generate_delivery_notes, note_document
from po_ingest_tests.corpus.delivery_notes.families import BY_NAME, FAMILIES
from po_ingest_tests.corpus.delivery_notes.goods import UNIT_SPELLINGS
from po_ingest_tests.corpus.delivery_notes.scenarios import generate_scenarios
from po_ingest_tests.realnotes.download import HERE as REALNOTES

FIELDS = [*NOTE_FIELDS, "lines"]
LINE_FIELDS = list(NOTE_LINE_FIELDS)
EXCEPTIONS = {"unknown_order", "unknown_item", "unit_mismatch", "over_delivery", "order_complete"}


@pytest.fixture(scope="module")
def notes(tmp_path_factory):
    root = tmp_path_factory.mktemp("delivery_notes")
    return {
        split: generate_delivery_notes(root / split, split=split) for split in ("dev", "heldout")
    }


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory):
    root = tmp_path_factory.mktemp("scenarios")
    return root, generate_scenarios(root)


def _truth(path: Path) -> dict:
    return json.loads(path.read_text())


def _text(path: Path) -> str:
    with documents.open_pdf(path.read_bytes()) as doc:
        return " ".join(" ".join(documents.page_texts(doc)).split())


def _number_forms(value: str) -> set[str]:
    """A decimal string the way a family may print it: 1234.5, 1234,5, 1,234.50, 1.234,50,
    1 234,50."""
    english = f"{Decimal(value):,.2f}"
    german = english.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return {value, value.replace(".", ","), english, german, german.replace(".", " ")}


def _printed(text: str, value: str, *forms: str) -> bool:
    return any(" ".join(f.split()) in text for f in (value, *forms))


def test_families_splits_and_counts(notes):
    splits = {family.name: family.split for family in FAMILIES}
    assert Counter(splits.values()) == {"dev": 3, "heldout": 2}
    assert len({family.language for family in FAMILIES}) == 4
    for split, found in notes.items():
        digital = [d for d in found if d.kind == "digital"]
        assert Counter(d.layout for d in digital) == {
            name: 6 for name, s in splits.items() if s == split
        }
        assert all(_truth(d.ground_truth_path)["_split"] == split for d in found)
    kinds = Counter(d.kind for d in notes["dev"])
    assert kinds["scan"] >= 4 and kinds["photo"] >= 4
    assert {d.content_type for d in notes["dev"]} >= {"image/jpeg", "image/png", "image/webp"}
    assert {d.kind for d in notes["heldout"]} == {"digital"}


def test_truth_has_the_model_fields_and_meta(notes):
    for document in (d for found in notes.values() for d in found):
        truth = _truth(document.ground_truth_path)
        assert [k for k in truth if not k.startswith("_")] == FIELDS, document.name
        assert truth["_doc_type"] == "delivery_note" and truth["_layout"] == document.layout
        assert truth["_kind"] == document.kind
        assert (truth["_source"] is None) == (document.kind == "digital")
        for line in truth["lines"]:
            assert list(line) == LINE_FIELDS
            assert Decimal(line["quantity"]) > 0
            assert any(line["unit"] in spellings for spellings in UNIT_SPELLINGS.values())


def test_every_truth_value_is_printed_on_the_digital_page(notes):
    for document in (d for found in notes.values() for d in found if d.kind == "digital"):
        truth, text = _truth(document.ground_truth_path), _text(document.path)
        family = BY_NAME[document.layout]
        for key in ("dn_number", "supplier_name", "project_code", "received_by", "vehicle"):
            if truth[key]:
                assert truth[key] in text, (document.name, key)
        for key in ("dn_date", "delivery_date"):
            if truth[key]:
                day = formats.date_text(dt.date.fromisoformat(truth[key]), family.date_style)
                assert day in text, (document.name, key)
        assert all(ref in text for ref in truth["po_refs"]), document.name
        assert all(part in text for part in truth["delivered_to"].split(", ")), document.name
        if truth["carrier"]:
            assert truth["carrier"] in text
        for key in ("gross_weight", "tare_weight", "net_weight"):
            if truth[key]:
                assert _printed(text, f"{truth[key]} {truth['weight_unit']}"), document.name
        for line in truth["lines"]:
            assert line["description"] in text, (document.name, line["description"])
            assert any(_printed(text, q) for q in _number_forms(line["quantity"]))
            for key in ("item_code", "batch_or_lot", "unit_price", "line_total"):
                if line[key]:
                    forms = _number_forms(line[key]) if key in ("unit_price", "line_total") else ()
                    assert _printed(text, line[key], *forms), (document.name, key, line[key])


def test_the_notes_vary_what_a_reader_must_handle(notes):
    truths = [_truth(d.ground_truth_path) for found in notes.values() for d in found]
    units = {line["unit"] for t in truths for line in t["lines"]}
    assert {"Stk", "ea", "pce", "ud", "bags", "Sack", "t", "tonnes", "m³", "m3"} <= units
    assert {t["signature_present"] for t in truths} == {True, False}
    assert any(t["received_by"] and not t["signature_present"] for t in truths)
    assert any(t["received_by"] is None for t in truths)
    assert any(t["currency"] for t in truths) and any(t["currency"] is None for t in truths)
    assert any(line["batch_or_lot"] for t in truths for line in t["lines"])
    assert any(line["po_line_ref"] for t in truths for line in t["lines"])
    assert any(t["delivery_date"] is None for t in truths)


def test_weighbridge_weights_add_up_to_the_lines(notes):
    tickets = [d for d in notes["dev"] if d.layout == "weighbridge" and d.kind == "digital"]
    assert len(tickets) == 6
    for document in tickets:
        truth = _truth(document.ground_truth_path)
        gross, tare, net = (
            Decimal(truth[k]) for k in ("gross_weight", "tare_weight", "net_weight")
        )
        assert gross - tare == net
        load = sum(Decimal(line["quantity"]) for line in truth["lines"])
        assert load * (1000 if truth["weight_unit"] == "kg" else 1) == net
        assert {line["unit"] for line in truth["lines"]} == {"t"}


def test_valued_lines_are_quantity_times_price(notes):
    for document in (d for found in notes.values() for d in found if d.kind == "digital"):
        for line in _truth(document.ground_truth_path)["lines"]:
            if line["unit_price"]:
                exact = Decimal(line["quantity"]) * Decimal(line["unit_price"])
                assert abs(exact - Decimal(line["line_total"])) <= Decimal("0.005")


def test_the_same_seed_gives_the_same_bytes_and_truth(notes):
    written = {d.name: d for found in notes.values() for d in found if d.kind == "digital"}
    for family in FAMILIES:
        for index in (2,):
            name, pdf, truth = note_document(7, family, index)
            assert pdf == written[name].path.read_bytes(), name
            assert truth == {
                k: v for k, v in _truth(written[name].ground_truth_path).items() if k[0] != "_"
            }
            assert note_document(8, family, index)[2] != truth, name


def test_scenarios_cover_every_exception_and_agree_with_the_notes(scenarios):
    root, result = scenarios
    assert {s["name"] for s in result["scenarios"]} >= {
        "full_delivery",
        "partial_delivery",
        "split_delivery",
        "over_delivery",
        "two_orders",
        "unknown_item",
        "unit_mismatch",
        "unknown_order",
    }
    codes = {e["code"] for s in result["scenarios"] for n in s["notes"] for e in n["exceptions"]}
    assert codes == EXCEPTIONS
    for scenario in result["scenarios"]:
        orders = {}
        for name in scenario["orders"]:
            order = _truth(root / "orders" / f"{name}.json")
            orders[order["po_number"]] = {i["line_number"]: i for i in order["items"]}
        counted: dict[tuple[str, int], Decimal] = defaultdict(Decimal)
        for note in scenario["notes"]:
            truth = _truth(root / "notes" / f"{note['name']}.json")
            assert truth["po_refs"] == note["po_refs"] and truth["dn_number"] == note["dn_number"]
            mismatched = {
                e["note_line"] for e in note["exceptions"] if e["code"] == "unit_mismatch"
            }
            for n, (line, planned) in enumerate(zip(truth["lines"], note["lines"], strict=True)):
                assert line["quantity"] == planned["quantity"]
                if planned["po_number"] in orders and n not in mismatched:
                    counted[(planned["po_number"], planned["po_line"])] += Decimal(line["quantity"])
        for line in scenario["order_lines"]:
            ordered = Decimal(orders[line["po_number"]][line["line_number"]]["quantity"])
            delivered = counted[(line["po_number"], line["line_number"])]
            assert Decimal(line["ordered"]) == ordered
            assert Decimal(line["delivered"]) == delivered, (scenario["name"], line)
            assert Decimal(line["open"]) == max(ordered - delivered, Decimal(0))


def test_scenario_outcomes_are_the_intended_ones(scenarios):
    _, result = scenarios
    by_name = {s["name"]: s for s in result["scenarios"]}

    def codes(name: str) -> list[list[str]]:
        return [[e["code"] for e in note["exceptions"]] for note in by_name[name]["notes"]]

    def statuses(name: str) -> list[str]:
        return [line["status"] for line in by_name[name]["order_lines"]]

    assert codes("full_delivery") == [[]]
    assert set(statuses("full_delivery")) == {"complete"}
    assert codes("partial_delivery") == [[]]
    assert statuses("partial_delivery")[:2] == ["complete", "partial"]
    assert set(statuses("partial_delivery")[2:]) == {"open"}
    assert codes("split_delivery") == [[], []]
    assert codes("over_delivery") == [["over_delivery"]]
    assert statuses("over_delivery")[-1] == "over"
    over = by_name["over_delivery"]["order_lines"][-1]
    assert Decimal(over["delivered"]) == Decimal(over["ordered"]) * Decimal("1.1")
    assert codes("two_orders") == [[]]
    assert len(by_name["two_orders"]["notes"][0]["po_refs"]) == 2
    assert codes("unknown_item") == [["unknown_item"]]
    assert codes("unit_mismatch") == [["unit_mismatch"]]
    assert codes("unknown_order") == [["unknown_order"]]
    # Delivered again once complete: not due any more, and over what was ordered.
    assert codes("delivered_again") == [[], ["order_complete", "over_delivery"]]
    assert codes("weighbridge_loads") == [[], []]


def test_real_notes_have_truth_their_source_and_a_split_by_source():
    repos: dict[str, set[str]] = defaultdict(set)
    for split in ("dev", "heldout"):
        truths = sorted((REALNOTES / split).glob("*.json"))
        assert len(truths) >= 5
        for path in truths:
            truth = _truth(path)
            assert [k for k in truth if not k.startswith("_")] == FIELDS, path.name
            assert truth["_doc_type"] == "delivery_note" and truth["_split"] == split
            source = truth["_source"]
            assert len(source["commit"]) == 40 and len(source["sha256"]) == 64
            assert source["licence"] and source["shipped"] is False
            assert truth["lines"] and all(list(line) == LINE_FIELDS for line in truth["lines"])
            repos[source["repo"]].add(split)
    assert all(len(splits) == 1 for splits in repos.values()), repos
    assert len(repos) >= 10
