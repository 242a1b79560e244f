"""The layout reader on orders typed into a spreadsheet and printed to PDF, and on forms
whose item table is followed by another table: a hyphen glyph named by three code points,
the line-total formula's zero on every empty row, a description cell centred over two
lines, a price shown rounded, a breakdown of the item under its own titles. Each page drawn
word by word."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest.lib.extraction.provenance import PrintedValues
from po_ingest_tests.support.drawn_pages import drawn_page
from po_ingest_tests.test_layout_reader import _header, _item, _read, _titles, _totals

# Office on a Mac (Quartz) maps the hyphen's glyph to "-", a soft hyphen and U+2010.
_QUARTZ_HYPHEN = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Quartz-hyphen def /CMapType 2 def
1 begincodespacerange <00> <FF> endcodespacerange
2 beginbfrange <20> <2C> <0020> <2E> <7E> <002E> endbfrange
1 beginbfchar <2D> <002D00AD2010> endbfchar
endcmap CMapName currentdict /CMap defineresource pop end end"""


def _with_quartz_hyphens(content: bytes) -> bytes:
    doc = pymupdf.open(stream=content, filetype="pdf")
    for xref, *_ in doc[0].get_fonts():
        cmap = doc.get_new_xref()
        doc.update_object(cmap, "<<>>")
        doc.update_stream(cmap, _QUARTZ_HYPHEN)
        doc.xref_set_key(xref, "ToUnicode", f"{cmap} 0 R")
    return doc.tobytes()


_PLAIN_ITEMS = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
_PLAIN_TOTALS = _totals(200, [("Subtotal", "25.00"), ("Total", "25.00")])


def test_a_hyphen_mapped_to_three_code_points_is_one_hyphen():
    """ "K-3249" as Excel on a Mac prints it ("K-\\xad\\u20103249" in the text layer): the
    number as printed, read and found on the page."""
    header = [(50, 80, "PO Number:"), (150, 80, "K-3249"), (50, 95, "Date:")]
    header += [(150, 95, "2026-03-05")]
    content, _ = drawn_page(
        header + _titles() + _PLAIN_ITEMS + _PLAIN_TOTALS, title="PURCHASE ORDER"
    )
    content = _with_quartz_hyphens(content)
    assert _read(content).order.po_number == "K-3249"
    assert PrintedValues(pymupdf.open(stream=content, filetype="pdf")).text("K-3249")


def _centred(centre: float, y: float, text: str) -> tuple[float, float, str]:
    return centre - pymupdf.get_text_length(text, fontname="helv", fontsize=9) / 2, y, text


_SHEET_TITLES = [
    (40, 140, "Qty"),
    (80, 140, "Item #"),
    (140, 140, "Color"),
    _centred(280, 140, "Description"),
    (-440, 140, "Price"),
    (-540, 140, "Total"),
]


def _sheet_line(y: float, qty: str, code: str, text: str, price: str, total: str):
    return [(40, y, qty), (80, y, code), _centred(280, y, text)] + [
        (-440, y, price),
        (-540, y, total),
    ]


def _sheet(zero_rows: int):
    lines = _sheet_line(160, "200", "H710", "Cooling Towel", "$1.57", "$313.20")
    lines += [(140, 160, "PURPLE")]
    # The cell's second line, centred: wider, it starts under the colour's column.
    lines += [_centred(280, 172, "with a one color screen print (WHITE)"), (-540, 172, "$0.00")]
    lines += _sheet_line(184, "1", "SU", "Set-Up Charge", "$48.00", "$48.00")
    lines += [(-540, 196 + 12 * n, "$0.00") for n in range(zero_rows)]
    below = 196 + 12 * zero_rows + 10
    return lines + _totals(below, [("SUBTOTAL:", "$361.20"), ("TOTAL DUE:", "$361.20")])


def test_a_sheets_zero_on_empty_rows_and_beside_a_cells_second_line_is_no_line():
    """The line-total formula prints $0.00 on every row of the sheet: empty rows are no
    lines, and the row holding the description's centred second line only continues it.
    The price is shown rounded (1.566 as 1.57): 200 is the one count that gives 313.20."""
    content, _ = drawn_page(_header() + _SHEET_TITLES + _sheet(zero_rows=6), title="PURCHASE ORDER")
    order = _read(content).order
    assert [(i.item_code, i.description, i.quantity, i.unit_price) for i in order.items] == [
        ("H710", "Cooling Towel with a one color screen print (WHITE)", 200, Decimal("1.57")),
        ("SU", "Set-Up Charge", 1, Decimal("48.00")),
    ]
    assert order.total == Decimal("361.20")


