"""The layout reader on an item's code printed alone where its description is titled, its
description on the lines under it: the code is the item's, the lines its description; a
date beside those lines and a heading set off below them are not."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.rules import HorizontalRules
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals

_TITLES = [
    (X["code"], 140, "Pos."),
    (X["description"], 140, "Description"),
    (-X["quantity"], 140, "Qty"),
    (X["unit"], 140, "QU"),
    (-X["unit_price"], 140, "Price"),
    (-X["total"], 140, "Amount"),
]


def _numbers(y: float, qty: str = "1.500", unit: str = "PCE", price: str = "7,42"):
    return [
        (X["code"], y, "10"),
        (-X["quantity"], y, qty),
        (X["unit"], y, unit),
        (-X["unit_price"], y, price),
        (-X["total"], y, "11.130,00"),
    ]


def _order(lines):
    content, _ = _page(_header() + _TITLES + lines + _totals(220, [("Gesamt", "11.130,00")]))
    return _read(content).order


def test_a_hyphenated_material_number_over_its_text_is_the_item_code():
    """SAP's "2352073-00" alone on the item's line, its short text under it, "per 1 PCE"
    under the price, the unit titled "QU"."""
    lines = _numbers(160) + [(X["description"], 160, "2352073-00")]
    lines += [(X["description"], 172, "POWER-KONTAKT BUCHSE TYP12AU")]
    lines += [(X["unit_price"] - 45, 172, "per"), (X["unit_price"] - 28, 172, "1 PCE")]
    [item] = _order(lines).items
    assert (item.item_code, item.description, item.unit, item.unit_price) == (
        "2352073-00",
        "POWER-KONTAKT BUCHSE TYP12AU",
        "PCE",
        Decimal("7.42"),
    )


def test_a_part_number_alone_under_the_description_title_is_described_by_the_line_under_it():
    """ "1SNA116576R1500" over "ENTRELEC FEM6.3A END SECTION", that line running on under
    the next column's title."""
    lines = _numbers(160) + [(X["description"], 160, "1SNA116576R1500")]
    lines += [(X["description"], 172, "ENTRELEC FEM6.3A END SECTION WITH A LONG TEXT UNDER QTY")]
    [item] = _order(lines).items
    assert (item.item_code, item.description) == (
        "1SNA116576R1500",
        "ENTRELEC FEM6.3A END SECTION WITH A LONG TEXT UNDER QTY",
    )


def test_a_dated_label_left_of_the_next_description_line_is_left_out():
    """ "LT: 07.07.2025" (the delivery date) under the item, on the description's second line."""
    lines = _numbers(160) + [(X["description"], 160, "Verbindungsmuffe")]
    lines += [(55, 172, "LT: 07.07.2025"), (X["description"], 172, "fuer Kabel, 10 kV")]
    [item] = _order(lines).items
    assert item.description == "Verbindungsmuffe fuer Kabel, 10 kV"


def test_a_heading_set_off_below_a_wrapped_description_is_not_part_of_it():
    """A site heading ("3 - Altenried") half a line further down than the description's
    lines stand apart, flush with them."""
    lines = _numbers(160) + [(X["description"], 160, "Muffe")]
    lines += [(X["description"], 172, "papierisoliert"), (X["description"], 184, "12 kV")]
    lines += [(X["description"], 206, "3 - Altenried")]
    [item] = _order(lines).items
    assert item.description == "Muffe papierisoliert 12 kV"


def test_a_white_box_without_a_stroke_draws_no_rule():
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(50, 100, 300, 112), color=None, fill=(1, 1, 1))
    page.draw_rect(pymupdf.Rect(50, 200, 300, 212), color=None, fill=(0.8, 0.8, 0.8))
    rules = HorizontalRules(pymupdf.open(stream=doc.tobytes(), filetype="pdf"))
    assert not rules.between(0, 105, 120)
    assert rules.between(0, 205, 220)


def test_a_code_and_description_cell_not_starting_with_a_code_is_declined():
    """ "SM 1008T PU PIPE" under "Item Code / Description": the words do not tell where a
    code of two words ends, so no first word is taken for it."""
    titles = [
        (X["code"], 140, "Item Code / Description"),
        (-X["quantity"], 140, "Qty"),
        (-X["unit_price"], 140, "Price"),
        (-X["total"], 140, "Total"),
    ]
    rows = [
        (X["code"], 160, "SM 1008T PU PIPE TRAN"),
        (-X["quantity"], 160, "500.00"),
        (-X["unit_price"], 160, "28.04"),
        (-X["total"], 160, "14,020.00"),
    ]
    content, _ = _page(_header() + titles + rows + _totals(190, [("Total", "14,020.00")]))
    with pytest.raises(ExtractionDeclined, match="no code"):
        _read(content)


