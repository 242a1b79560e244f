"""The layout reader on columns printed without a title of their own: units set apart
between the description and the quantity, a date under the code beside the description's
next line, a word a gutter from the code, a part number opening the text beside an empty
code column or left of text flush under its title."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.columns import name_of
from po_ingest_tests.test_layout_reader import (
    _PLAIN_TOTALS,
    _header,
    _item,
    _page,
    _read,
    _titles,
    _totals,
)


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Descrizione dei beni", "description"),
        ("Pr.unitario", "unit_price"),
        ("Pr. unitario", "unit_price"),
        ("Importo riga", "line_total"),
    ],
)
def test_italian_titles_of_goods_price_and_line_amount(title, name):
    assert name_of(title) == name


_TITLES = [(30, 140, "Codice articolo"), (130, 140, "Descrizione dei beni")]
_TITLES += [(-395, 140, "Q.ta'"), (-480, 140, "Pr.unitario"), (-570, 140, "Importo riga")]


def _line(y: float, code: str, text: str, unit: str, qty: str, price: str, amount: str):
    return [
        (30, y, code),
        (130, y, text),
        (332, y, unit),
        (-370, y, qty),
        (-485, y, price),
        (-570, y, amount),
    ]


def test_units_in_an_untitled_column_between_description_and_quantity_are_the_units():
    items = _line(160, "1SET411103", "CANALINA 25x60 GRIGIA", "Mt", "30", "9,18817", "275,65")
    items += _line(176, "1SET411105", "CANALINA 40x60", "Mt", "36", "10,85876", "390,92")
    totals = _totals(210, [("TOTALE ORDINE", "666,57")])
    content, _ = _page(
        _header("Numero:", "Data:", "01/09/2025") + _TITLES + items + totals,
        title="ORDINE A FORNITORE",
    )
    order = _read(content).order
    assert [(i.description, i.unit, i.quantity, i.unit_price) for i in order.items] == [
        ("CANALINA 25x60 GRIGIA", "Mt", Decimal("30"), Decimal("9.18817")),
        ("CANALINA 40x60", "Mt", Decimal("36"), Decimal("10.85876")),
    ]


def test_a_short_last_word_not_lined_up_with_the_others_stays_in_the_description():
    items = _line(160, "1SET411103", "CANALINA 25x60 GRIGIA", "", "30", "9,18817", "275,65")
    items += _line(176, "1SET411105", "CANALINA 40x60", "", "36", "10,85876", "390,92")
    items = [part for part in items if part[2]]
    items += [(300, 176, "Mt")]  # one line's last word, not a column's
    totals = _totals(210, [("TOTALE ORDINE", "666,57")])
    content, _ = _page(
        _header("Numero:", "Data:", "01/09/2025") + _TITLES + items + totals,
        title="ORDINE A FORNITORE",
    )
    order = _read(content).order
    assert [(i.description, i.unit) for i in order.items] == [
        ("CANALINA 25x60 GRIGIA", None),
        ("CANALINA 40x60 Mt", None),
    ]


def test_a_date_under_the_code_beside_the_next_description_line_is_no_label():
    """ "05.09.2025  TYC/ERN" over "RoHS compliant  S:TYC 154721-E": a date under the item's code beside
    its description's next line, not a row of labels over their values."""
    titles = [(30, 140, "Pos"), (60, 140, "Artikel"), (160, 140, "Bezeichnung")]
    titles += [(-380, 140, "Menge"), (-470, 140, "Preis"), (-570, 140, "Betrag")]
    titles += [(60, 150, "Wunschtermin")]  # the date's title under the code's
    items = [(30, 160, "1"), (60, 160, "KN.737022e"), (160, 160, "SM-STV 2x40pol")]
    items += [(-380, 160, "10"), (-470, 160, "2,50"), (-570, 160, "25,00")]
    items += [(60, 171, "05.09.2025"), (160, 171, "TYC/ERN")]
    items += [(60, 184, "RoHS compliant"), (160, 184, "S:TYC 154721-E")]
    totals = [(400, 210, "Gesamt"), (-570, 210, "25,00")]
    content, _ = _page(_header() + titles + items + totals, title="Bestellung")
    order = _read(content).order
    assert [i.description for i in order.items] == ["SM-STV 2x40pol TYC/ERN"]


