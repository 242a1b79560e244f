"""The layout reader on item tables whose titles take three lines (wrapped titles over and
under those of one line), titles repeated in another language on the line under, ERP
abbreviations of titles, a row that multiplies beside a tax word, and an unnamed amount
between two totals."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import name_of
from po_ingest_tests.test_layout_reader import X, _header, _page, _read, _totals


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("UNITPRICE/PER", "unit_price"),  # a price per its basis ("22.50/1")
        ("MAT.NUM/DESCRIPTION", "code_description"),
        ("OPN QTY", "other"),  # the quantity still open, beside the ordered one
        ("DEL DATE", "other"),
        ("Line No./", "line_number"),
        ("NUM. RIGA", "line_number"),
        ("QUANTITA' ORDINE", "quantity"),
        ("PREZZO TOTALE", "line_total"),
        ("Rab.", "discount"),  # Rabatt
        ("Termin", "other"),  # the delivery date's
    ],
)
def test_erp_abbreviations_of_column_titles_are_named(title, name):
    assert name_of(title) == name


def _italian_order(totals: list[tuple[float, float, str]]) -> bytes:
    """Titles on three lines 6 pt apart: "NUM." over "RIGA", "PREZZO" over "UNITARIO" on the
    first and third, "CODICE ARTICOLO", "DESCRIZIONE" and "U.M." centred on the second."""
    titles = [(30, 134, "NUM."), (-330, 134, "QUANTITA'"), (-440, 134, "PREZZO")]
    titles += [(-540, 134, "PREZZO"), (60, 140, "CODICE"), (120, 140, "DESCRIZIONE")]
    titles += [(345, 140, "U.M."), (30, 146, "RIGA"), (-330, 146, "ORDINE")]
    titles += [(-440, 146, "UNITARIO"), (-540, 146, "TOTALE")]
    items = [(30, 160, "1"), (60, 160, "AB100"), (120, 160, "Bulloni M8"), (345, 160, "PZ")]
    items += [(-330, 160, "10"), (-440, 160, "2,50"), (-540, 160, "25,00")]
    items += [(30, 174, "2"), (60, 174, "CD200"), (120, 174, "Rondelle"), (345, 174, "PZ")]
    items += [(-330, 174, "4"), (-440, 174, "1,25"), (-540, 174, "5,00")]
    content, _ = _page(_header() + titles + items + totals, title="ORDINE DI ACQUISTO")
    return content


def test_titles_wrapped_around_a_line_of_other_titles_make_one_header():
    totals = _totals(200, [("Totale ordine", "30,00"), ("IVA 22%", "6,60")])
    totals += _totals(228, [("Totale con IVA", "36,60")])
    order = _read(_italian_order(totals)).order
    assert [
        (i.line_number, i.item_code, i.description, i.unit, i.unit_price, i.line_total)
        for i in order.items
    ] == [
        (1, "AB100", "Bulloni M8", "PZ", Decimal("2.50"), Decimal("25.00")),
        (2, "CD200", "Rondelle", "PZ", Decimal("1.25"), Decimal("5.00")),
    ]
    assert (order.tax, order.total) == (Decimal("6.60"), Decimal("36.60"))


def test_a_vat_summary_line_between_two_totals_is_the_tax():
    totals = _totals(200, [("Totale ordine", "30,00"), ("Riep. gr. fiscale: IT22 22,00", "6,60")])
    totals += _totals(228, [("Totale con IVA", "36,60")])
    order = _read(_italian_order(totals)).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.60"),
        Decimal("36.60"),
    )


def test_an_unnamed_amount_between_two_totals_is_declined():
    """Without it the first total would stand as the order's; what the amount is, and so
    which total is the order's, is not guessed."""
    totals = _totals(200, [("Totale ordine", "30,00"), ("Bollo virtuale", "6,60")])
    totals += _totals(228, [("Totale con IVA", "36,60")])
    with pytest.raises(ExtractionDeclined, match="cannot place"):
        _read(_italian_order(totals))


def test_a_row_that_multiplies_stays_an_item_beside_a_tax_word_whatever_its_decimals():
    """ "3.000" alone could be three thousand: with 855.00 and 2565.00 beside it, read with
    one decimal point it multiplies, so its "IGST" is a column of the item, not a tax line."""
    titles = [(X["code"], 140, "Code"), (X["description"], 140, "Description")]
    titles += [(-X["quantity"], 140, "Qty"), (X["unit"], 140, "Unit")]
    titles += [(-415, 140, "Unit Price"), (430, 140, "GST"), (-X["total"], 140, "Amount")]
    items = [(X["code"], 160, "AB-100"), (X["description"], 160, "Steel bolts M8")]
    items += [(-X["quantity"], 160, "3.000"), (X["unit"], 160, "pcs"), (-415, 160, "855.00")]
    items += [(430, 160, "IGST"), (-X["total"], 160, "2565.00")]
    totals = _totals(200, [("Subtotal", "2565.00"), ("IGST 18%", "461.70")])
    totals += _totals(228, [("Total", "3026.70")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal("3"), Decimal("855.00"), Decimal("2565.00"))
    ]


def test_titles_repeated_in_another_language_on_the_line_under_are_one_header():
    """ "Prezzo Unitario" over "Unit Price", "Importo" over "Amount": the translation ends
    where the original does not, but starts where it does."""
    titles = [(30, 136, "Pos"), (60, 136, "Codice"), (120, 136, "Descrizione")]
    titles += [(300, 136, "Quantità"), (380, 136, "Prezzo Unitario"), (500, 136, "Importo")]
    titles += [(60, 146, "Item"), (120, 146, "Description"), (300, 146, "Quantity")]
    titles += [(380, 146, "Unit Price"), (500, 146, "Amount")]
    items = [(30, 160, "1"), (60, 160, "AB100"), (120, 160, "Bulloni M8"), (300, 160, "10")]
    items += [(380, 160, "2,50"), (500, 160, "25,00"), (30, 174, "2"), (60, 174, "CD200")]
    items += [(120, 174, "Rondelle"), (300, 174, "4"), (380, 174, "1,25"), (500, 174, "5,00")]
    totals = [(380, 200, "Totale"), (500, 200, "30,00")]
    content, _ = _page(_header() + titles + items + totals, title="ORDINE FORNITORE")
    order = _read(content).order
    assert [(i.line_number, i.item_code, i.quantity, i.line_total) for i in order.items] == [
        (1, "AB100", Decimal("10"), Decimal("25.00")),
        (2, "CD200", Decimal("4"), Decimal("5.00")),
    ]
