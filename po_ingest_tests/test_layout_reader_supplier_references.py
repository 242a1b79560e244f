"""The layout reader on items that name their article in several ways: the supplier's
part number and reference printed under the item's text, and two titles ("Item",
"Article") that may each name the position or the article. Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals


def _referenced_item(y: float, code: str, text: str, part: str, reference: str | None):
    """An item's line, then the maker's part number and, when given, the supplier's
    reference under its label, on lines of their own under the text."""
    lines = _item(y, code, text, "10", "2,50", "25,00")
    lines.append((X["description"], y + 11, f"{part} TE"))
    if reference is not None:
        lines.append((X["description"], y + 22, f"Réf. fournisseur {reference}"))
    return lines


def test_a_part_number_and_labelled_supplier_reference_under_each_items_text_are_no_description():
    items = _referenced_item(160, "71090404", "FLASQUE D'EXTREMITE", "1SNA198549R0500", "BOR00288")
    items += _referenced_item(200, "71650022", "CAPOT DE PROTECTION", "HX-SCE-1K-12.7", "71650022")
    content, _ = _page(_header() + _titles() + items + _totals(240, [("Total HT", "50,00")]))
    assert [(i.item_code, i.description) for i in _read(content).order.items] == [
        ("71090404", "FLASQUE D'EXTREMITE"),
        ("71650022", "CAPOT DE PROTECTION"),
    ]


def test_a_supplier_reference_under_some_items_only_is_still_declined():
    """A table printing the block under one item and not the next is not one of such
    items: which lines describe the article is not for the reader to guess."""
    items = _referenced_item(160, "71090404", "FLASQUE D'EXTREMITE", "1SNA198549R0500", "BOR00288")
    items += _referenced_item(200, "71650022", "CAPOT DE PROTECTION", "HX-SCE-1K-12.7", None)
    content, _ = _page(_header() + _titles() + items + _totals(240, [("Total HT", "50,00")]))
    with pytest.raises(ExtractionDeclined, match="reference"):
        _read(content)


def _item_article_titles():
    titles = [t for t in _titles() if t[2] != "Code"]
    return [(50, 140, "Item"), (250, 140, "Article"), *titles]


def _numbered_item(y: float, position: str, article: str, text: str, total: str):
    lines = _item(y, position, text, "1", total, total)
    return [*lines, (250, y, article)]


@pytest.mark.parametrize("articles", [("71090404", "71080107"), ("71090404", "AB-200/B")])
def test_item_and_article_columns_are_told_apart_by_the_positions_ascending(articles):
    """ "Item" over 1000, 2000 and "Article" over codes: the titles alone could name either."""
    items = _numbered_item(160, "1000", articles[0], "Flasque", "25,00")
    items += _numbered_item(174, "2000", articles[1], "Bornier", "5,00")
    content, _ = _page(
        _header() + _item_article_titles() + items + _totals(200, [("Total", "30,00")])
    )
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.line_total) for i in order.items] == [
        (1000, articles[0], Decimal("25.00")),
        (2000, articles[1], Decimal("5.00")),
    ]


def test_item_and_article_columns_whose_values_do_not_tell_them_apart_are_not_guessed():
    """Both columns numbering upwards: either could be the position, and read as titled,
    an article number would be taken for a line's number. Neither is read."""
    items = _numbered_item(160, "1000", "4711", "Flasque", "25,00")
    items += _numbered_item(174, "2000", "4712", "Bornier", "5,00")
    titles = _item_article_titles()
    content, _ = _page(_header() + titles + items + _totals(200, [("Total", "30,00")]))
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (None, None, "Flasque"),
        (None, None, "Bornier"),
    ]


@pytest.mark.parametrize(
    ("positions", "numbers", "codes"),
    [
        (("1000", "2000", "3000"), [1000, 2000, 3000], [None] * 3),
        (("1000", "2000", "3500"), [None] * 3, ["1000", "2000", "3500"]),
    ],
)
def test_an_item_column_alone_counting_up_in_equal_steps_numbers_the_lines(
    positions, numbers, codes
):
    """ "Item" over 1000, 2000, 3000 with no article column: SAP's positions, too long to
    look like one, are not the articles' codes; numbers that do not count evenly are left."""
    titles = [(50, 140, "Item"), *(t for t in _titles() if t[2] != "Code")]
    items = [
        line
        for y, position, text in zip(
            (160, 174, 188), positions, ("Flasque", "Bornier", "Capot"), strict=True
        )
        for line in _item(y, position, text, "1", "10,00", "10,00")
    ]
    content, _ = _page(_header() + titles + items + _totals(210, [("Total", "30,00")]))
    order = _read(content).order
    assert [(i.line_number, i.item_code) for i in order.items] == list(
        zip(numbers, codes, strict=True)
    )
