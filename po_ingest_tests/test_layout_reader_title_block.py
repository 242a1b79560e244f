"""The layout reader on small hand-made pages: what large text names the document's kind,
the title block's own number and date, SAP's price per one unit with its slash run into it,
and a description under its item that wraps at the table's edge."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest.lib.extraction.local.language import title_kind
from po_ingest_tests.support.drawn_pages import drawn_page

_TITLES = [(50, 140, "Code"), (120, 140, "Description"), (-330, 140, "Qty")]
_TITLES += [(345, 140, "Unit"), (-440, 140, "Unit Price"), (-540, 140, "Amount")]
_ITEMS = [(50, 160, "AB-100"), (120, 160, "Steel bolts M8"), (-330, 160, "10")]
_ITEMS += [(345, 160, "ST"), (-440, 160, "2,50"), (-540, 160, "25,00")]
_TOTALS = [(380, 190, "Gesamtbetrag EUR"), (-540, 190, "25,00")]


def _read(lines, title: str = "Bestellung", items=_ITEMS, totals=_TOTALS, large=()):
    content, _ = drawn_page(lines + _TITLES + items + totals, title=title, large=large)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


@pytest.mark.parametrize(
    ("titles", "kind"),
    [
        (["Bill To:", "Purchase order"], None),
        (["Rechnungsanschrift", "Bestellung"], None),
        (["pdf.invoice.desk@example.com", "Purchase order"], None),
        (["090 days due net (Inv.Receipt)", "Purchase order"], None),
        (["Diese Bestellung erfolgt im Namen und auf Rechnung der Beispiel GmbH"], None),
        (["Invoice"], "invoice"),
        (["TAX INVOICE (Original for Recipient)"], "invoice"),
        (["(Invoice)"], "invoice"),
        (["BILL OF SALE / PURCHASE ORDER"], "invoice"),
        (["Commercial Invoice No. 4711 of 01.02.2026 for order 123"], "invoice"),
    ],
)
def test_an_address_label_an_e_mail_a_bracket_or_a_sentence_names_no_kind(titles, kind):
    found = title_kind(titles)
    assert (found[0] if found else None) == kind


def test_a_bare_order_label_in_its_cell_is_the_order_number():
    order = _read([(350, 80, "Order 2204700-114"), (350, 92, "Order Date 09-SEP-2026")], "ACME")
    assert (order.po_number, order.order_date) == ("2204700-114", dt.date(2026, 9, 9))


def test_a_date_alone_flush_under_the_title_is_the_order_date():
    order = _read([(50, 70, "29. August 2026"), (50, 90, "Bestellnummer 4500049533")])
    assert (order.po_number, order.order_date) == ("4500049533", dt.date(2026, 8, 29))


def test_a_date_alone_elsewhere_is_no_order_date():
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read([(300, 70, "29. August 2026"), (50, 90, "Bestellnummer 4500049533")])


def test_a_number_labelled_no_beside_the_title_on_its_line_is_the_po_number():
    order = _read([(350, 80, "Datum 29.08.2026")], large=[(200, 50, "Nr. 4508149994")])
    assert order.po_number == "4508149994"


def test_a_labelled_number_alone_at_the_far_end_of_the_titles_line_is_the_po_number():
    # A heading band: the title on its left, its number on its right, nothing between;
    # another code with a label the reader does not know leaves that label's reading open.
    lines = [(-545, 50, "Nr. BS2026-0117"), (350, 80, "Datum 29.08.2026")]
    order = _read([*lines, (50, 105, "Lager"), (50, 117, "L-20331")])
    assert order.po_number == "BS2026-0117"


def test_digits_set_as_large_as_the_title_beside_it_and_a_date_under_them_are_its_own():
    # A line of the next column's words between the number and its date is another block's.
    lines = [(300, 58, "ACME Trading GmbH"), (200, 66, "02/09/2026")]
    order = _read(lines, title="Pedido", large=[(200, 50, "58154")])
    assert (order.po_number, order.order_date) == ("58154", dt.date(2026, 9, 2))


def test_digits_in_body_text_beside_the_title_or_far_from_it_are_no_po_number():
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read([(200, 50, "58154"), (350, 80, "Datum 29.08.2026")])
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read([(350, 80, "Datum 29.08.2026")], large=[(400, 50, "58154")])


def test_a_date_alone_under_a_labelled_number_in_its_column_is_the_order_date():
    lines = [(450, 70, "ORDER Nr."), (455, 80, "2812"), (380, 88, "Užsakymas tiekėjui")]
    order = _read(lines + [(50, 100, "Tel: +370 5 2395209"), (455, 100, "2026-06-13")])
    assert (order.po_number, order.order_date) == ("2812", dt.date(2026, 6, 13))


def test_a_date_beside_a_label_under_a_labelled_number_is_that_labels():
    lines = [(350, 70, "Order No.:"), (455, 70, "2812"), (350, 82, "Delivery:")]
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read([*lines, (455, 82, "2026-06-13")])


def test_a_price_per_one_unit_with_its_slash_run_into_it_is_the_unit_price():
    items = [*_ITEMS[:4], (400, 160, "2,50/"), (425, 160, "1"), (435, 160, "ST")]
    order = _read(
        [(50, 90, "Bestellnummer 4500049533"), (50, 102, "Datum 01.02.2026")],
        items=items + _ITEMS[5:],
    )
    (item,) = order.items
    assert (item.quantity, item.unit, item.unit_price) == (10, "ST", Decimal("2.50"))


def test_a_description_under_its_numbers_wrapped_at_the_tables_edge_goes_on():
    items = [(50, 160, "AB-100"), (-330, 160, "10"), (345, 160, "ST"), (-440, 160, "2,50")]
    items += [(-540, 160, "25,00"), (120, 172, "Termination outdoor kit, heat shrink, 11 kV,")]
    items += [(300, 172, "95 to 185 mm2, solid aluminium single core polymeric -")]
    items += [(120, 184, "Including phase and earth lugs")]
    header = [(50, 90, "Bestellnummer 4500049533"), (50, 102, "Datum 01.02.2026")]
    (item,) = _read(
        header, items=items, totals=[(380, 210, "Gesamtbetrag EUR"), (-540, 210, "25,00")]
    ).items
    assert item.description == (
        "Termination outdoor kit, heat shrink, 11 kV, 95 to 185 mm2, solid aluminium single"
        " core polymeric - Including phase and earth lugs"
    )


_SENTENCE = (50, 70, "Bei Schriftverkehr stets mit anzugeben:")


def test_a_number_of_a_date_alone_flush_under_the_title_is_the_orders_number_and_date():
    # No label names them: the number joined to its date by "vom", in the title's column.
    order = _read([_SENTENCE, (50, 82, "700/45444628 vom 22.08.2026")])
    assert (order.po_number, order.order_date) == ("700/45444628", dt.date(2026, 8, 22))


def test_a_number_of_a_date_set_apart_from_the_title_is_not_read():
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read([_SENTENCE, (200, 82, "700/45444628 vom 22.08.2026")])


def test_a_code_alone_next_in_the_titles_column_under_it_is_the_po_number():
    """NetSuite's print: "Purchase Order" over its number, the buyer's address lines set
    beside them in the other column, a line of which falls between the two."""
    lines = [(350, 62, "281 International Pkwy"), (50, 74, "PO001864")]
    order = _read(lines + [(350, 86, "PO Date 2026-06-02")], title="Purchase Order")
    assert (order.po_number, order.order_date) == ("PO001864", dt.date(2026, 6, 2))


def test_a_code_under_a_line_of_the_titles_column_is_no_po_number():
    lines = [(50, 62, "Flower Mound TX"), (50, 74, "PO001864")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _read(lines + [(350, 86, "PO Date 2026-06-02")], title="Purchase Order")


@pytest.mark.parametrize(
    ("number_line", "po_number"), [(None, "PO001864"), ((350, 110, "Number 52407"), None)]
)
def test_a_bare_number_label_the_titles_own_number_disagrees_with_is_declined(
    number_line, po_number
):
    """A bare "Number" ("Supplier number" with its first word missing, "Number of pages")
    names no one's number: with the title's own number under the title, they must agree."""
    lines = [(50, 74, "PO001864"), (350, 86, "PO Date 2026-06-02")]
    if number_line is None:
        assert _read(lines, title="Purchase Order").po_number == po_number
    else:
        with pytest.raises(ExtractionDeclined, match="two purchase-order numbers"):
            _read([*lines, number_line], title="Purchase Order")


def test_a_number_label_inside_an_address_line_beside_the_title_block_is_no_po_number():
    """ "complex - No.7, Kuwait City" set on the line under a title on the right: a shop's
    number in the buyer's address, not the order's under the title."""
    lines = [(150, 66, "Habeeb Munawer ST. - Deejany complex -"), (330, 66, "No.7, Kuwait City")]
    lines += [(-571, 66, "Original"), (-571, 80, "No. P00342"), (350, 96, "Order Date 2026-06-19")]
    order = _read(lines, title="Uellow", large=[(400, 50, "PURCHASE ORDER")])
    assert order.po_number == "P00342"


def test_a_tax_id_opening_with_the_letter_n_is_no_number_label():
    """The buyer's centred "NIT 900.123.456-7" on the row of "No. OC-1042" under a title
    on the right: "N" alone is the label "N." without its dot only as a word of its own."""
    lines = [(200, 70, "Ferretería Andina S.A.S."), (200, 82, "NIT 900.123.456-7")]
    lines += [(430, 70, "Orden de compra"), (430, 84, "No. OC-1042")]
    lines += [(50, 110, "Fecha"), (120, 110, "14/10/2025")]
    assert _read(lines, title="").po_number == "OC-1042"
