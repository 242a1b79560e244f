"""The layout reader where a column's title is one it was never taught (an unseen order's
word where "Art.Nr." or "Article" stands): it reads the columns right or declines, never
takes one column's words for another's."""

from __future__ import annotations

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import _PLAIN_TOTALS, _header, _page, _read, _totals

_AMOUNT_TITLES = [(-330, 140, "Qty"), (345, 140, "Unit"), (-440, 140, "Unit Price")]
_AMOUNT_TITLES += [(-540, 140, "Amount")]


def _amounts(y: float, quantity: str, price: str, amount: str):
    return [(-330, y, quantity), (345, y, "pcs"), (-440, y, price), (-540, y, amount)]


def _spaced(x: float, y: float, text: str, space: float = 3):
    """`text` set word by word, `space` points between, as a justified cell prints it."""
    words = []
    for word in text.split():
        words.append((x, y, word))
        x += pymupdf.get_text_length(word, fontname="helv", fontsize=9) + space
    return words


def _text_under_two_titles(over_the_text: str) -> bytes:
    """A code column, then the text starting left of "Description", a title `over_the_text`
    over its second word."""
    titles = [(20, 140, "No"), (50, 140, "EAN"), (155, 140, over_the_text)]
    titles += [(200, 140, "Description"), *_AMOUNT_TITLES]
    lines = []
    for y, position, code, text, quantity, price, amount in (
        (160, "1", "8908009082299", "SHAREAT FOOCHKA IMLI PANIPURI", "10", "2.50", "25.00"),
        (174, "2", "8908009082300", "SHAREAT KAJU KATLI", "4", "1.25", "5.00"),
    ):
        lines += [(20, y, position), (50, y, code), *_spaced(120, y, text)]
        lines += _amounts(y, quantity, price, amount)
    return _page(_header() + [t for t in titles if t[2]] + lines + _PLAIN_TOTALS)[0]


def test_a_word_of_the_text_under_an_unknown_title_is_declined():
    """ "Zorbel" over "FOOCHKA" of "SHAREAT FOOCHKA IMLI": a column of its own, the text
    read without the word between its others."""
    with pytest.raises(ExtractionDeclined, match="lost a word to another cell"):
        _read(_text_under_two_titles("Zorbel"))


def test_the_text_under_no_title_of_its_own_is_still_read_whole():
    order = _read(_text_under_two_titles("")).order
    assert [i.description for i in order.items] == [
        "SHAREAT FOOCHKA IMLI PANIPURI",
        "SHAREAT KAJU KATLI",
    ]


def test_a_lines_last_word_under_an_unknown_title_a_wide_space_from_the_text_is_declined():
    """ "Zorbel" over "IMLI" ending "SHAREAT FOOCHKA IMLI", set a wide word's space (seven
    points at nine): the text's last word, not a column of its own."""
    first = _spaced(120, 160, "SHAREAT FOOCHKA IMLI", space=7)
    titles = [(20, 140, "No"), (50, 140, "EAN"), (120, 140, "Article")]
    titles += [(first[2][0], 140, "Zorbel"), *_AMOUNT_TITLES]
    lines = [(20, 160, "1"), (50, 160, "8908009082299"), *first, (120, 172, "PANIPURI (200G)")]
    lines += [*_amounts(160, "10", "2.50", "25.00"), (20, 190, "2"), (50, 190, "8908009082300")]
    lines += [*_spaced(120, 190, "SHAREAT KAJU", space=7), *_amounts(190, "4", "1.25", "5.00")]
    totals = [(x, y + 20, text) for x, y, text in _PLAIN_TOTALS]
    with pytest.raises(ExtractionDeclined, match="lost a word to another cell"):
        _read(_page(_header() + titles + lines + totals)[0])


