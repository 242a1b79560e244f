"""The layout reader on habits of European ERP prints (SAP and others, in German, French,
Spanish, …): net totals named as one word, prices per one unit by code, bank footers, tax
numbers and dates under the totals. Each page drawn word by word, one test one change."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals

_COMMA_ITEMS = _item(160, "AB-100", "Schrauben M8", "10", "2,50", "25,00") + _item(
    174, "CD-200", "Scheiben", "4", "1,25", "5,00"
)


@pytest.mark.parametrize(
    "label",
    [
        "Gesamtnettowert ohne USt in EUR",
        "Gesamtnettobetrag",
        "Total neto sin IVA",
        "Total neto",
        "Totale netto",
        "Totaal netto",
    ],
)
def test_a_net_total_and_nothing_more_is_the_orders_total(label):
    content, _ = _page(_header() + _titles() + _COMMA_ITEMS + _totals(200, [(label, "30,00")]))
    order = _read(content).order
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("30.00"))


def test_a_price_per_one_unit_named_by_its_code_keeps_the_lines_own_unit():
    """SAP's "32,00 EUR/1 ST" on a line counted in "Stück" (here "pcs")."""
    items = _item(160, "AB-100", "Schrauben M8", "10", "2,50 EUR/1 ST", "25,00") + _item(
        174, "CD-200", "Scheiben", "4", "1,25 EUR/1 ST", "5,00"
    )
    content, _ = _page(_header() + _titles() + items + _totals(200, [("Gesamt", "30,00")]))
    order = _read(content).order
    assert [(i.unit_price, i.unit) for i in order.items] == [
        (Decimal("2.50"), "pcs"),
        (Decimal("1.25"), "pcs"),
    ]


def _unit_under(title: str) -> bytes:
    """Each line's unit "Stück" printed under `title`, its price per one unit by code."""
    titles = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    titles += [(345, 140, title), (-480, 140, "Unit Price"), (-540, 140, "Amount")]
    lines = []
    for y, code, text, qty, price, total in [
        (160, "AB-100", "Schrauben M8", "10", "2,50 EUR/1 ST", "25,00"),
        (174, "CD-200", "Scheiben", "4", "1,25 EUR/1 ST", "5,00"),
    ]:
        lines += [(50, y, code), (120, y, text), (-330, y, qty), (345, y, "Stück")]
        lines += [(-480, y, price), (-540, y, total)]
    content, _ = _page(_header() + titles + lines + _totals(200, [("Gesamt", "30,00")]))
    return content


def test_a_unit_under_a_title_not_known_leaves_the_price_basis_code_in_doubt():
    """ "Stück" under a unit's title the vocabulary does not know: the line's unit is that
    word or the price basis's "ST", the reader cannot tell."""
    assert [i.unit for i in _read(_unit_under("Unit")).order.items] == ["Stück", "Stück"]
    with pytest.raises(ExtractionDeclined, match="under another title"):
        _read(_unit_under("Gebinde"))


def test_a_date_line_under_the_items_leaves_the_net_total_the_orders_total():
    """ "Delivery date: 02.03.2026" names a charge's word, but prints a date, not an amount."""
    lines = _totals(200, [("Gesamtnettowert", "30,00")])
    lines += [(50, 240, "Delivery date:"), (150, 240, "02.03.2026")]
    content, _ = _page(_header() + _titles() + _COMMA_ITEMS + lines)
    assert _read(content).order.total == Decimal("30.00")


def test_a_bank_account_in_another_currency_is_no_second_currency_of_the_order():
    header = _header() + [(50, 110, "Currency:"), (150, 110, "EUR")]
    footer = [
        (50, 300, "Commerzbank"),
        (150, 300, "USD"),
        (200, 300, "DE61 7508 0003 0195 2304 00"),
    ]
    totals = _totals(200, [("Gesamt", "30,00")])
    content, _ = _page(header + _titles() + _COMMA_ITEMS + totals + footer)
    assert _read(content).order.currency == "EUR"


