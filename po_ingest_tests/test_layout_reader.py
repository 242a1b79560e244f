"""The general layout reader on small hand-made pages: what it reads, where, and what it
declines. Each page is drawn word by word so one test changes one thing."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.checks import unboxed_values
from po_ingest.lib.extraction.documents import text_layers
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest.lib.extraction.local.columns import (
    ORDER_COLUMNS,
    UNIT_COUNTED_ORDER_COLUMNS,
    titled_columns,
)
from po_ingest.lib.extraction.local.grid import GridTables, grid_headers
from po_ingest.lib.extraction.local.layout import page_rows
from po_ingest.lib.extraction.local.values import find_currency, parse_amount, parse_date
from po_ingest.lib.extraction.local.vocabulary import phrase_pattern, vocabulary
from po_ingest.lib.models import Box, ExtractedPurchaseOrder, ExtractionResult
from po_ingest_tests.support.drawn_pages import drawn_page

LANGUAGES = {"en", "de", "fr", "es", "nl", "it", "pt"}
# Column x positions: code, description, quantity (right edge), unit, price and total (right).
X = {"code": 50, "description": 120, "quantity": 330, "unit": 345, "unit_price": 440, "total": 540}


def _page(
    lines: list[tuple[float, float, str]], *, title: str = "PURCHASE ORDER"
) -> tuple[bytes, pymupdf.Document]:
    """A one-page PDF: a large title, then `lines` as (x, y, text); x < 0 means right-aligned
    at -x."""
    return drawn_page(lines, title=title)


def _header(po_label: str = "PO Number:", date_label: str = "Date:", date: str = "2026-03-05"):
    return [(50, 80, po_label), (150, 80, "PO-2026-0042"), (50, 95, date_label), (150, 95, date)]


def _titles(y: float = 140, price: str = "Unit Price"):
    return [
        (X["code"], y, "Code"),
        (X["description"], y, "Description"),
        (-X["quantity"], y, "Qty"),
        (X["unit"], y, "Unit"),
        (-X["unit_price"], y, price),
        (-X["total"], y, "Amount"),
    ]


def _item(y: float, code: str, text: str, qty: str, price: str, total: str):
    return [
        (X["code"], y, code),
        (X["description"], y, text),
        (-X["quantity"], y, qty),
        (X["unit"], y, "pcs"),
        (-X["unit_price"], y, price),
        (-X["total"], y, total),
    ]


def _totals(y: float, rows: list[tuple[str, str]]):
    return [
        part
        for n, (label, value) in enumerate(rows)
        for part in (
            (380, y + 14 * n, label),
            (-X["total"], y + 14 * n, value),
        )
    ]


_ITEMS = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + _item(
    174, "CD-200", "Washers", "4", "1.25", "5.00"
)
_PLAIN_TOTALS = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])


def _read(content: bytes):
    return LocalExtractor().extract(Document(content, "application/pdf", "b"))


def test_reads_a_plain_order_with_a_box_for_every_value():
    content, pdf = _page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS)
    result = _read(content)
    order = result.order
    assert (order.po_number, order.order_date, order.total) == (
        "PO-2026-0042",
        dt.date(2026, 3, 5),
        Decimal("36.00"),
    )
    assert [(i.item_code, i.description, i.line_total) for i in order.items] == [
        ("AB-100", "Steel bolts M8", Decimal("25.00")),
        ("CD-200", "Washers", Decimal("5.00")),
    ]
    box = result.provenance["po_number"]
    assert pdf[box.page].get_textbox(pymupdf.Rect(box.bbox)).strip() == "PO-2026-0042"
    total_box = result.provenance["items.1.line_total"]
    assert pdf[0].get_textbox(pymupdf.Rect(total_box.bbox)).strip() == "5.00"


def test_a_header_wrapped_onto_two_lines_is_one_column_title():
    titles = [t for t in _titles() if t[2] != "Unit Price"] + [
        (-X["unit_price"], 131, "Unit"),
        (-X["unit_price"], 140, "Price"),
    ]
    content, _ = _page(_header() + titles + _ITEMS + _PLAIN_TOTALS)
    assert [i.unit_price for i in _read(content).order.items] == [Decimal("2.50"), Decimal("1.25")]


def test_a_note_row_inside_the_table_is_not_an_item_and_a_wrapped_cell_continues():
    items = (
        _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
        + [(X["description"], 170, "zinc plated")]
        + [(X["code"], 186, "Note: deliver both lines together to gate 2")]
        + _item(200, "CD-200", "Washers", "4", "1.25", "5.00")
    )
    totals = _totals(226, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert [i.description for i in order.items] == ["Steel bolts M8 zinc plated", "Washers"]


def test_items_after_wide_space_under_the_header_or_before_a_group_heading_are_read():
    items = (
        _item(190, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
        + [(X["description"], 250, "2nd floor")]
        + _item(264, "CD-200", "Washers", "4", "1.25", "5.00")
    )
    totals = _totals(290, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert [(i.item_code, i.line_total) for i in order.items] == [
        ("AB-100", Decimal("25.00")),
        ("CD-200", Decimal("5.00")),
    ]


@pytest.mark.parametrize("title", ["Mat Code", "Material Code"])
def test_a_material_code_column_holds_the_item_code(title):
    titles = [(X["code"], 140, title)] + _titles()[1:]
    content, _ = _page(_header() + titles + _ITEMS + _PLAIN_TOTALS)
    assert [i.item_code for i in _read(content).order.items] == ["AB-100", "CD-200"]


def test_a_count_headed_unit_beside_unit_price_and_amount_is_the_quantity():
    titles = [t for t in _titles() if t[2] not in ("Qty", "Unit")] + [(-X["quantity"], 140, "Unit")]
    items = [part for part in _ITEMS if part[0] != X["unit"]]
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    assert [(i.quantity, i.unit) for i in _read(content).order.items] == [
        (Decimal("10"), None),
        (Decimal("4"), None),
    ]


def test_a_tax_rate_a_column_left_of_its_amount_is_not_part_of_it():
    items = _item(160, "AB-100", "Steel bolts M8", "10", "100.00", "1,000.00")
    totals = _totals(190, [("Subtotal", "1,000.00")]) + [
        (380, 204, "Sales Tax (%)"),
        (-470, 204, "12"),
        (-X["total"], 204, "120.00"),
        (380, 218, "Total"),
        (-X["total"], 218, "1,120.00"),
    ]
    content, _ = _page(_header() + _titles() + items + totals)
    assert _read(content).order.tax == Decimal("120.00")


def test_a_currency_code_in_a_cell_between_label_and_amount_is_not_the_label():
    totals = [
        (300, 200, "Total net value excl. tax"),
        (-480, 200, "EUR"),
        (-X["total"], 200, "30.00"),
    ]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    order = _read(content).order
    assert (order.total, order.currency) == (Decimal("30.00"), "EUR")


def test_a_title_wrapped_above_and_below_a_one_line_header_is_a_column_of_its_own():
    titles = _titles() + [(250, 135, "Delivery"), (254, 145, "Date")]
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + [(250, 160, "21-05-26")]
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    assert [i.description for i in _read(content).order.items] == ["Steel bolts M8", "Washers"]


@pytest.mark.parametrize(
    ("description", "price", "amount"),
    [
        ("Product/Service Description", "Net Rate", "Amount [Rs.]"),
        ("Description", "Unit Price", "Amount (EUR)"),
    ],
)
def test_column_titles_with_a_bracketed_currency(description, price, amount):
    titles = [
        (X["code"], 140, "Code"),
        (X["description"], 140, description),
        (-X["quantity"], 140, "Qty"),
        (X["unit"], 140, "Unit"),
        (-X["unit_price"], 140, price),
        (-X["total"], 140, amount),
    ]
    content, _ = _page(_header() + titles + _ITEMS + _PLAIN_TOTALS)
    assert [i.line_total for i in _read(content).order.items] == [Decimal("25.00"), Decimal("5.00")]


def test_item_code_and_description_in_one_cell():
    titles = [
        (X["code"], 140, "Item / Description"),
        (-X["quantity"], 140, "Qty"),
        (-X["unit_price"], 140, "Price"),
        (-X["total"], 140, "Total"),
    ]
    rows = [
        (X["code"], 160, "AB-100 Steel bolts M8"),
        (-X["quantity"], 160, "10"),
        (-X["unit_price"], 160, "2.50"),
        (-X["total"], 160, "25.00"),
    ]
    totals = _totals(190, [("Subtotal", "25.00"), ("VAT 20%", "5.00"), ("Total", "30.00")])
    content, _ = _page(_header() + titles + rows + totals)
    (item,) = _read(content).order.items
    assert (item.item_code, item.description) == ("AB-100", "Steel bolts M8")


def test_totals_with_a_discount_shipping_and_two_tax_rates():
    totals = _totals(
        200,
        [
            ("Subtotal", "30.00"),
            ("Discount 10%", "-3.00"),
            ("Shipping", "12.00"),
            ("VAT 20%", "6.00"),
            ("VAT 5%", "0.50"),
            ("Total", "45.50"),
        ],
    )
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    result = _read(content)
    order = result.order
    assert (order.allowances, order.charges, order.tax) == (
        Decimal("3.00"),
        Decimal("12.00"),
        Decimal("6.50"),
    )
    assert {"allowances", "charges", "tax"} <= set(result.provenance)


def test_a_total_with_tax_added_under_it_and_a_grand_total_is_the_subtotal():
    totals = _totals(
        200, [("Total :", "30.00"), ("Add : GST Amount", "6.00"), ("Grand Total", "36.00")]
    )
    order = _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.00"),
        Decimal("36.00"),
    )


def test_a_number_ending_a_phrase_in_its_own_cell_is_not_a_totals_amount():
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    footer = [(50, 207, "VAT BE 0412.345.678"), (-X["total"], 207, "Date 13 November 2025")]
    order = _read(_page(_header() + _titles() + _ITEMS + totals + footer)[0]).order
    assert (order.tax, order.total) == (Decimal("6.00"), Decimal("36.00"))


def test_a_total_that_does_not_add_up_is_declined():
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "37.00")])
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    with pytest.raises(ExtractionDeclined, match="do not add up"):
        _read(content)


@pytest.mark.parametrize(
    ("title", "po_label", "date_label", "date", "iso"),
    [
        ("ORDEN DE COMPRA", "Orden de compra Nº:", "Fecha:", "03/04/2026", "2026-04-03"),
        ("BON DE COMMANDE", "N° de commande :", "Date :", "5 mars 2026", "2026-03-05"),
        ("BESTELLUNG", "Bestell-Nr.:", "Datum:", "5. März 2026", "2026-03-05"),
        ("INKOOPORDER", "Inkoopordernummer", "Orderdatum", "03-04-2026", "2026-04-03"),
        ("ORDINE D'ACQUISTO", "Numero ordine:", "Data:", "5 marzo 2026", "2026-03-05"),
        ("ORDEM DE COMPRA", "Nº pedido:", "Data:", "5 de março de 2026", "2026-03-05"),
        ("PURCHASE ORDER", "P/O No.:", "Date:", "04/23/2026", "2026-04-23"),
        ("PURCHASE ORDER", "PO:", "Issued:", "March 5th, 2026", "2026-03-05"),
        ("PURCHASE ORDER", "PO Number", "Document Date", "01/18/2026", "2026-01-18"),
        ("BESTELLUNG", "Bestellnummer", "Belegdatum", "05.03.2026", "2026-03-05"),
    ],
)
def test_labels_in_each_language_and_the_language_reads_the_date(
    title, po_label, date_label, date, iso
):
    content, _ = _page(
        _header(po_label, date_label, date) + _titles() + _ITEMS + _PLAIN_TOTALS, title=title
    )
    order = _read(content).order
    assert (order.po_number, order.order_date.isoformat()) == ("PO-2026-0042", iso)


@pytest.mark.parametrize(
    ("delivery", "iso"),
    [("04/23/2026", "2026-03-04"), ("23/04/2026", "2026-04-03"), ("1/14/26", "2026-03-04")],
)
def test_the_documents_other_dates_decide_how_an_ambiguous_one_reads(delivery, iso):
    header = _header(date="03/04/2026") + [(50, 110, "Delivery date:"), (150, 110, delivery)]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    assert _read(content).order.order_date.isoformat() == iso


def test_an_english_day_month_date_that_reads_both_ways_is_declined():
    content, _ = _page(_header(date="03/04/2026") + _titles() + _ITEMS + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="order date"):
        _read(content)


@pytest.mark.parametrize(
    "title",
    [
        "INVOICE",
        "Rechnung",
        "Handelsrechnung",
        "FACTURE",
        "Factura",
        "Fattura",
        "Factuur",
        "Fatura",
        "Credit Note",
        "Receipt",
        "Pedido de cotação",
        "Solicitud de cotización",
        "Request for Quotation",
        "RETURN AUTHORIZATION",
        "RMA",
        "Rücksendegenehmigung",
        "Autorisation de retour",
        "Autorización de devolución",
        "Retourmachtiging",
        "Autorizzazione al reso",
        "Autorização de devolução",
    ],
)
def test_invoices_receipts_credit_and_delivery_notes_are_never_purchase_orders(title):
    content, _ = _page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS, title=title)
    with pytest.raises(ExtractionDeclined, match="not a purchase order"):
        _read(content)


@pytest.mark.parametrize(
    "title",
    ["Delivery Note", "Lieferschein", "Bon de livraison", "Albarán", "Pakbon", "Packing Slip"],
)
def test_a_delivery_note_is_declined_with_a_retry_as_delivery_note(title):
    content, _ = _page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS, title=title)
    with pytest.raises(ExtractionDeclined) as declined:
        _read(content)
    assert str(declined.value).endswith(
        ": this looks like a delivery note — retry as delivery note"
    )


def test_the_vocabulary_covers_seven_languages_and_phrases_tolerate_punctuation():
    words = vocabulary()
    for field in ("po_number", "order_date", "supplier_name", "project_code", "currency"):
        assert set(words["labels"][field]) == LANGUAGES, field
    kinds = ("purchase_order", "delivery_note", "invoice", "credit_note", "receipt")
    for kind in (*kinds, "return_authorization"):
        assert set(words["titles"][kind]) == LANGUAGES, kind
    import re

    pattern = re.compile(rf"^{phrase_pattern('p/o no.')}$", re.IGNORECASE)
    assert pattern.match("P/O No.") and pattern.match("P/O No") and not pattern.match("PO")


@pytest.mark.parametrize(
    ("text", "decimal_comma", "value"),
    [
        ("1 234,56", None, "1234.56"),
        ("1\u00a0234,56 €", None, "1234.56"),
        ("1.234,56 EUR", None, "1234.56"),
        ("EUR 1.234,56", None, "1234.56"),
        ("1'234.56", None, "1234.56"),
        ("CHF 1'234.56", None, "1234.56"),
        ("£1,234.56", None, "1234.56"),
        ("12.50-", None, "-12.50"),
        ("(1,234.56)", None, "-1234.56"),
        ("-€5.00", None, "-5.00"),
        ("(-)0.04", None, "-0.04"),
        ("(12.50", None, None),
        ("-12.50-", None, None),
        ("1,234,56", None, None),
        ("$5.75000", None, "5.75"),
        ("2.150 KD", False, "2.150"),
        ("\u0662\u0661", None, None),  # "21" in Arabic digits, as pymupdf reverses 12
    ],
)
def test_amounts_in_every_common_locale(text, decimal_comma, value):
    assert parse_amount(text, decimal_comma) == (Decimal(value) if value else None)


@pytest.mark.parametrize(
    ("text", "language", "iso"),
    [
        ("03/04/2026", "es", "2026-04-03"),
        ("03/04/2026", "fr", "2026-04-03"),
        ("03/04/2026", "en", None),
        ("03/04/2026", None, None),
        ("04/23/2026", "en", "2026-04-23"),
        ("23/04/2026", "en", "2026-04-23"),
        ("2026/04/23", None, "2026-04-23"),
        ("12 de marzo de 2024", "es", "2024-03-12"),
        ("12 mars 2024", "fr", "2024-03-12"),
        ("12 maart 2024", "nl", "2024-03-12"),
        ("12 marzo 2024", "it", "2024-03-12"),
        ("12 de março de 2024", "pt", "2024-03-12"),
        ("March 12th, 2024", "en", "2024-03-12"),
        ("12.03.24", "de", "2024-03-12"),
    ],
)
def test_dates_in_every_common_format_with_the_language_deciding_day_and_month(text, language, iso):
    parsed = parse_date(text, language)
    assert (parsed.isoformat() if parsed else None) == iso


def test_a_unit_printed_with_the_quantity_and_a_tax_line_naming_its_base():
    titles = [t for t in _titles() if t[2] != "Unit"]
    item = [
        t
        for t in _item(160, "AB-100", "Steel bolts M8", "10 pcs", "2.50", "25.00")
        if t[2] != "pcs"
    ]
    totals = [
        (380, 190, "Subtotal"),
        (-X["total"], 190, "25.00"),
        (380, 204, "VAT 20% on"),
        (-X["unit_price"], 204, "25.00"),  # the base, between the label and the tax
        (-X["total"], 204, "5.00"),
        (380, 218, "Total"),
        (-X["total"], 218, "30.00"),
    ]
    content, _ = _page(_header() + titles + item + totals)
    order = _read(content).order
    (line,) = order.items
    assert (line.quantity, line.unit, order.tax) == (Decimal("10"), "pcs", Decimal("5.00"))


def _ruled_grid(po_label: str = "PO Number:", letterhead: tuple[str, ...] = ()) -> bytes:
    """Titles right-aligned over numbers left-aligned in wide ruled cells: only the grid's
    lines say which column a number is in. `letterhead` lines print above the order."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 50), "PURCHASE ORDER", fontname="hebo", fontsize=18)
    page.insert_text((50, 80), f"{po_label} PO-7", fontname="helv", fontsize=9)
    page.insert_text((50, 95), "Date: 2026-03-05", fontname="helv", fontsize=9)
    for n, line in enumerate(letterhead):
        page.insert_text((300, 62 + 5 * n), line, fontname="helv", fontsize=4)
    edges = (50, 200, 330, 430, 545)
    titles = ("Description", "Qty", "Unit Price", "Amount")
    rows = [titles, ("Steel bolts M8", "10", "2.50", "25.00"), ("Washers", "4", "1.25", "5.00")]
    for n, cells in enumerate(rows):
        top = 130 + 18 * n
        for left, right, text in zip(edges, edges[1:], cells, strict=False):
            page.draw_rect(pymupdf.Rect(left, top, right, top + 18), width=0.6)
            width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            x = right - 4 - width if n == 0 and left > 50 else left + 4
            page.insert_text((x, top + 12), text, fontname="helv", fontsize=9)
    for n, (label, value) in enumerate(
        (("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00"))
    ):
        page.insert_text((380, 210 + 14 * n), label, fontname="helv", fontsize=9)
        page.insert_text((500, 210 + 14 * n), value, fontname="helv", fontsize=9)
    return doc.tobytes()