def test_a_text_cut_at_an_unknown_title_over_its_last_words_is_read_whole_or_declined():
    """No "Description" title, an unknown one over "ger" ending "SM-STV 2x40pol ger
    RM1,27": the words under it are a word's space from the text, its last ones."""
    words = _spaced(120, 160, "SM-STV 2x40pol ger RM1,27")
    titles = [(20, 140, "Pos"), (50, 140, "Code"), *_AMOUNT_TITLES, (words[2][0], 140, "Zorbel")]
    lines = [(20, 160, "1"), (50, 160, "KN.737022e"), *words, *_amounts(160, "10", "2.50", "25.00")]
    lines += [(20, 174, "2"), (50, 174, "KN.737023e"), *_spaced(120, 174, "SM-STV 2x20pol")]
    lines += _amounts(174, "4", "1.25", "5.00")
    try:
        order = _read(_page(_header() + titles + lines + _PLAIN_TOTALS)[0]).order
    except ExtractionDeclined:
        return
    assert [i.description for i in order.items] == ["SM-STV 2x40pol ger RM1,27", "SM-STV 2x20pol"]


def _code_under(title: str) -> bytes:
    """Each line's code under `title`, the text opening with the maker's type."""
    titles = [(50, 140, title), (120, 140, "Description"), *_AMOUNT_TITLES]
    lines = []
    for y, code, text, quantity, price, amount in (
        (160, "CP5556-000", "EPKJ-17B/3SB Cable joint 10 kV", "10", "2.50", "25.00"),
        (174, "CM4987-000", "MXSU-12C/1XU Transition joint", "4", "1.25", "5.00"),
    ):
        lines += [(50, y, code), (120, y, text), *_amounts(y, quantity, price, amount)]
    return _page(_header() + titles + lines + _PLAIN_TOTALS)[0]


def test_a_code_from_the_text_beside_a_part_number_under_an_unknown_title_is_declined():
    """ "CP5556-000" under a title nobody taught, "EPKJ-17B/3SB" opening the text: either is
    the line's code."""
    with pytest.raises(ExtractionDeclined, match="line 1's code"):
        _read(_code_under("Zorbel"))


def test_a_code_under_its_known_title_is_still_read():
    order = _read(_code_under("Art.Nr.")).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("CP5556-000", "EPKJ-17B/3SB Cable joint 10 kV"),
        ("CM4987-000", "MXSU-12C/1XU Transition joint"),
    ]


def _text_under_positions(first: str, second: str) -> bytes:
    """ "Description" over each line's position (`first`, `second`), alone on the amounts'
    line, the text on the line under it further right."""
    titles = [(45, 140, "Description"), *_AMOUNT_TITLES]
    lines = [(45, 160, first), *_amounts(160, "10", "2.50", "25.00"), (70, 172, "Chep pallets")]
    lines += [(45, 190, second), *_amounts(190, "4", "1.25", "5.00"), (70, 202, "Washers")]
    totals = [(x, y + 30, text) for x, y, text in _PLAIN_TOTALS]
    return _page(_header() + titles + [part for part in lines if part[2]] + totals)[0]


def test_a_number_alone_over_the_text_is_declined():
    """SAP's position "10" under a title reaching over it ("Zorbel Material" over
    "Description"): the number opens no text."""
    with pytest.raises(ExtractionDeclined, match="opens with a number alone"):
        _read(_text_under_positions("10", "20"))


def test_the_text_under_its_line_is_still_read():
    order = _read(_text_under_positions("", "")).order
    assert [i.description for i in order.items] == ["Chep pallets", "Washers"]


def _code_over_text(title: str) -> bytes:
    """A table only the arithmetic finds (no "Description" title): the code alone on the
    amounts' line under `title`, the text indented under it."""
    titles = [(18, 140, title), (192, 140, "Unit"), (248, 140, "Ordered"), (318, 140, "Received")]
    titles += [(-492, 140, "Unit Cost"), (-565, 140, "Amount")]
    lines = [(18, 160, "NPALCHEPHT"), (192, 160, "EACH"), (-292, 160, "500.0000")]
    lines += [(-348, 160, "0.0000"), (-508, 160, "7.7842"), (-586, 160, "3,892.10")]
    lines += [(24, 172, "CHEP HEAT TREATED PALLETS")]
    return _page(_header() + titles + lines + [(380, 200, "Total"), (-586, 200, "3,892.10")])[0]


