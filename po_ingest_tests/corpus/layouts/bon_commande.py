"""`bon_commande`: a French "Bon de commande": amounts as 1 234,56 EUR (a no-break space
between thousands), "Réf. | Désignation | Qté | P.U. HT | Montant HT", and a totals block
with a discount, carriage and two TVA rates before the "Total TTC"."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    address_block,
    coded_item_cells,
    footers,
    label_pairs,
    letterhead,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "bon_commande"
_ORDERS = (
    ("DE", "bst", "french_long", "3"),
    ("AT", "po_year", "dmy_slash", "5"),
    ("NL", "b_year", "french_long", "2"),
    ("DE", "ord", "dmy_slash", "0"),
    ("CH", "po_year", "french_long", "10"),
    ("NL", "bst", "dmy_slash", "4"),
)
_TABLE = Table(
    LEFT,
    (
        Column("Réf.", 72),
        Column("Désignation", 208),
        Column("Qté", 45, "right"),
        Column("Unité", 40),
        Column("P.U. HT", 65, "right"),
        Column("Montant HT", 75, "right"),
    ),
    size=8.5,
    rule=(0.2, 0.2, 0.2),
)


def spec(index: int) -> OrderSpec:
    region, po_style, _, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    rates = (Decimal("0.20"), Decimal("0.055"))
    return OrderSpec("EUR", region, rates, po_style, allowance_pct=Decimal(discount), charges=True)


def _euros(value: Decimal) -> str:
    return f"{formats.money(value, 'fr_nbsp')} EUR"


def render(order: Order, index: int) -> bytes:
    date_style = _ORDERS[(index - 1) % len(_ORDERS)][2]
    doc = new_document(f"Bon de commande {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    letterhead(canvas, buyer, "BON DE COMMANDE", index, "Tél.")
    pairs = (
        ("N° de commande :", order.po_number),
        ("Date :", formats.date_text(order.order_date, date_style)),
        ("Chantier :", order.project_code or "-"),
    )
    label_pairs(canvas, 360, 80, pairs)
    address_block(canvas, LEFT, 140, "Fournisseur", order.supplier.address_lines)
    address_block(canvas, 310, 140, "Adresse de livraison", order.ship_to.address_lines)

    y = _TABLE.header(canvas, 226)
    for line in order.lines:
        cells = coded_item_cells(line, "fr_nbsp")
        y = _TABLE.row(canvas, y, cells)
    canvas.line(LEFT, y, RIGHT, y, width=0.6)

    rows = [("Total HT", _euros(order.subtotal))]
    if order.allowances:
        rate = formats.percent(order.allowances / order.subtotal, "fr_nbsp").split(",")[0]
        rows.append((f"Remise {rate.rstrip(' %')} %", f"-{_euros(order.allowances)}"))
    rows.append(("Frais de port", _euros(order.charges)))
    for tax in order.tax_lines:
        rows.append((f"TVA {formats.percent(tax.rate, 'fr_nbsp')}", _euros(tax.amount)))
    rows.append(("Total TTC", _euros(order.total)))
    y = totals_column(canvas, y + 22, rows, label_x=440)
    canvas.lines(LEFT, y + 8, [f"Conditions de paiement : {order.payment_terms}"], size=8.5)
    footers(doc, [f"{buyer.name} · {buyer.email}"], "Page {page} sur {pages}", color=GREY)
    return pdf_bytes(doc)
