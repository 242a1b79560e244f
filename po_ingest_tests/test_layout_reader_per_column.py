"""The layout reader on an accounting package's lines (Sage and the like): the quantity with
its unit run on right of its title, the code over the description, the price's basis in a
"Per" column and a discount percentage beside it. Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.under_item import code_over_text
from po_ingest_tests.test_layout_reader import _header, _page, _read, _totals

_TITLES = [(31, 140, "Qty"), (85, 140, "Product/Description"), (-418, 140, "Price")]
_TITLES += [(428, 140, "Per"), (-484, 140, "Disc%"), (-524, 140, "Value")]


def _line(y, qty, code, text, price, per, value, disc=None, unit="EACH"):
    words = [(-46, y, qty), (51, y, unit), (85, y, code), (-418, y, price), (428, y, per)]
    words += [(-524, y, value), (85, y + 14, text)]
    return words + ([(-484, y, disc)] if disc else [])


def _order(lines, total):
    content, _ = _page(_header() + _TITLES + lines + _totals(260, [("Total", total)]))
    return _read(content).order


def test_a_number_alone_under_per_is_the_prices_basis_and_a_discount_comes_off_the_line():
    """500 at 77.49 per 100 less 60 % is 154.98."""
    lines = _line(160, "500", "1SNA399903R0200", "END STOP GREY", "77.49", "100", "154.98", "60.00")
    lines += _line(190, "400", "1SNA115118R1100", "TERMINAL BLOCK", "50.20", "100", "200.80")
    order = _order(lines, "355.78")
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal(500), None, Decimal("154.98")),
        (Decimal(400), None, Decimal("200.80")),
    ]


def test_a_basis_with_a_discount_that_does_not_give_the_amount_is_declined():
    lines = _line(160, "500", "1SNA399903R0200", "END STOP GREY", "77.49", "100", "164.98", "60.00")
    with pytest.raises(ExtractionDeclined, match="price per 100 does not give its amount"):
        _order(lines, "164.98")


def test_the_unit_run_on_right_of_the_quantity_and_the_code_over_its_text_are_read_apart():
    lines = _line(160, "500", "1SNA399903R0200", "END STOP GREY", "77.49", "100", "387.45")
    lines += _line(
        190, "400", "1SNA115118R1100", "M6/8 GREY TERMINAL BLOCK", "50.20", "100", "200.80"
    )
    order = _order(lines, "588.25")
    assert [(i.unit, i.item_code, i.description) for i in order.items] == [
        ("EACH", "1SNA399903R0200", "END STOP GREY"),
        ("EACH", "1SNA115118R1100", "M6/8 GREY TERMINAL BLOCK"),
    ]


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("M6/8 GREY TERMINAL BLOCK STD", True),  # a size first, then words
        ("END STOP GREY", True),
        ("4055 B4840A", False),  # another code
        ("M6/8 GREY 4055", False),
    ],
)
def test_a_line_of_mostly_words_under_a_part_number_describes_it(text, described):
    code = Word(85, 150, 169, 159, "1SNA115118R1100")
    item = RawItem(0, cells={"description": [code]})
    x, words = 85.0, []
    for part in text.split():
        words.append(Word(x, 165, x + 6 * len(part), 174, part))
        x += 6 * len(part) + 3
    columns = [Column("quantity", 31, 46), Column("description", 85, 178)]
    assert code_over_text(Row(0, words), item, 158.0, columns) is described
