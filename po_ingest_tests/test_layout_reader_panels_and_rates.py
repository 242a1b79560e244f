"""The layout reader on what web ERPs of Mexico, Brazil, Italy and the Netherlands print (the
sixth HTML batch's dev round): a tax line named by initials alone ("I.V.A. 16%"), a label's
word opening a line of text (a delivery address starting "Obra …"), a form's field label
between a party's heading and its name ("FORNECEDOR" / "Razão Social" / the name), and the
words they print for the document's number, title, discount column and freight. Each page
drawn word by word."""

from __future__ import annotations

from decimal import Decimal

import pytest

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import LocalExtractor
from po_ingest_tests.support.drawn_pages import drawn_page


def _read(lines, title: str):
    content, _ = drawn_page(lines, title=title)
    return LocalExtractor().extract(Document(content, "application/pdf", "b")).order


def _spanish_order(totals):
    header = [(50, 80, "Número de pedido:"), (170, 80, "0000088643")]
    header += [(50, 94, "Fecha:"), (170, 94, "21/11/2025"), (50, 108, "Moneda: MXN")]
    titles = [(50, 140, "Clave"), (130, 140, "Descripción"), (-340, 140, "Cantidad")]
    titles += [(-440, 140, "Precio"), (-540, 140, "Importe")]
    lines = [(50, 160, "PPE-VST"), (130, 160, "Hi-vis vest"), (-340, 160, "92")]
    lines += [(-440, 160, "3.23"), (-540, 160, "297.16")]
    lines += [(50, 174, "CRS-1632"), (130, 174, "Crushed stone"), (-340, 174, "10")]
    lines += [(-440, 174, "20.00"), (-540, 174, "200.00")]
    return header + titles + lines + totals


def _rated_totals(tax: str, total: str):
    totals = [(380, 200, "Subtotal"), (-540, 200, "$497.16")]
    totals += [(380, 214, "I.V.A. 16%"), (-540, 214, tax)]
    return totals + [(380, 228, "Total"), (-540, 228, total)]


def test_a_tax_named_by_its_initials_and_rate_alone_is_the_rate_of_the_subtotal():
    """ "I.V.A. 16%" holds no word of two letters: with the amount 16 % of the subtotal to
    the cent, it is the tax line, as a line naming its rate with a word would be."""
    order = _read(_spanish_order(_rated_totals("$79.55", "$576.71")), "ORDEN DE COMPRA")
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("497.16"),
        Decimal("79.55"),
        Decimal("576.71"),
    )


def test_initials_and_a_rate_beside_an_amount_that_is_not_that_rate_name_nothing():
    """Not 16 % of the subtotal: nothing says what the amount is, and the order declines."""
    with pytest.raises(ExtractionDeclined, match="do not add up"):
        _read(_spanish_order(_rated_totals("$80.00", "$577.16")), "ORDEN DE COMPRA")


def _brazilian_order(header):
    top = [(50, 80, "Nº pedido:"), (150, 80, "000484"), (50, 92, "Emissão:")]
    top += [(150, 92, "16/09/2025")]
    titles = [(50, 200, "Código"), (130, 200, "Descrição"), (-340, 200, "Quantidade")]
    titles += [(-440, 200, "Valor Unitário"), (-540, 200, "Valor Total")]
    lines = [(50, 220, "PPE-HLM"), (130, 220, "Safety helmet"), (-340, 220, "23,00")]
    lines += [(-440, 220, "11,40"), (-540, 220, "262,20")]
    totals = [(380, 246, "Total dos Produtos"), (-540, 246, "R$ 262,20")]
    totals += [(380, 260, "Total do Pedido"), (-540, 260, "R$ 262,20")]
    return top + header + titles + lines + totals


def test_a_label_word_opening_a_line_of_text_takes_no_value_from_under_it():
    """A delivery address starting with the word for building site ("Obra Residencial
    Jardins, …", "Obra" a project label), its postcode wrapped onto the next line ("01426-"
    over "001 São Paulo"): "001" is no project code."""
    header = [(50, 130, "LOCAL DE ENTREGA")]
    header += [(50, 144, "Obra Residencial Jardins, Portão 2 - Rua Oscar Freire 1200 - 01426-")]
    header += [(50, 154, "001 São Paulo - SP")]
    order = _read(_brazilian_order(header), "PEDIDO DE COMPRA")
    assert (order.po_number, order.project_code) == ("000484", None)


