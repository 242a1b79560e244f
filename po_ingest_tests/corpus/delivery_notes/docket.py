"""`docket`: a British builders' merchant's "Delivery Docket": supplier banner, the order and
job in a box, a ruled table with PO line and batch, "received in good condition" at the foot."""

from __future__ import annotations

import random

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, address_block, footers
from po_ingest_tests.corpus.delivery_notes import draw
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote
from po_ingest_tests.corpus.render import GREY, LEFT, RIGHT, Canvas, new_document, new_page
from po_ingest_tests.corpus.render import pdf_bytes as finished
from po_ingest_tests.corpus.table import Column

NAME = "docket"
DATE_STYLE = "dmy_slash"
UNITS = {
    "pcs": "ea",
    "bag": "bags",
    "pallet": "plt",
    "m": "lin m",
    "m²": "sq m",
    "t": "tonnes",
    "kg": "kg",
    "m³": "m3",
    "l": "ltr",
}


def _number(rng: random.Random, year: int) -> str:
    return f"DD{year % 100:02d}-{rng.randint(10000, 99999)}"


COLUMNS = (
    ("line", Column("Line", 28)),
    ("po_line", Column("PO Line", 36)),
    ("code", Column("Product", 70)),
    ("description", Column("Description", 0)),
    ("quantity", Column("Qty", 44, "right")),
    ("unit", Column("Unit", 38)),
    ("batch", Column("Batch", 58)),
    ("price", Column("Price", 42, "right")),
    ("total", Column("Value", 52, "right")),
)


def render(note: DeliveryNote, index: int) -> bytes:
    rng = random.Random(f"{NAME}:{note.dn_number}")
    doc = new_document(f"Delivery Docket {note.dn_number}", note.supplier.name)
    canvas = Canvas(new_page(doc))
    supplier = note.supplier
    canvas.text(LEFT, 58, supplier.name, size=14, bold=True, color=accent(index))
    canvas.lines(LEFT, 72, (supplier.street, supplier.city, f"Tel {supplier.phone}"), size=8.5)
    canvas.text(RIGHT, 58, "DELIVERY DOCKET", size=16, bold=True, align="right")

    bottom = draw.pairs(
        canvas,
        338,
        97,
        [
            ("Docket No.", note.dn_number),
            ("Date", formats.date_text(note.dn_date, DATE_STYLE)),
            (
                "Delivery date",
                note.delivery_date and formats.date_text(note.delivery_date, DATE_STYLE),
            ),
            ("Your order", note.po_refs[0]),
            *(("", ref) for ref in note.po_refs[1:]),
            ("Job No.", note.project_code),
            ("Vehicle", note.vehicle),
            ("Haulier", note.carrier),
        ],
        value_x=415,
    )
    canvas.rect(330, 82, RIGHT, bottom - 5, color=GREY)
    site = note.delivered_to
    address_block(canvas, LEFT, 128, "Deliver to", site.address_lines)
    table, cells = draw.note_table(
        note, COLUMNS, "en", size=8, grid=True, header_fill=(0.9, 0.9, 0.9)
    )
    y = draw.lines_table(canvas, max(200, bottom + 10), table, note, cells, "Your order {po}")
    if note.valued:
        canvas.text(
            RIGHT,
            y + 14,
            f"Prices in {note.currency}, excluding VAT",
            size=7.5,
            align="right",
            color=GREY,
        )
    canvas.text(LEFT, y + 32, "Goods received in good condition and correct quantity.", size=8.5)
    draw.signature_box(
        canvas, LEFT, y + 50, 220, note, ("Received by (print name)", "Signature"), rng
    )
    canvas.text(330, y + 50, "Delivered by", size=8.5, color=GREY)
    canvas.line(330, y + 67, RIGHT, y + 67, color=GREY, width=0.5)
    footers(
        doc,
        [
            f"{supplier.name} - {supplier.street}, {supplier.city} - {supplier.email}",
            "Please check goods on delivery. Shortages must be reported within 24 hours.",
        ],
        "Page {page} of {pages}",
    )
    return finished(doc)


FAMILY = Family(
    NAME,
    "dev",
    "en",
    "UK",
    "GBP",
    ("po_year", "plain"),
    "0.20",
    UNITS,
    render,
    _number,
    DATE_STYLE,
    valued_chance=0.35,
)
