"""The supplier's name beside or under its label: what is left of a longer label, another
label, a sentence or a person is no name. Supplier names are optional: a doubtful one is
left out, never returned. The cases come from `python -m po_ingest_tests.ablation`, which
removes each word the reader does not return from the dev orders in turn."""

from __future__ import annotations

import pytest

from po_ingest_tests.test_layout_reader import _ITEMS, _PLAIN_TOTALS, _header, _page, _read, _titles


def _supplier(lines: list[tuple[float, float, str]]) -> str | None:
    content, _ = _page(_header() + lines + _titles() + _ITEMS + _PLAIN_TOTALS)
    return _read(content).order.supplier_name


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("(Bill", None),  # "Supplier (Bill from)" without its "from)"
        ("/ Supplier Code", None),
        ("- Viareggio Gelatos Ltda", None),  # the dash after a supplier's code
        ("Customer Service ()", None),
        ("Acme (UK) Ltd", "Acme (UK) Ltd"),
    ],
)
def test_what_is_left_of_a_label_is_no_name(value, name):
    assert _supplier([(50, 110, "Supplier"), (50, 122, value)]) == name


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("FSSAI No", None),  # "Vendor FSSAI No" without its "Vendor"
        ("Your Reference", None),
        ("Payment Terms", None),
        ("CONTRACT TITLE", None),
        ("Order to Supplier", None),
        ("Supplier", None),
        ("Inv", None),  # "Seller Inv" (the seller's invoice number) without its "Supplier"
        ("Fax", None),  # "Supplier Fax" over its number, left blank
        ("Fax-Nr.", None),
        ("Tel.-Nr.", None),
        ("Website", None),
        ("Supplier Fax", None),  # "Supplier Fax" under "Supplier Tel.-Nr." without its label
        ("Customercare@acme.com", None),  # "Supplier Email" without "Supplier"
        ("WWW.ACME.COM", None),
        ("P. IVA / CODICE FISCALE", None),  # tax numbers' labels
        ("N. I. F.", None),
        ("BRANCH / PLANT", None),
        ("TRASPORTO ED IMBALLAGGIO", None),
        ("Ordering", None),  # "Ordering Address" without "Address"
        ("Hewlett-Packard GmbH", "Hewlett-Packard GmbH"),
        ("Acme Number Works Ltd", "Acme Number Works Ltd"),
        ("A.B.C. Trading", "A.B.C. Trading"),
    ],
)
def test_another_label_is_no_name(value, name):
    assert _supplier([(50, 110, "Vendor"), (50, 122, value)]) == name


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("innerhalb von 14 Tagen 3 % Skonto", None),  # under "Lieferant", "Zahlung:" left out
        ("mit folgender", None),
        ("Este número se", None),
        ("und Zusatzbedingungen zu HSE Mindestanforderungen für", None),
        ("Gesellschaft für Messtechnik mbH", "Gesellschaft für Messtechnik mbH"),
        ("Creganna Medical dba LSA", "Creganna Medical dba LSA"),
        ("TE CONNECTIVITY solutions GMBH", "TE CONNECTIVITY solutions GMBH"),
        ("Cimentos do Vale S.A.", "Cimentos do Vale S.A."),
        ("Keystone Building Supply Co.", "Keystone Building Supply Co."),
    ],
)
def test_a_sentence_is_no_name(value, name):
    assert _supplier([(50, 110, "Lieferant"), (50, 122, value)]) == name


@pytest.mark.parametrize(
    "printed", ["M/s S.R.ENGINEERING", "M/S S.R.ENGINEERING", "Messrs. S.R.ENGINEERING"]
)
def test_an_honorific_before_the_name_is_not_part_of_it(printed):
    assert _supplier([(50, 110, "Vendor"), (50, 122, printed)]) == "S.R.ENGINEERING"


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ([(50, 122, "Este"), (80, 122, "se citará de manera imprescindible")], None),
        ([(50, 122, "Acme Ltd"), (300, 122, "tel. 0123 4567")], "Acme Ltd"),
    ],
)
def test_a_name_whose_line_goes_on_in_lower_case_is_a_sentence_cut_short(line, name):
    assert _supplier([(50, 110, "Proveedor"), *line]) == name


