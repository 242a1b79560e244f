"""The HTML-printed purchase orders: one document per family through Chromium, its text layer
against its truth, and truth that adds up."""

from __future__ import annotations

import re
from decimal import Decimal

import pymupdf
import pytest

from po_ingest_tests.corpus.html import (
    ALL_FAMILIES,
    SPLITS,
    families,
    html_order,
    print_document,
)
from po_ingest_tests.corpus.html.printer import chromium_printer
from po_ingest_tests.support.prerequisites import require_browser

SEED = 7


def _flat(text: str) -> str:
    """Whitespace as one space: no-break spaces in amounts, values wrapped over lines."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


@pytest.fixture(scope="module")
def printed() -> dict[str, tuple[str, dict, int]]:
    """Family name -> (the text layer, the truth, the page count) of its first document."""
    require_browser()
    found = {}
    with chromium_printer() as printer:
        for family in ALL_FAMILIES:
            pdf, truth = print_document(printer, family, 1, SEED)
            document = pymupdf.open(stream=pdf, filetype="pdf")
            text = " ".join(page.get_text() for page in document)
            found[family.name] = (_flat(text), truth, document.page_count)
    return found


@pytest.mark.parametrize("family", ALL_FAMILIES, ids=lambda family: family.name)
def test_the_page_prints_the_number_the_total_and_every_line(printed, family):
    text, truth, _ = printed[family.name]
    assert truth["po_number"] in text
    assert _flat(family.style.money(Decimal(truth["total"]))) in text
    for item in truth["items"]:
        assert _flat(item["description"]) in text
        assert _flat(family.style.number(Decimal(item["line_total"]))) in text


@pytest.mark.parametrize("family", ALL_FAMILIES, ids=lambda family: family.name)
def test_truth_adds_up(printed, family):
    _, truth, _ = printed[family.name]
    for item in truth["items"]:
        quantity, price = Decimal(item["quantity"]), Decimal(item["unit_price"])
        assert quantity * price == Decimal(item["line_total"])
    lines = sum(Decimal(item["line_total"]) for item in truth["items"])
    assert lines == Decimal(truth["subtotal"])
    adjustments = Decimal(truth.get("charges", 0)) - Decimal(truth.get("allowances", 0))
    total = Decimal(truth["subtotal"]) + adjustments + Decimal(truth["tax"])
    assert total == Decimal(truth["total"])


def test_the_same_seed_gives_the_same_truth():
    for family in ALL_FAMILIES:
        first = family.truth(html_order(family, 2, SEED))
        assert first == family.truth(html_order(family, 2, SEED))
        assert first != family.truth(html_order(family, 2, SEED + 1))


@pytest.mark.parametrize("batch", sorted({family.batch for family in ALL_FAMILIES}))
def test_each_batch_is_dealt_alternately_by_name_held_out_first(batch):
    written = [family for family in ALL_FAMILIES if family.batch == batch]
    by_name = sorted(written, key=lambda family: family.name)
    assert [family.split for family in by_name] == [SPLITS[n % 2] for n in range(len(by_name))]
    assert SPLITS[0] == "heldout"
    assert len(by_name) == 8


def test_each_split_has_half_the_families():
    assert len(families("dev")) == len(families("heldout")) == len(ALL_FAMILIES) // 2
