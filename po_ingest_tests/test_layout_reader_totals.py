"""The totals block among what surrounds it: a tax number, the terms and a company's
share capital printed near the totals are none of its lines."""

from __future__ import annotations

from decimal import Decimal

import pymupdf
import pytest

from po_ingest.lib.extraction.base import ExtractionDeclined
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.totals import find_totals
from po_ingest_tests.test_layout_reader import X, _header, _item, _page, _read, _titles, _totals

_ITEMS = _item(160, "AB-100", "Steel bolts M8", "10", "2.50", "25.00") + _item(
    174, "CD-200", "Washers", "4", "1.25", "5.00"
)
_NET_ROWS = [("Total net value excl. tax EUR", "30.00")]
_NET_ONLY = _totals(200, _NET_ROWS)


def _net_total_with(after: list[tuple[float, float, str]]) -> Decimal | None:
    content, _ = _page(_header() + _titles() + _ITEMS + _NET_ONLY + after)
    return _read(content).order.total


@pytest.mark.parametrize("tax_number", ["UST (VAT) ID DE 128 960 627", "VAT/USt.-Id-Nummer DE 811"])
def test_a_tax_number_glossed_in_another_language_is_no_tax_line(tax_number):
    assert _net_total_with([(220, 780, tax_number)]) == Decimal("30.00")


def test_a_sentence_starting_with_a_charge_word_is_no_charge_left_unread():
    terms = [
        (50, 230, "Delivery is made in accordance with FCA / FOB (Incoterms 2010) to the site")
    ]
    assert _net_total_with(terms) == Decimal("30.00")


def test_a_number_inside_a_sentence_is_no_amount_of_the_totals():
    terms = [(50, 230, "packing warranty for a period of twenty-four (24) months from delivery")]
    assert _net_total_with(terms) == Decimal("30.00")


def test_a_tax_note_under_an_item_above_the_net_total_leaves_it_the_total():
    note = [(X["description"], 186, "Tax: ACQUISITION TAX - EU 23%")]
    content, _ = _page(_header() + _titles() + _ITEMS + note + _totals(210, _NET_ROWS))
    assert _read(content).order.total == Decimal("30.00")


def test_a_share_capital_in_another_currency_is_no_second_currency():
    footer = [(50, 790, "Share capital value 70.856.500 PLN")]
    content, _ = _page(_header() + _titles() + _ITEMS + _NET_ONLY + footer)
    order = _read(content).order
    assert (order.currency, order.total) == ("EUR", Decimal("30.00"))


def test_a_currency_named_in_the_terms_prose_is_no_second_currency():
    terms = [
        (50, 700, "Supplier shall carry insurance with minimum limits of USD $1,000,000 per"),
        (
            50,
            712,
            "occurrence, and shall comply with Regulation (EC) No 1272/2008 (CLP) and all the like.",
        ),
    ]
    content, _ = _page(_header() + _titles() + _ITEMS + _NET_ONLY + terms)
    order = _read(content).order
    assert (order.currency, order.total) == ("EUR", Decimal("30.00"))


@pytest.mark.parametrize(
    ("sentence", "currency"),
    [
        ("PLEASE SHIP ONLY GHS COMPLIANT PRODUCT. NON-COMPLIANT PRODUCT WILL NOT BE PAID.", "EUR"),
        ("ALL PRICES ON THIS ORDER ARE FIRM AND IN USD 30.00 TOTAL", "USD"),
    ],
)
def test_a_code_in_a_capitalised_sentence_without_an_amount_is_no_currency(sentence, currency):
    """GHS is the Globally Harmonized System there: the order prints no currency and gets
    the default; beside an amount the same sentence names the order's money."""
    totals = _totals(200, [("Total", "30.00")]) + [(50, 230, sentence)]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    result = _read(content)
    assert result.order.currency == currency
    assert (result.provenance["currency"] is None) == (currency == "EUR")