@pytest.mark.parametrize(
    "letterhead", [(), ("Total quality since 1950", *(f"Branch {n}" for n in range(12)))]
)
def test_a_ruled_grid_gives_the_columns_when_the_titles_do_not_line_up_with_the_numbers(
    letterhead,
):
    order = _read(_ruled_grid(letterhead=letterhead)).order
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal("10"), Decimal("2.50"), Decimal("25.00")),
        (Decimal("4"), Decimal("1.25"), Decimal("5.00")),
    ]


def test_without_the_table_finder_that_grid_is_declined_not_misread(monkeypatch):
    import po_ingest.lib.extraction.local as local

    monkeypatch.setattr(local, "grid_headers", lambda pdf, rows, kind: {})
    with pytest.raises(ExtractionDeclined, match="incomplete"):
        _read(_ruled_grid())


def test_a_missing_po_number_is_declined_without_the_slow_table_finder(monkeypatch):
    import po_ingest.lib.extraction.local as local

    def table_finder(pdf, rows):
        raise AssertionError("the table finder cannot bring back a header field")

    monkeypatch.setattr(local, "grid_headers", table_finder)
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(_ruled_grid(po_label="Reference:"))


def test_unboxed_values_lists_every_non_null_value_without_a_box():
    order = ExtractedPurchaseOrder.model_validate(
        {
            "po_number": "PO-1",
            "items": [{"description": "Bolts", "line_total": "5.00"}],
            "total": "5.00",
        }
    )
    box = Box(page=0, bbox=(1, 2, 3, 4))
    result = ExtractionResult(
        order=order, extractor="local", provenance={"po_number": box, "items.0.description": box}
    )
    assert unboxed_values(result) == ["currency", "total", "items.0.line_total"]


def test_an_order_that_prints_no_currency_keeps_the_default_and_says_so():
    result = _read(_page(_header() + _titles() + _ITEMS + _PLAIN_TOTALS)[0])
    assert result.provenance["currency"] is None
    assert result.warnings == ["currency_not_printed"]


@pytest.mark.parametrize(
    ("address", "default", "warnings"),
    [
        ("Ship to: 12 Harbour Rd, Vancouver BC", "EUR", ["currency_from_dollar_sign"]),
        ("Ship to: 12 Main St, Tualatin, OR 97062", "EUR", []),
        ("Ship to: 4122 Metric Drive, Winter Park 32792 FL US", "EUR", []),
        ("Ship to: 12 Harbour Rd, Vancouver BC", "USD", []),
    ],
)
def test_a_bare_dollar_read_as_the_us_dollar_is_flagged_unless_the_page_says_where(
    address, default, warnings, monkeypatch
):
    """Canada, Australia or Singapore print "$" as the United States do: a "$" alone is taken
    for USD, with a warning for the reviewer unless a US address or the configured default
    settles it."""
    monkeypatch.setenv("PO_INGEST_DEFAULT_CURRENCY", default)
    totals = _totals(200, [("Subtotal", "$30.00"), ("VAT 20%", "$6.00"), ("Total", "$36.00")])
    result = _read(_page(_header() + [(50, 110, address)] + _titles() + _ITEMS + totals)[0])
    assert (result.order.currency, result.warnings) == ("USD", warnings)


@pytest.mark.parametrize(
    ("label", "supplier"), [("Supplier:", "ACME Fasteners Ltd"), ("Supplier", None)]
)
def test_a_value_below_its_label_and_one_beside_it_that_disagree_are_not_guessed(label, supplier):
    header = _header() + [(50, 110, label), (150, 110, "ACME Fasteners Ltd"), (50, 122, "Bolt Co")]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    assert _read(content).order.supplier_name == supplier


@pytest.mark.parametrize("label", ["Supplier Account", "Vendor Acct", "Lieferant Konto"])
def test_a_suppliers_account_is_not_the_suppliers_name(label):
    header = _header() + [(50, 110, label), (50, 122, "WOL001")]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    assert _read(content).order.supplier_name is None


def test_a_po_box_is_not_a_purchase_order_number():
    header = [(50, 80, "PO Box 4411"), (50, 95, "Date:"), (150, 95, "2026-03-05")]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="purchase-order number"):
        _read(content)


def _discounted_order(quantity: str, discount: str, amount: str) -> bytes:
    titles = [
        (X["code"], 140, "Code"),
        (X["description"], 140, "Description"),
        (-X["quantity"], 140, "Qty"),
        (-400, 140, "Price"),
        (-460, 140, "Disc. %"),
        (-X["total"], 140, "Amount"),
    ]
    row = [
        (X["code"], 160, "AB-1"),
        (X["description"], 160, "Bolts"),
        (-X["quantity"], 160, quantity),
        (-400, 160, "2.50"),
        (-460, 160, discount),
        (-X["total"], 160, amount),
    ]
    totals = _totals(190, [("Subtotal", amount), ("Total", amount)])
    return _page(_header() + titles + row + totals)[0]


def test_a_line_whose_amount_is_not_its_price_less_the_discount_is_declined():
    """The price is left out of a discounted line, so its amount is what the arithmetic
    checks: unchecked, a misread quantity would go unseen."""
    assert _read(_discounted_order("10", "10", "22.50")).order.items[0].line_total == Decimal(
        "22.50"
    )
    with pytest.raises(ExtractionDeclined, match="does not add up with the discount"):
        _read(_discounted_order("12", "10", "22.50"))


def test_a_discounted_line_prints_no_unit_price_of_its_own():
    """The printed price is before the discount and the net one is printed nowhere: the
    line keeps its amount and no price (typed orders keep the printed one, of which the
    amount is not quantity ×)."""
    titles = [
        (X["code"], 140, "Codice"),
        (X["description"], 140, "Descrizione"),
        (-X["quantity"], 140, "Q.tà"),
        (-400, 140, "Prezzo"),
        (-460, 140, "Sconto %"),
        (-X["total"], 140, "Importo"),
    ]
    row = [
        (X["code"], 160, "AB-1"),
        (X["description"], 160, "Bulloni"),
        (-X["quantity"], 160, "10"),
        (-400, 160, "2,50"),
        (-460, 160, "10"),
        (-X["total"], 160, "22,50"),
    ]
    totals = _totals(190, [("Imponibile", "22,50"), ("IVA 22%", "4,95"), ("Totale", "27,45")])
    header = _header("Numero ordine:", "Data:", "05/03/2026")
    content, _ = _page(header + titles + row + totals, title="ORDINE D'ACQUISTO")
    (item,) = _read(content).order.items
    assert (item.unit_price, item.line_total) == (None, Decimal("22.50"))


@pytest.mark.parametrize(
    ("printed", "position", "code"), [("1", 1, None), ("0010", 10, None), ("BX-9", None, "BX-9")]
)
def test_an_item_column_holds_a_position_or_a_code(printed, position, code):
    titles = [(X["code"], 140, "Item")] + _titles()[1:]
    rows = [(X["code"], 160, printed)] + _item(160, "", "Steel bolts M8", "10", "2.50", "25.00")[1:]
    totals = _totals(190, [("Subtotal", "25.00"), ("VAT 20%", "5.00"), ("Total", "30.00")])
    content, _ = _page(_header() + titles + rows + totals)
    (item,) = _read(content).order.items
    assert (item.line_number, item.item_code) == (position, code)


