"""The general layout reader on small hand-made pages: how European ERPs label an order's
number and date in its header (SAP's "Bestellnummer/Datum" over "4501595688/11.08.2025", …)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pymupdf
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


def _sap_page(pdf, lines):
    page = pdf.new_page(width=595, height=842)
    for x, y, text, size in lines:
        page.insert_text((x, y), text, fontname="helv", fontsize=size)


_SAP_TITLES = [(45, 230, "Pos.", 9), (89, 230, "Material", 9), (225, 230, "Bezeichnung", 9)]
_SAP_TITLES += [(89, 242, "Bestellmenge", 9), (168, 242, "Einheit", 9)]
_SAP_TITLES += [(319, 242, "Preis pro Einheit", 9), (499, 242, "Nettowert", 9)]
_SAP_FOOTER = [(49, 742, "Dieses Dokument wurde maschinell erstellt.", 7)]
_SAP_FOOTER += [(49, 763, "Banken: Deutsche Bank AG", 7), (49, 772, "IBAN DE95 6007 0070", 7)]


def test_an_sap_two_line_table_runs_past_its_page_footer_and_the_next_pages_letterhead():
    pdf = pymupdf.open()
    first = [(300, 60, "Bestellung", 14), (300, 90, "Bestellnummer/Datum", 9)]
    first += [(300, 102, "4501168802 / 19.08.2026", 9)]
    first += _SAP_TITLES + [(45, 270, "00010", 9), (89, 270, "3539202", 9)]
    first += [(225, 270, "RUNDSTECKVERB.12-P PG9", 9), (89, 282, "120", 9), (153, 282, "Stück", 9)]
    first += [(348, 282, "5,76", 9), (506, 282, "691,20", 9)] + _SAP_FOOTER
    _sap_page(pdf, first)
    second = [(42, 30, "Muster GmbH", 9), (42, 40, "D-78554 Musterstadt", 9)]
    second += [(300, 120, "Bestellnummer/Datum", 9), (300, 132, "4501168802 / 19.08.2026", 9)]
    second += _SAP_TITLES
    second += [(45, 270, "00020", 9), (89, 270, "3539203", 9), (225, 270, "KABELSTECKER", 9)]
    second += [(89, 282, "10", 9), (153, 282, "Stück", 9), (348, 282, "2,00", 9)]
    second += [(506, 282, "20,00", 9), (49, 320, "Gesamtnettowert ohne MwSt EUR", 9)]
    second += [(488, 320, "711,20", 9)] + _SAP_FOOTER
    _sap_page(pdf, second)
    content = pdf.tobytes()
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [(i.item_code, i.description, i.line_total) for i in order.items] == [
        ("3539202", "RUNDSTECKVERB.12-P PG9", Decimal("691.20")),
        ("3539203", "KABELSTECKER", Decimal("20.00")),
    ]
    assert (order.po_number, order.total) == ("4501168802", Decimal("711.20"))


def test_an_item_code_label_and_its_code_read_into_a_description_declines_the_order():
    items = [
        # An item code's title (the supplier's own reference, "Ihre Materialnummer …", has
        # its own check: [item_references]).
        (t[0], t[1], "Artikelnummer A24886-000") if t[2] == "Steel bolts M8" else t
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


def test_a_bank_account_in_another_currency_in_the_footer_is_not_a_second_currency():
    header = [(50, 80, "Bestellnummer:"), (150, 80, "4711"), (50, 92, "Datum:")]
    header += [(150, 92, "03.09.2026"), (50, 104, "Währung:"), (150, 104, "EUR")]
    footer = [(50, 800, "Bankverbindung · USD: J.P. Morgan Chase Bank · Swift: CHASUS33")]
    order = _read(header + footer)
    assert (order.currency, order.total) == ("EUR", Decimal("30.00"))


@pytest.mark.parametrize("label", ["Auftrag Nr. Kunde:", "Order No. Customer:"])
def test_a_customers_order_number_is_not_the_orders_number(label):
    """ "Auftrag Nr. Kunde" numbers the order of the buyer's own customer, not this one."""
    header = [(300, 80, label), (-560, 80, "2252117"), (300, 92, "Bestellung Nr.:")]
    header += [(-560, 92, "6251839"), (300, 104, "Datum:"), (-560, 104, "16.06.2026")]
    assert _read(header).po_number == "6251839"


