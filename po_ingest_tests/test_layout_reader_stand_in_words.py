"""A word the reader does not know where a value or a label was ("Zorbel", the stand-in
ablation's word: `python -m po_ingest_tests.ablation --stand-in`): the reader declines, or
leaves the optional value out, rather than take the word into another value."""

from __future__ import annotations

import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest_tests.test_layout_reader import (
    _ITEMS,
    _PLAIN_TOTALS,
    X,
    _item,
    _page,
    _read,
    _titles,
    _totals,
)
from po_ingest_tests.test_layout_reader_web_erp_lines import _zoho_items

_NUMBER = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042"), (50, 95, "Date:")]
_NUMBER += [(150, 95, "2026-03-05")]


def _order(header):
    return _read(_page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]).order


# An HSN column: its codes are no value the reader returns; the first line's is a word.
_HSN_TITLES = [(50, 140, "Description"), (224, 140, "HSN/SAC"), (-330, 140, "Qty")]
_HSN_TITLES += [(345, 140, "Unit"), (-440, 140, "Unit Price"), (-540, 140, "Amount")]


def _hsn_line(y, text, hsn, qty, price, total):
    return [(50, y, text), (215, y, hsn), (-330, y, qty), (345, y, "pcs"), (-440, y, price)] + [
        (-540, y, total)
    ]


def test_a_word_under_the_title_of_a_column_empty_on_its_line_is_no_word_of_the_text():
    lines = _hsn_line(160, "Cable NYM-J 3x1.5", "Zorbel", "10", "2.50", "25.00")
    lines += _hsn_line(174, "Geotextile 200", "5603", "4", "1.25", "5.00")
    content = _page(_NUMBER + _HSN_TITLES + lines + _PLAIN_TOTALS)[0]
    with pytest.raises(ExtractionDeclined, match="under the other title"):
        _read(content)


def test_a_number_under_that_title_leaves_the_text_as_it_is():
    lines = _hsn_line(160, "Cable NYM-J 3x1.5", "8544", "10", "2.50", "25.00")
    lines += _hsn_line(174, "Geotextile 200", "5603", "4", "1.25", "5.00")
    order = _read(_page(_NUMBER + _HSN_TITLES + lines + _PLAIN_TOTALS)[0]).order
    assert [i.description for i in order.items] == ["Cable NYM-J 3x1.5", "Geotextile 200"]


# A code column whose title the reader does not know ("Zorbel Code"), its cells starting left
# of the title; the first line's code was read into its text.
_CODE_TITLES = [(40, 140, "Ln"), (93, 140, "Zorbel Code"), (226, 140, "Description")]
_CODE_TITLES += [(-380, 140, "Qty"), (-460, 140, "Unit Price"), (-540, 140, "Amount")]


def _coded_line(y, n, code, text, qty, price, total):
    return [(40, y, n), (71, y, code), (158, y, text), (-380, y, qty), (-460, y, price)] + [
        (-540, y, total)
    ]


def test_a_word_set_apart_in_the_text_where_another_columns_cells_start_is_not_known_as_its():
    lines = _coded_line(160, "1", "PAV-2010", "Paving stone 20 x 10", "10", "2.50", "25.00")
    lines += _coded_line(174, "2", "INS-MW-100", "Mineral wool slab", "4", "1.25", "5.00")
    lines += _coded_line(188, "3", "INS-MW-60", "Mineral wool 60 mm", "2", "5.00", "10.00")
    totals = [(380, 214, "Subtotal"), (-540, 214, "40.00"), (380, 228, "Total")]
    totals += [(-540, 228, "40.00")]
    content = _page(_NUMBER + _CODE_TITLES + lines + totals)[0]
    with pytest.raises(ExtractionDeclined, match="'PAV-2010' set apart where another column"):
        _read(content)


def test_a_project_code_is_no_date():
    # A date beside a project label: the next field's value, that field's label lost.
    header = _NUMBER + [(50, 110, "Site:"), (100, 110, "6-Jan-2026")]
    assert _order(header).project_code is None


def test_a_project_code_is_no_house_number_of_an_address_under_its_label():
    header = _NUMBER + [(50, 110, "Project Site - Phase 3, Survey Zorbel")]
    header += [(50, 120, "204, Maan Road, Pune")]
    assert _order(header).project_code is None