def test_a_vat_id_number_under_the_net_total_is_no_tax_line():
    footer = [(50, 300, "Thomas Sachers"), (150, 300, "UST-IdNr. DE 213 112 522")]
    totals = _totals(200, [("Gesamtnettowert ohne MwSt", "30,00")])
    content, _ = _page(_header() + _titles() + _COMMA_ITEMS + totals + footer)
    order = _read(content).order
    assert (order.tax, order.total) == (None, Decimal("30.00"))


@pytest.mark.parametrize(
    "label", ["Bestellnummer / Datum", "N° de commande / Date", "Número de pedido / Fecha"]
)
def test_a_label_over_number_and_date_reads_both(label):
    header = [(300, 80, label), (300, 92, "4501002149 / 28.08.2025")]
    content, _ = _page(header + _titles() + _COMMA_ITEMS + _totals(200, [("Gesamt", "30,00")]))
    order = _read(content).order
    assert (order.po_number, str(order.order_date)) == ("4501002149", "2025-08-28")


def test_an_sap_material_number_of_digits_alone_over_its_short_text_is_the_item_code():
    items = _item(160, "", "42408", "10", "2,50", "25,00")[1:]
    items += [(X["description"], 171, "RSES,12/20KV,TYPA/250A")]
    items += _item(190, "", "Scheiben M8", "4", "1,25", "5,00")[1:]
    titles = [t for t in _titles() if t[2] != "Code"]
    content, _ = _page(_header() + titles + items + _totals(220, [("Gesamt", "30,00")]))
    assert [(i.item_code, i.description) for i in _read(content).order.items] == [
        ("42408", "RSES,12/20KV,TYPA/250A"),
        (None, "Scheiben M8"),
    ]


@pytest.mark.parametrize(
    "reference",
    ["Ihre Materialnummer A24886-000", "Votre référence REF-4711 A", "Réf. fournisseur BOR00288"],
)
def test_a_description_holding_the_suppliers_own_number_by_its_label_is_declined(reference):
    """The buyer's label for the supplier's article number, wrapped into the description:
    which lines describe the article is not for the reader to guess."""
    items = _item(160, "AB-100", "Schrauben M8", "10", "2,50", "25,00")
    items += [(X["description"], 171, reference), (X["description"], 182, "verzinkt")]
    items += _item(200, "CD-200", "Scheiben", "4", "1,25", "5,00")
    content, _ = _page(_header() + _titles() + items + _totals(226, [("Gesamt", "30,00")]))
    with pytest.raises(ExtractionDeclined, match="reference"):
        _read(content)


def test_an_sap_pricing_condition_under_an_item_is_no_item():
    items = _item(160, "AB-100", "Schrauben M8", "10", "2,50", "25,00")
    items += [
        (200, 172, "Bruttopreis"),
        (250, 172, "2,50 EUR / 1 ST"),
        (-X["unit_price"], 172, "25,00"),
    ]
    items += _item(190, "CD-200", "Scheiben", "4", "1,25", "5,00")
    content, _ = _page(_header() + _titles() + items + _totals(216, [("Gesamt", "30,00")]))
    assert [i.line_total for i in _read(content).order.items] == [Decimal("25.00"), Decimal("5.00")]


@pytest.mark.parametrize(
    ("title", "read"), [("B E S T E L L U N G", True), ("I N V O I C E", False)]
)
def test_a_title_in_spaced_capitals_is_its_word(title, read):
    content, _ = _page(
        _header() + _titles() + _COMMA_ITEMS + _totals(200, [("Gesamt", "30,00")]), title=title
    )
    if read:
        assert _read(content).order.total == Decimal("30.00")
    else:
        with pytest.raises(ExtractionDeclined, match="titled 'INVOICE'"):
            _read(content)


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("St-Aignan de Grand Lieu , le 20 août 2025", "2025-08-20"),
        ("Dresden, den 20.08.2025", "2025-08-20"),
    ],
)
def test_a_letters_place_and_date_line_is_the_order_date_when_no_label_names_one(line, date):
    header = [(50, 80, "Commande N° :"), (150, 80, "AC25/02802"), (300, 68, line)]
    content, _ = _page(header + _titles() + _COMMA_ITEMS + _totals(200, [("Total", "30,00")]))
    assert str(_read(content).order.order_date) == date


