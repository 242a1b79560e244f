"""A ruled grid's vertical rules part its cells where the words of two cells stand closer
than a word space: what ends left of a rule is the cell's before it. Without the rules, a
unit opening the text right after its quantity is not guessed."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _read

_EDGES = (40, 120, 168, 405, 456, 556)
_TITLES = ("Item Number", "Qty", "Description", "Price", "Amount")


def _grid(rows: list[tuple[str, str, str, str, str]], *, ruled: bool = True) -> bytes:
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
            if ruled:
                page.draw_rect(pymupdf.Rect(left, top, right, top + 14), width=0.6)
            width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            if n == 0:
                x = (left + right - width) / 2
            elif column in (0, 2):
                x = left + 2.5
            else:
                x = right - 2.5 - width
            page.insert_text((x, top + 10), text, fontname="helv", fontsize=9)
    total = f"{sum(Decimal(r[4].replace(',', '')) for r in rows):,.2f}"
    for n, (label, value) in enumerate((("Subtotal", total), ("Total", total))):
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


_UNITS_BEFORE_TEXT = [
    ("RMC-C20", "7.5 m³", "Ready-mix concrete C20/25 XC2", "100.00", "750.00"),
    ("SIL-310", "18 ea", "Silicone sealant, 310 ml cartridge", "5.00", "90.00"),
]


def test_units_right_of_a_narrow_quantity_title_are_read_by_the_grids_cells():
    """Under the titles alone "m³" opens the text one word space after "7.5": not read so,
    the grid's cells say whose it is."""
    order = _read(_grid(_UNITS_BEFORE_TEXT)).order
    assert [(i.unit, i.description) for i in order.items] == [
        ("m³", "Ready-mix concrete C20/25 XC2"),
        ("ea", "Silicone sealant, 310 ml cartridge"),
    ]


def test_without_the_grid_a_unit_opening_the_text_after_its_quantity_is_declined():
    with pytest.raises(ExtractionDeclined, match="opens with a unit right after its quantity"):
        _read(_grid(_UNITS_BEFORE_TEXT, ruled=False))
