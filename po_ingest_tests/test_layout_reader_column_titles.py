"""The layout reader on how item tables title their columns: a currency or a colon after a
title, a code's and a description's titles joined into one, titles a single space apart in
a monospaced print, an "Item" column holding a code beside a name."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import name_of
from po_ingest.lib.extraction.local.header_rows import title_phrases
from po_ingest.lib.extraction.local.layout import Word
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _titles, _totals

_TOTALS = _totals(200, [("Subtotal", "30,00"), ("VAT 20%", "6,00"), ("Total", "36,00")])


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Item:", "weak"),
        ("Price, EUR", "unit_price"),
        ("Sum, EUR", "line_total"),
        ("Preis in EUR (netto)", "unit_price"),
        ("Nettobetrag", "line_total"),
        ("Netto EUR", "line_total"),
        ("Bestellwert netto", "line_total"),
        ("Preis/Einh.", "unit_price"),
        ("Nettopreis", "unit_price"),
        ("Prix HT", "unit_price"),  # French "price before tax", one title
        ("Receipt date", "other"),  # TE's SAP print: the delivery date, kept out of the text
        ("U.o.M", "unit"),
        ("Total.", "line_total"),
        ("Descripsión", "description"),  # one letter off a long title: misspelt
        ("Quantidy", "quantity"),
        ("Cantidades", None),  # a letter more is another word
        ("Descr", None),
        ("Einh.", "unit"),
        ("L.", "line_number"),  # Spanish "línea"
        ("Price/PCS", "unit_price"),
        ("Material/Beschreibung", "code_description"),
        ("Artikel-Nr./Bestellnummer/Bezeichnung", "code_description"),
        ("Item Code - Description", "code_description"),
        ("Référence - Désignation", "code_description"),
        ("Material/Description", "description"),  # named as one in the vocabulary
        ("Qty / Price", None),  # two titles joined, neither a code nor a description
    ],
)
def test_a_column_title_is_named_with_what_follows_it(title, name):
    assert name_of(title) == name


def test_a_code_and_a_description_titled_as_one_column_are_read_apart():
    titles = [(50, 140, "Artikel-Nr./Bezeichnung"), (-330, 140, "Menge")]
    titles += [(-440, 140, "Preis/Einh."), (-540, 140, "Nettobetrag")]
    items = [(50, 160, "AB-100 Schrauben M8"), (-330, 160, "10"), (-440, 160, "2,50")]
    items += [(-540, 160, "25,00"), (50, 174, "CD-200 Scheiben"), (-330, 174, "4")]
    items += [(-440, 174, "1,25"), (-540, 174, "5,00")]
    content, _ = _page(_header() + titles + items + _TOTALS, title="Bestellung")
    order = _read(content).order
    assert [(i.item_code, i.description, i.line_total) for i in order.items] == [
        ("AB-100", "Schrauben M8", Decimal("25.00")),
        ("CD-200", "Scheiben", Decimal("5.00")),
    ]


def test_titles_ending_in_a_colon_or_a_currency_after_a_comma_make_a_header():
    titles = [(30, 140, "Nr."), (50, 140, "Item:"), (-330, 140, "Quantity")]
    titles += [(-440, 140, "Price, EUR"), (-540, 140, "Sum, EUR")]
    items = [(30, 160, "1"), (50, 160, "AB-100"), (120, 160, "Steel bolts"), (-330, 160, "10")]
    items += [(-440, 160, "2,50"), (-540, 160, "25,00"), (30, 174, "2"), (50, 174, "CD-200")]
    items += [(120, 174, "Washers"), (-330, 174, "4"), (-440, 174, "1,25"), (-540, 174, "5,00")]
    content, _ = _page(_header() + titles + items + _TOTALS)
    order = _read(content).order
    # "Item" read as the description: a code alone in its first cell is the item's code.
    assert [(i.line_number, i.item_code, i.description) for i in order.items] == [
        (1, "AB-100", "Steel bolts"),
        (2, "CD-200", "Washers"),
    ]


def test_monospaced_titles_a_single_space_apart_are_one_title():
    """SAPscript's Courier: a space is 0.6 of the words' height (7.2 of 12), the edges off
    in the last digits ("Price per unit", words 7.20001 apart)."""
    words = [
        Word(302.4, 100.0, 338.4, 112.0, "Price"),
        Word(345.60001, 100.0, 367.2, 112.0, "per"),
        Word(374.40002, 100.0, 403.2, 112.0, "unit"),
        Word(489.6, 100.0, 511.2, 112.0, "Net"),
    ]
    assert [[w.text for w in p] for p in title_phrases(words)] == [
        ["Price", "per", "unit"],
        ["Net"],
    ]


def test_a_code_keeps_no_slash_its_joined_title_puts_before_the_description():
    titles = [(50, 140, "Material/Leistung"), (-330, 140, "Menge")]
    titles += [(-440, 140, "Preis"), (-540, 140, "Nettowert")]
    items = [(50, 160, "00.782.1881/ Adapter 68-pol"), (-330, 160, "10"), (-440, 160, "3,00")]
    items += [(-540, 160, "30,00")]
    content, _ = _page(_header() + titles + items + _TOTALS, title="Bestellung")
    order = _read(content).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("00.782.1881", "Adapter 68-pol")
    ]


def test_a_currency_printed_apart_from_its_title_joins_the_title_on_its_left():
    """ "Preis      in EUR": the currency's words, set apart, are no title of their own."""
    words = [
        Word(626.8, 216.4, 648.8, 226.4, "Preis"),
        Word(669.5, 216.2, 674.5, 223.2, "in"),
        Word(682.3, 216.1, 699.2, 225.0, "EUR"),
        Word(724.1, 216.4, 772.2, 226.4, "Bestellwert"),
    ]
    assert [[w.text for w in p] for p in title_phrases(words)] == [
        ["Preis", "in", "EUR"],
        ["Bestellwert"],
    ]


