"""The layout reader on headers that name their number or date without the usual label: a
number set as a heading of its own, the buyer's "Our Reference", a form's "Contact : …, le :
<date>" line. Each page drawn word by word, one test one change."""

from __future__ import annotations

import datetime as dt

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page
from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _titles

_COMMA_ITEMS = [(x, y, t.replace(".", ",")) for x, y, t in _ITEMS]
_COMMA_TOTALS = [(x, y, t.replace(".", ",")) for x, y, t in _PLAIN_TOTALS]
# The supplier's address: the header's body text.
_ADDRESS = [(50, 60, "Spett.le L.S. SRL"), (50, 70, "Via Baselone 18"), (50, 80, "23862 Civate LC")]


def _order(lines, title="PURCHASE ORDER", large=(), comma=False):
    items, totals = (_COMMA_ITEMS, _COMMA_TOTALS) if comma else (_ITEMS, _PLAIN_TOTALS)
    content, _ = drawn_page(lines + _titles() + items + totals, title=title, large=large)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def test_a_number_label_and_its_number_set_as_a_heading_away_from_the_title_is_the_po_number():
    """ "Ordine Fornitore" on the left, "N. 300 000 946" set large on the right."""
    lines = _ADDRESS + [(50, 95, "Data"), (120, 95, "05/03/2026")]
    order = _order(lines, "Ordine Fornitore", large=[(330, 80, "N. 300 000 946")], comma=True)
    assert (order.po_number, order.order_date) == ("300000946", dt.date(2026, 3, 5))


def test_a_number_label_in_the_body_text_away_from_the_title_is_no_po_number():
    lines = _ADDRESS + [(330, 80, "N. 300 000 946"), (50, 95, "Data"), (120, 95, "05/03/2026")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _order(lines, "Ordine Fornitore", comma=True)


def test_two_number_headings_that_differ_are_not_guessed_between():
    lines = _ADDRESS + [(50, 95, "Data"), (120, 95, "05/03/2026")]
    large = [(330, 80, "N. 4711"), (330, 110, "N. 4712")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _order(lines, "Ordine Fornitore", large=large, comma=True)


def test_the_buyers_own_reference_is_the_po_number_when_nothing_else_names_one():
    lines = [(50, 80, "Order Date"), (50, 92, "05-03-2026"), (400, 80, "Our Reference")]
    lines += [(-460, 92, "2313"), (50, 110, "Lisbaan 17, 2908 LN Capelle, Nederland")]
    order = _order(lines)
    assert (order.po_number, order.order_date) == ("2313", dt.date(2026, 3, 5))


def test_the_buyers_reference_is_not_taken_beside_a_number_whose_label_is_unknown():
    """A row of references ("N° pièce" over the document's own number, "Notre référence"
    over the buyer's): the label the vocabulary lacks names a number all the same, so which
    of the two is the order's is not known."""
    lines = [(50, 80, "N° pièce"), (50, 92, "BCF00417"), (150, 80, "Date")]
    lines += [(150, 92, "05/03/2026"), (250, 80, "Notre référence"), (250, 92, "JD/0931")]
    with pytest.raises(ExtractionDeclined, match="no labelled purchase-order number"):
        _order(lines, "Bon de commande fournisseur", comma=True)


def test_the_buyers_reference_is_taken_beside_another_partys_number():
    """ "N° client" names the buyer's account with the supplier: no number of the order."""
    lines = [(50, 80, "N° client"), (50, 92, "C00417"), (150, 80, "Date")]
    lines += [(150, 92, "05/03/2026"), (250, 80, "Notre référence"), (250, 92, "JD/0931")]
    assert _order(lines, "Bon de commande fournisseur", comma=True).po_number == "JD/0931"


def test_a_labelled_po_number_comes_before_the_buyers_reference():
    lines = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042"), (50, 95, "Date:")]
    lines += [(150, 95, "2026-03-05"), (300, 80, "Our Reference:"), (400, 80, "REQ-77")]
    assert _order(lines).po_number == "PO-2026-0042"


@pytest.mark.parametrize(
    ("line", "date"),
    [
        ("Contact : Magaly Bourgouin, le : 13/06/2025", dt.date(2025, 6, 13)),
        ("Établi par : Jean Dupont, le 12/06/2025", dt.date(2025, 6, 12)),
    ],
)
def test_a_forms_who_and_when_line_dates_the_order(line, date):
    lines = [(50, 80, "Commande : 41551764"), (50, 95, line)]
    order = _order(lines, "Commande", comma=True)
    assert (order.po_number, order.order_date) == ("41551764", date)


def test_a_labelled_line_without_its_on_word_does_not_date_the_order():
    """ "Livraison : Nantes, 20/06/2025" may be when and where it is delivered."""
    lines = [(50, 80, "Commande : 41551764"), (50, 95, "Livraison : Nantes, 20/06/2025")]
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _order(lines, "Commande", comma=True)


def test_a_label_with_its_translation_after_a_slash_takes_no_translation_for_its_value():
    """ "Fornitore / Supplier" over the supplier's code: the label twice, no name."""
    lines = _ADDRESS + [(50, 95, "Ordine N. 4711"), (50, 110, "Data / Date 05/03/2026")]
    lines += [(400, 95, "Fornitore / Supplier"), (400, 107, "F00008300")]
    order = _order(lines, "Ordine Fornitore", comma=True)
    assert (order.po_number, order.supplier_name) == ("4711", None)


@pytest.mark.parametrize(
    "due",
    ["Fecha de vencimiento 19/03/2026", "Fecha límite de entrega 19/03/2026"],
)
def test_a_date_label_run_on_into_another_dates_words_is_not_the_order_dates(due):
    """ "Fecha de vencimiento 19/03/2026" in one cell starts with the label "Fecha": the
    words after it name the due date, which is no order's date."""
    lines = [(50, 80, "Pedido nº: 4711"), (50, 95, "Fecha de creación: 05/03/2026")]
    order = _order(lines + [(50, 110, due)], "Orden de compra", comma=True)
    assert order.order_date == dt.date(2026, 3, 5)


def test_a_colon_after_a_labels_words_ends_a_longer_label_the_vocabulary_lacks():
    """ "Date Entered: …" over "Date Wanted: …": each is "Date" run on into a label of its
    own, and which of them dates the order the words do not say."""
    lines = [(50, 80, "Order No: 4711"), (50, 95, "Date Entered: 05-Mar-2026")]
    lines += [(50, 110, "Date Wanted: 19-Mar-2026")]
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _order(lines)