@pytest.mark.parametrize(
    ("line", "name"),
    [
        # "Verkäufer/in oder Ansprechpartner/in Lieferant:" without its "Ansprechpartner/in".
        ([(50, 110, "Verkäufer/in oder"), (200, 110, "Lieferant: Kerstin von Tycowicz")], None),
        ([(50, 110, "Contact or"), (200, 110, "Supplier:"), (260, 110, "Jane Doe")], None),
        ([(50, 110, "Ref 2026/7"), (200, 110, "Supplier: Acme Ltd")], "Acme Ltd"),
        # ... with a word the reader does not know standing in for the label's next word.
        (
            [(50, 110, "Verkäufer/in oder Zorbel"), (200, 110, "Lieferant: Kerstin von Tycowicz")],
            None,
        ),
        # ... or over the name: "Not confirmed by Supplier" over the country of origin.
        (
            [(50, 110, "Not confirmed Zorbel"), (200, 110, "Supplier"), (200, 122, "BANGLADESH")],
            None,
        ),
        (
            [(50, 110, "Ref Zorbel"), (200, 110, "Supplier"), (200, 122, "Acme Trading")],
            "Acme Trading",
        ),
    ],
)
def test_a_label_after_a_lower_case_word_ends_a_longer_label(line, name):
    assert _supplier(line) == name


@pytest.mark.parametrize(
    ("lines", "name"),
    [
        # A word the vocabulary does not know after the label, no colon between, over a value:
        # "Supplier Kennung" is a label over the supplier's number, "Vendor Standort" one over
        # the supplier's address block.
        ([(50, 110, "Supplier Kennung"), (50, 122, "2000069677")], None),
        ([(50, 110, "Vendor Standort"), (52, 122, "Acme Trading")], None),
        ([(50, 110, "Vendor Standort"), (125, 122, "Acme Trading")], None),  # set past it
        # ... or with its value beside it: after a colon, or a code.
        ([(50, 110, "Vendor Kennung"), (150, 110, ": Acme Trading")], None),
        ([(50, 110, "Vendor Kennung"), (150, 110, "10-ACME001")], None),
        # ... or among the block's other labels, its own value left blank.
        (
            [
                (50, 110, "Supplier Tel.-Nr."),
                (150, 110, "Supplier Kennung"),
                (250, 110, "Supplier Email"),
                (52, 122, "0123 4567"),
                (252, 122, "sales@acme.com"),
            ],
            None,
        ),
        # "Vendor #" labels the vendor's number, never its name.
        ([(50, 110, "Vendor#: Acme Trading"), (50, 122, "Acme Trading Ltd")], None),
        # A name: after a colon, ending in a legal form, or alone on its line.
        ([(50, 110, "Vendor: Acme Trading"), (50, 122, "12 Main Street")], "Acme Trading"),
        ([(50, 110, "Vendor Acme Trading Ltd"), (50, 122, "12 Main Street")], "Acme Trading Ltd"),
        ([(50, 110, "Vendor Acme Trading")], "Acme Trading"),
    ],
)
def test_a_word_after_the_label_standing_where_labels_stand_is_more_of_the_label(lines, name):
    assert _supplier(lines) == name


@pytest.mark.parametrize(
    ("lines", "name"),
    [
        # The supplier's number beside "Supplier :", a word the reader does not know in its
        # place, and the supplier's block under the label: two names, neither taken; a name
        # of more words beside the label is the label's value.
        ([(50, 110, "Supplier :"), (150, 110, "Kennung"), (50, 122, "Acme Trading GmbH")], None),
        (
            [(50, 110, "Supplier :"), (150, 110, "Acme Trading"), (50, 122, "Bolt Co")],
            "Acme Trading",
        ),
        (
            [(50, 110, "Supplier :"), (150, 110, "Acme Trading"), (150, 122, "Acme Trading")],
            "Acme Trading",
        ),
    ],
)
def test_a_name_beside_the_label_and_another_under_it_is_left_out(lines, name):
    assert _supplier(lines) == name


@pytest.mark.parametrize(
    "heading", ["Vendor Address", "Lieferantenanschrift", "Adresse fournisseur"]
)
def test_a_heading_naming_the_suppliers_address_heads_its_name(heading):
    """Zoho's "Vendor Address" over the supplier's name, then its street and town."""
    block = [(50, 110, heading), (50, 122, "Atlas Cement Sales Ltd"), (50, 133, "Harbour House")]
    assert _supplier(block + [(50, 144, "Southampton SO15 1AJ")]) == "Atlas Cement Sales Ltd"


