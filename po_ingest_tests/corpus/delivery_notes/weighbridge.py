"""`weighbridge`: a quarry's weighbridge ticket: gross, tare and net of the truck, its
registration, and one or two lines of aggregate in tonnes; a small, dense, boxed form."""

from __future__ import annotations

import random

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.delivery_notes import draw
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.goods import AGGREGATES
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote
from po_ingest_tests.corpus.render import GREY, LEFT, Canvas, new_document, new_page
from po_ingest_tests.corpus.render import pdf_bytes as finished
from po_ingest_tests.corpus.table import Column

NAME = "weighbridge"
DATE_STYLE = "dashed"
UNITS = {"t": "t", "kg": "kg"}
WIDTH = 330  # a ticket printer's narrow sheet, on the left of the page


def _number(rng: random.Random, year: int) -> str:
    return f"WB{rng.randint(100000, 999999)}"


def _weight(value, unit: str) -> str:
    return f"{formats.quantity(value, 'en')} {unit}"


COLUMNS = (
    ("code", Column("Code", 62)),
    ("description", Column("Material", 0)),
    ("quantity", Column("Qty", 52, "right")),
    ("unit", Column("Unit", 46)),
)


def render(note: DeliveryNote, index: int) -> bytes:
    rng = random.Random(f"{NAME}:{note.dn_number}")
    doc = new_document(f"Weighbridge ticket {note.dn_number}", note.supplier.name)
    canvas = Canvas(new_page(doc), "cour", "cobo")
    supplier = note.supplier
    canvas.rect(LEFT - 8, 40, LEFT + WIDTH + 8, 560, color=GREY)
    canvas.text(LEFT, 60, supplier.name, size=11, bold=True)
    canvas.lines(LEFT, 73, (supplier.street, supplier.city, f"Tel {supplier.phone}"), size=8)
    canvas.text(LEFT, 118, "WEIGHBRIDGE TICKET", size=13, bold=True)
    hour, minute = rng.randint(6, 15), rng.randint(0, 59)
    weights = note.weights
    y = draw.pairs(
        canvas,
        LEFT,
        138,
        [
            ("Ticket No:", note.dn_number),
            ("Date:", formats.date_text(note.dn_date, DATE_STYLE)),
            ("Time in:", f"{hour:02d}:{minute:02d}"),
            ("Vehicle Reg:", note.vehicle),
            ("Haulier:", note.carrier),
            ("Customer Order:", " / ".join(note.po_refs)),
            ("Site/Job:", note.project_code),
        ],
        value_x=LEFT + 110,
        size=8.5,
    )
    canvas.text(LEFT, y + 4, "Deliver to:", size=8.5)
    y = canvas.lines(LEFT + 110, y + 4, note.delivered_to.address_lines, size=8.5)
    table, cells = draw.note_table(note, COLUMNS, "en", width=WIDTH, size=8, grid=True)
    y = draw.lines_table(canvas, y + 6, table, note, cells, "Order {po}")
    if weights:
        y = draw.pairs(
            canvas,
            LEFT + 120,
            y + 18,
            [
                ("GROSS", _weight(weights.gross, weights.unit)),
                ("TARE", _weight(weights.tare, weights.unit)),
                ("NET", _weight(weights.net, weights.unit)),
            ],
            value_x=LEFT + 190,
            size=9.5,
            bold_first=False,
        )
    canvas.text(LEFT, y + 4, "Weighed on a certified weighbridge (NAWI).", size=7, color=GREY)
    draw.signature_box(canvas, LEFT, y + 24, WIDTH, note, ("Received by:", "Signature:"), rng)
    return finished(doc)


FAMILY = Family(
    NAME,
    "dev",
    "en",
    "UK",
    "GBP",
    ("ord", "po_year"),
    "0.20",
    UNITS,
    render,
    _number,
    DATE_STYLE,
    prints_po_lines=False,
    single_date=True,
    batch_chance=0.0,
    line_count=(1, 2),
    products=AGGREGATES,
    suppliers=("Midland Aggregates Ltd",),
)
