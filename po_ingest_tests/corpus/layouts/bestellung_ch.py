"""`bestellung_ch`: a Swiss "Bestellung" from an SAP-style system in a ruled grid:
positions 10, 20, … , "Material | Bezeichnung | Menge | ME | Preis pro Einheit | Rabatt % |
Betrag CHF" (the price title wraps), a delivery note as a text row, 1'234.56 amounts, dates
as "5. März 2026" or 05.03.2026, and a totals block with a discount printed with a
trailing minus (1'234.50-), freight and two MWST rates."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import (
    TotalsWording,
    adjusted_totals,
    footers,
    label_pairs,
    totals_column,
)
from po_ingest_tests.corpus.orders import Order, OrderLine, OrderSpec
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    Canvas,
    new_document,
    new_page,
    pdf_bytes,
)
from po_ingest_tests.corpus.table import Column, Table

NAME = "bestellung_ch"
# PO number style, order date style, order discount in percent
_ORDERS = (
    ("sap", "german_long", "5"),
    ("bst", "dots", "2"),
    ("sap", "dots", "0"),
    ("bst", "german_long", "3"),
    ("sap", "german_long", "0"),
    ("po_year", "dots", "4"),
)
_TABLE = Table(
    LEFT,
    (
        Column("Pos.", 30),
        Column("Material", 62),
        Column("Bezeichnung", 165),
        Column("Menge", 50, "right"),
        Column("ME", 30),
        Column("Preis pro Einheit", 58, "right"),  # the title wraps
        Column("Rabatt %", 40, "right"),
        Column("Betrag CHF", 70, "right"),
    ),
    size=8,
    grid=True,
    header_fill=(0.92, 0.92, 0.92),
)


def spec(index: int) -> OrderSpec:
    po_style, _, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    return OrderSpec(
        "CHF",
        "CH",
        (Decimal("0.081"), Decimal("0.026")),
        po_style,
        line_count=(3, 8),
        language="de",
        discounts=index % 2 == 0,
        position_step=10,
        material_numbers=True,
        allowance_pct=Decimal(discount),
        charges=True,
    )


def _money(value: Decimal) -> str:
    return formats.money(value, "ch")


def _cells(line: OrderLine) -> list[str]:
    return [
        str(line.position),
        line.item_code,
        line.description,
        formats.quantity(line.quantity, "ch", places=3),
        line.unit,
        _money(line.list_price),
        formats.decimal_text(line.discount_pct) if line.discount_pct else "",
        _money(line.line_total),
    ]


_WORDING = TotalsWording(
    "Warenwert", "Rabatt {pct} %", "Frachtkosten", "MWST {rate}%", "Gesamtbetrag"
)


def _totals(order: Order, discount: str) -> list[tuple[str, str]]:
    return adjusted_totals(
        order, _WORDING, style="ch", negative="trailing", suffix=" CHF", discount_pct=discount
    )


def render(order: Order, index: int) -> bytes:
    _, date_style, discount = _ORDERS[(index - 1) % len(_ORDERS)]
    doc = new_document(f"Bestellung {order.po_number}", order.buyer.name)
    canvas = Canvas(new_page(doc))
    buyer = order.buyer
    canvas.text(LEFT, 52, buyer.name, size=12, bold=True)
    canvas.text(LEFT, 64, f"{buyer.street} · {buyer.city} · {buyer.phone}", size=7.5, color=GREY)
    canvas.lines(LEFT, 100, order.supplier.address_lines, size=9.5)
    canvas.text(LEFT, 160, "Bestellung", size=16, bold=True)
    pairs = [
        ("Bestell-Nr.", order.po_number),
        ("Bestelldatum", formats.date_text(order.order_date, date_style)),
        ("Lieferantennr.", order.supplier_number),
        ("Ansprechpartner", order.contact),
    ]
    if order.project_code:
        pairs.append(("Projekt", order.project_code))
    label_pairs(canvas, 350, 100, pairs)
    site = order.ship_to
    canvas.lines(LEFT, 182, [f"Lieferadresse: {site.name}, {site.street}, {site.city}"], size=8.5)

    y = _TABLE.header(canvas, 200)
    for line in order.lines:
        y = _TABLE.row(canvas, y, _cells(line))
    delivery = formats.date_text(order.delivery_date, "dots")
    note = f"Anlieferung über Tor 3, Liefertermin {delivery}, bitte 24 h vorher avisieren"
    y = _TABLE.text_row(canvas, y, note, column=2)

    y = totals_column(canvas, y + 22, _totals(order, discount), label_x=430, size=9)
    y = canvas.lines(LEFT, y + 8, [f"Zahlungsbedingungen: {order.payment_terms}"], size=8.5)
    if order.notes:
        canvas.lines(LEFT, y, [f"Bemerkung: {order.notes}"], size=8.5)
    footers(doc, [f"{buyer.name} · {buyer.email} · {buyer.tax_id}"], "Seite {page}/{pages}")
    return pdf_bytes(doc)
