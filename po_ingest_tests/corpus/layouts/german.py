"""`german`: a German "Bestellung" in DIN 5008 letter style with German number formatting."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, footers
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    RIGHT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
    wrap,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "german"
_ORDERS = (
    ("EUR", "DE", "0.19", "bst"),
    ("EUR", "DE", "0.19", "b_year"),
    ("CHF", "CH", "0.081", "bst"),
    ("EUR", "AT", "0.20", "b_year"),
    ("EUR", "DE", "0.19", "sap"),
    ("EUR", "DE", "0.19", "bst"),
)


def spec(index: int) -> OrderSpec:
    currency, region, rate, po_style = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(currency, region, (Decimal(rate),), po_style, language="de")


def _table(currency: str) -> Table:
    return Table(
        LEFT,
        (
            Column("Pos.", 30),
            Column("Artikel-Nr.", 78),
            Column("Bezeichnung", 175),
            Column("Menge", 48, "right"),
            Column("Einheit", 40),
            Column(f"Einzelpreis {currency}", 64, "right"),
            Column(f"Gesamtpreis {currency}", 70, "right"),
        ),
        size=8.5,
        header_fill=(0.93, 0.93, 0.93),
    )


def render(order: Order, index: int) -> bytes:
    style = "ch" if order.currency == "CHF" else "de"
    doc = new_document(f"Bestellung {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(RIGHT, 55, buyer.name, size=15, bold=True, align="right", color=accent(index))
    canvas.lines(
        RIGHT,
        69,
        (buyer.street, buyer.city, f"Tel. {buyer.phone}", buyer.email),
        size=8.5,
        align="right",
    )

    canvas.text(LEFT, 128, f"{buyer.name} · {buyer.street} · {buyer.city}", size=6.5, color=GREY)
    canvas.lines(LEFT, 145, order.supplier.address_lines, size=10)
    info = [
        ("Bestellnummer:", order.po_number),
        ("Datum:", formats.date_text(order.order_date, "dots")),
        ("Lieferantennr.:", order.supplier_number),
        ("Projekt:", order.project_code),
        ("Ansprechpartner:", order.contact),
        ("Liefertermin:", formats.date_text(order.delivery_date, "dots")),
    ]
    y = 140
    for label, value in info:
        if value:
            canvas.text(345, y, label, size=9)
            canvas.text(435, y, value, size=9, bold=label == "Bestellnummer:")
            y += 12.5

    canvas.text(LEFT, 240, "Bestellung", size=16, bold=True)
    intro = "Sehr geehrte Damen und Herren, hiermit bestellen wir zu unseren Einkaufsbedingungen:"
    canvas.text(LEFT, 258, intro, size=9)
    table = _table(order.currency)
    y = table.header(canvas, 268)
    for line in order.lines:
        cells = [
            str(line.position),
            line.item_code,
            line.description,
            formats.quantity(line.quantity, style),
            line.unit,
            formats.money(line.list_price, style),
            formats.money(line.line_total, style),
        ]
        y = table.row(canvas, y, cells)
    canvas.line(LEFT, y, RIGHT, y, width=0.6)

    rate = formats.percent(order.tax_lines[0].rate, "de")
    rows = [
        ("Nettobetrag", formats.money(order.subtotal, style)),
        (f"zzgl. {rate} MwSt.", formats.money(order.tax, style)),
        (f"Gesamtbetrag {order.currency}", formats.money(order.total, style)),
    ]
    y += 16
    for n, (label, value) in enumerate(rows):
        last = n == len(rows) - 1
        canvas.text(345, y, label, size=9.5, bold=last)
        canvas.text(RIGHT, y, value, size=9.5, bold=last, align="right")
        y += 15

    site = order.ship_to
    y = canvas.lines(
        LEFT, y + 12, ["Lieferanschrift:", f"{site.name}, {site.street}, {site.city}"], size=9
    )
    y = canvas.lines(LEFT, y, [f"Zahlungsbedingungen: {order.payment_terms}"], size=9)
    if order.notes:
        y = canvas.lines(LEFT, y, wrap(f"Bemerkungen: {order.notes}", 500, "helv", 9), size=9)
    canvas.lines(
        LEFT, y + 12, ["Mit freundlichen Grüßen", buyer.name, "i. A. " + order.contact], size=9
    )
    footers(
        doc,
        [
            f"{buyer.name} · {buyer.street} · {buyer.city} · USt-IdNr. {buyer.tax_id}",
            "Bitte geben Sie unsere Bestellnummer auf allen Lieferscheinen und Rechnungen an.",
        ],
        "Seite {page} von {pages}",
    )
    return pdf_bytes(doc)
