"""German SAP purchase orders (the MEDRUCK form's "Bestellung") on small hand-made pages:
"Pos. Material Bezeichnung" over "Menge/Einheit  Preis pro Einheit  Nettowert", the number
and date under one label, the net total as the order's only total."""

from __future__ import annotations

from decimal import Decimal

import pymupdf

from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local import LocalExtractor

_NUMBER_DATE = [(310, 80, "Bestellnummer/Datum"), (310, 92, "4500675141 / 20.08.2025")]
_NUMBER_AND_DATE = [(310, 80, "Bestellnummer:"), (400, 80, "4500675141")]
_NUMBER_AND_DATE += [(310, 92, "Datum:"), (400, 92, "20.08.2025")]
_TEXT_TITLES = [(50, 150, "Pos."), (94, 150, "Material"), (158, 150, "Bezeichnung")]
_QUANTITY_UNIT = [(94, 162, "Menge/Einheit")]
_QUANTITY_THEN_UNIT = [(94, 162, "Menge"), (140, 162, "Einheit")]
_PRICE_TITLES = [(308, 162, "Preis pro Einheit"), (519, 162, "Nettowert")]
_NET_TOTAL = "Gesamtnettowert ohne MwSt EUR"


def _right(x: float, y: float, text: str) -> tuple[float, float, str]:
    return x - pymupdf.get_text_length(text, fontname="helv", fontsize=9), y, text


def _item(y: float, position: str, unit_x: float = 104) -> list[tuple[float, float, str]]:
    """The text line, then the amounts line under it: 1 Satz at 1.392,90."""
    text = [(50, y, position), (158, y, "Geschirmter Winkelstecker")]
    amounts = [(94, y + 12, "1"), (unit_x, y + 12, "Satz")]
    return text + amounts + [_right(380, y + 12, "1.392,90"), _right(560, y + 12, "1.392,90")]