def test_words_ending_in_a_colon_under_a_label_are_another_label_not_its_value():
    header = [(50, 80, "Bestellnummer 4711"), (50, 92, "Datum 03.09.2026")]
    header += [(50, 104, "Lieferant"), (120, 104, "301433"), (50, 116, "Zahlung:")]
    order = _read(header + [(120, 116, "innerhalb von 14 Tagen")])
    assert order.supplier_name is None


@pytest.mark.parametrize(
    ("label", "title"),
    [("Commande :", "Commande"), ("Pedido:", "Pedido"), ("Ordine", "Ordine")],
)
def test_the_title_as_a_label_takes_the_number_after_it_in_its_cell(label, title):
    header = [(50, 80, f"{label} 41551764"), (300, 80, "Date :"), (400, 80, "13.06.2026")]
    order = _read(header, title=title)
    assert order.po_number == "41551764"


def test_the_title_as_a_label_gives_way_to_a_po_number_label():
    header = [(300, 68, "Denominación:"), (400, 68, "Pedido local1 ABMMEXMR")]
    header += [(300, 80, "Nº de pedido:"), (400, 80, "9500584281")]
    order = _read(header + [(300, 92, "Fecha:"), (400, 92, "13.06.2026")], title="Pedido")
    assert order.po_number == "9500584281"


@pytest.mark.parametrize(
    ("header", "title"),
    [
        ([(50, 80, "Ordine d'Acquisto N° : 4502908734"), (250, 80, "del :")], "Ordine"),
        ([(50, 80, "Bestellnummer: 4502908734 vom")], "Bestellung"),
        ([(50, 80, "N° de commande : 4502908734"), (250, 80, "du")], "Commande"),
    ],
)
def test_a_date_after_the_numbers_of_on_its_line_is_the_order_date(header, title):
    order = _read([*header, (290, 80, "16.09.2026"), (300, 100, "Lieferung: 26.09.2026")], title)
    assert (order.po_number, order.order_date) == ("4502908734", dt.date(2026, 9, 16))


def test_no_date_after_the_numbers_of_or_one_it_does_not_start_with_is_no_order_date():
    for after in ("Pag. 1 di 2 16.09.2026", "del : 3 pagine 16.09.2026"):
        with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
            _read([(50, 80, "Ordine d'Acquisto N° : 4502908734"), (250, 80, after)], "Ordine")


def test_a_document_ref_and_a_raised_date_label_the_number_and_date():
    header = [(300, 68, "Raised Date:"), (400, 68, "28 Aug 2026")]
    order = _read(header + [(300, 80, "Document Ref:"), (400, 80, "5091/JT1")], "Purchase Order")
    assert (order.po_number, order.order_date) == ("5091/JT1", dt.date(2026, 8, 28))


@pytest.mark.parametrize(
    ("title", "label"), [("Call-off Order", "Ref.:"), ("Abrufbestellung", "Nr.")]
)
def test_a_call_off_orders_title_and_a_bare_ref_under_it_give_the_number(title, label):
    header = [(50, 70, label), (100, 70, "4507167607"), (300, 80, "Date:"), (400, 80, "27.06.2026")]
    assert _read(header, title).po_number == "4507167607"


def test_two_labels_in_one_cell_over_two_values_each_take_the_one_under_it():
    header = [(300, 80, "Data documento Numero documento"), (305, 92, "05/08/2026")]
    order = _read(header + [(375, 92, "2500507")], title="Ordine")
    assert (order.po_number, order.order_date) == ("2500507", dt.date(2026, 8, 5))


@pytest.mark.parametrize("label", ["Supplier Order No.", "Vendor Number"])
def test_a_label_qualified_by_a_number_or_a_party_is_not_two_labels(label):
    header = [(300, 68, label), (400, 80, "112733"), (300, 92, "Payment Terms")]
    header += [(50, 116, "PO Number: 4711"), (50, 128, "Date:"), (100, 128, "03.09.2026")]
    order = _read(header)
    assert order.po_number == "4711"  # not the supplier's order number under its label
    assert order.supplier_name in (None, "Order No.")  # not "Payment Terms" under "Vendor"