@pytest.mark.parametrize(
    ("text", "code", "description"),
    [
        ("210 htec Isolierkörper 2p BU", "0-000000-13290", "210 htec Isolierkörper 2p BU"),
        ("615 Geh. Stecker gn", "0-000000-13290", "615 Geh. Stecker gn"),
    ],
)
def test_a_code_under_a_bare_article_title_is_described_by_text_starting_with_a_number(
    text, code, description
):
    """ "Artikel" over "0-000000-13290", "210 htec Isolierkörper 2p BU" under it: a size or
    a series number, then words: the item's text, the line over it its code, and the
    packing note under them ("VPE 40 Stk") no part of it."""
    titles = [(X["code"], 140, "Pos."), (X["description"], 140, "Artikel")]
    titles += [(-X["quantity"], 140, "Menge"), (X["unit"], 140, "ME")]
    titles += [(-X["unit_price"], 140, "Einzelpreis"), (-X["total"], 140, "Gesamtpreis")]
    lines = _numbers(160, qty="10", unit="STK", price="2,29") + [
        (X["description"], 160, "0-000000-13290"),
        (X["description"], 170, text),
        (X["description"], 180, "VPE 40 Stk"),
    ]
    lines = [line for line in lines if line[2] != "11.130,00"] + [(-X["total"], 160, "22,90")]
    totals = _totals(200, [("Endsumme", "22,90")])
    content, _ = _page(_header() + titles + lines + totals)
    [item] = _read(content).order.items
    assert (item.item_code, item.description) == (code, description)


def test_a_label_and_its_code_in_two_cells_under_an_item_are_no_part_of_its_description():
    """ "Your Material:" then "LV431015-A" a cell further right, under the item's text: the
    buyer's number of the article, labelled, not the description's next line."""
    lines = _numbers(160) + [(X["description"], 160, "Verbindungsmuffe")]
    lines += [(X["description"], 172, "Your Material:"), (X["description"] + 80, 172, "LV431015-A")]
    [item] = _order(lines).items
    assert item.description == "Verbindungsmuffe"


def test_a_material_number_in_its_own_cell_before_the_text_under_description_is_the_code():
    """SAP's "538844   Nameplate insert" under "Description", no code column: the material
    number, then the short text a cell further right."""
    lines = _numbers(160) + [(X["description"], 160, "538844")]
    lines += [(X["description"] + 60, 160, "Nameplate insert")]
    [item] = _order(lines).items
    assert (item.item_code, item.description) == ("538844", "Nameplate insert")


def _coded_order(text_lines, beside=()):
    """ "Pos. | Materialnummer | Menge | L-Term. | Preis | Nettowert", no title for the
    item's text: the code on the item's line, `text_lines` (x, text) under it, 12 points
    apart; `beside`, more (x, y, text) among them."""
    titles = [(X["code"], 140, "Pos."), (X["description"], 140, "Materialnummer")]
    titles += [(-X["quantity"], 140, "Menge"), (360, 140, "L-Term.")]
    titles += [(-X["unit_price"], 140, "Preis")]
    titles += [(-X["total"], 140, "Nettowert")]
    lines = [(X["code"], 160, "10"), (X["description"], 160, "1102972")]
    lines += [(-X["quantity"], 160, "30"), (-X["unit_price"], 160, "64,38")]
    lines += [(-X["total"], 160, "1.931,40")]
    lines += [(x, 172 + 12 * n, text) for n, (x, text) in enumerate(text_lines)]
    lines += list(beside)
    totals = _totals(184 + 12 * len(text_lines), [("Gesamtnettowert", "1.931,40")])
    content, _ = _page(_header() + titles + lines + totals)
    return _read(content).order


def test_lines_of_text_under_a_code_in_a_table_titling_no_text_are_its_description():
    """SAP's long text under the material number, after the supplier's number labelled
    "Ihre Materialnummer", up to that number printed again alone."""
    text = [
        "Ihre Materialnummer A24886-000",
        "GURO-Hausanschlussgarnitur MM-7",
        "mit Vergussmasse im BL",
        "1, gerade, Serie 623",
        "A24886-000",
    ]
    [item] = _coded_order([(X["description"], t) for t in text]).items
    assert (item.item_code, item.description) == (
        "1102972",
        "GURO-Hausanschlussgarnitur MM-7 mit Vergussmasse im BL 1, gerade, Serie 623",
    )


def test_a_note_under_another_column_before_the_text_under_a_code_does_not_end_it():
    """ "35/2025" (a delivery week) alone right of the code's column, then the text."""
    text = [(360, "35/2025"), (X["description"], "Gehäuse Durchführung")]
    text += [(X["description"], "mit Überwurfmutter")]
    [item] = _coded_order(text).items
    assert (item.item_code, item.description) == (
        "1102972",
        "Gehäuse Durchführung mit Überwurfmutter",
    )


def test_a_labelled_value_under_the_text_under_a_code_ends_it():
    text = ["GURO-Hausanschlussgarnitur MM-7", "Charge: A-7", "mit Vergussmasse im BL"]
    [item] = _coded_order([(X["description"], t) for t in text]).items
    assert item.description == "GURO-Hausanschlussgarnitur MM-7"


def test_a_delivery_date_beside_a_line_of_text_under_a_code_is_no_part_of_it():
    """ "mit Überwurfmutter   22.08.2025": the item's delivery date printed at the end of
    its last line of text, under the date's column, not a word of the description."""
    text = [(X["description"], "Gehäuse Durchführung"), (X["description"], "mit Überwurfmutter")]
    order = _coded_order(text, beside=[(360, 184, "22.08.2025")])
    assert order.items[0].description == "Gehäuse Durchführung mit Überwurfmutter"