def _coded_items(first: str, second: str, second_y: float = 174):
    """Two items whose code cells hold `first` and `second` (a position run into the code)."""
    rows = []
    for y, code, text, qty, price, total in (
        (160, first, "Steel bolts M8", "10", "2.50", "25.00"),
        (second_y, second, "Washers", "4", "1.25", "5.00"),
    ):
        rows += [
            (50, y, code),
            (120, y, text),
            (-330, y, qty),
            (345, y, "pcs"),
            (-440, y, price),
            (-540, y, total),
        ]
    return rows


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("10 AB-100", "20 CD-200"),
        ("10", "20"),
        ("1.", "2."),
    ],
)
def test_a_position_read_as_the_item_code_is_declined(first, second):
    # An untitled "Pos" column left of the code: its 10, 20 run into the code's cell.
    items = _coded_items(first, second)
    with pytest.raises(ExtractionDeclined, match="item code (starts with a position|is its)"):
        _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0])


def test_a_code_starting_with_a_number_is_still_read():
    items = _coded_items("4055 B4840A", "4056 B4840B")
    order = _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0]).order
    assert [i.item_code for i in order.items] == ["4055 B4840A", "4056 B4840B"]


def _described_items(extra_x: float, extra: str, second_x: float | None = None):
    """The plain order's two items with a word `extra` at `extra_x` beside each description."""
    rows = _coded_items("AB-100", "CD-200")
    for y in (160, 174):
        rows.append((extra_x if second_x is None or y == 160 else second_x, y, extra))
    return rows


def test_an_untitled_column_beside_the_description_is_declined():
    # An "HSN" column whose title is not known: its numbers stand apart from every line's text.
    items = _described_items(240, "85015210")
    with pytest.raises(ExtractionDeclined, match="untitled column"):
        _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0])


def test_two_titled_cells_read_as_one_description_are_still_read():
    # "Product" then "Description" beside a code column: one description in two cells.
    titles = [(50, 140, "Code"), (120, 140, "Product"), (200, 140, "Description")]
    titles += [(-330, 140, "Qty"), (345, 140, "Unit"), (-440, 140, "Unit Price")]
    titles += [(-540, 140, "Amount")]
    items = _coded_items("AB-100", "CD-200")
    items = [(200 if x == 120 else x, y, t) for x, y, t in items]
    items += [(120, 160, "Bolt"), (120, 174, "Washer")]
    order = _read(_page(_header() + titles + items + _PLAIN_TOTALS)[0]).order
    assert [i.description for i in order.items] == ["Bolt Steel bolts M8", "Washer Washers"]


_MEASURES = ("Alt.", "20,00", "Larg.", "184,00", "Prof.", "120,00")


def _description_over(measures: list[str | None], spaced_as_printed: bool = True) -> str:
    """The description read for an item with `measures` printed under its text, each a cell
    of its own (None: a cell left blank); `spaced_as_printed` False: each set where
    `_MEASURES`' own word would be, a wider word running close to the next."""
    titles = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
    titles += [(-440, 140, "Unit Price"), (-540, 140, "Amount")]
    item = [(50, 160, "AB-100"), (120, 160, "Steel bracket"), (-330, 160, "2")]
    item += [(-440, 160, "4,00"), (-540, 160, "8,00"), (120, 172, "grey RAL 7035")]
    x = 120.0
    for printed, text in zip(measures, _MEASURES, strict=True):
        if printed is not None:
            item.append((x, 184, printed))
        width = (printed if spaced_as_printed else None) or text
        x += pymupdf.get_text_length(width, fontname="helv", fontsize=9) + 10
    content, _ = _page(_header() + titles + item + _totals(220, [("Total", "8,00")]))
    [line] = _read(content).order.items
    return line.description


@pytest.mark.parametrize("missing", range(len(_MEASURES)))
def test_measurements_missing_a_label_or_a_number_are_still_no_description(missing):
    """ "20,00   Larg. 184,00   Prof. 120,00" under the text, "Alt." not printed: still the
    item's size, not more of its text."""
    measures = [None if n == missing else text for n, text in enumerate(_MEASURES)]
    assert _description_over(measures) == "Steel bracket grey RAL 7035"


@pytest.mark.parametrize(
    ("code", "under"), [("AB-100 LT:", "zinc plated"), ("AB-100", "Article No.:")]
)
def test_a_label_in_the_item_code_or_ending_the_description_is_declined(code, under):
    """ "LT:" beside the code, its date under a title the reader lacks; "Article No.:" under
    the text, its value left out: a label's words read as the item's."""
    items = _coded_items(code, "CD-200", 186) + [(120, 172, under)]
    with pytest.raises(ExtractionDeclined, match="label"):
        _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0])


def _wide_code_page(first: str, second: str) -> bytes:
    """The plain order with its description set further right: room for a wide code."""
    titles = [(x if x != 120 else 180, y, t) for x, y, t in _titles()]
    items = [(x if x != 120 else 180, y, t) for x, y, t in _coded_items(first, second)]
    return _page(_header() + titles + items + _PLAIN_TOTALS)[0]


