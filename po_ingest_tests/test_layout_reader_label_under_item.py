"""An item printing no text on its line, described by the line under it: a line opening
with the buyer's reference ("Ihre Nummer: 50-0041-000-100") is a detail, the text comes
after it. The cases come from `python -m po_ingest_tests.ablation --stand-in`."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals
from po_ingest_tests.test_layout_reader_code_alone import _POSITION, _TITLES


def _described_below(reference: str):
    lines = [
        (_POSITION, 160, "1"),
        (-X["quantity"], 160, "400"),
        (X["unit"], 160, "pcs"),
        (-X["unit_price"], 160, "0.65"),
        (-X["total"], 160, "260.00"),
        (X["description"], 172, reference),
        (X["unit"], 172, "35/2025"),  # its delivery week beside it
        (X["description"], 184, "Cable clamp crown"),
    ]
    content, _ = _page(_header() + _TITLES + lines + _totals(220, [("Total", "260.00")]))
    return _read(content).order.items[0].description


def test_the_text_under_the_buyers_reference_describes_the_item():
    assert _described_below("Ihre Nummer: 50-0041-000-100") == "Cable clamp crown"


def test_a_word_run_into_a_label_under_the_item_declines():
    """A label's first word one the reader does not know ("Zorbel Lot:" where "Ihre Lot:"
    stood): the word may be the label's, not the item's text."""
    with pytest.raises(ExtractionDeclined, match="not read"):
        _described_below("Zorbel Lot: A-7")
