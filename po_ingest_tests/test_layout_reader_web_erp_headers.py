"""How web ERPs head an order: a title naming the supplier it is for ("Bon de commande
fournisseur") over a bare "N°" and its number, a job's own label ("Affaire"), and a row of
labels over their values centred under them, one cell left empty."""

from __future__ import annotations

import datetime as dt

import pymupdf
import pytest

from po_ingest.lib.extraction.local.vocabulary import alternatives, phrase_pattern
from po_ingest_tests.test_layout_reader_header_labels import _read


@pytest.mark.parametrize(
    "title",
    [
        "Bon de commande fournisseur",
        "Supplier Purchase Order",
        "Orden de compra a proveedor",
        "Inkooporder leverancier",
        "Ordine di acquisto fornitore",
        "Nota de encomenda a fornecedor",
    ],
)
def test_a_title_naming_the_supplier_it_is_for_titles_the_number_under_it(title):
    order = _read([(50, 72, "N° BCF-97701"), (50, 84, "Date : 28/12/2026")], title)
    assert (order.po_number, order.order_date) == ("BCF-97701", dt.date(2026, 12, 28))


def test_of_phrases_as_long_those_with_no_optional_mark_are_tried_first():
    """ "n." also matches the "N" of "N°": tried first, it leaves "°" as the number's."""
    plain, marked = ["n°", "nº", "no", "nr"], ["n.", "n-", "x.", "y-"]
    tried = alternatives(marked + plain).split("|")
    assert tried[: len(plain)] == [phrase_pattern(p) for p in sorted(plain)]


@pytest.mark.parametrize("label", ["AFFAIRE", "N° d'affaire", "Code affaire"])
def test_a_french_affaire_labels_the_project(label):
    header = [(50, 72, "N° BCF-97701"), (50, 84, "Date : 28/12/2026")]
    order = _read([*header, (300, 110, label), (300, 122, "JOB-25492")], "Bon de commande")
    assert order.project_code == "JOB-25492"


def _centred(middle: float, y: float, text: str):
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    return (middle - width / 2, y, text)


_COLUMNS = [("Número", 90), ("Data", 165), ("Obra", 350), ("Condição Pagamento", 460)]


@pytest.mark.parametrize("project", ["", "OB-2026/14"])
def test_a_value_centred_under_the_next_label_is_not_an_empty_cells(project):
    """A row of labels over their values, each centred in its column: the payment terms,
    wider than their label, reach left under "Obra", whose cell is empty."""
    values = ["NE 2026/749", "2026-12-23", project, "30 dias após emissão da fatura"]
    header = [_centred(middle, 110, label) for label, middle in _COLUMNS]
    header += [_centred(m, 122, v) for (_, m), v in zip(_COLUMNS, values, strict=True) if v]
    order = _read(header, "Nota de Encomenda")
    assert (order.po_number, order.project_code) == ("NE 2026/749", project or None)


def test_a_title_labelling_its_number_before_a_colon_and_the_orders_subject():
    """Procore's "Purchase Order #PO-0139: Job Site 14 - Warehouse Expansion": the number
    ends at the colon, the words after it name the job."""
    title = "Purchase Order #PO-0139: Job Site 14 - Warehouse Expansion"
    order = _read([(50, 80, "Date:"), (150, 80, "2026-02-15")], title)
    assert order.po_number == "PO-0139"
