"""Cells a web page's table sets a narrow padding apart: a description's last word a few
points left of the next column's first word, closer than the gap that splits cells."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.item_cells import RawItem, assign
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals


def _unit_first_order(unit_title: str, unit_x: float, text_end: float) -> bytes:
    """The unit's column before the quantity's; the first line's description right-aligned
    at `text_end`, its unit "bag" at `unit_x`."""
    titles = [(X["code"], 140, "Description"), (300, 140, unit_title)]
    titles += [(-420, 140, "Qty"), (-480, 140, "Price"), (-X["total"], 140, "Amount")]
    lines = [(-text_end, 160, "Portland cement 25 kg"), (unit_x, 160, "bag")]
    lines += [(-420, 160, "10"), (-480, 160, "2.50"), (-X["total"], 160, "25.00")]
    lines += [(X["code"], 174, "Washers"), (300, 174, "pcs")]
    lines += [(-420, 174, "4"), (-480, 174, "1.25"), (-X["total"], 174, "5.00")]
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _page(_header() + titles + lines + totals)[0]


def test_a_word_flush_with_a_left_aligned_titles_start_is_that_columns_cell():
    """ "… 25 kg" ends six points before "bag", set flush under "Unit": two cells, the
    text's end no word of the unit's column."""
    items = _read(_unit_first_order("Unit", 300, 294)).order.items
    assert [(i.description, i.unit, i.quantity) for i in items] == [
        ("Portland cement 25 kg", "bag", Decimal("10")),
        ("Washers", "pcs", Decimal("4")),
    ]


def test_a_texts_word_under_an_empty_columns_title_is_declined():
    """ "bag" six points after "… 25 kg", wholly under "Unit of Measure" yet not flush with
    it, the unit's column empty on the line: the unit run into the text, or the text's own
    word; not guessed."""
    with pytest.raises(ExtractionDeclined, match="under the unit title"):
        _read(_unit_first_order("Unit of Measure", 312, 306))


def _cost_code_line(cost_code_line: int, text_line: int) -> RawItem:
    """One row of a web page's table: an untitled cost code's cell ending seven points left
    of "Cable", which starts flush under "Description"; each cell as the PDF draws it, in
    the line of text given."""
    columns = [Column("description", 246.0, 292.7), Column("quantity", 425.0, 443.2)]
    cost_code = [
        (59.7, 100.3, "26-0500.M"), (102.7, 137.2, "Common"), (139.5, 159.2, "Work"),
        (161.6, 189.9, "Results"), (192.2, 202.2, "for"), (204.5, 239.0, "Electrical"),
    ]  # fmt: skip
    words = [Word(x0, 358.3, x1, 367.8, text, cost_code_line) for x0, x1, text in cost_code]
    words += [Word(246.0, 358.3, 268.2, 367.8, "Cable", text_line)]
    words += [Word(270.5, 358.3, 296.5, 367.8, "NYM-J", text_line)]
    words += [Word(422.0, 358.3, 443.2, 367.8, "27.00", text_line + 1)]
    return assign(Row(0, words), columns)


def test_two_cells_drawn_as_two_lines_of_text_are_split_at_the_descriptions_title():
    """A browser draws each cell of a table as a line of text of its own: the cost code's
    cell, run up to the next cell's padding, is no part of the description."""
    item = _cost_code_line(cost_code_line=1, text_line=2)
    assert [w.text for w in item.cells["description"]][-2:] == ["Cable", "NYM-J"]
    assert ["Cable", "NYM-J"] in [
        [w.text for w in item.cells["description"] if id(w) in run] for run in item.runs
    ]


def test_one_line_of_text_running_under_the_descriptions_title_is_one_run():
    item = _cost_code_line(cost_code_line=1, text_line=1)
    assert any(len(run) == 8 for run in item.runs), "one text, as a fixed-width print sets it"


def _cost_code_order(first_title: str) -> bytes:
    """A cost code's column, titled `first_title` (no title the vocabulary knows), left of
    "Description": the first line's cost code cell ends six points before "Cable", set
    flush under "Description", and the PDF draws both cells as one line of text."""
    titles = [(60, 140, first_title), (200, 140, "Description")]
    titles += [(-420, 140, "Qty"), (-480, 140, "Price"), (-X["total"], 140, "Amount")]
    lines = [(-194, 160, "26-0500 Common Work for Electrical"), (200, 160, "Cable NYM-J 5x2.5")]
    lines += [(-420, 160, "27"), (-480, 160, "3.00"), (-X["total"], 160, "81.00")]
    lines += [(60, 174, "03-3000 Concrete"), (200, 174, "Cement 25 kg")]
    lines += [(-420, 174, "4"), (-480, 174, "1.25"), (-X["total"], 174, "5.00")]
    totals = _totals(200, [("Subtotal", "86.00"), ("VAT 20%", "17.20"), ("Total", "103.20")])
    return _page(_header() + titles + lines + totals)[0]


@pytest.mark.parametrize("first_title", ["Cost Code", "Phase"])
def test_an_untitled_cell_run_up_to_the_description_is_declined(first_title):
    """ "Common Work for Electrical Cable NYM-J 5x2.5" is two cells, whichever way the table
    is read (the table finder leaves the untitled column out of its table): the text's
    word flush under the title, a column's gap before it, starts the description's cell."""
    with pytest.raises(ExtractionDeclined):
        _read(_cost_code_order(first_title))


def test_the_reason_names_the_text_run_in_from_left_of_the_title():
    with pytest.raises(ExtractionDeclined, match="runs in from left of the description title"):
        _read(_cost_code_order("Phase"))


def _text_left_of_its_title(space: float) -> bytes:
    """A description set from left of its title, its fourth word starting flush under
    "Description", `space` points after the third."""
    titles = [(200, 140, "Description")]
    titles += [(-420, 140, "Qty"), (-480, 140, "Price"), (-X["total"], 140, "Amount")]
    lines = [(-(200 - space), 160, "Heavy duty steel"), (200, 160, "bolts M8 galvanised")]
    lines += [(-420, 160, "27"), (-480, 160, "3.00"), (-X["total"], 160, "81.00")]
    lines += [(150, 174, "Spring washers M8")]
    lines += [(-420, 174, "4"), (-480, 174, "1.25"), (-X["total"], 174, "5.00")]
    totals = _totals(200, [("Subtotal", "86.00"), ("VAT 20%", "17.20"), ("Total", "103.20")])
    return _page(_header() + titles + lines + totals)[0]


def test_one_text_starting_left_of_its_title_is_read():
    """A word space before the word flush under the title: one text, not two cells."""
    items = _read(_text_left_of_its_title(2.5)).order.items
    assert [i.description for i in items] == [
        "Heavy duty steel bolts M8 galvanised",
        "Spring washers M8",
    ]


def test_a_columns_gap_before_the_word_flush_under_the_title_is_declined():
    with pytest.raises(ExtractionDeclined, match="runs in from left of the description title"):
        _read(_text_left_of_its_title(6.5))