def test_a_reference_under_an_item_a_glossed_unit_and_a_freight_subtotal():
    titles = [(X["code"], 140, "Item"), *_titles()[1:]]
    row = [
        (X["code"], 160, "0010"),
        (X["description"], 160, "Pallet"),
        (-X["quantity"], 160, "10"),
        (X["unit"], 160, "EA(each)"),
        (-X["unit_price"], 160, "2.50"),
        (-X["total"], 160, "25.00"),
        (X["description"], 171, "Account No. 4000216565"),
    ]
    totals = _totals(190, [("Subtotal", "25.00"), ("Subtotal Freight", "5.00"), ("Total", "30.00")])
    content, _ = _page(_header() + titles + row + totals)
    order = _read(content).order
    (item,) = order.items
    assert (item.line_number, item.description, item.unit) == (10, "Pallet", "EA")
    assert (order.subtotal, order.charges) == (Decimal("25.00"), Decimal("5.00"))


def test_a_note_written_across_the_columns_with_numbers_in_it_is_not_an_item():
    note = "Deliver via gate 3 on 15.03.2026 and call the site office 24 h ahead"
    rows = _ITEMS + [(X["description"], 188, note)]
    totals = _totals(214, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + rows + totals)
    order = _read(content).order
    assert [i.description for i in order.items] == ["Steel bolts M8", "Washers"]


def test_a_second_title_line_names_the_rows_under_each_item_not_their_description():
    subtitles = [(X["description"] + 4, 151, "Price count/item"), (200, 151, "Pick count conv.")]
    rows = [
        *_item(166, "AB-100", "Steel bolts M8", "10", "2.50", "25.00"),
        (X["description"] + 10, 177, "1 EA / 1 EA"),
        *_item(192, "CD-200", "Washers", "4", "1.25", "5.00"),
        (X["description"] + 10, 203, "1 EA / 1 EA"),
    ]
    totals = _totals(225, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + subtitles + rows + totals)
    order = _read(content).order
    assert [i.description for i in order.items] == ["Steel bolts M8", "Washers"]


def test_a_total_with_a_tax_line_under_it_and_no_total_after_that_is_declined():
    totals = _totals(200, [("Total", "30.00"), ("VAT 20%", "6.00")])
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    with pytest.raises(ExtractionDeclined, match="a tax line under the total"):
        _read(content)


def test_a_balance_due_repeating_the_total_is_fine():
    rows = [
        ("Subtotal", "30.00"),
        ("VAT 20%", "6.00"),
        ("Total", "36.00"),
        ("Balance due", "36.00"),
    ]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    assert _read(content).order.total == Decimal("36.00")


_COMMA_ITEMS = _item(160, "AB-100", "Steel bolts M8", "10", "2,50", "25,00") + _item(
    174, "CD-200", "Washers", "4", "1,25", "5,00"
)


@pytest.mark.parametrize(
    ("title", "po_label", "rows", "adjustments"),
    [
        (
            "ORDINE D'ACQUISTO",
            "Numero ordine",
            [
                ("Totale merce", "30,00"),
                ("Sconto 3%", "0,90-"),
                ("Spese di trasporto", "12,00"),
                ("IVA 22%", "5,50"),
                ("IVA 10%", "0,50"),
                ("Totale documento EUR", "47,10"),
            ],
            ("0.90", "12.00", "6.00"),
        ),
        (
            "NOTA DE ENCOMENDA",
            "N.º da encomenda",
            [
                ("Total ilíquido", "30,00"),
                ("Desconto comercial 5%", "-1,50"),
                ("Portes", "10,00"),
                ("IVA 23%", "5,75"),
                ("IVA 6%", "0,30"),
                ("Total (EUR)", "44,55"),
            ],
            ("1.50", "10.00", "6.05"),
        ),
    ],
)
def test_italian_and_portuguese_totals_blocks(title, po_label, rows, adjustments):
    header = _header(po_label, "Data", "05/03/2026")
    content, _ = _page(header + _titles() + _COMMA_ITEMS + _totals(200, rows), title=title)
    order = _read(content).order
    assert order.subtotal == Decimal("30.00")
    assert (order.allowances, order.charges, order.tax) == tuple(map(Decimal, adjustments))


def test_an_abbreviated_discount_column_and_a_vat_rate_column():
    titles = [
        (X["code"], 140, "Artigo"),
        (X["description"], 140, "Designação"),
        (-X["quantity"], 140, "Qtd."),
        (-400, 140, "Preço"),
        (-440, 140, "Sc. %"),
        (-485, 140, "Taxa IVA"),
        (-X["total"], 140, "Valor"),
    ]
    row = [
        (X["code"], 160, "AB-1"),
        (X["description"], 160, "Parafusos"),
        (-X["quantity"], 160, "10"),
        (-400, 160, "2,50"),
        (-440, 160, "10"),
        (-485, 160, "23%"),
        (-X["total"], 160, "22,50"),
    ]
    totals = _totals(190, [("Total ilíquido", "22,50"), ("IVA 23%", "5,18"), ("Total", "27,68")])
    header = _header("N.º da encomenda", "Data", "1º de março de 2026")
    content, _ = _page(header + titles + row + totals, title="NOTA DE ENCOMENDA")
    order = _read(content).order
    (item,) = order.items
    assert (item.unit_price, item.line_total) == (None, Decimal("22.50"))
    assert order.order_date == dt.date(2026, 3, 1)


def test_in_a_padded_table_a_text_row_one_row_pitch_down_is_not_a_wrapped_line():
    rows = (
        _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
        + _item(176, "CD-200", "Washers", "4", "1.25", "5.00")
        + [(X["description"], 192, "Delivery requested by 18/11/2025")]
    )
    totals = _totals(226, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + rows + totals)
    assert [i.description for i in _read(content).order.items] == ["Steel bolts M8", "Washers"]


def _line(y: float, cells: list[tuple[float, str]]):
    return [(x, y, text) for x, text in cells]


def test_a_brazilian_order_with_signed_adjustments_ipi_and_a_cnpj_in_the_header():
    # x: Item, Código, Descrição, Qtde (right), Un., Vlr. Unit. (right), Vlr. Total (right)
    xs = (50, 75, 140, -330, 345, -440, -540)
    titles = _line(
        140,
        list(
            zip(
                xs,
                ("Item", "Código", "Descrição", "Qtde", "Un.", "Vlr. Unit.", "Vlr. Total"),
                strict=True,
            )
        ),
    )
    rows = _line(
        160,
        list(zip(xs, ("1", "AB-100", "Parafusos M8", "10", "UN", "2,50", "25,00"), strict=True)),
    )
    rows += _line(
        174, list(zip(xs, ("2", "CD-200", "Arruelas", "4", "UN", "1,25", "5,00"), strict=True))
    )
    totals = _totals(
        200,
        [
            ("Total dos Produtos", "R$ 30,00"),
            ("(-) Desconto", "R$ 3,00"),
            ("(+) Frete", "R$ 10,00"),
            ("(+) Valor do IPI", "R$ 1,85"),
            ("Valor Total do Pedido", "R$ 38,85"),
        ],
    )
    header = [(300, 65, "CNPJ: 12.345.678/0001-90")] + _header(
        "Nº do Pedido", "Data de Emissão", "05/03/2026"
    )
    content, _ = _page(header + titles + rows + totals, title="PEDIDO DE COMPRA")
    order = _read(content).order
    assert (order.po_number, order.currency, order.order_date) == (
        "PO-2026-0042",
        "BRL",
        dt.date(2026, 3, 5),
    )
    assert [i.line_number for i in order.items] == [1, 2]
    assert (order.subtotal, order.allowances, order.charges, order.tax, order.total) == tuple(
        map(Decimal, ("30.00", "3.00", "10.00", "1.85", "38.85"))
    )


_MX_COLUMNS = (50, 90, 140, -330, 345, -440, -540)


def _mexican_order(total: str, currency_label: bool) -> bytes:
    names = ("Partida", "Clave", "Descripción", "Cant.", "U. de M.", "P. Unitario", "Importe")
    titles = _line(140, list(zip(_MX_COLUMNS, names, strict=True)))
    rows = _line(
        160,
        list(
            zip(
                _MX_COLUMNS, ("1", "AB-100", "Tornillos", "10", "PZA", "2.50", "25.00"), strict=True
            )
        ),
    )
    totals = _totals(
        190, [("Subtotal", "$ 25.00"), ("Flete", "$ 5.00"), ("IVA 16%", "$ 4.80"), ("Total", total)]
    )
    header = _header("Orden de Compra No.", "Fecha de emisión", "05-mar-2026")
    if currency_label:
        header.append((50, 110, "Moneda: MXN"))
    return _page(header + titles + rows + totals, title="ORDEN DE COMPRA")[0]


@pytest.mark.parametrize(("total", "label"), [("$ 34.80 MXN", False), ("$ 34.80", True)])
def test_a_peso_order_printing_dollar_signs_reads_its_currency_from_the_code(total, label):
    order = _read(_mexican_order(total, label)).order
    assert (order.currency, order.total, order.charges) == (
        "MXN",
        Decimal("34.80"),
        Decimal("5.00"),
    )
    assert order.order_date == dt.date(2026, 3, 5)


def test_a_dollar_sign_alone_outside_english_is_declined_not_read_as_usd():
    with pytest.raises(ExtractionDeclined, match="peso"):
        _read(_mexican_order("$ 34.80", False))


@pytest.mark.parametrize(
    ("foot", "head", "title", "labels"),
    [
        ("A riportare", "Riporto", "ORDINE A FORNITORE", ("N. ordine", "Data")),
        ("Over te dragen", "Overdracht", "BESTELBON", ("Bestelbon nr.", "Besteldatum")),
        ("Carried forward", "Brought forward", "PURCHASE ORDER", ("PO Number:", "Date:")),
    ],
)
def test_running_sums_at_a_page_break_are_not_items(foot, head, title, labels):
    doc = pymupdf.open()
    first = [*_header(*labels, "2026-03-05"), *_titles()]
    first += _item(160, "AB-100", "Steel bolts M8", "10", "2,50", "25,00")
    first += [(X["description"], 176, foot), (-X["total"], 176, "25,00")]
    second = [(X["description"], 60, head), (-X["total"], 60, "25,00")]
    second += _item(76, "CD-200", "Washers", "4", "1,25", "5,00")
    second += _totals(110, [("Subtotal", "30,00"), ("IVA 20%", "6,00"), ("Total", "36,00")])
    for number, lines in enumerate((first, second)):
        page = doc.new_page(width=595, height=842)
        if number == 0:
            page.insert_text((50, 50), title, fontname="hebo", fontsize=18)
        for x, y, text in lines:
            if x < 0:
                x = -x - pymupdf.get_text_length(text, fontname="helv", fontsize=9)
            page.insert_text((x, y), text, fontname="helv", fontsize=9)
    order = _read(doc.tobytes()).order
    assert [i.description for i in order.items] == ["Steel bolts M8", "Washers"]
    assert order.total == Decimal("36.00")


def test_an_italian_row_total_column_and_an_abbreviated_month():
    titles = [t for t in _titles() if t[2] != "Amount"] + [(-X["total"], 140, "Totale riga")]
    header = _header("Ordine d'acquisto n.", "Data documento", "5 mar 2026")
    totals = _totals(
        200, [("Imponibile", "30,00"), ("IVA 22%", "6,60"), ("Totale ordine", "36,60")]
    )
    content, _ = _page(header + titles + _COMMA_ITEMS + totals, title="ORDINE A FORNITORE")
    order = _read(content).order
    assert [i.line_total for i in order.items] == [Decimal("25.00"), Decimal("5.00")]
    assert (order.order_date, order.total) == (dt.date(2026, 3, 5), Decimal("36.60"))


def test_without_a_description_column_the_row_under_the_item_code_describes_it():
    titles = [(X["code"], 140, "Item Code"), *_titles(price="Unit Cost")[2:]]
    rows = [
        (X["code"], 160, "NPAL-48"),
        (-X["quantity"], 160, "500"),
        (X["unit"], 160, "EACH"),
        (-X["unit_price"], 160, "7.7842"),
        (-X["total"], 160, "3,892.10"),
        (X["code"] + 6, 171, "HEAT TREATED PALLETS"),
        (190, 171, "Whse: 001"),
        (X["code"] + 6, 182, "Stamp on both sides"),
    ]
    totals = _totals(
        210, [("Net Order:", "3,892.10"), ("Sales Tax:", "0.00"), ("Total", "3,892.10")]
    )
    content, _ = _page(_header(po_label="P.O. Number:") + titles + rows + totals)
    order = _read(content).order
    (item,) = order.items
    assert (item.item_code, item.description, item.quantity) == (
        "NPAL-48",
        "HEAT TREATED PALLETS",
        Decimal("500"),
    )
    assert (order.subtotal, order.tax) == (Decimal("3892.10"), Decimal("0.00"))


@pytest.mark.parametrize(("printed", "read"), [("RS 0012697", "RS 0012697"), ("PO 4711", "4711")])
def test_a_po_number_keeps_its_series_prefix_but_not_a_label_before_it(printed, read):
    header = [
        (50, 80, "P.O. Number:"),
        (150, 80, printed),
        (50, 95, "Date:"),
        (150, 95, "2026-03-05"),
    ]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    assert _read(content).order.po_number == read