def test_a_currency_nearer_the_next_title_stays_apart_from_the_one_before():
    words = [
        Word(100.0, 100.0, 130.0, 110.0, "Preis"),
        Word(200.0, 100.0, 220.0, 110.0, "EUR"),
        Word(225.0, 100.0, 260.0, 110.0, "Betrag"),
    ]
    assert [[w.text for w in p] for p in title_phrases(words)] == [["Preis"], ["EUR", "Betrag"]]


def test_a_price_under_its_title_and_a_currency_set_apart_is_the_price():
    titles = [(30, 140, "Pos"), (60, 140, "Artikel"), (130, 140, "Bezeichnung")]
    titles += [(-330, 140, "Menge"), (380, 140, "Preis"), (-455, 140, "in EUR")]
    titles += [(-560, 140, "Betrag")]
    items = [(30, 160, "1"), (60, 160, "AB-100"), (130, 160, "Schrauben M8"), (-330, 160, "10")]
    items += [(-437, 160, "2,50"), (-560, 160, "25,00"), (30, 174, "2"), (60, 174, "CD-200")]
    items += [(130, 174, "Scheiben"), (-330, 174, "4"), (-437, 174, "1,25"), (-560, 174, "5,00")]
    totals = [(380, 200, "Gesamt"), (-560, 200, "30,00")]
    content, _ = _page(_header() + titles + items + totals, title="Bestellung")
    order = _read(content).order
    assert [(i.item_code, i.unit_price, i.line_total) for i in order.items] == [
        ("AB-100", Decimal("2.50"), Decimal("25.00")),
        ("CD-200", Decimal("1.25"), Decimal("5.00")),
    ]


def test_a_currency_set_apart_right_of_the_amount_title_is_that_title_s():
    """ "Gesamt" then "EUR" a little apart: the amounts right-aligned under "EUR" are the
    line amounts, not a column of their own."""
    titles = [t for t in _titles() if t[2] != "Amount"] + [
        (-X["total"], 140, "Amount"),
        (549, 140, "EUR"),
    ]
    items = [
        (X["code"], 160, "AB-100"),
        (X["description"], 160, "Steel bolts M8"),
        (-X["quantity"], 160, "10"),
        (X["unit"], 160, "pcs"),
        (-X["unit_price"], 160, "2.50"),
        (-568, 160, "25.00"),
    ]
    content, _ = _page(_header() + titles + items + [(380, 200, "Total"), (-568, 200, "25.00")])
    [item] = _read(content).order.items
    assert (item.quantity, item.unit_price, item.line_total) == (
        Decimal(10),
        Decimal("2.50"),
        Decimal("25.00"),
    )


def test_an_item_column_right_of_a_code_and_description_column_is_not_the_description():
    """ "Part Number/Description | Item Rev", the code under the title's start and the
    description on the line below: the joined column holds them; the "Item" after it is
    the item's revision ("BL"), not its description. A code printed left of its title
    stays unplaced, so the order is declined, not read wrong."""
    titles = [
        (25, 140, "PO"),
        (90, 140, "Part Number/Description"),
        (240, 140, "Item"),
        (-X["quantity"], 140, "Qty"),
        (-X["unit_price"], 140, "Price"),
        (-X["total"], 140, "Total"),
    ]
    rows = [
        (27, 160, "9"),
        (45, 160, "AB-100"),
        (240, 160, "BL"),
        (-X["quantity"], 160, "10"),
        (-X["unit_price"], 160, "2.50"),
        (-X["total"], 160, "25.00"),
        (45, 172, "Steel bolts M8"),
    ]
    totals = _totals(200, [("Subtotal", "25.00"), ("VAT 20%", "5.00"), ("Total", "30.00")])
    content, _ = _page(_header() + titles + rows + totals)
    # Read as a description, "BL" was accepted; the code left of its title stays unplaced.
    with pytest.raises(ExtractionDeclined, match="line 1 is incomplete"):
        _read(content)
