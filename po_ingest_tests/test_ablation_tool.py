"""`po_ingest_tests/ablation.py` removes only words the reader does not return, and on a plain
order no single missing word makes the reader accept a wrong value."""

from __future__ import annotations

from po_ingest_tests.ablation import ablate_document
from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _header, _page, _titles

_TRUTH = {
    "po_number": "PO-2026-0042",
    "order_date": "2026-03-05",
    "total": "36.00",
    "items": [
        {"item_code": "AB-100", "description": "Steel bolts M8", "quantity": 10, "line_total": 25},
        {"item_code": "CD-200", "description": "Washers", "quantity": 4, "line_total": 5},
    ],
}


def test_each_context_word_of_a_plain_order_removed_leaves_it_right_or_declined(tmp_path):
    path = tmp_path / "plain.pdf"
    path.write_bytes(_page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS)[0])
    ablations = ablate_document(path, _TRUTH, pages=1)
    removed = {a.word for a in ablations}
    assert {"PO", "Number:", "Description", "Qty", "Subtotal", "Total"} <= removed
    assert not removed & {"PO-2026-0042", "Steel", "Washers", "25.00", "36.00"}
    assert [a for a in ablations if a.outcome in ("wrong", "crash")] == []
    stood_in = ablate_document(path, _TRUTH, pages=1, stand_in="Quorvex")
    assert [a for a in stood_in if a.outcome in ("wrong", "crash")] == []


def test_each_ablation_says_which_field_its_word_labels_and_why_the_reader_declined(tmp_path):
    path = tmp_path / "plain.pdf"
    path.write_bytes(_page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS)[0])
    ablations = ablate_document(path, _TRUTH, pages=1, stand_in="Quorvex")
    roles = {a.word: a.role for a in ablations}
    assert roles["Number:"] == "po_number"
    assert roles["Total"] == "total"
    assert roles["Description"] == "items"
    declined = [a for a in ablations if a.outcome == "declined"]
    assert declined and all(a.reason for a in declined)
    assert all(a.reason == "" for a in ablations if a.outcome == "exact")