@pytest.mark.parametrize(
    ("lines", "name"),
    [
        # A code where the label's last word stood ("Vendor Code." → "Vendor QX-4417"), its
        # value after a colon beside it: what stands under it is the next label's or line's.
        (
            [(50, 110, "Vendor QX-4417"), (150, 110, ":100688"), (50, 122, "Supplying Site")],
            None,
        ),
        # "Supplier Contact Name" with a code for "Contact": a contact person under it, not
        # the supplier.
        ([(50, 110, "Supplier QX-4417 Name"), (52, 122, "Sharma Sagarika")], None),
        # ... or with a form's field label beside it ("Name" set apart).
        ([(50, 110, "Supplier QX-4417"), (160, 110, "Name"), (52, 122, "Sharma Sagarika")], None),
        # The name under the party's label alone, or beside "Supplier Name:", is read.
        ([(50, 110, "Supplier"), (150, 110, ":100688"), (50, 122, "Acme Trading")], "Acme Trading"),
        ([(50, 110, "Supplier Name:"), (150, 110, "Acme Trading")], "Acme Trading"),
    ],
)
def test_a_name_under_the_party_label_run_on_by_a_code_is_left_out(lines, name):
    assert _supplier(lines) == name


@pytest.mark.parametrize(
    ("supplier", "delivery"),
    [("FOURNISSEUR", "LIVRER À"), ("Supplier", "Ship to"), ("Lieferant", "Lieferanschrift")],
)
def test_the_delivery_addresss_heading_beside_the_suppliers_is_no_name(supplier, delivery):
    """Two blocks side by side under their headings: the heading beside the supplier's is
    the next block's, the name under it the supplier's."""
    block = [(50, 110, supplier), (200, 110, delivery), (50, 122, "Matériaux Dupuis SARL")]
    block += [(200, 122, "Chantier Île de Nantes"), (50, 133, "ZI des Grands Champs")]
    assert _supplier(block) == "Matériaux Dupuis SARL"


def _addressed(salutation: str, value: str) -> str | None:
    block = [(300, 98, salutation), (300, 109, value), (300, 120, "Via Roma 12")]
    return _supplier(block + [(300, 131, "20121 Milano")])


_ADDRESSED = {
    "Spett.le": "L.S. SRL",
    "Spett.le/Esteemed": "Mobili Brianza S.p.A.",
    "Exmo.(s) Sr.(s)": "Cimentos Tejo, S.A.",
    "Señores": "Aceros del Norte S.L.",
}


@pytest.mark.parametrize("salutation", list(_ADDRESSED))
def test_the_name_under_the_salutation_addressing_it_is_the_suppliers(salutation):
    """An order is addressed to its supplier: "Spett.le" over its name, then its address."""
    assert _addressed(salutation, _ADDRESSED[salutation]) == _ADDRESSED[salutation]


def test_under_a_salutation_a_name_without_its_legal_form_or_after_a_number_is_none():
    """ "Quenet Communication" may be the first line of a name wrapped onto two."""
    assert _addressed("Spett.le", "Quenet Communication") is None
    assert _addressed("Spett.le", "1004691 - Chep USA Inc.") is None


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Aço Forte Distribuidora Ltda. (Cód. S-22807)", "Aço Forte Distribuidora Ltda."),
        ("Acme Steel Ltd (Vendor No. 4711)", "Acme Steel Ltd"),
        ("Acme Holdings (2004) Ltd", "Acme Holdings (2004) Ltd"),
    ],
)
def test_a_labelled_code_in_brackets_after_the_name_is_no_part_of_it(value, name):
    """TOTVS prints the supplier's code so after its name; a year in brackets inside a
    name is the name's."""
    assert _supplier([(50, 110, "Supplier"), (50, 122, value)]) == name


@pytest.mark.parametrize(
    ("lines", "name"),
    [
        # "Supplier: TYCOEL", the supplier's code printed in the label's own cell, over the
        # supplier's block: the code is no name, and which is the supplier's is not known.
        ([(50, 110, "Supplier: TYCOEL"), (50, 122, "Acme Trading GmbH")], None),
        ([(50, 110, "Supplier: Acme Trading"), (50, 122, "Bolt Co")], "Acme Trading"),
        ([(50, 110, "Supplier: Acme"), (50, 122, "Acme")], "Acme"),
    ],
)
def test_a_word_in_the_labels_cell_and_a_name_under_the_label_is_left_out(lines, name):
    assert _supplier(lines) == name


