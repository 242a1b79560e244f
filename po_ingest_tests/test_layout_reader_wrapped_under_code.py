"""The general layout reader on small hand-made pages: a description started on the line
under its item's code (the code alone on the item's line, under "Item Description", then
the code again beside another column's value) wraps onto more lines flush under it; each
is read, or the line is declined, never read with its first line alone."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page

_HEADER = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042"), (50, 95, "Date:")]
_HEADER += [(150, 95, "2026-03-05")]
_TITLES = [(50, 140, "Quantity"), (100, 140, "Unit Size"), (140, 140, "Date")]
_TITLES += [(190, 140, "Item Description"), (-440, 140, "Unit Price")]
_TITLES += [(-540, 140, "Extended Price")]
_CODE = "CSJH-36F/1XU-GB04"


def _read(text_lines: list[str]):
    """One item, its code alone on its line (its date beside it), the code again under it
    with the unit size beside it, starting left of the item's text, then `text_lines` flush under the code, a labelled part number under them."""
    lines = _HEADER + _TITLES
    lines += [(-90, 160, "51.00"), (136, 160, "12/08/2025"), (190, 160, _CODE)]
    lines += [(-440, 160, "295.40"), (-540, 160, "15,065.40")]
    lines += [(-125, 174, "1.0"), (190, 174, _CODE)]
    y = 188
    for text in text_lines:
        lines.append((190, y, text))
        y += 12
    lines += [(150, y, "Part No.:"), (190, y, "EP9731-000")]
    lines += [(380, y + 30, "Total"), (-540, y + 30, "15,065.40")]
    content, _ = drawn_page(lines, title="PURCHASE ORDER")
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_description_under_the_code_and_a_line_beside_it_is_read_whole():
    """The line between the code and the text (the code again, the unit size beside it)
    ends none of the text: its lines flush under its first go on with it."""
    order = _read(
        [
            "TE 36kV Cold Shrink Inline Joint for",
            "630-1000sqmm Single Core XLPE Cable with",
            "Wire Screen (without Connector)",
        ]
    )
    assert [(i.item_code, i.description) for i in order.items] == [
        (
            _CODE,
            "TE 36kV Cold Shrink Inline Joint for 630-1000sqmm Single Core XLPE Cable"
            " with Wire Screen (without Connector)",
        )
    ]


def test_a_wrapped_line_with_a_labelled_value_beside_its_text_declines_the_order():
    """ "500 - 630sqmm   SSE Comm Code: 197508." flush under the wrapped text at its pitch:
    text beside a labelled value, not read as the text's line nor a detail alone; the
    description may go on there, and is not read without it."""
    with pytest.raises(ExtractionDeclined, match="may go on in a line not read"):
        _read(
            [
                "TE 36kV Cold Shrink Inline Joint Including",
                "Mechanical Connector for Single Core XLPE",
                "500 - 630sqmm        SSE Comm Code: 197508.",
            ]
        )


def _described_below(text_lines: list[str]):
    """ "Code | Description | Qty | Unit Price | Amount": the item's line prints its code
    and amounts, its description on the lines under it."""
    lines = _HEADER + [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount"), (50, 160, "AB-100")]
    lines += [(-330, 160, "10"), (-440, 160, "2.50"), (-540, 160, "25.00")]
    for n, text in enumerate(text_lines):
        lines.append((120, 172 + 12 * n, text))
    lines += [(380, 230, "Total"), (-540, 230, "25.00")]
    content, _ = drawn_page(lines, title="PURCHASE ORDER")
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_line_of_words_flush_under_a_description_printed_below_is_not_left_out():
    """A second line of words flush under the description printed below the item's line,
    inside its column: the text may go on there; the order is not read with its first
    line alone."""
    assert _described_below(["Steel bolts M8 zinc plated"]).items[0].description == (
        "Steel bolts M8 zinc plated"
    )
    with pytest.raises(ExtractionDeclined, match="may go on in a line not read"):
        _described_below(["Steel bolts M8 zinc plated with", "hexagon head and full thread"])


def test_a_line_under_a_second_title_is_that_title_s_value_not_text_left_out():
    """ "Notes" titled under "Description": what an item prints there, flush under its
    text, is its note, no line of the description left unread."""
    lines = _HEADER + [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount"), (120, 151, "Notes")]
    lines += [(50, 166, "AB-100"), (120, 166, "Steel bolts M8"), (-330, 166, "10")]
    lines += [(-440, 166, "2.50"), (-540, 166, "25.00")]
    lines += [(120, 178, "Deliver with certificate of origin")]
    lines += [(380, 210, "Total"), (-540, 210, "25.00")]
    content, _ = drawn_page(lines, title="PURCHASE ORDER")
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [i.description for i in order.items] == ["Steel bolts M8"]


def test_a_line_as_far_under_the_last_item_as_the_items_stand_apart_is_a_row_of_its_own():
    """Items set 17 points apart, a line of words that far under the last one, flush with
    its text: a row of its own (a note under the items), no line of the text left out."""
    lines = _HEADER + [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    for y, code, text in [(160, "AB-100", "Steel bolts M8"), (177, "AB-200", "Steel nuts M8")]:
        lines += [(50, y, code), (120, y, text), (-330, y, "10")]
        lines += [(-440, y, "2.50"), (-540, y, "25.00")]
    lines += [(120, 194, "All items to be delivered together")]
    lines += [(380, 220, "Total"), (-540, 220, "50.00")]
    content, _ = drawn_page(lines, title="PURCHASE ORDER")
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [i.description for i in order.items] == ["Steel bolts M8", "Steel nuts M8"]