def test_two_project_labels_with_two_codes_give_none():
    # "Job Site 14 - Warehouse Expansion", its first word lost: "Site" reads as a label.
    header = _NUMBER + [(50, 110, "Site 14 - Warehouse Expansion")]
    header += [(50, 125, "Job Number"), (150, 125, "P-2026-066")]
    assert _order(header).project_code is None


def test_one_project_label_gives_its_code():
    header = _NUMBER + [(50, 125, "Job Number"), (150, 125, "P-2026-066")]
    assert _order(header).project_code == "P-2026-066"


@pytest.mark.parametrize(
    ("header", "name"),
    [
        # A legal form ends a name: a word after it is another field's.
        ([(50, 110, "Supplier"), (50, 120, "Aço Forte Distribuidora Ltda. Zorbel")], None),
        (
            [(50, 110, "Supplier"), (50, 120, "Aceros del Norte S.A. de C.V.")],
            "Aceros del Norte S.A. de C.V.",
        ),
        # "Vendor #" labels the vendor's number, never its name.
        ([(300, 80, "Vendor #"), (400, 80, "Zorbel")], None),
        # Under it, the next label of a form of labels and values ("Payment Terms").
        (
            [(300, 80, "Vendor #"), (400, 80, "S-60601")]
            + [(300, 95, "Payment Zorbel"), (400, 95, "45 days")],
            None,
        ),
        # Under it, nothing beside: the name.
        ([(300, 80, "Vendor#:"), (360, 80, "3002130"), (300, 95, "CHEP USA INC")], "CHEP USA INC"),
    ],
    ids=[
        "past-legal-form",
        "legal-form-then-abbreviation",
        "beside-number-label",
        "form-row-under-number-label",
        "name-under-number-label",
    ],
)
def test_a_supplier_name_is_taken_only_as_one(header, name):
    assert _order(_NUMBER + header).supplier_name == name


def test_a_code_under_a_label_not_known_where_the_other_lines_print_labelled_codes_declines():
    """Zoho's "SKU: RB-14-12000" under the item's name, its label a word the reader does not
    know on one line: that line is no more of the name, but a code the other lines print
    under a label."""
    with pytest.raises(ExtractionDeclined, match="where the other lines print their labelled"):
        _zoho_items([(X["code"] + 10, "Zorbel RB-14-12000")], [(X["code"] + 10, "SKU: WS-8")])


def test_more_of_the_name_under_it_beside_labelled_codes_is_the_names():
    items = _zoho_items([(X["code"] + 10, "zinc plated")], [(X["code"] + 10, "SKU: WS-8")])
    assert [(i.item_code, i.description) for i in items] == [
        (None, "Rebar B500B 14 mm zinc plated"),
        ("WS-8", "Washers"),
    ]


@pytest.mark.parametrize(
    ("under", "name"),
    # The supplier's number under its label on a row of titles, a word the reader does not
    # know in its place: a name under the label, the addressee says another.
    [("S-14020", "Cimentos Tejo, S.A."), ("Zorbel", None)],
)
def test_a_labelled_supplier_name_the_order_is_not_addressed_to_is_left_out(under, name):
    addressed = [(300, 60, "Exmo.(s) Sr.(s)"), (300, 71, "Cimentos Tejo, S.A.")]
    addressed += [(300, 82, "Estrada Nacional 10, km 12")]
    titles = [(50, 110, "Fornecedor"), (130, 110, "Data Entrega"), (230, 110, "Pagamento")]
    values = [(50, 121, under), (130, 121, "2026-03-26"), (230, 121, "Pronto pagamento")]
    header = _NUMBER + addressed + titles + values
    assert _order(header).supplier_name == name


def test_an_address_line_beside_other_columns_date_is_no_place_and_date_line():
    """ "Polígono Malpica, nave 7" beside "ENTREGA" over "15/12/2025" (a delivery date's
    title wrapped), the order date's label a word the reader does not know: no letter's
    place and date."""
    header = [(50, 80, "PO Number:"), (150, 80, "PO-2026-0042")]
    header += [(50, 98, "Polígono Malpica, nave 7"), (222, 98, "ENTREGA")]
    header += [(396, 98, "15/12/2025")]
    content = _page(header + _titles() + _ITEMS + _PLAIN_TOTALS)[0]
    with pytest.raises(ExtractionDeclined, match="no unambiguous order date"):
        _read(content)


