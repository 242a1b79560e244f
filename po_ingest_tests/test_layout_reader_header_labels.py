"""The general layout reader on small hand-made pages: how European ERPs label an order's
number and date in its header (SAP's "Bestellnummer/Datum" over "4501595688/11.08.2025", …)."""

from __future__ import annotations

import datetime as dt

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page

_TITLES = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
_TITLES += [(345, 140, "Unit"), (-440, 140, "Unit Price"), (-540, 140, "Amount")]
_ITEMS = [(50, 160, "AB-100"), (120, 160, "Steel bolts M8"), (-330, 160, "10")]
_ITEMS += [(345, 160, "pcs"), (-440, 160, "2,50"), (-540, 160, "25,00")]
_TOTALS = [(380, 190, "Subtotal"), (-540, 190, "25,00"), (380, 204, "VAT 20%")]
_TOTALS += [(-540, 204, "5,00"), (380, 218, "Total"), (-540, 218, "30,00")]


def _read(lines, title: str = "Bestellung"):
    content, _ = drawn_page(lines + _TITLES + _ITEMS + _TOTALS, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Bestellnummer/Datum", "4501595688/11.08.2026"),
        ("Bestellnummer/Datum", "4501595688 / 11.08.2026"),
        ("Numero ordine/Data", "4501595688 / 11.08.2026"),
        ("N° de commande / Date", "4501595688/11.08.2026"),
    ],
)
def test_a_label_naming_the_number_and_its_date_over_both_joined_by_a_slash(label, value):
    order = _read([(310, 80, label), (310, 92, value)])
    assert (order.po_number, order.order_date) == ("4501595688", dt.date(2026, 8, 11))


def test_values_set_flush_right_far_from_their_labels_are_read():
    header = [(300, 80, "Bestell-Nr.:"), (-560, 80, "6557133"), (300, 92, "Beleg-Datum:")]
    header += [(-560, 92, "3.09.2026"), (300, 104, "Lieferant:"), (-560, 104, "KUNDE")]
    order = _read(header)
    assert (order.po_number, order.order_date) == ("6557133", dt.date(2026, 9, 3))
    assert order.supplier_name is None  # words across the page are another block's


def test_a_net_value_and_a_final_sum_close_an_order_without_tax():
    totals = [(300, 190, "Nettowert EUR"), (-540, 190, "25,00")]
    totals += [(300, 204, "Endsumme EUR"), (-540, 204, "25,00")]
    content, _ = drawn_page(
        [(50, 80, "Bestellnummer:"), (150, 80, "4711"), (50, 92, "Datum:")]
        + [(150, 92, "03.09.2026")]
        + _TITLES
        + _ITEMS
        + totals,
        title="Bestellung",
    )
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert (order.subtotal, order.total) == (25, 25)


@pytest.mark.parametrize(
    ("label", "title"),
    [
        ("Abrufnummer:", "Bestellung"),
        ("Call-off No.:", "Purchase Order"),
        ("Ordine d'acquisto N° :", "Ordine"),
        ("Bestell.-Nr.:", "Bestellung"),
    ],
)
def test_call_off_numbers_and_spelling_variants_label_the_order_number(label, title):
    header = [(300, 80, label), (400, 80, "AB 254010126"), (300, 92, "Datum:")]
    order = _read(header + [(400, 92, "27.06.2026")], title=title)
    assert order.po_number == "AB 254010126"


def test_a_code_under_the_title_is_the_number_and_a_date_flush_right_under_it_the_date():
    header = [(-148, 72, "SRE/F00876"), (-148, 86, "25/06/2026")]  # flush right
    order = _read(header, title="Commande")
    assert (order.po_number, order.order_date) == ("SRE/F00876", dt.date(2026, 6, 25))
    order = _read([(70, 72, "B307389"), (300, 86, "Datum:"), (400, 86, "26.08.2026")])
    assert order.po_number == "B307389"


def test_an_item_code_label_and_its_code_read_into_a_description_declines_the_order():
    items = [
        (t[0], t[1], "Ihre Materialnummer A24886-000") if t[2] == "Steel bolts M8" else t
        for t in _ITEMS
    ]
    content, _ = drawn_page(
        [(50, 80, "Bestellnummer:"), (150, 80, "4711"), (50, 92, "Datum:"), (150, 92, "03.09.2026")]
        + _TITLES
        + items
        + _TOTALS,
        title="Bestellung",
    )
    with pytest.raises(ExtractionDeclined, match="labelled code"):
        LocalExtractor().extract(Document(content, "application/pdf", "b"))


def test_a_material_number_column_holds_the_item_code():
    titles = [(50, 140, "Materialnummer") if t[2] == "Code" else t for t in _TITLES]
    content, _ = drawn_page(
        [(50, 80, "Bestellnummer:"), (150, 80, "4711"), (50, 92, "Datum:"), (150, 92, "03.09.2026")]
        + titles
        + _ITEMS
        + _TOTALS,
        title="Bestellung",
    )
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [(i.item_code, i.description) for i in order.items] == [("AB-100", "Steel bolts M8")]
