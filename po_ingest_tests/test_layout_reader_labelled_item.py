"""One article ordered on a form, not in a table (apparel suppliers' portals): its quantity,
price per piece and amount as labelled values stacked under each other, its description
boxed under a "Description" title beside them, its sizes in a grid whose total row is the
quantity."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _header, _page, _read

_DESCRIPTION = [
    (250, 140, "Description"),
    (250, 154, "Shirt for men"),
    (250, 166, "Colour: light blue"),
    (250, 178, "Fabric: twill"),
]


def _form(quantity: str = "300", total: str = "1,200.00 USD"):
    return [
        (50, 200, "Quantity / Price"),
        (50, 214, f"Quantity: {quantity} Pcs."),
        (50, 226, "Price per item: 4.00 USD"),
        (50, 238, f"Total amount: {total}"),
    ]


def _size_grid(counts: list[str]):
    sizes = ["S", "M", "L", "Total"]
    return [(-(300 + 40 * n), 300, size) for n, size in enumerate(sizes)] + [
        (50, 314, "light blue"),
        *((-(300 + 40 * n), 314, count) for n, count in enumerate(counts)),
    ]


_STYLE = [(50, 140, "Style Information"), (50, 154, "No: 12166518")]


def _order(lines, boxed: bool = False):
    content, pdf = _page(_header() + _DESCRIPTION + lines)
    if boxed:  # the form's boxes: the description's, and the quantity's under it
        for box in ((245, 130, 450, 185), (45, 190, 200, 245)):
            pdf[0].draw_rect(pymupdf.Rect(box), width=0.6)
        content = pdf.tobytes()
    return _read(content).order


@pytest.mark.parametrize("boxed", [False, True])
def test_a_form_with_its_size_grid_adding_up_is_the_order_of_one_line(boxed):
    order = _order(_form() + _size_grid(["100", "120", "80", "300"]), boxed)
    assert [
        (i.description, i.quantity, i.unit, i.unit_price, i.line_total) for i in order.items
    ] == [("Shirt for men", Decimal("300"), "Pcs.", Decimal("4.00"), Decimal("1200.00"))]
    assert (order.total, order.currency) == (Decimal("1200.00"), "USD")
    assert order.items[0].item_code is None


def test_a_number_labelled_under_the_style_heading_is_the_item_code():
    order = _order(_STYLE + _form() + _size_grid(["100", "120", "80", "300"]))
    assert [(i.item_code, i.description) for i in order.items] == [("12166518", "Shirt for men")]


def test_a_bare_number_label_without_the_heading_names_no_code():
    order = _order(_STYLE[1:] + _form() + _size_grid(["100", "120", "80", "300"]))
    assert [(i.item_code, i.description) for i in order.items] == [(None, "Shirt for men")]


@pytest.mark.parametrize(
    "counts",
    [
        ["100", "120", "70", "300"],  # the sizes do not give the grid's total
        ["100", "100", "0", "200"],  # a grid of another quantity than the form's
    ],
)
def test_a_size_grid_not_giving_the_quantity_leaves_it_declined(counts):
    with pytest.raises(ExtractionDeclined):
        _order(_form() + _size_grid(counts))


def test_a_form_without_a_size_grid_is_declined():
    with pytest.raises(ExtractionDeclined):
        _order(_form())


def test_two_quantities_labelled_are_two_articles_and_declined():
    second = [(x + 300, y, t) for x, y, t in _form()[1:]]
    with pytest.raises(ExtractionDeclined):
        _order(_form() + second + _size_grid(["100", "120", "80", "300"]))


def test_an_amount_that_is_not_quantity_times_price_is_declined():
    with pytest.raises(ExtractionDeclined):
        _order(_form(total="1,100.00 USD") + _size_grid(["100", "120", "80", "300"]))


def test_a_first_line_the_next_word_would_not_fit_after_may_wrap_and_is_declined():
    wrapped = [(250, 154, "Shirt for men, long"), (250, 166, "sleeved, in twill")]
    lines = [line for line in _DESCRIPTION if line[1] not in (154, 166)] + wrapped
    content = _page(_header() + lines + _form() + _size_grid(["100", "120", "80", "300"]))[0]
    with pytest.raises(ExtractionDeclined):
        _read(content)