def test_text_under_centred_titles_a_price_per_unit_and_a_reference_beside_a_wrapped_code():
    wrapped = (("Order", "Quantity", 330), ("Unit", "Price", 440), ("Extended", "Price", 540))
    titles = [(50, 140, "Line"), (50, 150, "Item"), (95, 150, "Item"), (200, 150, "Description")]
    titles += [(-x, y, t) for top, bottom, x in wrapped for y, t in ((140, top), (150, bottom))]
    rows = [
        (52, 166, "1"),
        (80, 166, "FL-CHEP"),
        (150, 166, "CHEP BLOCK PALLET"),
        (-330, 166, "540"),
        (-440, 166, "4.61/Ea"),
        (-540, 166, "2,489.40"),
        (80, 177, "PALLET"),
        (150, 177, "account #4000227995"),
    ]
    content, _ = _page(_header() + titles + rows + _totals(200, [("Grand Total:", "2,489.40")]))
    (item,) = _read(content).order.items
    assert (item.line_number, item.item_code, item.description) == (
        1,
        "FL-CHEP PALLET",
        "CHEP BLOCK PALLET",
    )
    assert (item.quantity, item.unit, item.unit_price) == (Decimal("540"), "Ea", Decimal("4.61"))


def test_a_labelled_value_under_the_code_is_not_part_of_it_and_extended_cost_is_the_total():
    """JD Edwards prints "Line: 1000" under the item number and a second description line
    beside it; "Extended Cost" titles the line amounts."""
    titles = [(50, 140, "Item Number"), (150, 140, "Description"), (-330, 140, "Quantity")]
    titles += [(-440, 140, "Unit Cost"), (-540, 140, "Extended Cost")]
    rows = [(50, 160, "329015"), (150, 160, "SKID,48X40,BLOCK,CHEP PALLET"), (-330, 160, "520")]
    rows += [(-440, 160, "3.0700"), (-540, 160, "1,596.40")]
    rows += [(50, 171, "Line: 1000"), (150, 171, "SKID,48X48,BLOCK,CHEP PALLET")]
    content, _ = _page(_header() + titles + rows + _totals(200, [("Order Total:", "1,596.40")]))
    (item,) = _read(content).order.items
    assert (item.item_code, item.description, item.line_total) == (
        "329015",
        "SKID,48X40,BLOCK,CHEP PALLET SKID,48X48,BLOCK,CHEP PALLET",
        Decimal("1596.40"),
    )


def _sap_item_material(after_total: list[tuple[float, float, str]]) -> bytes:
    """SAP's "Item | Material": positions 10, 20, the description under the material, and
    only a net total."""
    titles = [(50, 140, "Item"), (80, 140, "Material"), *_titles()[2:3], *_titles()[4:]]
    rows = [
        (52, 160, "10"),
        (80, 160, "PAL-4711"),
        (-X["quantity"], 160, "510/EA"),
        (-X["unit_price"], 160, "5.05"),
        (-X["total"], 160, "2,575.50"),
        (86, 171, "Chep pallets"),
        (86, 182, "Delivery Date: 16-JAN-2026"),
    ]
    totals = _totals(200, [("Total net value excl. tax", "2,575.50")])
    return _page(_header() + titles + rows + totals + after_total)[0]


def test_an_item_position_the_description_under_its_material_and_a_net_total_alone():
    order = _read(_sap_item_material([])).order
    (item,) = order.items
    assert (item.line_number, item.item_code, item.description, item.unit) == (
        10,
        "PAL-4711",
        "Chep pallets",
        "EA",
    )
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("2575.50"),
        None,
        Decimal("2575.50"),
    )


def test_a_net_total_is_not_the_total_when_a_tax_line_cannot_be_read():
    with pytest.raises(ExtractionDeclined, match="no total found"):
        _read(_sap_item_material([(380, 230, "Tax"), (480, 230, "see invoice")]))


def test_a_numeric_code_under_its_title_a_line_printed_1_000_and_dated_details_under_an_item():
    titles = [(30, 140, "Line"), (55, 140, "Rev"), (80, 140, "Item #"), (160, 140, "Description")]
    titles += [(-330, 140, "Qty"), (345, 140, "UM"), (-440, 140, "Price/Unit")]
    rows = [(30, 160, "1.000"), (58, 160, "0"), (80, 160, "11619"), (160, 160, "PALLET, BLOCK")]
    rows += [(-330, 160, "540.0000"), (345, 160, "EA"), (-440, 160, "4.8600")]
    details = [
        (x, y, text) for x in (80, 160, 240) for y, text in ((171, "Due Date"), (182, "01/07/26"))
    ]
    amounts = [(-540, 140, "Extended Price"), (-540, 160, "2,624.40")]
    totals = [(380, 200, "Total Order:"), (-540, 200, "2,624.40")]
    content, _ = _page(_header() + titles + rows + details + amounts + totals)
    (item,) = _read(content).order.items
    assert (item.line_number, item.item_code, item.description) == (1, "11619", "PALLET, BLOCK")


def test_totals_titled_left_over_amounts_right_pair_in_order_and_a_euro_named_after_one():
    """Each title starts its column, each amount ends it: "6.00 EURO" sits partly under the
    next title, yet the row's cells pair in order; "EURO" after an amount is its currency."""
    totals = [(50, 220, "Totale imponibile / Total taxable"), (210, 220, "Totale IVA / Total VAT")]
    totals += [(367, 220, "Totale documento / Total document"), (-207, 232, "30.00")]
    totals += [(-387, 232, "6.00 EURO"), (-574, 232, "36.00")]
    order = _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.00"),
        Decimal("36.00"),
    )
    assert order.currency == "EUR"


@pytest.mark.parametrize("text", ["3 Euro pallets", "Euro pallets, 2.50 each"])
def test_euro_is_a_currency_only_right_after_an_amount_with_cents(text):
    assert find_currency(text) is None


@pytest.mark.parametrize(
    "number", [[(50, 75, "Number"), (150, 75, "PO-284")], [(50, 75, "No. PO-284")]]
)
def test_a_title_over_items_and_totals_printed_as_columns_of_titles_over_amounts(number):
    titles = [(75, 130, "Item"), (50, 140, "Line"), (75, 140, "number"), (120, 140, "Description")]
    titles += [(-330, 140, "Quantity"), (345, 140, "Unit"), (-440, 140, "Unit price")]
    titles += [(-470, 140, "Disc"), (-505, 140, "Disc%"), (-545, 140, "Amount")]
    item = [(50, 156, "10"), (75, 156, "20.00.002"), (120, 156, "CHEP Pallets")]
    item += [(-330, 156, "570.000"), (345, 156, "EA"), (-440, 156, "9.00000")]
    item += [(-470, 156, "0.00"), (-505, 156, "0.00 %"), (-545, 156, "5,130.00")]
    totals = [(120, 200, "Sales"), (120, 210, "subtotal"), (50, 220, "Currency")]
    totals += [(120, 220, "amount"), (200, 220, "Charges"), (260, 220, "Sales tax")]
    totals += [(330, 220, "Total"), (50, 235, "USD"), (-150, 235, "5,130.00")]
    totals += [(-232, 235, "0.00"), (-296, 235, "0.00"), (-351, 235, "5,130.00")]
    date = [(50, 90, "Date:"), (150, 90, "2026-01-27")]
    order = _read(_page(number + date + titles + item + totals)[0]).order
    (line,) = order.items
    assert order.po_number == "PO-284"
    assert (line.line_number, line.item_code, line.unit_price) == (10, "20.00.002", Decimal("9"))
    assert (order.subtotal, order.charges, order.tax, order.total) == (
        Decimal("5130.00"),
        Decimal("0.00"),
        Decimal("0.00"),
        Decimal("5130.00"),
    )


def test_sap_price_unit_a_reference_row_and_the_description_under_a_material_code():
    titles = [(-444, 130, "Price"), (456, 130, "Price"), (-560, 130, "Net"), (30, 140, "Item#")]
    titles += [(60, 140, "Matl/Desc"), (-240, 140, "Quantity"), (250, 140, "UOM")]
    titles += [(-356, 140, "Price"), (-444, 140, "Unit"), (456, 140, "UOM"), (-560, 140, "Amount")]
    rows = [(60, 152, "ACCOUNT WITH VENDOR - 4000312525"), (32, 165, "10"), (60, 165, "389585")]
    rows += [(-240, 165, "450"), (260, 165, "EA"), (-356, 165, "7.53"), (-441, 165, "1")]
    rows += [(466, 165, "EA"), (-558, 165, "3,388.50"), (60, 176, "PALLET, WOOD 48 X 40")]
    rows += [(60, 187, "Vendor Material No: 4055"), (400, 210, "Total Amount")]
    content, _ = _page(_header() + titles + rows + [(-558, 210, "$3,388.50")])
    order = _read(content).order
    (item,) = order.items
    assert (item.line_number, item.item_code, item.description) == (
        10,
        "389585",
        "PALLET, WOOD 48 X 40",
    )
    assert (item.quantity, item.unit_price, order.total) == (
        Decimal("450"),
        Decimal("7.53"),
        Decimal("3388.50"),
    )


def _as_printed(item) -> tuple:
    """An item's position, code, description, unit, quantity and unit price as printed."""
    text = (item.line_number, item.item_code, item.description, item.unit)
    return text + (str(item.quantity), str(item.unit_price))


def test_sap_titles_stacked_over_four_rows_a_bare_number_under_the_title_and_an_item_tax():
    top = [(20, 130, "Line"), (46, 130, "Acme"), (100, 130, "Purchase")]
    top += [(165, 130, "Material Description"), (-300, 130, "Quantity"), (310, 130, "UoM")]
    top += [(-390, 130, "Unit Price"), (400, 130, "Per"), (-460, 130, "Price")]
    top += [(-540, 130, "Extended")]
    second = [(46, 140, "Material"), (100, 140, "Contract"), (165, 140, "UPC")]
    second += [(-460, 140, "Per"), (-540, 140, "Amount")]
    more = [(46, 150, "Vendor"), (46, 160, "Part #")]
    item = [(20, 175, "10"), (46, 175, "440008061"), (165, 175, "PALLET 40X48IN")]
    item += [(-300, 175, "510"), (310, 175, "EA"), (-390, 175, "6.32"), (405, 175, "1")]
    item += [(-460, 175, "EA"), (-540, 175, "3,223.20")]
    item += [(165, 190, "Item Tax"), (-390, 190, "0"), (-540, 190, "0.00")]
    totals = _totals(215, [("Tax", "0.00"), ("Total PO Amount", "3,223.20")])
    header = [(50, 68, "4509367961"), (50, 95, "PO Issue Date:"), (150, 95, "2026-01-14")]
    order = _read(_page(header + top + second + more + item + totals)[0]).order
    (line,) = order.items
    assert order.po_number == "4509367961"
    assert _as_printed(line) == (10, "440008061", "PALLET 40X48IN", "EA", "510", "6.32")
    assert (order.tax, order.total) == (Decimal("0.00"), Decimal("3223.20"))


@pytest.mark.parametrize(("footer", "iso"), [("Printed 01/13/26", "2026-01-06"), (None, None)])
def test_a_date_anywhere_in_the_document_decides_how_its_ambiguous_dates_read(footer, iso):
    content, pdf = _page(_header(date="01/06/26") + _titles() + _ITEMS + _PLAIN_TOTALS)
    last = pdf.new_page(width=595, height=842)
    last.insert_text((50, 60), "Terms and conditions apply.", fontname="helv", fontsize=9)
    if footer:
        last.insert_text((50, 800), footer, fontname="helv", fontsize=9)
    content = pdf.tobytes()
    if iso is None:
        with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
            _read(content)
    else:
        assert _read(content).order.order_date.isoformat() == iso


_NUMBER_DATE = [(300, 91, "4511963999 / 2021-01-12")]


def _two_line_sap(
    text_lines: list[list[tuple[float, float, str]]], number_date=_NUMBER_DATE
) -> bytes:
    """SAP's two-line items: "Item Material Description" over "Order qty. Unit Price per
    unit Net value", each value left-aligned after its title."""
    titles = [(43, 130, "Item"), (86, 130, "Material"), (223, 130, "Description")]
    titles += [(58, 141, "Order qty."), (179, 141, "Unit"), (284, 141, "Price per unit")]
    titles += [(434, 141, "Net value")]
    y = 170 + 11 * len(text_lines)
    amounts = [(151, y, "540"), (179, y, "Each"), (345, y, "5.13"), (489, y, "2,770.20")]
    detail = [(86, y + 11, "Your material number 4000056400")]
    totals = [(179, y + 40, "Tot.net item val. excl. tax USD"), (489, y + 40, "2,770.20")]
    header = [(300, 80, "PO number/date"), *number_date]
    lines = [part for line in text_lines for part in line]
    return _page(header + titles + lines + amounts + detail + totals)[0]


_SAP_TEXT_LINE = [(43, 170, "00010"), (86, 170, "700-101790"), (223, 170, "PALLET WOOD CHEP")]