@pytest.mark.parametrize(
    ("beside", "name"),
    [("Zorbel Entrega", None), ("Cimentos Tejo, S.A.", "Cimentos Tejo, S.A.")],
)
def test_a_name_beside_its_label_on_a_row_of_titles_over_values_is_the_next_title(beside, name):
    """No addressee to tell: the cell beside the supplier's label, a value under each, is the
    next column's title; one ending in its legal form is the name."""
    titles = [(50, 110, "Fornecedor"), (130, 110, beside), (230, 110, "Pagamento")]
    values = [(50, 121, "S-14020"), (130, 121, "2026-03-26"), (230, 121, "Pronto pagamento")]
    assert _order(_NUMBER + titles + values).supplier_name == name


def _supplier_numbered_items(first_under: list):
    """Two items with a code column, the supplier's article number under each one's text
    ("Lief.-Art.-Nr.: LSCF-T-60"), the first item's line as `first_under` (x, text)."""
    under = X["description"]
    lines = _item(160, "SCF-T-60", "Scaffold tube 48.3 mm, 6 m", "10", "2.50", "25.00")
    lines += [(x, 171, text) for x, text in first_under]
    lines += _item(188, "PVC-110-5", "Sewer pipe DN110, 5 m", "4", "1.25", "5.00")
    lines += [(under, 199, "Lief.-Art.-Nr.:"), (under + 62, 199, "LPVC-110-5")]
    totals = _totals(226, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    return _page(_NUMBER + _titles() + lines + totals)[0]


def test_the_other_fields_labelled_code_under_each_items_text_is_none_of_it():
    under = X["description"]
    content = _supplier_numbered_items([(under, "Lief.-Art.-Nr.:"), (under + 62, "LSCF-T-60")])
    items = _read(content).order.items
    assert [(i.item_code, i.description) for i in items] == [
        ("SCF-T-60", "Scaffold tube 48.3 mm, 6 m"),
        ("PVC-110-5", "Sewer pipe DN110, 5 m"),
    ]


@pytest.mark.parametrize(
    "first_under",
    [
        [(X["description"], "Zorbel LSCF-T-60")],
        # A label shorter than the others': its code stands apart, where theirs start.
        [(X["description"], "Zorbel"), (X["description"] + 62, "LSCF-T-60")],
    ],
    ids=["run-on", "aligned"],
)
def test_a_code_under_a_label_not_known_where_the_others_print_another_fields_code_declines(
    first_under,
):
    """The items have their codes in a column; under each one's text the supplier's article
    number, under a label the reader does not know on the first: that line is no more of
    the text."""
    with pytest.raises(ExtractionDeclined, match="where the other lines print their labelled"):
        _read(_supplier_numbered_items(first_under))


_FORM_GRID = [(50, 124, "Zorbel"), (130, 124, "Aço Forte Distribuidora Ltda.")]
_FORM_GRID += [(50, 136, "Endereço"), (130, 136, "Rod. Anhanguera km 32 - Cajamar - SP")]
_FORM_GRID += [(50, 148, "E-mail"), (130, 148, "compras@acoforte.com.br")]
_ADDRESS_BLOCK = [(50, 124, "Acoforte"), (130, 124, "CNPJ 34.567.890/0001-44")]
_ADDRESS_BLOCK += [(50, 136, "Rod. Anhanguera km 32"), (50, 148, "Cajamar - SP")]


@pytest.mark.parametrize(
    ("block", "name"),
    [(_FORM_GRID, None), (_ADDRESS_BLOCK, "Acoforte")],
    ids=["form-labels-under", "address-under"],
)
def test_a_word_in_a_column_of_form_labels_with_a_value_beside_it_is_no_name(block, name):
    """Under the supplier's heading a form's grid, a column of labels ("Nome", "Endereço",
    "E-mail") and values beside: a word the reader does not know in that column, a value
    beside it, is the field's label, not the supplier's name. Over the address's lines, a
    word is the name."""
    header = [(300, 80, "PO Number:"), (400, 80, "PO-2026-0042"), (300, 95, "Date:")]
    header += [(400, 95, "2026-03-05"), (50, 110, "FORNECEDOR")]
    lines = _item(200, "AB-100", "Steel bolts M8", "10", "2.50", "25.00")
    lines += _item(214, "CD-200", "Washers", "4", "1.25", "5.00")
    totals = _totals(240, [("Subtotal", "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")])
    content = _page(header + block + _titles(180) + lines + totals)[0]
    assert _read(content).order.supplier_name == name