def test_a_word_of_text_in_the_item_code_is_declined():
    """ "af0f33c1 Laptop": the product's name, its "Product" title unknown, run into the code."""
    with pytest.raises(ExtractionDeclined, match="item code holds words of text"):
        _read(_wide_code_page("af0f33c1 Laptop", "2e60033f Desk"))


def test_a_code_of_capitals_and_digits_in_several_words_is_still_read():
    order = _read(_wide_code_page("CHEP PALLET 00", "SM 1008T")).order
    assert [i.item_code for i in order.items] == ["CHEP PALLET 00", "SM 1008T"]


@pytest.mark.parametrize(
    ("first", "second"), [("H710 PURPLE", "T949 BLACK"), ("4711 ROUGE", "4712 BLEU")]
)
def test_a_colour_in_the_item_code_is_declined(first, second):
    """ "H710 PURPLE": a colour column, its "Color" title missing, run into the code; codes
    of capitals in several words are read ("CHEP PALLET 00"), a colour's name is none."""
    with pytest.raises(ExtractionDeclined, match="item code holds a colour"):
        _read(_wide_code_page(first, second))


def test_item_sku_titles_the_item_code():
    assert name_of("Item SKU") == "item_code"


def test_a_code_column_beside_the_item_sku_does_not_give_the_item_code():
    """ "Item SKU" then "Code" (a tariff code whose qualifier "HTS" is not printed): the
    item's code is its SKU, or the order is declined; never the other column's code."""
    titles = [(-60, 140, "Qty"), (80, 140, "Item SKU"), (200, 140, "Code")]
    titles += [(280, 140, "Description"), (-480, 140, "Rate"), (-560, 140, "Amount")]
    items = []
    for y, sku, qty, total in (
        (160, "1AP0854-00-P0054", "60", "459.00"),
        (174, "1AP0854-00-P0055", "45", "344.25"),
    ):
        items += [(-60, y, qty), (80, y, sku), (200, y, "6209205050"), (280, y, "Swing Top")]
        items += [(-480, y, "7.65"), (-560, y, total)]
    totals = _totals(200, [("Total", "803.25")])
    try:
        order = _read(_page(_header() + titles + items + totals)[0]).order
    except ExtractionDeclined:
        return
    assert [i.item_code for i in order.items] == ["1AP0854-00-P0054", "1AP0854-00-P0055"]


@pytest.mark.parametrize(
    ("first", "second"),
    [("00010 Steel bolts M8", "00020 Washers"), ("1 Steel bolts M8", "2 Washers")],
)
def test_a_position_read_into_the_description_is_declined(first, second):
    """An untitled "Pos" column's numbers run into the description ("00010 2352073-00
    POWER-KONTAKT", "1 Steel" and "2 Iron")."""
    items = [
        (x, y, first if t == "Steel bolts M8" else second if t == "Washers" else t)
        for x, y, t in _coded_items("AB-100", "CD-200")
    ]
    with pytest.raises(ExtractionDeclined, match="position"):
        _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0])


def test_one_description_starting_with_its_count_is_still_read():
    items = [
        (x, y, "1 Steel bolt" if t == "Steel bolts M8" else t)
        for x, y, t in _coded_items("AB-100", "CD-200")
    ]
    order = _read(_page(_header() + _titles() + items + _PLAIN_TOTALS)[0]).order
    assert [i.description for i in order.items] == ["1 Steel bolt", "Washers"]


def test_a_position_in_hundreds_before_a_dotted_code_is_declined():
    with pytest.raises(ExtractionDeclined, match="starts with a position"):
        _read(_wide_code_page("1000 821.40.946", "1010 821.40.947"))


def test_a_date_in_the_item_code_is_declined():
    """ "163664 30-SEP-2025": a need-by date under a title the reader lacks, beside the code."""
    with pytest.raises(ExtractionDeclined, match="item code holds a date"):
        _read(_wide_code_page("163664 30-SEP-2025", "163665 30-SEP-2025"))


@pytest.mark.parametrize(("replaced", "word"), [(0, "Hoehe"), (1, "nd")])
def test_measurements_with_one_unknown_label_or_value_are_still_no_description(replaced, word):
    """ "Hoehe 20,00   Larg. 184,00   Prof. 120,00": a label printed without its point (or a
    value that is a word) among labelled numbers is still the item's size."""
    measures = [word if n == replaced else text for n, text in enumerate(_MEASURES)]
    assert _description_over(measures) == "Steel bracket grey RAL 7035"