# Sanford's SAP form spaces the date far from "4503665116 /": one value all the same.
_NUMBER_DATE_SPACED = [(300, 91, "4511963999 /"), (400, 91, "2021-01-12")]


@pytest.mark.parametrize("number_date", [_NUMBER_DATE, _NUMBER_DATE_SPACED])
def test_sap_two_line_items_under_two_lines_of_titles_and_a_combined_number_date_label(
    number_date,
):
    order = _read(_two_line_sap([_SAP_TEXT_LINE], number_date)).order
    (item,) = order.items
    assert (order.po_number, order.order_date.isoformat()) == ("4511963999", "2021-01-12")
    assert _as_printed(item) == (10, "700-101790", "PALLET WOOD CHEP", "Each", "540", "5.13")
    assert (order.subtotal, order.total) == (Decimal("2770.20"), Decimal("2770.20"))


def test_sap_two_line_items_with_a_second_item_line_over_the_amounts_are_declined():
    wrapped = [(43, 181, "00020"), (223, 181, "PALLET BLOCK")]
    # Its "Unit" column holds "Each": read as a count, the line has no quantity.
    with pytest.raises(ExtractionDeclined, match="no line-item table|line 1 is incomplete"):
        _read(_two_line_sap([_SAP_TEXT_LINE, wrapped]))


def test_two_lines_of_titles_stacked_title_over_title_are_not_one_wrapped_header():
    """ "Description" over "Unit" (SAP's two-line titles set under each other): each line
    names its own column, so the items are printed on two lines too, the unit's word under
    "Unit" on the amounts line, not the item's description."""
    titles = [(43, 130, "Item"), (86, 130, "Material"), (223, 130, "Description")]
    titles += [(120, 141, "Order Qty"), (227, 141, "Unit"), (340, 141, "Price per Unit")]
    titles += [(500, 141, "Net Value")]
    text = [(43, 170, "00010"), (86, 170, "68902509"), (223, 170, "FILTER UNIT")]
    text += [(223, 181, "SUODATINYKSIKKO"), (223, 192, "RFI-33")]
    amounts = [(-170, 203, "10"), (223, 203, "pieces"), (350, 203, "49,50")]
    amounts += [(-546, 203, "495,00"), (86, 230, "Country of origin: TH")]
    totals = [(179, 260, "Total net value excl. tax EUR"), (-546, 260, "495,00")]
    header = [(300, 80, "PO number/date"), (300, 91, "4513156434 / 01.09.2025")]
    order = _read(_page(header + titles + text + amounts + totals)[0]).order
    (item,) = order.items
    assert (item.line_number, item.item_code, item.unit) == (10, "68902509", "pieces")
    assert item.description == "FILTER UNIT SUODATINYKSIKKO RFI-33"
    assert (item.quantity, item.unit_price, order.total) == (10, Decimal("49.50"), 495)


@pytest.mark.parametrize("reference", ["Your #: 790065004", "Ref. No.: 4711"])
def test_a_description_holding_a_labelled_reference_is_declined(reference):
    """A cell with the item's references beside its text ("Your #: 790065004" over
    "Tubing"): which words describe is not told by the words alone."""
    items = _item(160, "AB-100", f"{reference} Steel bolts M8", "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match="line 1's description holds a reference"):
        _read(content)


def test_a_currency_code_under_an_items_price_is_its_currency_not_wrapped_unit_text():
    """ "36.66" over "GBP" in the price's column, beside the description's wrapped line:
    the price's currency, not more of the unit "KIT" left of it."""
    item = _item(160, "02758J", "LV 185 TO 300MM", "40.00", "36.66", "1,466.40")
    item = [(x, y, "KIT" if text == "pcs" else text) for x, y, text in item]
    item += [(X["description"], 171, "TRANSITION MAINS BRANCH"), (-X["unit_price"], 171, "GBP")]
    totals = _totals(200, [("Total in GBP excluding VAT", "1,466.40")])
    order = _read(_page(_header() + _titles() + item + totals)[0]).order
    (line,) = order.items
    assert (line.unit, line.description) == ("KIT", "LV 185 TO 300MM TRANSITION MAINS BRANCH")
    assert (line.quantity, order.total, order.currency) == (40, Decimal("1466.40"), "GBP")


def _gst_order(titles: list[str], values: list[str], total: str) -> bytes:
    """An Indian retailer's order: an EAN and the description in one cell, then a column
    per title right-aligned every 45 points, the amount in words naming the currency."""
    header = [
        (50, 80, "PO #"),
        (150, 80, "4547106227"),
        (50, 95, "PO Date"),
        (150, 95, "22.01.2026"),
    ]
    rows = [(20, 140, "Sno"), (50, 140, "EAN No"), (140, 140, "Article Description")]
    rows += [(20, 160, "1"), (50, 160, "8908009082084 FOOCHKA PANI"), (140, 171, "PURI 1KG")]
    for n, (title, value) in enumerate(zip(titles, values, strict=True)):
        rows += [(-(290 + 45 * n), 140, title), (-(290 + 45 * n), 160, value)]
    rows += [(20, 200, "Total"), (-(290 + 45 * (len(titles) - 1)), 200, total)]
    rows += [(20, 215, "Amount in words RUPEES SIX THOUSAND ONE HUNDRED SEVENTEEN ONLY")]
    return _page(header + rows)[0]


_GST_TITLES = ["Qty", "B.Price", "Sch.Val", "SGST %", "CGST %", "L.Price", "T.Value"]


@pytest.mark.parametrize(
    ("titles", "values", "price"),
    [
        (_GST_TITLES, ["72", "89.70", "8.78", "2.50", "2.50", "84.97", "6,117.55"], None),
        (
            ["Qty", "Rate", "Taxable Value", "CGST Amt", "SGST Amt", "Net Amount"],
            ["72", "80.92", "5,826.24", "145.66", "145.65", "6,117.55"],
            None,
        ),
        (
            ["Qty", "Rate", "CGST %", "SGST %", "Amount"],
            ["72", "84.966", "2.50", "2.50", "6,117.55"],
            Decimal("84.966"),
        ),
    ],
)
def test_a_line_amount_including_the_gst_it_prints_adds_up_from_the_lines_numbers(
    titles, values, price
):
    order = _read(_gst_order(titles, values, "6117.55")).order
    (item,) = order.items
    assert (item.item_code, item.description) == ("8908009082084", "FOOCHKA PANI PURI 1KG")
    assert (item.quantity, item.unit_price, item.line_total) == (
        Decimal("72"),
        price,
        Decimal("6117.55"),
    )
    assert (order.currency, order.total) == ("INR", Decimal("6117.55"))


def test_a_line_amount_that_adds_up_neither_net_nor_with_its_gst_is_declined():
    values = ["72", "89.70", "0.00", "2.50", "2.50", "84.97", "6,117.55"]
    with pytest.raises(ExtractionDeclined, match="line 1 does not add up with the tax"):
        _read(_gst_order(_GST_TITLES, values, "6117.55"))


def test_input_gst_lines_and_a_round_off_printed_as_a_less_with_a_minus_add_up():
    totals = [(380, 200, "Sub Total"), (-X["total"], 200, "30.00")]
    totals += _totals(214, [("Input CGST 9%", "2.70"), ("Input SGST 9%", "2.70")])
    totals += [(300, 242, "Less :"), (380, 242, "R/OFF"), (-X["total"], 242, "(-)0.40")]
    totals += [(380, 256, "Total"), (-X["total"], 256, "35.00")]
    order = _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order
    assert (order.subtotal, order.tax, order.charges, order.total) == (
        Decimal("30.00"),
        Decimal("5.40"),
        Decimal("-0.40"),
        Decimal("35.00"),
    )


_GST_RIGHT_EDGES = (250, 330, 420, 480, 540)  # Quantity, Rate, Taxable Amount, CGST, SGST


def _right_aligned(y: float, values: tuple[str, ...]) -> list[tuple[float, float, str]]:
    return [(-x, y, v) for x, v in zip(_GST_RIGHT_EDGES, values, strict=True) if v]


def test_tax_amounts_under_their_rates_on_a_wrapped_line_sums_unlabelled_the_taxable_value_the_amount():
    lines = [(20, 140, "Sr."), (50, 140, "Description"), (260, 140, "Unit"), (20, 160, "1")]
    lines += [(50, 160, "Induction motor 37 kW")]
    lines += _right_aligned(140, ("Quantity", "Rate", "Taxable Amount", "CGST", "SGST"))
    lines += [(260, 160, "NOS")] + _right_aligned(160, ("10", "300.00", "3,000.00", "9 %", "9 %"))
    lines += [(50, 171, "960 RPM frame 250 M"), (50, 182, "IE3, make Bharat")]
    lines += _right_aligned(182, ("", "", "", "270.00", "270.00"))
    lines += _right_aligned(200, ("10", "", "3,000.00", "270.00", "270.00"))  # the sums
    totals = [("Taxable Amount", "3,000.00"), ("CGST", "270.00"), ("SGST", "270.00")]
    for n, (label, value) in enumerate([*totals, ("Grand Total", "3,540.00")]):
        lines += [(300, 220 + 14 * n, label), (-540, 220 + 14 * n, value)]
    order = _read(_page(_header() + lines)[0]).order
    (line,) = order.items
    assert line.description == "Induction motor 37 kW 960 RPM frame 250 M IE3, make Bharat"
    assert (line.line_number, line.unit, line.quantity) == (1, "NOS", Decimal("10"))
    assert (line.unit_price, line.line_total) == (Decimal("300.00"), Decimal("3000.00"))
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("3000.00"),
        Decimal("540.00"),
        Decimal("3540.00"),
    )


def test_a_bilingual_order_its_labels_translated_under_them_and_dinars_to_three_places():
    header = [(50, 80, "PO Number:"), (150, 80, "P00342"), (50, 110, "ORDER DATE")]
    header += [(50, 131, "06/19/2026 01:58:40"), (250, 110, "CURRENCY"), (250, 131, "KWD")]
    items = _item(160, "W-56", "Smart Watch", "12", "2.150 KD", "25.800 KD")
    items += _item(174, "W-57", "Earbuds", "2", "2.750 KD", "5.500 KD")
    totals = _totals(200, [("Untaxed", "31.300 KD"), ("Tax", "0.000 KD")])
    totals += [(50, 228, "Warranty 12 months"), (380, 228, "TOTAL")]
    content, pdf = _page(header + _titles() + items + totals)
    # The total run into its translation, as pymupdf reads right-to-left text and a number.
    translations = [(50, 120, "订单日期"), (250, 120, "货币"), (380, 238, "合计31.300 KD")]
    for x, y, text in translations:
        pdf[0].insert_text((x, y), text, fontname="china-s", fontsize=9)
    order = _read(pdf.tobytes()).order
    assert (order.order_date.isoformat(), order.currency) == ("2026-06-19", "KWD")
    assert [item.unit_price for item in order.items] == [Decimal("2.150"), Decimal("2.750")]
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("31.300"),
        Decimal("0.000"),
        Decimal("31.300"),
    )