def test_a_form_field_label_between_the_suppliers_heading_and_name_is_not_the_name():
    """ "FORNECEDOR" over "Razão Social" over the name: the field's label is not the name's
    first line, though the name under it ends in its legal form."""
    header = [(50, 120, "FORNECEDOR"), (50, 134, "Razão Social"), (250, 134, "CNPJ")]
    header += [(50, 144, "Aço Forte Distribuidora Ltda."), (250, 144, "34.567.890/0001-44")]
    order = _read(_brazilian_order(header), "PEDIDO DE COMPRA")
    assert order.supplier_name == "Aço Forte Distribuidora Ltda."


def test_the_words_these_erps_print_for_number_title_discount_and_freight():
    """Vocabulary: a Mexican "Folio" is the order's number; Dutch "Inkoopbestelling" a
    purchase order; Italian "Sconti" (cascaded discounts) the discount column; Brazilian
    "Valor do Frete" the freight."""
    header = [(50, 80, "Constructora del Bajío S.A. de C.V."), (380, 80, "Folio")]
    header += [(450, 80, "0000088643"), (380, 94, "Fecha:"), (450, 94, "21/11/2025")]
    header += [(50, 108, "Moneda: MXN")]
    totals = [(380, 200, "Subtotal"), (-540, 200, "497.16")]
    totals += [(380, 214, "Total"), (-540, 214, "497.16")]
    order = _read(_spanish_order(totals)[5:] + header, "ORDEN DE COMPRA")
    assert order.po_number == "0000088643"

    header = [(50, 80, "Bestelnummer"), (170, 80, "20250018")]
    header += [(50, 94, "Besteldatum"), (170, 94, "6-11-2025")]
    titles = [(50, 140, "Omschrijving"), (-340, 140, "Aantal"), (-440, 140, "Prijs")]
    titles += [(-540, 140, "Bedrag")]
    lines = [(50, 160, "Steel plate"), (-340, 160, "3"), (-440, 160, "1,70")]
    lines += [(-540, 160, "5,10")]
    totals = [(380, 190, "Totaal excl. btw"), (-540, 190, "5,10")]
    totals += [(380, 204, "Totaal incl. btw"), (-540, 204, "5,10")]
    order = _read(header + titles + lines + totals, "Inkoopbestelling")
    assert (order.po_number, order.total) == ("20250018", Decimal("5.10"))

    header = [(50, 80, "Numero ordine:"), (170, 80, "467/2026/OF")]
    header += [(50, 94, "Data:"), (170, 94, "07/04/2026")]
    titles = [(50, 140, "Codice"), (130, 140, "Descrizione"), (-340, 140, "Q.tà")]
    titles += [(-400, 140, "Prezzo"), (-460, 140, "Sconti"), (-540, 140, "Importo")]
    lines = [(50, 160, "FNC-35"), (130, 160, "Site fence panel"), (-340, 160, "130")]
    lines += [(-400, 160, "3,10"), (-460, 160, "20%"), (-540, 160, "322,40")]
    totals = [(380, 190, "Totale merce"), (-540, 190, "322,40")]
    totals += [(380, 204, "Totale documento"), (-540, 204, "322,40")]
    (item,) = _read(header + titles + lines + totals, "ORDINE FORNITORE").items
    assert (item.quantity, item.line_total) == (Decimal("130"), Decimal("322.40"))

    header = [(50, 130, "Projeto"), (150, 130, "OBRA-7")]
    order = _read(_brazilian_order(header), "PEDIDO DE COMPRA")
    assert order.charges is None
    lines = _brazilian_order(header)[:-2]
    lines += [(380, 260, "Valor do Frete"), (-540, 260, "R$ 10,00")]
    lines += [(380, 274, "Total do Pedido"), (-540, 274, "R$ 272,20")]
    order = _read(lines, "PEDIDO DE COMPRA")
    assert (order.charges, order.total) == (Decimal("10.00"), Decimal("272.20"))