def _pdf(pages: list[list[tuple[float, float, str]]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=595, height=842)
        page.insert_text((310, 50), "Bestellung", fontname="hebo", fontsize=12)
        for x, y, text in lines:
            page.insert_text((x, y), text, fontname="helv", fontsize=9)
    return doc.tobytes()


def _order(labels=_NUMBER_DATE, quantity=_QUANTITY_UNIT, total=_NET_TOTAL) -> bytes:
    unit_x = 104 if quantity is _QUANTITY_UNIT else 140
    totals = [(50, 220, total), _right(560, 220, "1.392,90")]
    return _pdf(
        [labels + _TEXT_TITLES + quantity + _PRICE_TITLES + _item(180, "10", unit_x) + totals]
    )


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_german_sap_order_is_read():
    order = _read(_order())
    (item,) = order.items
    assert (order.po_number, order.order_date.isoformat()) == ("4500675141", "2025-08-20")
    assert (item.line_number, item.description, item.quantity, item.unit) == (
        10,
        "Geschirmter Winkelstecker",
        1,
        "Satz",
    )
    assert (item.unit_price, item.line_total) == (Decimal("1392.90"), Decimal("1392.90"))
    assert (order.subtotal, order.total, order.currency) == (Decimal("1392.90"),) * 2 + ("EUR",)


def test_a_quantity_title_naming_its_unit_too_heads_the_quantity():
    """ "Menge/Einheit" over "1 Satz": the count and its unit in one column."""
    order = _read(_order(labels=_NUMBER_AND_DATE, total="Gesamtbetrag EUR"))
    assert [(i.quantity, i.unit) for i in order.items] == [(1, "Satz")]


def test_a_german_label_for_the_number_and_its_date_reads_both():
    order = _read(_order(quantity=_QUANTITY_THEN_UNIT, total="Gesamtbetrag EUR"))
    assert (order.po_number, order.order_date.isoformat()) == ("4500675141", "2025-08-20")


def test_the_net_total_value_is_the_orders_total_when_nothing_is_added():
    order = _read(_order(labels=_NUMBER_AND_DATE, quantity=_QUANTITY_THEN_UNIT))
    assert (order.subtotal, order.total) == (Decimal("1392.90"), Decimal("1392.90"))


def _two_pages(page_one_end: list, page_two_start: list) -> bytes:
    titles = _TEXT_TITLES + _QUANTITY_UNIT + _PRICE_TITLES
    totals = [(50, 220, _NET_TOTAL), _right(560, 220, "1.392,90")]
    page_one = _NUMBER_DATE + titles + _item(180, "10") + page_one_end
    return _pdf([page_one, _NUMBER_DATE + page_two_start + totals])


def test_a_footer_with_numbers_left_of_the_titles_is_no_amounts_line():
    """The page's footer: a postcode left of every title and a VAT number under the
    amount's title make no item's amounts."""
    footer = [(50, 800, "52511 Geilenkirchen"), (420, 800, "USt-IdNr.")]
    footer.append(_right(555, 800, "DE 814188034"))
    order = _read(_two_pages(footer, []))
    assert [i.description for i in order.items] == ["Geschirmter Winkelstecker"]


def test_the_address_atop_the_next_page_starts_no_item():
    """ "8200 SCHAFFHAUSEN" starts where positions stand, but a position stands alone in
    its column."""
    address = [(50, 140, "TE Connectivity Solutions GmbH"), (50, 152, "8200 SCHAFFHAUSEN")]
    order = _read(_two_pages([], address))
    assert [i.description for i in order.items] == ["Geschirmter Winkelstecker"]


def test_a_unit_beside_the_quantity_does_not_make_a_column_the_description():
    """No title the vocabulary knows over the code ("Materialnummer", "Bezeichnung" under
    it): the rows' arithmetic finds the table, and the unit printed beside the quantity
    ("30 Stück") is not text of the column left of the numbers, which holds the code; the
    text under the code, after the supplier's number, describes the item."""
    titles = [(50, 150, "Pos."), (94, 150, "Materialnummer"), (271, 150, "Menge")]
    titles += [(380, 150, "Preis / Einheit"), (508, 150, "Nettowert"), (94, 162, "Bezeichnung")]
    item = [(50, 180, "00010"), (94, 180, "1102972"), _right(300, 180, "30"), (317, 180, "Stück")]
    item += [_right(445, 180, "64,38"), _right(550, 180, "1.931,40")]
    item += [(94, 192, "Ihre Materialnummer A24886-000"), (94, 204, "GURO-Hausanschlussgarnitur")]
    totals = [(50, 230, "Gesamtbetrag EUR"), _right(550, 230, "1.931,40")]
    [line] = _read(_pdf([_NUMBER_AND_DATE + titles + item + totals])).items
    assert (line.item_code, line.description, line.unit) == (
        "1102972",
        "GURO-Hausanschlussgarnitur",
        "Stück",
    )


def _priced_per_unit(
    price_title: str = "Preis pro Einheit",
    amount_title: str = "Nettowert",
    titles_apart: float = 12,
    footer: tuple = (),
) -> bytes:
    """SAP's other German form: "Bestellmenge  Einheit  Preis pro Einheit pro Preiseinheit
    Nettowert in EUR", the price flush under its title and its price unit after it
    ("47,1500   1 ST"), the net total the only total; `footer` under it."""
    y = 150 + titles_apart
    titles = [(50, 150, "Pos."), (94, 150, "Material"), (308, 150, "Bezeichnung")]
    titles += [(94, y, "Bestellmenge"), (200, y, "Einheit"), (308, y, price_title)]
    titles += [(496, y, amount_title)]
    item = [(50, y + 20, "00001"), (94, y + 20, "70003252"), (308, y + 20, "Verbindungsmuffe")]
    item += [(94, y + 32, "300,00"), (200, y + 32, "ST"), (308, y + 32, "47,1500")]
    if "Preiseinheit" in price_title:
        item.append((395, y + 32, "1 ST"))  # under "pro Preiseinheit"
    item.append(_right(560, y + 32, "14.145,00"))
    totals = [(94, y + 60, "Gesamtnettowert ohne Steuer EUR"), _right(560, y + 60, "14.145,00")]
    return _pdf([_NUMBER_AND_DATE + titles + item + totals + list(footer)])


def _priced_line(content: bytes) -> tuple:
    order = _read(content)
    (item,) = order.items
    return item.quantity, item.unit, item.unit_price, item.line_total, order.total


_PRICED = (300, "ST", Decimal("47.15"), Decimal("14145.00"), Decimal("14145.00"))


def test_a_title_naming_its_currency_after_in_names_its_column():
    assert _priced_line(_priced_per_unit(amount_title="Nettowert in EUR")) == _PRICED


def test_a_run_of_titles_the_vocabulary_knows_only_in_part_is_read_as_its_parts():
    """ "Preis pro Einheit pro Preiseinheit" set as one run: the price, then its unit."""
    content = _priced_per_unit(price_title="Preis pro Einheit pro Preiseinheit")
    assert _priced_line(content) == _PRICED


def test_a_number_flush_under_its_title_is_that_titles_though_it_ends_under_the_next():
    """The print glues "Einheit" to "pro" ("Einheitpro"): "Preis" alone is known, and the
    price "47,15" set flush under it ends under the title beside it."""
    content = _priced_per_unit(price_title="Preis pro Einheitpro Preiseinheit")
    assert _priced_line(content) == _PRICED


def test_the_amounts_titles_may_stand_a_little_more_than_two_lines_under_the_text_titles():
    assert _priced_line(_priced_per_unit(titles_apart=28)) == _PRICED


def test_a_vat_identification_number_in_the_footer_is_no_tax_line():
    """ "USt.-Identnummer DE200335418" under the net total: no tax, the total stands."""
    footer = ((94, 700, "USt.-Identnummer DE200335418"),)
    assert _priced_line(_priced_per_unit(footer=footer)) == _PRICED
