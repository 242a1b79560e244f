"""What each held-out family prints, as its ERP words it: one row per term, one column per
family ("-": the family never prints it). Titles and number labels per document type."""

from __future__ import annotations

_TABLE = """
term                  | sap_grid          | bon_de_commande       | orden_de_compra                                  | inkooporder            | ordine_di_acquisto     | pedido_de_compra            | swiss_bestellung
title:purchase_order  | PURCHASE ORDER    | BON DE COMMANDE       | ORDEN DE COMPRA                                  | INKOOPORDER            | ORDINE D'ACQUISTO      | PEDIDO DE COMPRA            | Bestellung
number:purchase_order | P/O No.           | N° de commande        | Orden de compra #                                | Inkoopordernummer      | N. ordine              | N.º do pedido               | Bestell-Nr.
title:invoice         | INVOICE           | -                     | -                                                | FACTUUR                | -                      | FATURA                      | -
number:invoice        | Invoice No.       | -                     | -                                                | Factuurnummer          | -                      | N.º da fatura               | -
title:delivery_note   | -                 | -                     | ALBARÁN                                          | -                      | DOCUMENTO DI TRASPORTO | -                           | -
number:delivery_note  | -                 | -                     | N.º de albarán                                   | -                      | DDT n.                 | -                           | -
title:credit_note     | -                 | AVOIR                 | -                                                | -                      | -                      | -                           | Gutschrift
number:credit_note    | -                 | N° d'avoir            | -                                                | -                      | -                      | -                           | Gutschrift-Nr.
pos                   | Line              | N°                    | Lín.                                             | Regel                  | Pos.                   | Lin.                        | Pos
code                  | Item No.          | Référence             | Código                                           | -                      | Codice                 | Artigo                      | Art.-Nr.
description           | Description       | Désignation           | Descripción                                      | Artikel / omschrijving | Descrizione            | Descrição                   | Artikel
qty                   | Quantity          | Qté                   | Cantidad                                         | Aantal                 | Q.tà                   | Quantidade                  | Anzahl
unit                  | UoM               | Unité                 | Ud.                                              | Eenh.                  | U.M.                   | Un.                         | Einheit
price                 | Unit Price        | P.U. HT               | Precio unitario                                  | Prijs per eenheid      | Prezzo unitario        | Preço unitário              | Preis/Einheit
line_discount         | -                 | -                     | -                                                | -                      | -                      | Desc.                       | -
amount                | Total             | Montant HT            | Importe                                          | Bedrag                 | Importo                | Total                       | Betrag CHF
date                  | Date              | Date                  | Fecha                                            | Datum                  | Data                   | Data                        | Datum
order_ref             | Your P/O          | Votre commande        | Su pedido                                        | Uw inkooporder         | Vs. ordine             | V/ pedido                   | Ihre Bestellung
vendor_no             | Vendor No.        | Code fournisseur      | N.º proveedor                                    | Leveranciersnr.        | Cod. fornitore         | N.º fornecedor              | Lieferanten-Nr.
delivery              | Deliver by        | Livraison souhaitée   | Fecha de entrega                                 | Leverdatum             | Data consegna          | Data de entrega             | Liefertermin
project               | Project           | Chantier              | Obra                                             | Project                | Commessa               | Obra                        | Objekt
contact               | Buyer             | Acheteur              | Comprador                                        | Inkoper                | Referente              | Comprador                   | Sachbearbeiter
customer              | Bill To           | Client                | Cliente                                          | Klant                  | Cliente                | Cliente                     | Kunde
vendor                | Vendor            | Fournisseur           | Proveedor                                        | Leverancier            | Fornitore              | Fornecedor                  | Lieferant
ship_to               | Ship To           | Adresse de livraison  | Lugar de entrega                                 | Afleveradres           | Luogo di consegna      | Local de entrega            | Lieferadresse
terms                 | Payment terms     | Conditions de paiement| Forma de pago                                    | Betalingsvoorwaarden   | Pagamento              | Condições de pagamento      | Zahlungsbedingungen
notes                 | Notes             | Remarques             | Observaciones                                    | Opmerkingen            | Note                   | Observações                 | Bemerkungen
line_note             | -                 | -                     | Nota: entregar en palés retornables, sin cargo   | -                      | -                      | -                           | -
carried_to            | -                 | -                     | -                                                | -                      | A riportare            | -                           | -
carried_from          | -                 | -                     | -                                                | -                      | Riporto                | -                           | -
subtotal              | Subtotal          | Total HT              | Subtotal                                         | Subtotaal              | Imponibile             | Subtotal                    | Zwischensumme
order_discount        | -                 | -                     | Descuento {pct}                                  | -                      | -                      | Desconto comercial {pct}    | Rabatt {pct}
freight               | Freight           | Frais de port         | -                                                | -                      | Spese di trasporto     | -                           | -
tax                   | Sales Tax {rate}  | TVA {rate}            | IVA {rate}                                       | BTW {rate}             | IVA {rate}             | IVA {rate}                  | MWST {rate}
total                 | Total USD         | Total TTC             | Total                                            | Totaal                 | Totale ordine          | Total do pedido             | Total CHF
page                  | Page {page} of {pages} | Page {page}/{pages} | Página {page} de {pages}                  | Pagina {page} van {pages} | Pag. {page} di {pages} | Página {page} de {pages} | Seite {page}/{pages}
"""


def _words() -> dict[str, dict[str, str]]:
    header, *rows = (
        [cell.strip() for cell in line.split("|")] for line in _TABLE.strip().splitlines()
    )
    words: dict[str, dict[str, str]] = {family: {} for family in header[1:]}
    for term, *cells in rows:
        for family, cell in zip(header[1:], cells, strict=True):
            if cell != "-":
                words[family][term] = cell
    return words


WORDS = _words()