def test_a_column_whose_unknown_title_ends_in_code_is_no_description():
    """ "Zorbel Code": whatever its first word, a column of codes, not the line's text."""
    with pytest.raises(ExtractionDeclined):
        _read(_code_over_text("Zorbel Code"))


def test_a_code_column_titled_so_is_still_read():
    order = _read(_code_over_text("Item Code")).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("NPALCHEPHT", "CHEP HEAT TREATED PALLETS")
    ]


def _wrapped_under(second_title: str) -> bytes:
    """ "Sl" over `second_title` left of "Description", each line's text wrapped onto two
    more lines starting under both."""
    titles = [(56, 140, "Sl"), (70, 140, "Description"), *_AMOUNT_TITLES, (56, 151, second_title)]
    lines = []
    for y, position, text, quantity, price, amount in (
        (170, "1", "Motor 2.2KW/3HP", "4", "2.50", "10.00"),
        (210, "2", "Motor 3KW/4HP", "8", "2.50", "20.00"),
    ):
        lines += [(56, y, position), (65, y, "MOTORS"), *_amounts(y, quantity, price, amount)]
        lines += [(75, y + 11, text), (75, y + 22, "IE3 60HZ 400V")]
    totals = _totals(250, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _page(_header() + titles + lines + totals)[0]


def test_text_under_an_unknown_second_title_line_is_declined():
    """ "Zorbel" under "Sl" (an unknown second line of titles): the lines under the item
    starting under it are its wrapped text as likely as that title's values."""
    with pytest.raises(ExtractionDeclined, match="may go on in a line not read"):
        _read(_wrapped_under("Zorbel"))


def test_text_under_a_known_second_title_line_is_still_read():
    order = _read(_wrapped_under("No.")).order
    assert [i.description for i in order.items] == [
        "MOTORS Motor 2.2KW/3HP IE3 60HZ 400V",
        "MOTORS Motor 3KW/4HP IE3 60HZ 400V",
    ]


def _labels_over_values(label: str) -> bytes:
    """A row of labels over a row of values, `label` over the order's number (away from the
    title, which would make "Numero" its number's label)."""
    header = [(300, 80, label), (450, 80, "Date"), (300, 95, "4500123456")]
    header += [(450, 95, "2026-03-05")]
    return _page(header + _titles_and_items() + _PLAIN_TOTALS)[0]


def _titles_and_items():
    titles = [(50, 140, "Code"), (120, 140, "Description"), *_AMOUNT_TITLES]
    lines = [
        (50, 160, "AB-100"),
        (120, 160, "Steel bolts M8"),
        *_amounts(160, "10", "2.50", "25.00"),
    ]
    lines += [(50, 174, "CD-200"), (120, 174, "Washers"), *_amounts(174, "4", "1.25", "5.00")]
    return titles + lines


@pytest.mark.parametrize("label", ["PO QX-4417", "Numero QX-4417"])
def test_a_code_after_the_orders_label_over_another_number_is_declined(label):
    """ "PO QX-4417" over "4500123456": a label the vocabulary does not know ("PO" and a word
    where "Number" stands, "Numero" and one where "Doc" stands) over its value, or the label
    and its value; the words do not tell."""
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _read(_labels_over_values(label))


def test_the_orders_number_under_its_label_is_still_read():
    assert _read(_labels_over_values("PO Number")).order.po_number == "4500123456"


def test_the_orders_number_after_its_label_alone_is_still_read():
    header = [(50, 80, "PO 4500123456"), (200, 80, "Date"), (200, 95, "2026-03-05")]
    order = _read(_page(header + _titles_and_items() + _PLAIN_TOTALS)[0]).order
    assert order.po_number == "4500123456"


def _under_the_title(lines: list[tuple[float, float, str]]) -> bytes:
    """`lines` under the title "PURCHASE ORDER", no label naming the order's number."""
    header = [*lines, (400, 80, "Date:"), (450, 80, "2026-03-05")]
    return _page(header + _titles_and_items() + _PLAIN_TOTALS)[0]


@pytest.mark.parametrize(
    "lines",
    [
        [(50, 70, "QX-4417"), (200, 70, "4500123456")],  # its value beside the unknown label
        [(50, 70, "QX-4417"), (50, 84, "4500123456")],  # its value under it
    ],
)
def test_a_code_under_the_title_beside_or_over_another_number_is_declined(lines):
    """SAP's "Bestellung" over "Bestellnummer", its number beside or under it: a code in
    the label's place is no more the order's number than the number it labels."""
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _read(_under_the_title(lines))


def test_a_number_alone_under_the_title_is_still_read():
    assert _read(_under_the_title([(50, 70, "4500123456")])).order.po_number == "4500123456"


def _labelled_as(value: str) -> bytes:
    header = [(50, 80, "PO Number:"), (150, 80, value), (400, 80, "Date:")]
    header += [(450, 80, "2026-03-05")]
    return _page(header + _titles_and_items() + _PLAIN_TOTALS)[0]


def test_a_label_value_of_two_numbers_is_declined():
    """ "Purchase Order QX-4417 PO387376" (a code where "No." stood, then the number) read
    as a label and its value: which word is the order's number the words do not tell."""
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _read(_labelled_as("QX-4417 PO387376"))


def test_a_number_and_its_revision_is_still_read():
    assert _read(_labelled_as("PO387376 Rev 1")).order.po_number == "PO387376"


def test_a_code_among_labels_under_the_title_is_not_the_orders_number():
    """A row of labels ("Date", a code where "Buyer" stood, "Our Reference") under the title:
    the code stands in a label's place, not under the title as its number."""
    content = _under_the_title([(50, 70, "Date"), (90, 70, "QX-4417"), (150, 70, "Our Reference")])
    try:
        order = _read(content).order
    except ExtractionDeclined:
        return
    assert order.po_number != "QX-4417"


def _text_over_details(under_code: str) -> bytes:
    """ "SM-STV 2x40pol" then, under the code, `under_code` beside "TYC/ERN" flush with the
    text, over "RoHS compliant  S:TYC 154721-E"."""
    titles = [(30, 140, "Pos"), (60, 140, "Artikel"), (160, 140, "Bezeichnung")]
    titles += [(-380, 140, "Menge"), (-470, 140, "Preis"), (-570, 140, "Betrag")]
    titles += [(60, 150, "Wunschtermin")]  # the date's title under the code's
    items = [(30, 160, "1"), (60, 160, "KN.737022e"), (160, 160, "SM-STV 2x40pol")]
    items += [(-380, 160, "10"), (-470, 160, "2,50"), (-570, 160, "25,00")]
    items += [(60, 171, under_code), (160, 171, "TYC/ERN")]
    items += [(60, 184, "RoHS compliant"), (160, 184, "S:TYC 154721-E")]
    totals = [(400, 210, "Gesamt"), (-570, 210, "25,00")]
    return _page(_header() + titles + items + totals, title="Bestellung")[0]


def test_a_word_under_the_code_beside_the_texts_next_line_over_details_is_declined():
    """A made-up word where the delivery date stood under the code: its row reads as labels
    over the next row's values, but its second cell is flush with the text, as likely the
    text's next line."""
    with pytest.raises(ExtractionDeclined, match="may go on in a line not read"):
        _read(_text_over_details("Zorbel"))


def test_a_date_under_the_code_beside_the_texts_next_line_is_still_read():
    order = _read(_text_over_details("05.09.2025")).order
    assert [i.description for i in order.items] == ["SM-STV 2x40pol TYC/ERN"]