def test_a_label_and_a_bare_number_label_after_it_are_one_label():
    header = [(300, 68, "Site Number"), (340, 80, "112733"), (50, 128, "Date: 03.09.2026")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(header)


@pytest.mark.parametrize(
    ("label", "value"), [("Order to", "9993682"), ("Number of pages", "1 of 2")]
)
def test_a_label_run_on_into_other_words_is_another_label_whose_value_is_not_ours(label, value):
    header = [(300, 68, label), (300, 80, value), (450, 68, "Datum: 03.09.2026")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(header)


def test_a_label_the_vocabulary_knows_before_a_slash_takes_the_value_under_it():
    header = [(300, 68, "PO Number: 4711"), (300, 80, "Date of order/Buyer")]
    order = _read(header + [(300, 92, "16-JAN-26 Stout, Courtney")], "Purchase Order")
    assert order.order_date == dt.date(2026, 1, 16)


@pytest.mark.parametrize(
    ("value", "number"), [("300 000 946", "300000946"), ("7 500 049 948", "7500049948")]
)
def test_a_number_printed_in_groups_of_three_digits_is_one_number(value, number):
    header = [(50, 80, "Bestellnummer:"), (150, 80, value), (50, 92, "Datum: 03.09.2026")]
    assert _read(header).po_number == number


def test_a_number_and_other_digits_after_it_are_not_guessed_at():
    header = [(50, 80, "Bestellnummer:"), (150, 80, "288 27"), (50, 92, "Datum: 03.09.2026")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(header)


def test_a_date_right_after_the_number_on_the_line_its_label_starts_is_the_order_date():
    header = [(240, 80, "BESTELLUNG Nr."), (360, 80, "288"), (430, 80, "27.08.2026")]
    order = _read([*header, (520, 80, "Seite: 1")])
    assert (order.po_number, order.order_date) == ("288", dt.date(2026, 8, 27))


def test_a_date_after_a_number_read_under_its_label_is_no_order_date():
    header = [(240, 68, "Bestellnummer"), (240, 80, "288"), (300, 80, "27.08.2026")]
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read(header)


@pytest.mark.parametrize("label", ["Datum TT.MM.JJJJ", "Date dd/mm/yyyy:"])
def test_a_dates_mask_after_its_label_belongs_to_the_label(label):
    header = [(50, 80, "Bestellnummer: 4711"), (50, 92, label), (150, 92, "03.09.2026")]
    assert _read(header).order_date == dt.date(2026, 9, 3)


def test_a_number_word_before_a_partys_label_is_one_label_the_partys_number():
    header = [(300, 68, "Numéro fournisseur"), (300, 80, "82342"), (50, 92, "Date: 03.09.2026")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(header, title="Commande")


@pytest.mark.parametrize("label", ["N° Cde :", "Cde n°"])
def test_french_orders_abbreviate_commande_to_cde(label):
    header = [(50, 80, label), (150, 80, "C4825"), (50, 92, "Date cde"), (150, 92, "14/08/2026")]
    order = _read(header, title="Bon de cde")
    assert (order.po_number, order.order_date) == ("C4825", dt.date(2026, 8, 14))


_LABELS = [(300, 68, "PO number"), (356, 68, "date"), (480, 68, "Page 1/3")]


def test_a_value_in_a_labels_column_may_start_well_right_of_a_short_label():
    # Labels flush left make columns: "25.08.2026" starts 46 pt right of "date", short of
    # "Page"; the number under "PO number" runs on under "date" but is its own label's.
    order = _read([*_LABELS, (300, 80, "220503108299"), (420, 80, "25.08.2026")])
    assert (order.po_number, order.order_date) == ("220503108299", dt.date(2026, 8, 25))


def test_a_value_starting_under_the_label_before_is_not_the_next_labels():
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read([*_LABELS, (300, 80, "220503108299 25.08.2026")])


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Este número se citará de manera imprescindible en toda", None),
        ("Aceros y Perfiles del Norte S.A. de C.V.", "Aceros y Perfiles del Norte S.A. de C.V."),
    ],
)
def test_a_sentence_under_the_supplier_label_is_no_name(value, name):
    """A party's name is capitalised but for a few joining words; a sentence under
    "Proveedor" (a note on quoting the number) is not the supplier's name."""
    header = [(50, 80, "Pedido nº:"), (150, 80, "58154"), (50, 92, "Fecha:")]
    header += [(150, 92, "02/09/2026"), (50, 104, "Proveedor"), (50, 116, value)]
    assert _read(header, title="Pedido").supplier_name == name


def test_a_brazilian_data_emissao_labels_the_order_date_in_a_stacked_label_column():
    """SAP's Brazilian forms stack "Data Emissão:" / "Pedido:" right-aligned, values beside."""
    header = [(-360, 80, "Data Emissão:"), (380, 80, "25.11.2025")]
    header += [(-360, 92, "Pedido:"), (380, 92, "29852927")]
    order = _read(header, title="Pedido")
    assert (order.po_number, order.order_date) == ("29852927", dt.date(2025, 11, 25))


def test_an_order_label_opening_another_labels_value_is_no_label():
    """ "Denominación:" then "Pedido local1 ABMMEXMR" names the order; "Pedido" in it is not
    the number's label (SAP's "Nº de pedido:" missing), so "local1" is no order number."""
    header = [(310, 80, "Denominación:"), (400, 80, "Pedido local1 ABMMEXMR")]
    header += [(310, 92, "Fecha:"), (400, 92, "13.06.2026")]
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _read(header, title="Documento")


def test_an_order_label_with_its_number_beside_another_label_is_still_the_numbers():
    header = [(310, 80, "To:"), (400, 80, "ORDER 1167839"), (310, 92, "Fecha:")]
    header += [(400, 92, "13.06.2026")]
    assert _read(header, title="Documento").po_number == "1167839"


def test_a_document_number_that_is_not_the_order_number_declines():
    """ "Belegnummer: 6251839" beside "Auftrag Nr. 2252117" (the customer's reference whose
    "Kunde:" is missing): which is the order's is not guessed."""
    header = [(300, 80, "Belegnummer:"), (400, 80, "6251839"), (300, 92, "Auftrag Nr.")]
    header += [(400, 92, "2252117"), (300, 104, "Datum:"), (400, 104, "03.09.2026")]
    with pytest.raises(ExtractionDeclined, match="two purchase-order numbers"):
        _read(header)


def test_a_document_number_repeating_the_order_number_is_the_same_number():
    header = [(300, 80, "Belegnummer:"), (400, 80, "6251839"), (300, 92, "Auftrag Nr.")]
    header += [(400, 92, "6251839"), (300, 104, "Datum:"), (400, 104, "03.09.2026")]
    assert _read(header).po_number == "6251839"


def test_a_bare_emissao_over_its_date_labels_the_order_date():
    """TOTVS prints "Número" over the number and "Emissão" (issue) over the date."""
    header = [(450, 70, "Número"), (450, 80, "015106"), (450, 92, "Emissão")]
    order = _read(header + [(450, 102, "05/11/2025")], title="Pedido de Compra")
    assert (order.po_number, order.order_date) == ("015106", dt.date(2025, 11, 5))


def test_a_contract_date_labels_the_order_date():
    """Construction software prints a commitment's date so (Procore's "Contract Date")."""
    header = [(50, 80, "PO Number:"), (150, 80, "PO-0139"), (50, 92, "Contract Date")]
    order = _read(header + [(150, 92, "2026-02-15")], title="Purchase Order")
    assert order.order_date == dt.date(2026, 2, 15)


def test_a_voucher_number_is_the_orders_number_when_no_other_label_names_one():
    """Tally prints its voucher's number over the order's date ("Voucher No." beside
    "Dated")."""
    header = [(250, 70, "Voucher No."), (400, 70, "Dated"), (250, 80, "PO/313/25-26")]
    order = _read(header + [(400, 80, "25-Dec-2025")], title="PURCHASE ORDER")
    assert (order.po_number, order.order_date) == ("PO/313/25-26", dt.date(2025, 12, 25))


def test_a_voucher_number_gives_way_to_the_labelled_order_reference():
    """Tally's voucher number is a running count ("12") when the order's own number is
    printed under "Reference No. & Date.": that one is the order's."""
    header = [(250, 70, "Voucher No."), (400, 70, "Dated"), (250, 80, "12")]
    header += [(400, 80, "2-Mar-26"), (250, 92, "Reference No. & Date."), (250, 102, "PO-9631")]
    assert _read(header, title="PURCHASE ORDER").po_number == "PO-9631"
