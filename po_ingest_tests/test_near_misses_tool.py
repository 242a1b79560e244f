"""`po_ingest_tests/near_misses.py` scores what the reader read of an order it declined, read on
past the decline (`local/probe.py`), and probing does not change what the reader returns."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor, probe
from po_ingest_tests.near_misses import kind, near_miss
from po_ingest_tests.test_layout_reader import _ITEMS, _header, _page, _titles, _totals
from po_ingest_tests.test_layout_reader_unknown_titles import _text_under_two_titles

_TRUTH = {
    "po_number": "PO-2026-0042",
    "order_date": "2026-03-05",
    "items": [
        {"item_code": "AB-100", "description": "Steel bolts M10", "quantity": 10},
        {"item_code": "CD-200", "description": "Washers", "quantity": 4},
    ],
}


def test_a_declined_order_read_wrong_elsewhere_is_a_near_miss():
    """No total: declined; read on, the lines are there, the first one's text not the truth's."""
    content = _page(_header() + _titles() + _ITEMS + _totals(200, [("Subtotal", "30.00")]))[0]
    found = near_miss("order.pdf", content, _TRUTH)
    assert found is not None
    assert found.reason == "local extractor declined: no total found"
    assert found.wrong_values == ["items.0.description: 'Steel bolts M8' (truth 'Steel bolts M10')"]
    assert [kind(v) for v in found.wrong_values] == ["items.description"]
    right = {**_TRUTH, "items": [{**_TRUTH["items"][0], "description": "Steel bolts M8"}]}
    assert near_miss("order.pdf", content, right) is None


def test_probing_raises_the_decline_the_reader_raises_without_it():
    content = _page(_header() + _titles() + _ITEMS + _totals(200, [("Subtotal", "30.00")]))[0]
    document = Document(content, "application/pdf", "b")
    with pytest.raises(ExtractionDeclined) as plain:
        LocalExtractor().extract(document)
    with probe.probing() as readings, pytest.raises(ExtractionDeclined) as probed:
        LocalExtractor().extract(document)
    assert str(probed.value) == str(plain.value)
    assert readings and len(readings[-1].items) == 2
    assert readings[-1].fields["po_number"].value == "PO-2026-0042"


def test_probing_leaves_every_line_that_lost_a_word_empty_not_only_the_first():
    """ "Zorbel" over the second word of both lines' text: each line lost a word, so each is
    declined where it is read, and probing reads neither line's text cut short."""
    document = Document(_text_under_two_titles("Zorbel"), "application/pdf", "b")
    with probe.probing() as readings, pytest.raises(ExtractionDeclined, match="lost a word"):
        LocalExtractor().extract(document)
    declines = [str(d) for d in readings[-1].declines if "lost a word" in str(d)]
    assert len(declines) == 2
    assert readings[-1].items == [{}, {}]