@pytest.mark.parametrize(
    ("value", "name"),
    [
        # A form's field label and the value beside it read as one cell under the party's
        # label: a label and its value, no name; one such word may open a name.
        ("CONTACT NAME Harbor Trading", None),
        ("Company Name Acme Trading", None),
        ("Contact Energy Ltd", "Contact Energy Ltd"),
    ],
)
def test_a_forms_field_label_opening_the_name_is_no_name(value, name):
    assert _supplier([(50, 110, "Supplier"), (50, 122, value)]) == name


_CODE_ROW = [(50, 110, "Leverancier"), (130, 110, "S-20322")]


@pytest.mark.parametrize(
    ("under", "name"),
    [
        # A form's rows of labels and values: under the party's label with its code beside
        # it, a label nobody taught the reader with its value flush with the code.
        ([(50, 122, "Zorbel"), (130, 122, "Eva Jansen")], None),
        # Nothing beside it: the name under the label.
        ([(50, 122, "Euro Pallets")], "Euro Pallets"),
    ],
)
def test_a_cell_under_the_party_label_in_rows_of_labels_and_values_is_the_next_label(under, name):
    assert _supplier(_CODE_ROW + under) == name


@pytest.mark.parametrize(
    ("upper", "lower", "name"),
    [
        # A line ended with room to spare for the next one's first word: ended on purpose,
        # a form's field label nobody taught the reader over the name.
        ("Zorbel Social", "Aço Forte Distribuidora Ltda.", "Aço Forte Distribuidora Ltda."),
        # A line with no room left: the name wrapped onto the next line.
        (
            "Quenet Communication Systems",
            "Installation LLC",
            "Quenet Communication Systems Installation LLC",
        ),
    ],
)
def test_a_line_over_the_name_is_part_of_it_only_when_the_name_wrapped(upper, lower, name):
    assert _supplier([(50, 110, "FORNECEDOR"), (50, 122, upper), (50, 134, lower)]) == name


@pytest.mark.parametrize(
    ("beside", "name"),
    [
        (None, "Acme Trading"),  # the label again in Chinese over the name
        # A word of the translation the reader does not know: in its cell, or one of its own.
        ((86, "Zorbel"), "Acme Trading"),
        ((90, "Zorbel"), "Acme Trading"),
    ],
)
def test_a_label_in_another_script_with_a_word_the_reader_does_not_know_is_no_name(beside, name):
    content, pdf = _page(
        _header()
        + [(50, 110, "Vendor"), (50, 134, "Acme Trading")]
        + _titles()
        + _ITEMS
        + _PLAIN_TOTALS
    )
    page = pdf[0]
    page.insert_text((50, 122), "供应商", fontname="china-s", fontsize=9)
    if beside is not None:
        page.insert_text((beside[0], 122), beside[1], fontname="helv", fontsize=9)
    assert _read(pdf.tobytes()).order.supplier_name == name


@pytest.mark.parametrize(
    ("name", "read"),
    [
        # "Kundennummer 233557" over "Lieferant 301433", the supplier's number a word the
        # reader does not know: a column of numbers, the word as likely the supplier's.
        ("Zorbel", None),
        ("Acme Trading", "Acme Trading"),
    ],
)
def test_one_word_beside_the_label_in_a_column_of_numbers_is_no_name(name, read):
    above = [(50, 110, "Kundennummer"), (130, 110, "233557")]
    below = [(50, 134, "Zahlung:"), (130, 134, "30 Tage netto")]
    assert _supplier([*above, (50, 122, "Lieferant"), (130, 122, name), *below]) == read


@pytest.mark.parametrize(
    ("lines", "name"),
    [
        # "Vendor Copy" in the page's corner, "Copy" a word the reader does not know.
        ([(400, 110, "Vendor Zorbel")], None),
        ([(400, 110, "Vendor Acme Trading")], "Acme Trading"),
        ([(400, 110, "Vendor: Acme")], "Acme"),
    ],
)
def test_one_word_beside_the_label_with_nothing_under_it_is_a_mark_not_a_name(lines, name):
    assert _supplier(lines) == name