@pytest.mark.parametrize("replaced", [2, 4])
def test_an_unknown_label_run_into_its_number_is_still_no_description(replaced):
    """ "Zorbel 184,00" one cell, a wider label printed where "Larg." was, between "Alt. 20,00"
    and "Prof. 120,00": a labelled number of the item's size, not more of its text."""
    measures = ["Zorbel" if n == replaced else text for n, text in enumerate(_MEASURES)]
    assert _description_over(measures, spaced_as_printed=False) == "Steel bracket grey RAL 7035"


def test_a_word_beside_a_wrapped_descriptions_first_line_past_its_edge_is_declined():
    """An untitled "Specification" printed on one line only ("INFRATECH" beside the first
    line of a description wrapped at a narrow edge): a column's word, not the text's."""
    items = _item(160, "AB-100", "1400H x 1200W", "1", "25.00", "25.00")
    items += [(205, 159, "INFRATECH"), (120, 172, "x 400D Double"), (120, 184, "Door Large")]
    items += _item(198, "CD-200", "Washers", "4", "1.25", "5.00")
    totals = _totals(220, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    with pytest.raises(ExtractionDeclined, match="untitled column's word: 'INFRATECH'"):
        _read(content)


def _code_beside(extra: list[tuple[float, float, str]]) -> bytes:
    """The plain order with its description set further right, and more words printed
    beside or under the item codes: an untitled column's."""
    titles = [(x if x != 120 else 200, y, t) for x, y, t in _titles()]
    items = _coded_items("1AP0854-00-P0054", "1AP0109-00-P0033", 188)
    items = [(x if x != 120 else 200, y, t) for x, y, t in items]
    return _page(_header() + titles + items + extra + _PLAIN_TOTALS)[0]


@pytest.mark.parametrize(
    "extra",
    [
        [(150, 160, "G4099"), (150, 188, "G3932")],  # a gutter right of each code
        [(150, 171, "35/2025")],  # under the code, right of where it ends
    ],
)
def test_a_code_run_into_another_columns_word_is_declined(extra):
    """ "1AP0854-00-P0054   G4099" or "50.041.00" over a delivery week further right: a
    code's words are a word's space apart and wrap back to its left edge, a column's are not;
    the next column's title is missing."""
    with pytest.raises(ExtractionDeclined, match="item code runs into another column"):
        _read(_code_beside(extra))


def test_a_code_wrapped_back_to_its_left_edge_is_still_read():
    order = _read(_code_beside([(50, 171, "REV-B")])).order
    assert [i.item_code for i in order.items] == ["1AP0854-00-P0054 REV-B", "1AP0109-00-P0033"]


def _empty_code_on_first_line(text: str) -> bytes:
    first = [part for part in _item(160, "", text, "10", "2.50", "25.00") if part[2]]
    second = _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    return _page(_header() + _titles() + first + second + _PLAIN_TOTALS)[0]


def test_a_text_opening_with_a_part_number_beside_an_empty_code_column_is_declined():
    """ "B4840A Block pallets" with nothing under "Code": the part number was printed where
    the text starts (a second code column's, its title missing); whose code it is, and
    whether it is one, cannot be told."""
    with pytest.raises(ExtractionDeclined, match="code column is empty"):
        _read(_empty_code_on_first_line("B4840A Block pallets"))


def test_a_text_opening_with_a_size_beside_an_empty_code_column_is_still_read():
    order = _read(_empty_code_on_first_line("48X40 Block pallets")).order
    assert [(i.item_code, i.description) for i in order.items] == [
        (None, "48X40 Block pallets"),
        ("CD-200", "Washers"),
    ]


def _positions_then_text(code: str) -> bytes:
    """SAP's "Item" (a position) and "Description" titles, a part number between them on
    the first line, its "Material" title not printed; the text flush under "Description"."""
    titles = [(45, 140, "Item")]
    titles += [(x if x != 120 else 200, y, t) for x, y, t in _titles() if t != "Code"]
    lines = []
    for y, position, text, quantity, price, amount in (
        (160, "00010", "PALLET WOOD CHEP", "10", "2.50", "25.00"),
        (174, "00020", "Washers", "4", "1.25", "5.00"),
    ):
        lines += [(45, y, position), (200, y, text), (-330, y, quantity), (345, y, "pcs")]
        lines += [(-440, y, price), (-540, y, amount)]
    lines += [(80, 160, code)]
    return _page(_header() + titles + lines + _PLAIN_TOTALS)[0]


@pytest.mark.parametrize("code", ["00000000700-101790", "IFL1412/400+"])
def test_a_part_number_left_of_text_flush_under_its_title_is_not_the_texts(code):
    try:
        order = _read(_positions_then_text(code)).order
    except ExtractionDeclined:
        return
    assert [i.description for i in order.items] == ["PALLET WOOD CHEP", "Washers"]
