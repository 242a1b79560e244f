"""`lieferschein`: a German "Lieferschein" in DIN 5008 letter style: German numbers and dates,
positions in tens, "Ihre Bestellung" per order, "Ware erhalten" with signature at the foot."""

from __future__ import annotations

import random

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import accent, footers
from po_ingest_tests.corpus.delivery_notes import draw
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote
from po_ingest_tests.corpus.render import GREY, LEFT, RIGHT, Canvas, new_document, new_page
from po_ingest_tests.corpus.render import pdf_bytes as finished
from po_ingest_tests.corpus.table import Column

NAME = "lieferschein"
DATE_STYLE = "dots"
UNITS = {
    "pcs": "Stk",
    "bag": "Sack",
    "pallet": "Pal.",
    "m": "m",
    "m²": "m²",
    "t": "t",
    "kg": "kg",
    "m³": "m³",
    "l": "l",
}


def _number(rng: random.Random, year: int) -> str:
    return f"80{rng.randint(10000000, 99999999)}"


COLUMNS = (
    ("line", Column("Pos.", 30)),
    ("po_line", Column("Best.-Pos.", 44)),
    ("code", Column("Artikel-Nr.", 70)),
    ("description", Column("Bezeichnung", 0)),
    ("quantity", Column("Menge", 48, "right")),
    ("unit", Column("ME", 32)),
    ("batch", Column("Charge", 66)),
    ("price", Column("Preis", 48, "right")),
    ("total", Column("Betrag", 56, "right")),
)


def render(note: DeliveryNote, index: int) -> bytes:
    rng = random.Random(f"{NAME}:{note.dn_number}")
    doc = new_document(f"Lieferschein {note.dn_number}", note.supplier.name)
    canvas = Canvas(new_page(doc))
    supplier = note.supplier
    canvas.text(RIGHT, 55, supplier.name, size=15, bold=True, align="right", color=accent(index))
    canvas.lines(
        RIGHT,
        69,
        (supplier.street, supplier.city, f"Tel. {supplier.phone}"),
        size=8.5,
        align="right",
    )
    canvas.text(
        LEFT, 128, f"{supplier.name} · {supplier.street} · {supplier.city}", size=6.5, color=GREY
    )
    site = note.delivered_to
    canvas.text(LEFT, 145, "Lieferanschrift:", size=8, color=GREY)
    canvas.lines(LEFT, 158, site.address_lines, size=10)
    single = len(note.po_refs) == 1
    draw.pairs(
        canvas,
        345,
        140,
        [
            ("Lieferschein-Nr.:", note.dn_number),
            ("Datum:", formats.date_text(note.dn_date, DATE_STYLE)),
            (
                "Liefertag:",
                note.delivery_date and formats.date_text(note.delivery_date, DATE_STYLE),
            ),
            ("Ihre Bestellung:", note.po_refs[0] if single else None),
            ("Bauvorhaben:", note.project_code),
            ("Kennzeichen:", note.vehicle),
            ("Spedition:", note.carrier),
        ],
        value_x=435,
    )
    canvas.text(LEFT, 250, "Lieferschein", size=16, bold=True)
    if not single:
        canvas.text(LEFT, 266, "Ihre Bestellungen: " + ", ".join(note.po_refs), size=9)
    table, cells = draw.note_table(note, COLUMNS, "de", size=8.5, header_fill=(0.93, 0.93, 0.93))
    y = draw.lines_table(canvas, 276, table, note, cells, "Ihre Bestellung {po}")
    canvas.line(LEFT, y, RIGHT, y, width=0.6)
    if note.valued:
        canvas.text(
            RIGHT, y + 12, f"Preise in {note.currency} netto", size=7.5, align="right", color=GREY
        )
    canvas.text(LEFT, y + 30, "Ware vollständig und in einwandfreiem Zustand erhalten:", size=9)
    draw.signature_box(
        canvas, LEFT, y + 48, 230, note, ("Name in Druckbuchstaben", "Unterschrift Empfänger"), rng
    )
    footers(
        doc,
        [
            f"{supplier.name} · {supplier.street} · {supplier.city} · USt-IdNr. {supplier.tax_id}",
            "Reklamationen nur innerhalb von 3 Tagen nach Erhalt der Ware.",
        ],
        "Seite {page} von {pages}",
    )
    return finished(doc)


FAMILY = Family(
    NAME,
    "dev",
    "de",
    "DE",
    "EUR",
    ("bst", "sap", "b_year"),
    "0.19",
    UNITS,
    render,
    _number,
    DATE_STYLE,
    number_style="de",
    valued_chance=0.4,
    line_step=10,
)