def _ecuadorian_order(second_total: str = "2.23", domain: str = "com.ec") -> bytes:
    """A Spanish order in the SAP Business One layout: a narrow unit column left of a wide
    description whose title is centred, one unit wrapped inside its cell, "$" totals."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((168, 50), "ORDEN DE COMPRA OS-0-0-4873", fontname="hebo", fontsize=16)
    lines = [(10, 80, "Fecha:"), (60, 80, "01/09/2025"), (10, 92, "Proveedor:")]
    lines += [(60, 92, "UNILIMPIOSUR CIA LTDA"), (16, 130, "Uni."), (191, 130, "Descripción")]
    lines += [(452, 130, "Cant."), (488, 130, "P. Uni"), (528, 130, "P. Total")]
    lines += _line(160, [(50, "CAFE BUEN DIA 170 GR"), (460, "1"), (491, "9.89"), (533, "9.89")])
    lines += _line(185, [(13, "Funda"), (50, "AZUCAR DE 2 KG"), (460, "1"), (491, "2.23")])
    lines += [(533, 185, second_total)]
    lines += [(410, 215, "Subtotal"), (531, 215, "$12,12"), (410, 230, "Descuento")]
    lines += [(541, 230, "$0,00"), (20, 245, "Aprueba: izuniga"), (410, 245, "Subtotal")]
    lines += [(531, 245, "$12,12"), (410, 260, "IVA 0%"), (540, 260, "-"), (410, 275, "IVA 15%")]
    lines += [(536, 275, "$1,82"), (410, 290, "TOTAL"), (531, 290, "$13,94")]
    lines += [(20, 305, f"E-mail: compras@gruporoldan.{domain}")]
    for x, y, text in lines:
        page.insert_text((x, y), text, fontname="helv", fontsize=9)
    for x, y, text in ((12, 155.2, "FRASC"), (21.3, 163.4, "O")):  # wrapped in its cell
        page.insert_text((x, y), text, fontname="helv", fontsize=7)
    return doc.tobytes()


def test_a_narrow_unit_column_left_of_a_centred_description_and_dollar_totals_in_ecuador():
    order = _read(_ecuadorian_order()).order
    assert [(i.unit, i.description, i.line_total) for i in order.items] == [
        ("FRASCO", "CAFE BUEN DIA 170 GR", Decimal("9.89")),
        ("Funda", "AZUCAR DE 2 KG", Decimal("2.23")),
    ]
    assert (order.po_number, order.order_date, order.currency) == (
        "OS-0-0-4873",
        dt.date(2025, 9, 1),
        "USD",
    )
    assert (order.subtotal, order.allowances, order.tax, order.total) == tuple(
        map(Decimal, ("12.12", "0.00", "1.82", "13.94"))
    )


@pytest.mark.parametrize(
    ("second_total", "domain", "reason"),
    [("4.46", "com.ec", "add up"), ("2.23", "com", "peso")],
)
def test_a_line_total_that_is_not_quantity_times_price_or_a_peso_order_is_declined(
    second_total, domain, reason
):
    with pytest.raises(ExtractionDeclined, match=reason):
        _read(_ecuadorian_order(second_total, domain))


def test_a_dollar_sign_on_an_order_from_mexico_is_the_peso():
    """The Ecuadorian page from a ".com.mx" address: Mexico prints its own money "$"."""
    order = _read(_ecuadorian_order(domain="com.mx")).order
    assert (order.currency, order.total) == ("MXN", Decimal("13.94"))


def test_the_table_finder_reads_only_pages_naming_a_quantity_and_an_amount(monkeypatch):
    doc = pymupdf.open(stream=_ruled_grid(), filetype="pdf")
    for n in range(3):  # appendices: label instructions, conditions
        page = doc.new_page(width=595, height=842)
        for y in range(80, 400, 14):
            page.insert_text(
                (50, y), f"Appendix {n + 1}: parcel label code, article name", fontsize=9
            )
    searched = []
    find_tables = pymupdf.Page.find_tables

    def recording(page, *args, **kwargs):
        searched.append(page.number)
        return find_tables(page, *args, **kwargs)

    monkeypatch.setattr(pymupdf.Page, "find_tables", recording)
    order = _read(doc.tobytes()).order
    assert [i.line_total for i in order.items] == [Decimal("25.00"), Decimal("5.00")]
    assert set(searched) == {0}


def test_the_table_finder_searches_a_region_once_for_every_kind_of_columns(monkeypatch):
    searched = []
    find_tables = pymupdf.Page.find_tables

    def recording(page, *args, **kwargs):
        searched.append((page.number, kwargs["clip"], kwargs["strategy"]))
        return find_tables(page, *args, **kwargs)

    monkeypatch.setattr(pymupdf.Page, "find_tables", recording)
    pdf = pymupdf.open(stream=_ruled_grid(), filetype="pdf")
    rows = [row for n, layer in enumerate(text_layers(pdf)) for row in page_rows(*layer, n)]
    grid = GridTables(pdf)
    found = [grid_headers(grid, rows, kind) for kind in (ORDER_COLUMNS, UNIT_COUNTED_ORDER_COLUMNS)]
    assert found[0] and found[1]
    assert searched and len(searched) == len(set(searched))


def test_dotted_dates_do_not_make_a_decimal_comma_order_read_4_002_pieces_as_4():
    header = _header("Order No.", "Date:", "07.03.2025")
    header += [(300, 80, "Delivery: 08.05.2025"), (300, 95, "Confirmed: 14.03.2025")]
    header += [(300, 110, "Printed: 07.03.2025")]
    rows = _item(160, "21158669", "Umbrella manual 3-fold", "4.002", "1,76", "7.043,52")
    totals = _totals(190, [("Total", "7.043,52 EUR")])
    content, _ = _page(header + _titles() + rows + totals, title="ORDER")
    order = _read(content).order
    assert [(i.quantity, i.unit_price) for i in order.items] == [(Decimal(4002), Decimal("1.76"))]
    assert order.total == Decimal("7043.52")


def _priced_order(total: str) -> bytes:
    """An import order's table: quantity and price per unit, no line totals."""
    xs = (50, 120, -330, 345, -440)
    titles = _line(
        140, list(zip(xs, ("Art. No.", "Article", "Quantity", "Unit", "Price/Unit"), strict=True))
    )
    rows = _line(
        160, list(zip(xs, ("21158669", "Umbrella 3-fold", "4,002", "PC", "1.76 USD"), strict=True))
    )
    rows += _line(
        174, list(zip(xs, ("21204786", "Rain cape", "300", "PC", "0.37 USD"), strict=True))
    )
    totals = _totals(200, [("Total", total)])
    return _page(_header() + titles + rows + totals)[0]


def test_lines_printed_without_totals_are_checked_by_the_order_total():
    order = _read(_priced_order("USD 7,154.52")).order
    assert [(i.quantity, i.unit_price, i.line_total) for i in order.items] == [
        (Decimal(4002), Decimal("1.76"), None),
        (Decimal(300), Decimal("0.37"), None),
    ]
    assert (order.total, order.currency) == (Decimal("7154.52"), "USD")


def test_lines_without_totals_that_do_not_give_the_order_total_are_declined():
    with pytest.raises(ExtractionDeclined, match="does not give the order's total"):
        _read(_priced_order("USD 7,154.62"))


def test_text_right_of_a_unit_that_follows_the_description_is_not_read_into_the_item():
    """Declined by the words alone; the table finder may see an untitled column there,
    whose text is then no part of the item. Never "pcs Gate", never "Gate Steel bolts"."""
    rows = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + [(378, 160, "Gate")]
    rows += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + rows + _PLAIN_TOTALS)
    try:
        first = _read(content).order.items[0]
    except ExtractionDeclined as declined:
        assert "spilling into its unit" in str(declined)
    else:
        assert (first.unit, first.description) == ("pcs", "Steel bolts M8")


@pytest.mark.parametrize(
    ("addresses", "iso"),
    [
        (["1200 Main Street", "Springfield IL 62701"], "2026-01-06"),  # a US state and ZIP
        (["Main Street 12", "Pune 411001, India"], "2026-06-01"),
        (["GSTIN: 27AAPFU0939F1ZV"], "2026-06-01"),  # an Indian tax number
        (["Springfield IL 62701", "Ship to: Leeds, United Kingdom"], None),  # both: unsettled
        (["Lisbaan 17", "2908 LN Capelle aan den IJssel", "Nederland"], "2026-06-01"),
        (["Muehlenstrasse 26", "8200 Schaffhausen", "Switzerland"], "2026-06-01"),
        (["Springfield IL 62701", "Ship to: 70565 Stuttgart, Germany"], None),
        (["Main Street 12"], None),  # nothing says
    ],
)
def test_an_english_documents_country_decides_its_ambiguous_dates(addresses, iso):
    where = [(300, 80 + 11 * n, text) for n, text in enumerate(addresses)]
    page = _header(date="01/06/26") + where + _titles() + _ITEMS + _PLAIN_TOTALS
    if iso is None:
        with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
            _read(_page(page)[0])
    else:
        assert _read(_page(page)[0]).order.order_date.isoformat() == iso


