"""SAP's two-line items on small hand-made pages (Spanish titles, as Mabe's SRM form prints
them): wrapped titles, wrapped descriptions, amounts right-aligned, prices "per 1 UN", the
totals printed on every page."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor

_HEADER = [(312, 60, "Nº de pedido:"), (404, 60, "9500584281"), (312, 72, "Fecha:")]
_HEADER += [(404, 72, "13.06.2019")]
_TITLES = [(57, 130, "Pos."), (156, 130, "Nº producto"), (354, 130, "Denominación")]
_TITLES += [(57, 142, "Fecha de entrega"), (156, 142, "Cantidad"), (255, 142, "Unidad")]
_TITLES += [(354, 142, "Precio por unidad"), (504, 142, "Valor neto")]


def _text(x: float, y: float, text: str, right: bool = False) -> tuple[float, float, str]:
    if right:
        x -= pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    return x, y, text


def _item(y: float, position: str, lines: list[str], price: str, amount_right: bool = False):
    """A text line (and the description's wrapped lines), then the amounts line."""
    parts = [_text(57, y, position)]
    parts += [_text(354, y + 12 * n, line) for n, line in enumerate(lines)]
    y += 12 * len(lines) + 2
    parts += [_text(57, y, "10.06.2019"), _text(156, y, "2"), _text(255, y, "UN")]
    parts += [_text(354, y, price)]
    amount = "928.00 MXN"
    parts += [_text(540, y, amount, right=True) if amount_right else _text(504, y, amount)]
    return parts, y + 24


def _totals(y: float):
    return [_text(431, y, "Valor total:"), _text(553, y, "928.00 MXN", right=True)]


def _pdf(pages: list[list[tuple[float, float, str]]]) -> bytes:
    doc = pymupdf.open()
    for lines in pages:
        page = doc.new_page(width=595, height=842)
        page.insert_text((312, 40), "Pedido", fontname="hebo", fontsize=12)
        for x, y, text in lines:
            page.insert_text((x, y), text, fontname="helv", fontsize=9)
    return doc.tobytes()


def _order(titles=_TITLES, lines=("SOPLETE CON CHISPA",), price="464.00", amount_right=False):
    item, y = _item(175, "1", list(lines), price, amount_right)
    return _pdf([_HEADER + titles + item + _totals(y)])


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_spanish_two_line_items_are_read():
    order = _read(_order())
    (item,) = order.items
    assert (item.line_number, item.description, item.quantity) == (1, "SOPLETE CON CHISPA", 2)
    assert (item.unit, item.unit_price, item.line_total) == ("UN", 464, 928)
    assert (order.po_number, order.total, order.currency) == ("9500584281", 928, "MXN")


def test_a_title_wrapped_onto_a_line_of_its_own_is_part_of_the_title():
    """ "Nº producto" over "proveedor" (the supplier's product number), then the amounts'
    titles, "Fecha de entrega/" over "Período de prestación"."""
    titles = [(x, y + 12 if y == 142 else y, t) for x, y, t in _TITLES]
    titles += [(156, 142, "proveedor"), (57, 166, "Período de prestación")]
    order = _read(_order(titles))
    assert [i.description for i in order.items] == ["SOPLETE CON CHISPA"]


def test_a_description_wrapped_under_the_text_line_continues_it():
    order = _read(_order(lines=("SOPLETE CON", "CHISPA TURNER", "HT-802B")))
    assert [i.description for i in order.items] == ["SOPLETE CON CHISPA TURNER HT-802B"]


def test_an_amount_right_aligned_under_its_title_is_the_lines_amount():
    order = _read(_order(amount_right=True))
    assert [i.line_total for i in order.items] == [Decimal("928.00")]


def test_a_price_per_one_unit_is_the_unit_price():
    order = _read(_order(price="464.00 MXN/1 UN"))
    assert [(i.unit_price, i.unit) for i in order.items] == [(Decimal("464.00"), "UN")]


def test_a_price_per_ten_units_is_not_read_as_the_unit_price():
    """2 × 4640.00 ÷ 10 = 928.00: the line adds up, its price per one unit is not printed."""
    (item,) = _read(_order(price="4640.00 MXN/10 UN")).items
    assert (item.quantity, item.unit_price, item.line_total) == (2, None, 928)


def test_a_price_per_ten_units_not_giving_the_amount_is_declined():
    with pytest.raises(ExtractionDeclined, match="price per 10"):
        _read(_order(price="464.00 MXN/10 UN"))


def test_totals_printed_on_each_page_do_not_end_the_table_before_the_next_page():
    first, y = _item(160, "1", ["SOPLETE CON CHISPA"], "464.00")
    second, y2 = _item(160, "2", ["LLAVE KRAKEN"], "100.00")
    second = [(x, yy, "200.00 MXN" if t == "928.00 MXN" else t) for x, yy, t in second]
    subtotal = [_text(431, y2, "Valor total:"), _text(504, y2, "1,128.00 MXN")]
    tax = [_text(383, y2 + 12, "Impuesto total:"), _text(504, y2 + 12, "180.48 MXN")]
    gross = [_text(393, y2 + 24, "Total(bruto):"), _text(504, y2 + 24, "1,308.48 MXN")]
    page_one = _HEADER + _TITLES + first + subtotal[:1] + [_text(504, y, "1,128.00 MXN")]
    page_one += [_text(383, y + 12, "Impuesto total:"), _text(504, y + 12, "180.48 MXN")]
    page_two = _HEADER + _TITLES + second + subtotal + tax + gross
    order = _read(_pdf([page_one, page_two]))
    assert [i.description for i in order.items] == ["SOPLETE CON CHISPA", "LLAVE KRAKEN"]
    assert (order.subtotal, order.tax, order.total) == (1128, Decimal("180.48"), Decimal("1308.48"))


def test_the_quantity_on_the_position_line_and_the_price_under_it_make_one_item():
    """SAP's German form: "Pos.  Material  Lieferdatum  Menge Einh." over "Bezeichnung
    Preis pro Einh.  Nettowert", a stray "__" between the title lines; each item's
    quantity on its position's line, its price and amount on the description's."""
    header = [(312, 60, "Bestellnummer:"), (404, 60, "4500012345"), (312, 72, "Datum:")]
    header += [(404, 72, "22.08.2025")]
    titles = [(39, 130, "Pos."), (89, 130, "Material"), (161, 130, "Lieferdatum")]
    titles += [(260, 130, "Menge"), (298, 130, "Einh."), (0, 136, "__")]
    titles += [(89, 142, "Bezeichnung"), (369, 142, "Preis pro Einh.")]
    titles += [_text(550, 142, "Nettowert", right=True)]
    items = [(39, 170, "00010"), (89, 170, "42041515"), (161, 170, "08.09.2025")]
    items += [_text(290, 170, "50", right=True), (298, 170, "Stück")]
    items += [(89, 182, "Kabelklemme 95-150mm²"), _text(434, 182, "9,50", right=True)]
    items += [_text(542, 182, "475,00", right=True), (89, 206, "Ihre Materialnummer 688850")]
    totals = [(175, 240, "Gesamtnettowert ohne Mwst EUR"), _text(543, 240, "475,00", right=True)]
    order = _read(_pdf([header + titles + items + totals]))
    assert [
        (i.line_number, i.item_code, i.description, i.quantity, i.unit, i.unit_price)
        for i in order.items
    ] == [(10, "42041515", "Kabelklemme 95-150mm²", Decimal("50"), "Stück", Decimal("9.50"))]
    assert order.total == Decimal("475.00")


def _interleaved_page(number: str = "4500012345", more: list | None = None) -> list:
    """SAP's contract-style form: "Position  Bezeichnung" over the item's text line, then
    "Bestellmenge Mengeneinheit  Preis pro Mengeneinheit  Nettowert" over its amounts."""
    header = [(312, 60, "Bestellnummer:"), (404, 60, number), (312, 72, "Datum:")]
    header += [(404, 72, "03.09.2025")]
    lines = [(61, 177, "Position"), (270, 177, "Bezeichnung"), (61, 192, "00010")]
    lines += [(270, 192, "Schrumpfschlauch WCSM-250/65"), (70, 213, "Bestellmenge Mengeneinheit")]
    lines += [(307, 213, "Preis pro Mengeneinheit"), _text(555, 213, "Nettowert", right=True)]
    lines += [
        _text(122, 228, "50,000", right=True),
        (127, 228, "Stück"),
        _text(423, 228, "130,99", right=True),
    ]
    lines += [_text(555, 228, "6.549,50", right=True), (96, 247, "Länge 1m, mit Kleber")]
    lines += [(122, 312, "Gesamtnettowert ohne USt. EUR"), _text(552, 312, "6.549,50", right=True)]
    return header + lines + (more or [])


def test_the_amounts_titles_printed_between_an_items_text_and_its_amounts_make_one_table():
    order = _read(_pdf([_interleaved_page()]))
    assert [
        (i.line_number, i.description, i.quantity, i.unit, i.unit_price, i.line_total)
        for i in order.items
    ] == [
        (
            10,
            "Schrumpfschlauch WCSM-250/65",
            Decimal("50.000"),
            "Stück",
            Decimal("130.99"),
            Decimal("6549.50"),
        )
    ]
    assert order.total == Decimal("6549.50")


def test_a_heading_of_the_terms_under_the_net_total_leaves_it_the_total():
    """ "Versand - Kennzeichnung der Lieferung" names shipping, but after a heading and a
    paragraph of terms, not as a line of the totals block."""
    terms = [(61, 345, "Abrechnung"), (61, 364, "Die Abrechnung erfolgt nach der Lieferung.")]
    terms += [(61, 400, "Versand - Kennzeichnung der Lieferung")]
    terms += [(61, 412, "Der Lieferung ist ein Lieferschein beizufügen.")]
    assert _read(_pdf([_interleaved_page(more=terms)])).total == Decimal("6549.50")


def test_a_prefix_before_the_number_on_the_first_page_only_is_not_the_numbers():
    """Page 1 prints "S05-4500012345", the next page "4500012345" under the same label."""
    second = [(312, 60, "Bestellnummer:"), (404, 60, "4500012345"), (61, 120, "Seite 2 von 2")]
    order = _read(_pdf([_interleaved_page("S05-4500012345"), second]))
    assert order.po_number == "4500012345"


def test_a_prefix_before_the_number_under_the_title_on_the_first_page_only_is_not_the_numbers():
    """Page 1 prints "S05-4500012345" under the title "Bestellung" without a label, the next
    page "4500012345" under "Bestellnummer:"."""
    first = [(312, 36, "Bestellung"), (312, 48, "S05-4500012345")]
    first += [part for part in _interleaved_page() if part[1] != 60]
    second = [(312, 60, "Bestellnummer:"), (404, 60, "4500012345"), (61, 120, "Seite 2 von 2")]
    assert _read(_pdf([first, second])).po_number == "4500012345"


def _broken_over_pages(above_amounts: list[tuple[float, float, str]]) -> bytes:
    """An item's text line last on page 1, its amounts line atop page 2 under
    `above_amounts`."""
    item, _ = _item(175, "1", ["SOPLETE CON CHISPA"], "464.00")
    text_line = [part for part in item if part[1] <= 175]
    amounts = [(x, 70, t) for x, y, t in item if y > 175]
    page_two = above_amounts + amounts + _totals(100)
    return _pdf([_HEADER + _TITLES + text_line, page_two])


def test_an_item_broken_over_a_page_break_keeps_its_text_on_the_first_page():
    """SAP breaks an item after its text line: its amounts head the next page, under the
    letterhead repeated."""
    content = _broken_over_pages([(312, 60, "Nº de pedido:"), (404, 60, "9500584281")])
    result = LocalExtractor().extract(Document(content, "application/pdf", "b"))
    (item,) = result.order.items
    assert (item.description, item.quantity, item.line_total) == ("SOPLETE CON CHISPA", 2, 928)
    pages = [result.provenance[f"items.0.{n}"].page for n in ("description", "quantity")]
    assert pages == [0, 1]


def test_amounts_atop_a_page_under_text_of_its_own_are_not_joined_to_the_page_before():
    with pytest.raises(ExtractionDeclined):
        _read(_broken_over_pages([(57, 60, "Lieferung an Lager 2")]))


def test_a_footer_naming_the_vat_number_does_not_end_the_table():
    """ "USt-IdNr." starts like a tax line, but names the company's tax number: items go on
    after the first page's footer, the titles not repeated."""
    footer = [(57, 800, "USt-IdNr. DE 285351013")]
    first, _ = _item(175, "1", ["SOPLETE CON CHISPA"], "464.00")
    second, y = _item(175, "2", ["LLAVE KRAKEN"], "100.00")
    second = [(x, yy, "200.00 MXN" if t == "928.00 MXN" else t) for x, yy, t in second]
    totals = [_text(431, y, "Valor total:"), _text(553, y, "1,128.00 MXN", right=True)]
    pages = [_HEADER + _TITLES + first + footer, _HEADER + second + totals]
    order = _read(_pdf(pages))
    assert [i.description for i in order.items] == ["SOPLETE CON CHISPA", "LLAVE KRAKEN"]


def test_an_interleaved_item_broken_before_its_amounts_titles_keeps_its_texts_page():
    """The second item's text line last on page 1; the amounts line's titles, then its
    amounts, atop page 2: its description is boxed on page 1."""
    first = [part for part in _interleaved_page() if part[1] <= 228]
    first += [(61, 260, "00020"), (270, 260, "Kabelbinder 200 mm")]
    amounts = [(70, 63, "Bestellmenge Mengeneinheit"), (307, 63, "Preis pro Mengeneinheit")]
    amounts += [_text(555, 63, "Nettowert", right=True), _text(122, 78, "10,000", right=True)]
    amounts += [(127, 78, "Stück"), _text(423, 78, "1,00", right=True)]
    amounts += [_text(555, 78, "10,00", right=True), (122, 110, "Gesamtnettowert ohne USt. EUR")]
    amounts += [_text(552, 110, "6.559,50", right=True)]
    result = LocalExtractor().extract(Document(_pdf([first, amounts]), "application/pdf", "b"))
    descriptions = [i.description for i in result.order.items]
    assert descriptions == ["Schrumpfschlauch WCSM-250/65", "Kabelbinder 200 mm"]
    pages = [result.provenance[f"items.1.{n}"].page for n in ("description", "quantity")]
    assert pages == [0, 1]
