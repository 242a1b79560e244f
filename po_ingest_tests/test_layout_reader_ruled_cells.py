"""A ruled grid's vertical rules part its cells where the words of two cells stand closer
than a word space: what ends left of a rule is the cell's before it."""

from __future__ import annotations

import pymupdf

from po_ingest_tests.test_layout_reader import _read

_EDGES = (40, 120, 168, 405, 456, 556)
_TITLES = ("Item Number", "Ordered", "Description", "Price", "Amount")


def _grid(rows: list[tuple[str, str, str, str, str]]) -> bytes:
    """Titles centred in their cells; a code left, a quantity and its unit right-aligned
    against the rule, the description left-aligned a narrow padding right of it, amounts
    right-aligned."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 50), "PURCHASE ORDER", fontname="hebo", fontsize=18)
    page.insert_text((50, 80), "PO Number: 00004082", fontname="helv", fontsize=9)
    page.insert_text((50, 95), "Date: 2026-03-09", fontname="helv", fontsize=9)
    for n, cells in enumerate([_TITLES, *rows]):
        top = 130 + 14 * n
        for column, (left, right, text) in enumerate(zip(_EDGES, _EDGES[1:], cells, strict=False)):
            page.draw_rect(pymupdf.Rect(left, top, right, top + 14), width=0.6)
            width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            if n == 0:
                x = (left + right - width) / 2
            elif column in (0, 2):
                x = left + 2.5
            else:
                x = right - 2.5 - width
            page.insert_text((x, top + 10), text, fontname="helv", fontsize=9)
    for n, (label, value) in enumerate((("Subtotal", "2,044.50"), ("Total", "2,044.50"))):
        page.insert_text((380, 190 + 14 * n), label, fontname="helv", fontsize=9)
        width = pymupdf.get_text_length(value, fontname="helv", fontsize=9)
        page.insert_text((553.5 - width, 190 + 14 * n), value, fontname="helv", fontsize=9)
    return doc.tobytes()


def test_a_unit_right_aligned_against_the_rule_is_the_quantitys_not_the_descriptions():
    """ "21.6 t" ends a narrow padding left of the rule, "Rebar …" starts as near right of
    it: one run of words, parted by the rule."""
    order = _read(
        _grid(
            [
                ("RB-14-12000", "21.6 t", "Rebar B500B 12 m bars", "90.00", "1,944.00"),
                ("PVC-110-5", "6 ea", "PVC-U sewer pipe", "16.75", "100.50"),
            ]
        )
    ).order
    assert [(str(i.quantity), i.unit, i.description) for i in order.items] == [
        ("21.6", "t", "Rebar B500B 12 m bars"),
        ("6", "ea", "PVC-U sewer pipe"),
    ]