@pytest.mark.parametrize(
    ("total", "currency"), [("30.00 US", "USD"), ("30.00 CDN", "CAD"), ("30.00", "EUR")]
)
def test_north_americas_currency_after_an_amount_is_its_money(total, currency):
    """ "109.80 US" on a Motion Industries order: US dollars, beside a sentence naming GHS
    (no second currency); "US" in an address names none."""
    lines = _totals(200, [("Total", total)]) + [
        (
            50,
            230,
            "PLEASE SHIP ONLY GHS COMPLIANT PRODUCT. NON-COMPLIANT PRODUCT WILL NOT BE PAID.",
        ),
        (50, 250, "Ship to: 100 Main St, Birmingham, AL 35201 US"),
    ]
    content, _ = _page(_header() + _titles() + _ITEMS + lines)
    order = _read(content).order
    assert (order.currency, order.total) == (currency, Decimal("30.00"))


def test_a_second_currency_beside_an_amount_still_declines():
    amounts = [(50, 790, "Prices in USD 30.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + _NET_ONLY + amounts)
    with pytest.raises(ExtractionDeclined, match="prints two currencies, EUR and USD"):
        _read(content)


def test_a_total_label_set_in_spaced_letters_is_its_word():
    totals = [(372, 200, "G e s a m t b e t r a g"), (-X["total"], 200, "30.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("30.00")


def test_a_label_over_its_amount_past_a_line_of_another_column_names_it():
    totals = [
        (490, 200, "Order total"),
        (50, 205, "Phone: 335 6995828"),
        (-X["total"], 212, "30.00"),
    ]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("30.00")


def test_a_price_rounded_to_its_places_and_an_amount_rounded_to_the_cent_add_up():
    """29,568 at 0.10175 is 3,008.544: printed 0.1018 and 3,008.54."""
    items = _item(160, "AB-100", "Connector housing", "29568", "0.1018", "3008.54")
    content, _ = _page(_header() + _titles() + items + _totals(186, [("Total", "3008.54")]))
    (item,) = _read(content).order.items
    assert (item.unit_price, item.line_total) == (Decimal("0.1018"), Decimal("3008.54"))


def test_a_small_price_printed_to_three_places_rounds_its_line_all_the_same():
    """200 at 0.4253 is 85.06, printed 0.425: a price worked out from its amount."""
    items = _item(160, "AB-100", "End stop 9 mm", "200", "0.425", "85.06")
    content, _ = _page(_header() + _titles() + items + _totals(186, [("Total", "85.06")]))
    (item,) = _read(content).order.items
    assert (item.unit_price, item.line_total) == (Decimal("0.425"), Decimal("85.06"))


def test_a_small_price_printed_to_two_places_does_not_round_its_line():
    items = _item(160, "AB-100", "End stop 9 mm", "200", "0.43", "85.06")
    content, _ = _page(_header() + _titles() + items + _totals(186, [("Total", "85.06")]))
    with pytest.raises(ExtractionDeclined, match="line_total_mismatch"):
        _read(content)


def test_a_description_holding_the_suppliers_number_by_its_label_is_declined():
    items = _item(160, "AB-100", "Ihre Nummer: 50-0041-000-100", "10", "2.50", "25.00")
    items += _item(174, "CD-200", "Washers", "4", "1.25", "5.00")
    content, _ = _page(_header() + _titles() + items + _NET_ONLY)
    with pytest.raises(ExtractionDeclined, match="holds a reference"):
        _read(content)


@pytest.mark.parametrize("label", ["Steuer gesamt:", "MwSt gesamt"])
def test_a_tax_total_named_with_its_word_after_is_the_tax(label):
    """German "Steuer gesamt" ("tax total") between the net sum and the total: the tax."""
    rows = [("Nettosumme:", "30.00"), (label, "5.70"), ("Gesamtsumme:", "35.70")]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    order = _read(content).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("5.70"),
        Decimal("35.70"),
    )


@pytest.mark.parametrize("printed", ["Total:30.00 (GBP)", "Total:£30.00"])
def test_a_total_label_run_into_its_amount_is_the_total(printed):
    """Oracle's "Total:30.00 (GBP)": the label and the amount printed as one word."""
    totals = [(-X["total"], 200, printed)]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("30.00")


def test_the_currency_after_a_total_run_into_its_label_is_the_orders():
    content, _ = _page(_header() + _titles() + _ITEMS + [(-X["total"], 200, "Total:30.00 (GBP)")])
    assert _read(content).order.currency == "GBP"


def test_a_net_final_amount_and_nothing_more_is_the_total():
    """German "Nettoendbetrag" (net final amount): the order states no tax."""
    rows = [("Nettoendbetrag in EUR:", "30.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    order = _read(content).order
    assert (order.subtotal, order.total) == (Decimal("30.00"), Decimal("30.00"))


def _boxed_totals_grid(y: float) -> list[tuple[float, float, str]]:
    """A boxed grid of totals: titles left-aligned, padded cells set the values
    over two lines lower and further right; the payment terms share its row; a rate column.
    Its values fall under the items' quantity, price and amount columns."""
    titles = [(50, y, "Forma de pago"), (150, y, "Base imponible"), (300, y, "% IVA")]
    titles += [(400, y, "Importe IVA"), (490, y, "Total")]
    values = [(50, y + 26, "TRANSFERENCIA"), (-250, y + 26, "30.00"), (-330, y + 26, "21")]
    values += [(-440, y + 26, "6.30"), (-545, y + 26, "36.30 EUR")]
    return titles + values


def test_a_boxed_grid_of_totals_under_a_gap_pairs_each_value_with_its_title():
    """The gap under the items pauses their table; the grid's titles close it: the full
    row of values under them is no item."""
    note = [(50, 230, "Rogamos confirmen el pedido en un plazo de 48 horas.")]
    content, _ = _page(_header() + _titles() + _ITEMS + note + _boxed_totals_grid(260))
    order = _read(content).order
    assert len(order.items) == 2
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.30"),
        Decimal("36.30"),
    )


def _row(y: float, cells: list[tuple[float, str]]) -> Row:
    words = []
    for x, text in cells:
        for part in text.split():
            words.append(Word(x, y - 4, x + 6 * len(part), y + 4, part))
            x += 6 * len(part) + 3
    return Row(0, words)


def test_an_items_numbers_under_an_item_tables_header_are_no_grid_of_totals():
    """Past a page break the rows under the totals may be a later page's items: a unit
    between their numbers, "Nettowert" over them, is no subtotal."""
    header = _row(100, [(40, "Position"), (300, "Menge"), (400, "Nettopreis"), (480, "Nettowert")])
    item = _row(
        118, [(40, "00020"), (300, "120"), (330, "each"), (400, "18.80"), (480, "2,256.00")]
    )
    total = _row(140, [(380, "Total net value"), (480, "3,501.60")])
    totals = find_totals([header, item, total], decimal_comma=False)
    assert (totals.subtotal.value, totals.total.value) == (Decimal("3501.60"), Decimal("3501.60"))


def test_words_under_a_grids_title_between_its_amounts_are_no_amount():
    """ "Portes" over "PAGADOS" (carriage paid) between a grid's amounts: the words are the
    column's value, the amounts still their titles'."""
    titles = [(40, "Base imponible"), (150, "Portes"), (260, "Importe IVA"), (380, "Total")]
    values = [(40, "100,00 €"), (150, "PAGADOS"), (260, "21,00 €"), (380, "121,00 €")]
    totals = find_totals([_row(110, titles), _row(124, values)], decimal_comma=True)
    assert (totals.subtotal.value, totals.tax.value, totals.total.value) == (
        Decimal("100.00"),
        Decimal("21.00"),
        Decimal("121.00"),
    )


def test_a_grids_tax_title_printing_its_rate_titles_the_tax_amount():
    """ "MwSt19%" names the tax with its rate glued on: the amount under it is the tax, unlike
    a rate column's "% IVA"."""
    titles = [(330, "Warenwert"), (417, "MwSt19%"), (480, "Gesamtbetrag")]
    values = [(68, "EUR"), (341, "1.326,60"), (429, "252,05"), (505, "1.578,65")]
    totals = find_totals([_row(100, titles), _row(114, values)], decimal_comma=True)
    assert (totals.subtotal.value, totals.tax.value, totals.total.value) == (
        Decimal("1326.60"),
        Decimal("252.05"),
        Decimal("1578.65"),
    )


def test_a_grids_amount_set_a_line_lower_is_named_by_the_title_over_it():
    """ "Total" over an amount a line under the grid's other values: still that title's."""
    titles = [(40, "Base imponible"), (150, "% IVA"), (260, "Cuota IVA"), (380, "Total")]
    values = [(40, "100,00"), (150, "21,00"), (260, "21,00")]
    rows = [_row(110, titles), _row(124, values), _row(140, [(386, "121,00")])]
    totals = find_totals(rows, decimal_comma=True)
    assert (totals.subtotal.value, totals.tax.value, totals.total.value) == (
        Decimal("100.00"),
        Decimal("21.00"),
        Decimal("121.00"),
    )


def test_a_net_line_under_the_tax_that_adds_it_is_the_amount_payable():
    """Spanish "Total líquido" after the IVA is what is paid; before it (Portuguese) it is
    the net, and the total follows."""
    spanish = [("Base imponible", "100,00"), ("Cuota IVA", "21,00"), ("Total líquido", "121,00")]
    portuguese = [("Total líquido", "100,00"), ("IVA 21%", "21,00"), ("Total", "121,00")]
    for lines in (spanish, portuguese):
        rows = [
            _row(110 + 14 * n, [(300, label), (480, amount)])
            for n, (label, amount) in enumerate(lines)
        ]
        totals = find_totals(rows, decimal_comma=True)
        assert (totals.subtotal.value, totals.tax.value, totals.total.value) == (
            Decimal("100.00"),
            Decimal("21.00"),
            Decimal("121.00"),
        )


@pytest.mark.parametrize(
    "label",
    [
        "Order value",
        "Order amount",
        "Summe",
        "Gesamtpreis",
        "Totaalbedrag",
        "Eindbedrag",
        "Importo totale",
        "Montante total",
        "Suma",
    ],
)
def test_a_total_named_in_the_words_of_each_language_is_the_total(label):
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, [(label, "30.00")]))
    assert _read(content).order.total == Decimal("30.00")


@pytest.mark.parametrize(
    "label", ["Goods total", "Total hors taxes", "Sous total", "Gesamt netto", "Bedrag excl. btw"]
)
def test_a_net_sum_named_in_the_words_of_each_language_is_the_subtotal(label):
    rows = [(label, "30.00"), ("VAT 20%", "6.00"), ("Total", "36.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    order = _read(content).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.00"),
        Decimal("36.00"),
    )


def test_a_total_set_larger_than_its_label_beside_it_is_the_total():
    """The label in 9 pt beside the amount in 16 pt set lower: two rows, their words
    overlapping in height."""
    _, pdf = _page(_header() + _titles() + _ITEMS + [(450, 200, "Total")])
    text = "30.00"
    width = pymupdf.get_text_length(text, fontname="hebo", fontsize=16)
    pdf[0].insert_text((X["total"] - width, 212), text, fontname="hebo", fontsize=16)
    order = _read(pdf.tobytes()).order
    assert order.total == Decimal("30.00")


def test_a_label_over_its_amount_in_a_padded_box_names_it():
    """A boxed cell sets its amount more than a blank line under its label."""
    totals = [(490, 200, "Order total"), (-X["total"], 229, "30.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("30.00")


@pytest.mark.parametrize("value", ["30.00 EUR incl. VAT", "30.00 USD.", "30.00 *", "30.00 € netto"])
def test_a_total_with_what_it_includes_or_a_mark_after_its_amount_is_the_total(value):
    content, _ = _page(_header() + _titles() + _ITEMS + [(380, 200, "Total"), (470, 200, value)])
    assert _read(content).order.total == Decimal("30.00")


def test_a_number_followed_by_other_words_is_still_no_amount_of_the_totals():
    terms = [(50, 230, "Zahlung 30 Tage netto")]
    assert _net_total_with(terms) == Decimal("30.00")


def test_a_boxed_cells_label_at_its_top_left_names_the_amount_at_its_bottom_right():
    totals = [(380, 200, "Order total"), (-X["total"], 216, "30.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + totals)
    assert _read(content).order.total == Decimal("30.00")


def test_an_orders_value_printed_above_its_items_and_nowhere_under_them_is_the_total():
    value = [(50, 110, "VALUE OF ORDER:"), (200, 110, "30.00 USD / gross")]
    content, _ = _page(_header() + value + _titles() + _ITEMS)
    assert _read(content).order.total == Decimal("30.00")


def test_an_amount_above_the_items_labelled_otherwise_is_no_total():
    value = [(50, 110, "Credit limit:"), (200, 110, "30.00 USD")]
    content, _ = _page(_header() + value + _titles() + _ITEMS)
    with pytest.raises(ExtractionDeclined, match="no total found"):
        _read(content)


def test_a_vat_breakdown_beside_the_totals_is_no_row_of_column_sums():
    """Primavera prints the VAT per rate left of the totals, a rate's row on the total's
    line: amounts left of the total's label are another block's, not the columns' sums."""
    breakdown = [(50, 200, "Rate"), (-130, 200, "Base"), (-190, 200, "VAT")]
    breakdown += [(50, 214, "23%"), (-130, 214, "25.00"), (-190, 214, "5.75")]
    breakdown += [(50, 228, "6%"), (-130, 228, "5.00"), (-190, 228, "0.30")]
    totals = _totals(200, [("Subtotal", "30.00"), ("VAT", "6.05"), ("Total", "36.05")])
    content, _ = _page(_header() + _titles() + _ITEMS + breakdown + totals)
    order = _read(content).order
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("30.00"),
        Decimal("6.05"),
        Decimal("36.05"),
    )


def test_a_tax_breakdown_by_rate_over_the_totals_grid_sums_its_taxes():
    """ "Aliquota | Imponibile | Imposta" over a row per rate, then the totals' grid: each
    rate's base is part of the net, no subtotal; its tax, one of the taxes the tax total
    sums."""
    breakdown = [(40, "Aliquota"), (150, "Imponibile"), (260, "Imposta")]
    rates = [[(40, "22%"), (150, "100,00"), (260, "22,00")]]
    rates.append([(40, "10%"), (150, "50,00"), (260, "5,00")])
    titles = [(40, "Totale merce"), (150, "Totale imponibile"), (260, "Totale IVA")]
    titles.append((380, "Totale ordine"))
    values = [(40, "150,00"), (150, "150,00"), (260, "27,00"), (380, "177,00")]
    rows = [_row(100, breakdown), _row(114, rates[0]), _row(128, rates[1])]
    rows += [_row(150, titles), _row(164, values)]
    totals = find_totals(rows, decimal_comma=True)
    assert (totals.subtotal.value, totals.tax.value, totals.total.value) == (
        Decimal("150.00"),
        Decimal("27.00"),
        Decimal("177.00"),
    )
    assert not totals.unknown


def test_a_note_on_the_first_totals_lines_row_is_no_item():
    """ "Payment terms: 30 days" left of "Goods Net", set a few points higher: the totals
    label closes the table; the note is no item's line."""
    note = [(50, 197, "Payment terms: 30 days net")]
    rows = [("Goods Net", "30.00"), ("VAT 20%", "6.00"), ("Order Total", "36.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + note + _totals(200, rows))
    order = _read(content).order
    assert (len(order.items), order.subtotal, order.total) == (
        2,
        Decimal("30.00"),
        Decimal("36.00"),
    )


def test_a_total_gst_line_is_the_tax_and_a_total_naming_its_currency_the_total():
    """Xero's "TOTAL GST 10%" over "TOTAL AUD": the first is the tax, not a total."""
    rows = [("Subtotal", "30.00"), ("TOTAL GST 10%", "3.00"), ("TOTAL AUD", "33.00")]
    content, _ = _page(_header() + _titles() + _ITEMS + _totals(200, rows))
    order = _read(content).order
    assert (order.tax, order.total, order.currency) == (Decimal("3.00"), Decimal("33.00"), "AUD")