def test_a_zero_without_empty_rows_of_the_sheet_is_not_taken_for_the_formulas():
    """One zero alone under the items may be a sum: no sheet's formula, the row under the
    first line is one of its own, and incomplete."""
    content, _ = drawn_page(_header() + _SHEET_TITLES + _sheet(zero_rows=1), title="PURCHASE ORDER")
    with pytest.raises(ExtractionDeclined, match="incomplete"):
        _read(content)


@pytest.mark.parametrize(
    ("quantity", "price", "amount"),
    [
        ("199", "1.57", "313.20"),  # 313.20 / 199 is no price of four places
        ("1000", "0.05", "47.00"),  # 0.047 at 1,000 or 0.05 at 940: the count is not told
    ],
)
def test_a_rounded_price_that_does_not_tell_the_count_is_declined(quantity, price, amount):
    items = _item(160, "H710", "Cooling towel", quantity, price, amount)
    totals = _totals(200, [("Subtotal", amount), ("Total", amount)])
    content, _ = drawn_page(_header() + _titles() + items + totals, title="PURCHASE ORDER")
    with pytest.raises(ExtractionDeclined, match="do not add up"):
        _read(content)


def _numbered(date: str):
    return [(-540, 70, "PO #4711-1"), (-540, 84, date)]


def test_a_date_starting_with_its_month_under_the_labelled_number_is_the_orders():
    """ "PO #4711-1" over "Aug/14/2025", flush right: the order's date, as under the number
    a date starting with its day."""
    content, _ = drawn_page(
        _numbered("Aug/14/2025") + _titles() + _PLAIN_ITEMS + _PLAIN_TOTALS,
        title="PURCHASE ORDER",
    )
    assert _read(content).order.order_date == dt.date(2025, 8, 14)


def test_a_labelled_date_under_the_labelled_number_is_not_taken():
    content, _ = drawn_page(
        _numbered("Due Aug/14/2025") + _titles() + _PLAIN_ITEMS + _PLAIN_TOTALS,
        title="PURCHASE ORDER",
    )
    with pytest.raises(ExtractionDeclined, match="order date"):
        _read(content)


_MODEL_COLUMNS = (14, 50, 100, 250, -380, 390, -470, -560)


def _model_row(y: float, *texts: str):
    return [(x, y, text) for x, text in zip(_MODEL_COLUMNS, texts, strict=False) if text]


def test_a_variant_table_under_the_item_is_not_read_as_items():
    """SAP's Brazilian form: the model's priced table ("R$ Unit.", "R$ Total"), then
    "Dados Variante" with titles of its own breaking the quantity down by size and colour:
    not a second item."""
    header = [(50, 80, "Pedido:"), (150, 80, "29852927"), (50, 95, "Data Emissão:")]
    header += [(150, 95, "25.11.2025")]
    titles = _model_row(140, "Item", "Código", "Descrição", "Ref. Forn", "Qtd", "UM")
    titles += _model_row(140, *[""] * 6, "R$ Unit.", "R$ Total")
    line = _model_row(155, "00010", "986388", "KIT 3 MEIA", "I24OAE056", "4.545", "KIT")
    line += _model_row(155, *[""] * 6, "11,37", "51.676,65")
    variant = [(40, 175, "Dados Variante")]
    variant += [(14, 190, "Item"), (80, 190, "Código"), (170, 190, "EAN"), (260, 190, "Tamanho")]
    variant += [(-340, 190, "Qtd"), (360, 190, "Cód. Cor"), (430, 190, "Cor Forn")]
    variant += [(14, 205, "00011"), (80, 205, "986388012210"), (170, 205, "7909607654377")]
    variant += [(260, 205, "UNI"), (-340, 205, "4.545"), (360, 205, "01"), (430, 205, "110601")]
    totals = [(380, 230, "Valor da Mercadoria:"), (-560, 230, "51.676,65")]
    totals += [(380, 244, "Total Geral:"), (-560, 244, "51.676,65")]
    content, _ = drawn_page(header + titles + line + variant + totals, title="PEDIDO")
    order = LocalExtractor().extract(Document(content, "application/pdf", "b")).order
    assert [
        (i.line_number, i.item_code, i.quantity, i.unit_price, i.line_total) for i in order.items
    ] == [(10, "986388", Decimal("4545"), Decimal("11.37"), Decimal("51676.65"))]