def test_a_country_named_in_an_items_description_does_not_decide_its_dates():
    items = _item(160, "AB-100", "Pallet STD USA 40X48", "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    page = _header(date="01/06/26") + _titles() + items + _PLAIN_TOTALS
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read(_page(page)[0])


def test_an_english_order_printed_in_a_day_first_language_too_reads_its_dates_day_first():
    page = [(50, 70, "Ordine Fornitore"), (50, 80, "Order to Supplier"), (50, 90, "N. 4711")]
    page += [(50, 100, "Data / Date"), (150, 100, "01/06/26"), (50, 110, "Fornitore / Supplier")]
    page += [(150, 110, "ACME Srl"), (50, 120, "Valuta / Currency"), (150, 120, "EUR")]
    order = _read(_page(page + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order
    assert order.order_date.isoformat() == "2026-06-01"


def test_a_german_documents_us_address_does_not_turn_its_dates_month_first():
    page = [(50, 80, "Bestellnummer:"), (150, 80, "PO-2026-0042"), (50, 95, "Datum:")]
    page += [(150, 95, "01/06/26"), (300, 80, "Springfield IL 62701")] + _titles()
    order = _read(_page(page + _ITEMS + _PLAIN_TOTALS, title="BESTELLUNG")[0]).order
    assert order.order_date.isoformat() == "2026-06-01"


@pytest.mark.parametrize("code", ["PKR", "ZAR", "SGD", "CNY"])
def test_a_currency_code_on_the_total_is_the_orders_currency(code):
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", f"{code} 36.00")])
    assert _read(_page(_header() + _titles() + _ITEMS + totals)[0]).order.currency == code


def test_a_description_wraps_beside_a_column_the_reader_does_not_keep():
    titles = [(X["code"], 140, "Account"), (X["description"], 140, "Description")]
    titles += [(-X["quantity"], 140, "Qty"), (-X["unit_price"], 140, "Rate")]
    titles += [(-X["total"], 140, "Amount")]
    item = [(X["code"], 160, "Contract"), (X["description"], 160, "Dismantling of poles and")]
    item += [
        (-X["quantity"], 160, "4"),
        (-X["unit_price"], 160, "7.50"),
        (-X["total"], 160, "30.00"),
    ]
    item += [(X["code"], 171, "Project:"), (X["description"], 171, "shifting them to storage")]
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    (line,) = _read(_page(_header() + titles + item + totals)[0]).order.items
    assert line.description == "Dismantling of poles and shifting them to storage"


def test_a_label_dashed_from_its_value_and_a_total_named_after_quantity_and_value():
    header = [(50, 80, "PO. NO - PO-2026-0042"), (50, 95, "Date :"), (150, 95, "2026-03-05")]
    totals = [(120, 200, "Total Qty & Value"), (-330, 200, "14"), (-540, 200, "30.00")]
    order = _read(_page(header + _titles() + _ITEMS + totals)[0]).order
    assert (order.po_number, order.total) == ("PO-2026-0042", Decimal("30.00"))


def _one_item(lines: list[tuple[float, float, str]], y: float = 171):
    amounts = [(-X["quantity"], y, "4"), (-X["unit_price"], y, "7.50")]
    amounts += [(-X["total"], y, "30.00")]
    totals = _totals(220, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _page(_header() + _titles() + lines + amounts + totals)[0]


def test_text_above_the_first_items_numbers_is_declined_not_guessed():
    lines = [(X["description"], 168, "Induction motor 37 kW"), (X["description"], 179, "IE3")]
    with pytest.raises(ExtractionDeclined, match="line 1 has text above its numbers"):
        _read(_one_item(lines, y=179))


def test_a_description_centred_on_its_numbers_starts_above_them():
    """A spreadsheet's merged cell: as many lines above the numbers as below, evenly spaced."""
    lines = [(X["description"], 168, "Induction motor 37 kW")]
    lines += [(X["description"], 179, "IP55 foot mounted"), (X["description"], 190, "make Bharat")]
    (line,) = _read(_one_item(lines, y=179)).order.items
    assert line.description == "Induction motor 37 kW IP55 foot mounted make Bharat"


def test_centred_lines_continue_a_description_and_a_line_left_out_ends_it():
    centred = [(X["description"], 171, "Amenity seed mix:- 45% Rye"), (124, 182, "35% Red Fescue")]
    (line,) = _read(_one_item(centred)).order.items
    assert line.description == "Amenity seed mix:- 45% Rye 35% Red Fescue"
    # A row that is not the item's text (it starts far left of it) ends the description:
    # the line under it is not taken, or the middle of the text would be missing.
    broken = [(X["description"], 171, "Amenity seed mix"), (60, 182, "Note: deliver by crane")]
    broken += [(X["description"], 193, "20% Chewings")]
    (line,) = _read(_one_item(broken)).order.items
    assert line.description == "Amenity seed mix"


def test_a_description_wrapped_with_wide_line_spacing_continues_its_item():
    items = (
        _item(160, "AB-100", "Induction motor", "2", "100.00", "200.00")
        + [(X["description"], 180, "11KW/15HP, 8 pole, foot mounted, frame 180L, make Bharat")]
        + [(X["description"], 200, "Model 3H18L893CT000")]
    )
    totals = _totals(240, [("Subtotal", "200.00"), ("VAT 20%", "40.00"), ("Total", "240.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    assert [i.description for i in _read(content).order.items] == [
        "Induction motor 11KW/15HP, 8 pole, foot mounted, frame 180L, make Bharat"
        " Model 3H18L893CT000"
    ]


def test_a_document_number_is_the_po_number_of_a_purchase_order_and_vendor_copy_no_vendor():
    header = [
        (400, 70, "Vendor Copy"),
        (50, 80, "Document No. :"),
        (150, 80, "SBPIL/G/26-27/000145"),
        (50, 95, "Date:"),
        (150, 95, "2026-03-05"),
    ]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    order = _read(content).order
    assert (order.po_number, order.supplier_name) == ("SBPIL/G/26-27/000145", None)


@pytest.mark.parametrize(
    ("total", "accepted"), [("36.00", True), ("37.00", False), ("35.99", False)]
)
def test_a_total_rounded_to_the_whole_unit_adds_up_and_nothing_else_does(total, accepted):
    totals = _totals(200, [("Subtotal", "30.00"), ("GST 18%", "5.70"), ("Grand Total", total)])
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    if accepted:
        assert _read(content).order.total == Decimal(total)
    else:
        with pytest.raises(ExtractionDeclined, match="total_mismatch"):
            _read(content)


def test_text_drawn_twice_for_bold_is_read_once():
    """Forms fake bold by drawing the same text again a fraction of a point off."""
    header, titles = _header(), _titles()
    twice = [(x + 0.3 if x > 0 else x - 0.3, y + 0.2, text) for x, y, text in titles + _ITEMS]
    content, _ = _page(header + titles + _ITEMS + twice + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.item_code, i.description, i.quantity) for i in order.items] == [
        ("AB-100", "Steel bolts M8", Decimal("10")),
        ("CD-200", "Washers", Decimal("4")),
    ]


def test_a_flush_line_far_under_an_item_is_its_text_unless_a_rule_separates_them():
    items = _item(160, "AB-100", "Gauge fixture", "2", "15.00", "30.00")
    items += [(X["description"], 180, "Est. Wt: 3.55 lbs, HU Alloy")]
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    lines = _header() + _titles() + items + totals
    wrapped, _ = drawn_page(lines, title="PURCHASE ORDER")
    ruled, _ = drawn_page(lines, title="PURCHASE ORDER", ink=[(40, 168), (560, 168)])
    assert [i.description for i in _read(wrapped).order.items] == [
        "Gauge fixture Est. Wt: 3.55 lbs, HU Alloy"
    ]
    assert [i.description for i in _read(ruled).order.items] == ["Gauge fixture"]


def test_a_position_printed_left_of_an_untitled_column_is_the_line_number():
    titles = [t for t in _titles() if t[2] != "Code"]
    items = [(X["code"], 160, "001"), *_item(160, "", "Steel bolts M8", "10", "2.50", "25.00")[1:]]
    items += [(X["code"], 174, "002"), *_item(174, "", "Washers", "4", "1.25", "5.00")[1:]]
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.line_number, i.description) for i in order.items] == [
        (1, "Steel bolts M8"),
        (2, "Washers"),
    ]


def _order_with_first_line(code: str, description: str) -> bytes:
    items = _item(160, code, description, "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    return content


@pytest.mark.parametrize(
    "description",
    ["12/08/2025 Steel bolts M8", "HYDAC 0160D 10/6/2021 Filter element", "9-Apr-26 Motor 3KW"],
)
def test_a_description_holding_a_date_is_declined_as_columns_misread(description):
    with pytest.raises(ExtractionDeclined, match=r"description holds a date \(\d"):
        _read(_order_with_first_line("AB-100", description))


def test_sizes_written_like_dates_are_kept_in_the_description():
    order = _read(_order_with_first_line("AB-100", "Tee PPSU 25-16-25 reducer 1/2/3")).order
    assert order.items[0].description == "Tee PPSU 25-16-25 reducer 1/2/3"


def test_a_description_that_is_a_code_alone_is_declined():
    with pytest.raises(ExtractionDeclined, match="description is a code alone: '02512X00139'"):
        _read(_order_with_first_line("AB-100", "02512X00139"))


def test_an_item_code_of_zeros_is_declined_as_naming_no_article():
    with pytest.raises(ExtractionDeclined, match="item code '000' names no article"):
        _read(_order_with_first_line("000", "Steel bolts M8"))


def test_an_order_printing_two_currencies_is_declined():
    header = _header() + [(50, 110, "Currency:"), (150, 110, "GHS")]
    lines = [t for t in _ITEMS if t[2] != "25.00"] + [(-X["total"], 160, "$25.00")]
    content, _ = _page(header + _titles() + lines + _PLAIN_TOTALS)
    with pytest.raises(ExtractionDeclined, match=r"prints two currencies, GHS and \$"):
        _read(content)


def test_a_spaced_slash_label_a_bare_numero_and_a_price_per_unit_with_spaces_are_read():
    header = [(50, 80, "PO Number / Date"), (150, 80, "4517145590 / 12.05.2026")]
    titles = _titles(price="Unit Per Price")
    items = [t for t in _item(160, "AB-100", "Steel bolts M8", "10", "2.50 / EA", "25.00")]
    items = [t for t in items if t[2] != "pcs"] + _item(
        174, "CD-200", "Washers", "4", "1.25", "5.00"
    )
    order = _read(_page(header + titles + items + _PLAIN_TOTALS)[0]).order
    assert (order.po_number, order.order_date) == ("4517145590", dt.date(2026, 5, 12))
    assert [(i.unit_price, i.unit) for i in order.items] == [
        (Decimal("2.50"), "EA"),
        (Decimal("1.25"), "pcs"),
    ]
    french = [
        (376, 64, "Numéro :"),
        (455, 64, "CF20670"),
        (376, 81, "Date :"),
        (455, 81, "25/07/2025"),
    ]
    content, _ = _page(french + _titles() + _ITEMS + _PLAIN_TOTALS, title="Commande")
    assert _read(content).order.po_number == "CF20670"


def test_a_material_number_alone_over_its_description_is_the_item_code():
    titles = [t for t in _titles() if t[2] not in ("Code", "Description")]
    titles.append((X["code"], 140, "Material/Description"))
    items = _item(160, "", "XPSN22506B", "10", "2.50", "25.00")[1:]
    items += [(X["description"], 171, "xPowerS PB 250A Bot 6W")]
    items += _item(190, "", "Washers M8", "4", "1.25", "5.00")[1:]
    order = _read(_page(_header() + titles + items + _PLAIN_TOTALS)[0]).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("XPSN22506B", "xPowerS PB 250A Bot 6W"),
        (None, "Washers M8"),
    ]


def test_text_read_from_across_a_ruled_row_declines_the_order():
    """The arithmetic checks numbers, not texts: a row's first line ("Hex cap screw,") set
    above its numbers, under the rule closing the row before, is not that row's wrap."""
    items = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    items += [(X["description"], 176, "Hex cap screw,")]
    items += _item(187, "CD-200", "1/2-13 x 2, Gr 5", "4", "1.25", "5.00")
    totals = _totals(214, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    lines = _header() + _titles() + items + totals
    unruled, _ = drawn_page(lines, title="PURCHASE ORDER")
    assert [i.description for i in _read(unruled).order.items][0] == "Steel bolts M8 Hex cap screw,"
    content, _ = drawn_page(lines, title="PURCHASE ORDER", ink=[(40, 164.5), (560, 164.5)])
    with pytest.raises(ExtractionDeclined, match="read across a ruled row"):
        _read(content)


def test_sap_net_price_currency_title_heads_the_price_and_its_currency_code():
    titles = [t for t in _titles(price="Net price currency") if t[2] != "Unit"]
    items = [t if t[2] != "2.50" else (-X["unit_price"], 160, "2.50 USD") for t in _ITEMS]
    items = [t for t in items if t[2] != "pcs"]
    items = [t if t[2] != "1.25" else (-X["unit_price"], 174, "1.25 USD") for t in items]
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert order.currency == "USD"
    assert [i.unit_price for i in order.items] == [Decimal("2.50"), Decimal("1.25")]


def test_an_amount_wrapped_in_a_narrow_column_joins_its_last_digit():
    items = [t if t[2] != "2.50" else (-X["unit_price"] + 4, 160, "2.5") for t in _ITEMS]
    items += [(X["description"], 172, "stainless"), (X["unit_price"] - 6, 172, "0")]
    items = [(x, y + 12 if y == 174 else y, t) for x, y, t in items]
    content, _ = _page(_header() + _titles() + items + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.description, i.unit_price) for i in order.items] == [
        ("Steel bolts M8 stainless", Decimal("2.50")),
        ("Washers", Decimal("1.25")),
    ]


def test_a_number_inside_a_note_under_an_item_is_no_wrapped_amount():
    items = _ITEMS + [(X["description"], 186, "Deliver to gate 3, call 24 h ahead")]
    totals = _totals(214, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    assert [i.unit_price for i in _read(content).order.items] == [Decimal("2.50"), Decimal("1.25")]


@pytest.mark.parametrize("blank", ["NAME", "Address", "Nombre"])
def test_a_forms_blank_field_label_under_the_vendor_label_is_no_suppliers_name(blank):
    header = _header() + [(50, 110, "VENDOR"), (50, 122, blank), (50, 134, "Phone")]
    content, _ = _page(
        header
        + _titles(y=150)
        + [(x, y + 10, t) for x, y, t in _ITEMS]
        + _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    )
    assert _read(content).order.supplier_name is None


@pytest.mark.parametrize(
    ("x", "number", "taken"), [(110, "170034", True), (260, "170034", False), (110, "1", False)]
)
def test_a_bare_number_centred_under_the_title_is_the_po_number(x, number, taken):
    header = [(x, 68, number), (50, 95, "Date:"), (150, 95, "2026-03-05")]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)
    if taken:
        assert _read(content).order.po_number == number
    else:  # right of the title, not under it, or a page's number: whose is not known
        with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
            _read(content)


def test_a_label_for_number_and_date_reads_both_from_the_cells_beside_it():
    header = [(300, 80, "Order No. & Date :"), (420, 80, "1"), (480, 80, "22/04/2026")]
    header += [(300, 95, "Required by Date :"), (420, 95, "29 April 2026")]
    order = _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order
    assert (order.po_number, order.order_date) == ("1", dt.date(2026, 4, 22))


@pytest.mark.parametrize(
    ("number", "x", "taken"),
    [("No: 163513", 50, True), ("No: 163513", 150, False), ("No.163513", 50, False)],
)
def test_a_date_alone_under_the_titles_number_is_the_order_date(number, x, taken):
    header = [(50, 68, number), (x, 80, "07.03.2026")]
    content, _ = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS, title="ORDER")
    if taken:
        order = _read(content).order
        assert (order.po_number, order.order_date) == ("163513", dt.date(2026, 3, 7))
    else:  # not in the title block's column (or no words of the number's own to align)
        with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
            _read(content)


@pytest.mark.parametrize(
    ("upper", "lower", "read"),
    [
        ("MOTOR;SQCG,7.5KW,41", "5VAC,4P,NG132M,B3", "MOTOR;SQCG,7.5KW,415VAC,4P,NG132M,B3"),
        ("Hydraulic", "coupling", "Hydraulic coupling"),
        ("BOLT,HEX", "M8X20,ZINC", "BOLT,HEX M8X20,ZINC"),
    ],
)
def test_sap_indias_gst_lines_and_a_spec_string_broken_by_its_columns_width(upper, lower, read):
    item = _item(160, "1000626508", upper, "2", "21,177.00", "42,354.00")
    item += [(X["description"], 172, lower)]
    item += [
        (X["code"], 186, "IN: Integrated GST"),
        (160, 186, "18.00"),
        (-X["total"], 186, "7623.72"),
    ]
    rows = [("Net Value ( INR )", "42,354.00"), ("GST Value", "7,623.72")]
    totals = _totals(220, rows + [("Gross Value", "49,977.72")])
    order = _read(_page(_header() + _titles() + item + totals)[0]).order
    (line,) = order.items
    assert line.description == read
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("42354.00"),
        Decimal("7623.72"),
        Decimal("49977.72"),
    )


@pytest.mark.parametrize(
    ("quantity", "price", "amount"),
    [
        ("Qty Ord", "U/Price", "Ext. Cost"),
        ("PO Qty", "Price/UOM", "Total Amount"),
        ("Req. Qty", "Cost Each", "Item Total"),
        ("Ordered Quantity", "Rate per Unit", "Line Value"),
    ],
)
def test_reads_the_common_erp_titles_of_quantity_price_and_amount(quantity, price, amount):
    """ERPs' own words for the three columns the arithmetic needs; a "Specification" column
    beside the description is not part of it."""
    renamed = {"Qty": quantity, "Unit Price": price, "Amount": amount}
    titles = [(x, y, renamed.get(text, text)) for x, y, text in _titles()]
    titles += [(250, 140, "Specification")]
    items = _ITEMS + [(250, 160, "BRANDX")]
    result = _read(_page(_header() + titles + items + _PLAIN_TOTALS)[0])
    assert [(i.description, i.quantity, i.line_total) for i in result.order.items] == [
        ("Steel bolts M8", Decimal("10"), Decimal("25.00")),
        ("Washers", Decimal("4"), Decimal("5.00")),
    ]


def test_a_delivery_schedule_line_under_an_item_repeating_its_quantity_is_no_item():
    items = (
        _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
        + [(X["description"], 172, "Del.date:03/20/2026"), (-X["quantity"], 172, "10")]
        + _item(188, "CD-200", "Washers", "4", "1.25", "5.00")
    )
    totals = _totals(214, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert [(i.description, i.quantity) for i in order.items] == [
        ("Steel bolts M8", Decimal("10")),
        ("Washers", Decimal("4")),
    ]


@pytest.mark.parametrize("packs", [("5", "x", "VPE", "10"), ("1", "x", "50er")])
def test_the_packs_printed_under_an_items_quantity_are_no_item(packs):
    """A wholesaler's "5 x VPE 10" (five packing units of ten) or "1 x 50er" under the
    quantity says how the 50 pieces come packed: no line of its own."""
    count, *rest = packs
    items = (
        _item(160, "AB-100", "Steel bolts M8", "50", "2.50", "125.00")
        + [(-(X["quantity"] - 14), 172, count), (X["quantity"] - 10, 172, " ".join(rest))]
        + _item(188, "CD-200", "Washers", "4", "1.25", "5.00")
    )
    totals = _totals(214, [("Subtotal", "130.00"), ("VAT 20%", "26.00"), ("Total", "156.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert [(i.description, i.quantity) for i in order.items] == [
        ("Steel bolts M8", Decimal("50")),
        ("Washers", Decimal("4")),
    ]


def test_column_titles_printed_without_their_accents_are_known():
    titles = [
        (X["code"], 140, "Codigo"),
        (X["description"], 140, "Descripcion"),
        (-X["quantity"], 140, "Cantidad"),
        (X["unit"], 140, "Unidad"),
        (-X["unit_price"], 140, "Precio"),
        (-X["total"], 140, "Importe"),
    ]
    content, _ = _page(_header("Pedido No.", "Fecha:") + titles + _ITEMS + _PLAIN_TOTALS)
    order = _read(content).order
    assert [(i.item_code, i.description) for i in order.items] == [
        ("AB-100", "Steel bolts M8"),
        ("CD-200", "Washers"),
    ]
    assert re.match(phrase_pattern("descripción"), "DESCRIPCION", re.IGNORECASE)


def test_an_amount_printed_over_its_totals_label_is_that_line():
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("", "36.00")])
    totals += [(380, 240, "Grand Total")]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("36.00")


def test_puerto_ricos_sales_tax_total_is_the_tax():
    totals = _totals(200, [("Sub-Total", "30.00"), ("Total IVU", "3.45"), ("Total", "33.45")])
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    order = _read(content).order
    assert (order.tax, order.total) == (Decimal("3.45"), Decimal("33.45"))


def test_a_tax_total_under_its_rates_is_their_sum_not_one_more_tax():
    rows = [("Sub Total", "30.00"), ("VAT 20%", "5.00"), ("VAT 5%", "0.50")]
    rows += [("Tax Total", "5.50"), ("Total", "35.50")]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    order = _read(content).order
    assert (order.tax, order.total) == (Decimal("5.50"), Decimal("35.50"))


def test_a_line_that_multiplies_is_an_item_though_it_names_a_tax():
    items = _ITEMS + _item(188, "", "VAT@5%", "1", "1.50", "1.50")
    totals = _totals(214, [("Subtotal", "31.50"), ("Total tax", "0.00"), ("Total", "31.50")])
    content, _ = _page(_header() + _titles() + items + totals)
    order = _read(content).order
    assert [(i.description, i.line_total) for i in order.items][2] == ("VAT@5%", Decimal("1.50"))
    assert (order.subtotal, order.tax) == (Decimal("31.50"), Decimal("0.00"))


def test_a_clipped_description_touching_the_next_columns_word_is_not_joined_by_it():
    text = "Steel bolts M8 galvanis"
    end = X["description"] + pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    titles = _titles() + [(end - 0.5, 140, "Ship")]
    items = [t if t[2] != "Steel bolts M8" else (X["description"], 160, text) for t in _ITEMS]
    items += [(end - 0.5, 160, "Yes"), (end - 0.5, 174, "Yes")]
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    assert [i.description for i in _read(content).order.items] == [text, "Washers"]


def test_a_short_description_ending_where_its_centred_title_starts_is_the_description():
    start = 200.0
    titles = [
        (50, 140, "Line"),
        (80, 140, "Colour"),
        (start + 0.3, 140, "Description"),
        (-X["quantity"], 140, "Qty"),
        (-X["unit_price"], 140, "Unit Price"),
        (-X["total"], 140, "Amount"),
    ]
    rows = [
        (160, "1", "Steel bolts M8 long", "10", "2.50", "25.00"),
        (174, "2", "Nut", "4", "1.25", "5.00"),
    ]
    items = [
        part
        for y, line, text, qty, price, total in rows
        for part in (
            (50, y, line),
            (-start, y, text) if text == "Nut" else (150, y, text),
            (-X["quantity"], y, qty),
            (-X["unit_price"], y, price),
            (-X["total"], y, total),
        )
    ]
    content, _ = _page(_header() + titles + items + _PLAIN_TOTALS)
    assert [i.description for i in _read(content).order.items] == ["Steel bolts M8 long", "Nut"]


# Description, quantity, price, net amount, its tax and the line with tax (right edges).
_NET_GROSS_X = {
    "description": 60,
    "rate": 190,
    "quantity": 250,
    "price": 320,
    "net": 400,
    "tax": 470,
}


def _net_gross_line(y: float, text: str, qty: str, price: str, net: str, tax: str, gross: str):
    x = _NET_GROSS_X
    return [
        (x["description"], y, text),
        (-x["rate"], y, "10%"),
        (-x["quantity"], y, qty),
        (-x["price"], y, price),
        (-x["net"], y, net),
        (-x["tax"], y, tax),
        (-X["total"], y, gross),
    ]


def test_a_lines_amount_then_its_tax_then_its_total_with_tax_keeps_the_net_amount():
    x = _NET_GROSS_X
    titles = [
        (x["description"], 140, "Item"),
        (-x["rate"], 140, "PPN Rate"),
        (-x["quantity"], 140, "Quantity"),
        (-x["price"], 140, "Rate"),
        (-x["net"], 140, "Amount"),
        (-x["tax"], 140, "PPN"),
        (-X["total"], 140, "Total"),
    ]
    items = _net_gross_line(160, "Jersey home", "2", "10.00", "20.00", "2.00", "22.00")
    items += _net_gross_line(174, "Jersey away", "1", "10.00", "10.00", "1.00", "11.00")
    totals = _totals(200, [("Subtotal", "30.00"), ("PPN", "3.00"), ("Total", "33.00")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [i.line_total for i in order.items] == [Decimal("20.00"), Decimal("10.00")]
    assert (order.tax, order.total) == (Decimal("3.00"), Decimal("33.00"))
    names = ["Item", "Quantity", "Rate", "Amount", "PPN", "Total"]
    columns = titled_columns([(name, 60.0 * n, 60.0 * n + 40) for n, name in enumerate(names)])
    assert [c.name for c in columns] == [
        "description",
        "quantity",
        "unit_price",
        "line_total",
        "tax_amount",
        "other",
    ]


def test_a_numbered_line_alone_left_of_the_titles_is_the_position():
    titles = [t for t in _titles() if t[2] not in ("Code", "Unit")]
    items = [
        (X["description"], 154, "Steel bolts"),
        (30, 160, "1."),
        (-X["quantity"], 160, "10"),
        (-X["unit_price"], 160, "2.50"),
        (-X["total"], 160, "25.00"),
        (X["description"], 166, "M8 galvanised"),
        (30, 184, "2."),
        (X["description"], 184, "Washers"),
        (-X["quantity"], 184, "4"),
        (-X["unit_price"], 184, "1.25"),
        (-X["total"], 184, "5.00"),
    ]
    totals = _totals(210, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.line_number, i.description) for i in order.items] == [
        (1, "Steel bolts M8 galvanised"),
        (2, "Washers"),
    ]


def test_a_price_printed_rounded_from_the_lines_amount_adds_up():
    items = _item(160, "AB-100", "Jerseys", "6", "21.67", "130.00")
    totals = _totals(186, [("Subtotal", "130.00"), ("VAT 20%", "26.00"), ("Total", "156.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    assert [i.unit_price for i in _read(content).order.items] == [Decimal("21.67")]


def test_a_description_under_its_code_with_a_bare_count_beside_it_is_no_item():
    titles = [t for t in _titles() if t[2] != "Description"]
    titles = [(x, y, "Item Code" if text == "Code" else text) for x, y, text in titles]
    rows = [
        ("AB-100", "Steel bolts M8", "10", "2.50", "25.00"),
        ("CD-200", "Washers", "4", "1.25", "5.00"),
    ]
    items = [
        part
        for n, (code, text, qty, price, total) in enumerate(rows)
        for part in (
            (X["code"], 160 + 28 * n, code),
            (-X["quantity"], 160 + 28 * n, qty),
            (-X["unit_price"], 160 + 28 * n, price),
            (-X["total"], 160 + 28 * n, total),
            (X["code"], 172 + 28 * n, text),
            (280, 172 + 28 * n, "Whse"),
            (-X["quantity"], 172 + 28 * n, "101"),
        )
    ]
    totals = _totals(226, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.item_code, i.description, i.quantity) for i in order.items] == [
        ("AB-100", "Steel bolts M8", Decimal("10")),
        ("CD-200", "Washers", Decimal("4")),
    ]


def test_a_price_too_coarse_to_vouch_for_its_quantity_does_not_round_a_line():
    items = _item(160, "AB-100", "Jerseys", "1000", "5", "5400.00")
    totals = _totals(186, [("Subtotal", "5400.00"), ("Total", "5400.00")])
    content, _ = _page(_header() + _titles() + items + totals)
    with pytest.raises(ExtractionDeclined, match="line_total_mismatch"):
        _read(content)


def test_a_fixed_width_line_its_quantity_a_space_from_a_stock_number_of_several_words():
    titles = [
        (22, 140, "QUANTITY"),
        (104, 140, "STOCK NUMBER"),
        (230, 140, "DESCRIPTION OF MATERIAL"),
        (389, 140, "UNIT PRICE"),
        (454, 140, "UNIT"),
        (518, 140, "TOTAL"),
    ]
    items = [
        (55, 160, "450 CHEP PALLET"),
        (157, 160, "00"),
        (180, 160, "USE CHEP PALLET"),
        (410, 160, "4.9501"),
        (454, 160, "EA"),
        (-566, 160, "2,227.55"),
        (180, 172, "DELIVERY SCHEDULE"),
        (242, 184, "450"),
        (288, 184, "12/29/20"),
    ]
    totals = [(367, 210, "TOTAL AMOUNT"), (-566, 210, "2,227.55")]
    content, _ = _page(_header() + titles + items + totals)
    order = _read(content).order
    assert [(i.quantity, i.item_code, i.description) for i in order.items] == [
        (Decimal("450"), "CHEP PALLET 00", "USE CHEP PALLET")
    ]


def test_an_untitled_form_labelling_its_po_number_and_date_is_an_order():
    lines = [(50, 80, "PO Number:"), (150, 80, "4500004965"), (50, 95, "PO Date:")]
    lines += [(150, 95, "2024-08-04"), *_titles(), *_ITEMS, *_PLAIN_TOTALS]
    content, _ = _page(lines, title="Saudi Technology Co. Ltd")
    result = _read(content)
    assert (result.order.po_number, result.order.total) == ("4500004965", Decimal("36.00"))
    lines[0] = (50, 80, "Ref. No.:")
    lines[2] = (50, 95, "Date:")
    content, _ = _page(lines, title="Saudi Technology Co. Ltd")
    with pytest.raises(ExtractionDeclined, match="no purchase-order title"):
        _read(content)


def test_another_fields_qualified_label_under_a_label_is_not_its_value():
    lines = [*_header(), (50, 110, "Vendor Name"), (150, 110, "Asset Technology Group")]
    lines += [(50, 122, "Vendor ID"), (150, 122, "212747")]
    lines += [*_titles(160), *_item(180, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")]
    lines += _totals(200, [("Total", "25.00")])
    content, _ = _page(lines)
    assert _read(content).order.supplier_name == "Asset Technology Group"


def test_digits_set_right_after_the_title_are_its_number_not_a_far_one():
    end = 50 + pymupdf.get_text_length("Purchase Order", fontname="hebo", fontsize=18)
    rest = [(50, 95, "Order Date"), (150, 95, "2026-03-05"), *_titles(), *_ITEMS, *_PLAIN_TOTALS]
    content, _ = _page([(end + 12, 50, "641802"), *rest], title="Purchase Order")
    assert _read(content).order.po_number == "641802"
    content, _ = _page([(end + 60, 50, "641802"), *rest], title="Purchase Order")
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(content)


def test_a_code_under_a_bare_item_title_over_a_line_of_words_is_the_code_described():
    lines = [*_header(), (50, 140, "Line"), (80, 140, "Item"), (-330, 140, "Qty")]
    lines += [(-440, 140, "Unit Price"), (-540, 140, "Total")]
    lines += [(50, 160, "1"), (80, 160, "4055 B4840A"), (-330, 160, "504")]
    lines += [(-440, 160, "2.6800"), (-540, 160, "1,350.7200")]
    lines += [(80, 171, "PALLET, WOOD: TYP:BLOCK"), *_totals(200, [("PO Total", "1,350.7200")])]
    content, _ = _page(lines)
    item = _read(content).order.items[0]
    assert (item.item_code, item.description) == ("4055 B4840A", "PALLET, WOOD: TYP:BLOCK")


def test_sap_document_currency_labels_the_currency():
    lines = [*_header(), (50, 110, "Document Currency"), (150, 110, "SAR")]
    content, _ = _page(lines + [*_titles(), *_ITEMS, *_PLAIN_TOTALS])
    assert _read(content).order.currency == "SAR"