def test_a_code_centred_under_another_columns_title_and_its_second_line_are_not_description():
    """SDEL's "REFERENCE (MARQUE)": a part number wider than its title, the brand under it,
    beside the description's second line set a wide line apart."""
    titles = _titles() + [(20, 140, "Rev"), (200, 140, "Specification")]
    first = _item(160, "AB-100", "Steel bolts", "10", "2,50", "25,00")
    first += [(22, 160, "B"), (190, 160, "1SNA103687R2100")]
    first += [(X["description"], 180, "TYPE FEF100"), (202, 180, "( ENTRELEC )")]
    second = _item(206, "CD-200", "Washers", "4", "1,25", "5,00")
    second += [(22, 206, "C"), (190, 206, "1SNA178100R1300")]
    second += [(X["description"], 226, "TYPE VSFF"), (202, 226, "( ENTRELEC )")]
    content, _ = _page(_header() + titles + first + second + _totals(250, [("Total", "30,00")]))
    assert [i.description for i in _read(content).order.items] == [
        "Steel bolts TYPE FEF100",
        "Washers TYPE VSFF",
    ]


def _per_thousand_order(second_amount: str) -> bytes:
    items = _item(160, "AB-100", "Schrauben M8", "1.000", "2,50 pro 1.000", "2,50") + _item(
        174, "CD-200", "Scheiben", "400", "12,50 /100", second_amount
    )
    return _page(_header() + _titles() + items + _totals(200, [("Gesamt", "52,50")]))[0]


def test_a_price_per_hundred_or_thousand_units_leaves_the_unit_price_unprinted():
    """SAP's "2.080,00 pro 1.000 ST": the line's amount is quantity × price ÷ 1000."""
    order = _read(_per_thousand_order("50,00")).order
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal("1000"), None, Decimal("2.50")),
        (Decimal("400"), None, Decimal("50.00")),
    ]


def test_a_price_per_hundred_units_that_does_not_give_the_amount_is_declined():
    with pytest.raises(ExtractionDeclined, match="price per 100"):
        _read(_per_thousand_order("5,00"))


def test_a_price_per_one_unit_is_the_unit_price_and_must_add_up():
    """SAP's "2,58 /1": per one unit, the printed price is the unit price, checked as any."""
    items = _item(160, "AB-100", "Schrauben M8", "1.000", "2,58 /1", "2.580,00")
    content = _page(_header() + _titles() + items + _totals(200, [("Gesamt", "2.580,00")]))[0]
    (item,) = _read(content).order.items
    assert (item.quantity, item.unit_price, item.line_total) == (1000, Decimal("2.58"), 2580)
    wrong = _item(160, "AB-100", "Schrauben M8", "1.000", "2,58 /1", "258,00")
    with pytest.raises(ExtractionDeclined):
        _read(_page(_header() + _titles() + wrong + _totals(200, [("Gesamt", "258,00")]))[0])


def test_a_quantity_grouped_by_a_space_with_its_unit_beside_it_is_read():
    """ "1 000,00 UN" under "Qté commandée", no unit column: a thousand, in "UN"."""
    titles = [t for t in _titles() if t[2] not in ("Unit", "Qty")]
    titles += [(-X["quantity"], 140, "Qté commandée")]
    items = [(X["code"], 160, "AB-100"), (X["description"], 160, "Étiquettes")]
    items += [(-X["quantity"], 160, "1 000,00 UN"), (-X["unit_price"], 160, "0,40")]
    items += [(-X["total"], 160, "400,00")]
    content, _ = _page(_header() + titles + items + _totals(200, [("Total HT", "400,00")]))
    [item] = _read(content).order.items
    assert (item.quantity, item.unit, item.line_total) == (1000, "UN", Decimal("400.00"))
