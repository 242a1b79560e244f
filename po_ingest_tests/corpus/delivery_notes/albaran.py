"""`albaran` (held-out): a Spanish "Albarán de entrega": a dark band with the supplier, the
header as a two-column list, order line per row ("Lín. ped."), "Conforme cliente" and signature."""

from __future__ import annotations

import random

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus.blocks import footers
from po_ingest_tests.corpus.delivery_notes import draw
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote
from po_ingest_tests.corpus.render import (
    GREY,
    LEFT,
    RIGHT,
    WHITE,
    Canvas,
    new_document,
    new_page,
)
from po_ingest_tests.corpus.render import pdf_bytes as finished
from po_ingest_tests.corpus.table import Column

NAME = "albaran"
DATE_STYLE = "dmy_dash"
BAND = (0.16, 0.22, 0.3)
UNITS = {
    "pcs": "ud",
    "bag": "saco",
    "pallet": "palé",
    "m": "ml",
    "m²": "m²",
    "t": "Tn",
    "kg": "kg",
    "m³": "m³",
    "l": "l",
}


def _number(rng: random.Random, year: int) -> str:
    return f"A{year % 100:02d}/{rng.randint(1, 99999):06d}"


COLUMNS = (
    ("line", Column("Lín.", 26)),
    ("po_line", Column("Lín. ped.", 40)),
    ("code", Column("Código", 66)),
    ("description", Column("Descripción", 0)),
    ("batch", Column("Lote", 58)),
    ("quantity", Column("Cantidad", 50, "right")),
    ("unit", Column("Ud.", 30)),
    ("price", Column("Precio", 46, "right")),
    ("total", Column("Importe", 58, "right")),
)


def render(note: DeliveryNote, index: int) -> bytes:
    rng = random.Random(f"{NAME}:{note.dn_number}")
    doc = new_document(f"Albarán {note.dn_number}", note.supplier.name)
    canvas = Canvas(new_page(doc))
    supplier = note.supplier
    canvas.rect(0, 0, 595, 92, fill=BAND, color=None)
    canvas.text(LEFT, 42, supplier.name, size=14, bold=True, color=WHITE)
    canvas.text(LEFT, 58, f"{supplier.street} · {supplier.city}", size=8.5, color=WHITE)
    canvas.text(LEFT, 71, f"CIF {supplier.tax_id} · Tel. {supplier.phone}", size=8.5, color=WHITE)
    canvas.text(RIGHT, 50, "ALBARÁN DE ENTREGA", size=15, bold=True, align="right", color=WHITE)
    date = formats.date_text
    draw.pairs(
        canvas,
        LEFT,
        118,
        [
            ("Nº Albarán:", note.dn_number),
            ("Fecha:", date(note.dn_date, DATE_STYLE)),
            ("Fecha entrega:", note.delivery_date and date(note.delivery_date, DATE_STYLE)),
            ("Su pedido:", ", ".join(note.po_refs)),
            ("Obra:", note.project_code),
        ],
        value_x=LEFT + 80,
    )
    draw.pairs(
        canvas,
        320,
        118,
        [("Matrícula:", note.vehicle), ("Transportista:", note.carrier)],
        value_x=390,
        bold_first=False,
    )
    canvas.text(320, 152, "Dirección de entrega:", size=8, color=GREY)
    canvas.lines(320, 165, note.delivered_to.address_lines, size=9)
    table, cells = draw.note_table(
        note, COLUMNS, "de", size=8, header_fill=BAND, header_color=WHITE
    )
    y = draw.lines_table(canvas, 215, table, note, cells, "Pedido {po}")
    if note.valued:
        canvas.text(
            RIGHT,
            y + 12,
            f"Importes en {note.currency}, IVA no incluido",
            size=7.5,
            align="right",
            color=GREY,
        )
    canvas.text(LEFT, y + 30, "Conforme cliente:", size=9, bold=True)
    draw.signature_box(canvas, LEFT, y + 48, 240, note, ("Recibido por:", "Firma:"), rng)
    footers(
        doc,
        [
            f"{supplier.name} · {supplier.street} · {supplier.city}",
            "La firma de este albarán supone la conformidad con la mercancía recibida.",
        ],
        "Página {page} de {pages}",
    )
    return finished(doc)


FAMILY = Family(
    NAME,
    "heldout",
    "es",
    "ES",
    "EUR",
    ("ord", "po_year"),
    "0.21",
    UNITS,
    render,
    _number,
    DATE_STYLE,
    number_style="de",
    valued_chance=0.5,
    prints_item_codes=True,
)
