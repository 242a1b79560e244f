"""`bon_livraison` (held-out): a French "Bon de livraison": centred title, sender and delivery
address side by side in boxes, a row of boxed header cells, French numbers, "Lot" column."""

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
    PAGE_WIDTH,
    RIGHT,
    Canvas,
    new_document,
    new_page,
)
from po_ingest_tests.corpus.render import pdf_bytes as finished
from po_ingest_tests.corpus.table import Column

NAME = "bon_livraison"
DATE_STYLE = "dmy_slash"
UNITS = {
    "pcs": "pce",
    "bag": "sac",
    "pallet": "pal",
    "m": "ml",
    "m²": "m²",
    "t": "t",
    "kg": "kg",
    "m³": "m³",
    "l": "L",
}


def _number(rng: random.Random, year: int) -> str:
    return f"BL{year}{rng.randint(1, 99999):05d}"


def _header_cells(canvas: Canvas, y: float, note: DeliveryNote) -> float:
    """Label over value in a row of boxes; returns the bottom of the row."""
    cells = [
        ("N° BL", note.dn_number),
        ("Date", formats.date_text(note.dn_date, DATE_STYLE)),
        ("Livré le", note.delivery_date and formats.date_text(note.delivery_date, DATE_STYLE)),
        ("Votre commande", ", ".join(note.po_refs)),
        ("Chantier", note.project_code),
    ]
    shown = [(label, value) for label, value in cells if value]
    width = (RIGHT - LEFT) / len(shown)
    for n, (label, value) in enumerate(shown):
        x = LEFT + n * width
        canvas.rect(x, y, x + width, y + 32, color=GREY)
        canvas.text(x + 4, y + 11, label, size=7, color=GREY)
        canvas.text(x + 4, y + 25, value, size=8.5, bold=n == 0)
    return y + 32


COLUMNS = (
    ("line", Column("N°", 26)),
    ("code", Column("Référence", 72)),
    ("description", Column("Désignation", 0)),
    ("batch", Column("Lot", 60)),
    ("quantity", Column("Qté livrée", 52, "right")),
    ("unit", Column("Unité", 36)),
    ("price", Column("P.U. HT", 50, "right")),
    ("total", Column("Montant HT", 60, "right")),
)


def render(note: DeliveryNote, index: int) -> bytes:
    rng = random.Random(f"{NAME}:{note.dn_number}")
    doc = new_document(f"Bon de livraison {note.dn_number}", note.supplier.name)
    canvas = Canvas(new_page(doc))
    supplier = note.supplier
    canvas.text(PAGE_WIDTH / 2, 62, "BON DE LIVRAISON", size=18, bold=True, align="center")
    middle = (LEFT + RIGHT) / 2
    for x, title, lines in (
        (LEFT, "Expéditeur", supplier.address_lines[:3]),
        (middle + 5, "Adresse de livraison", note.delivered_to.address_lines),
    ):
        canvas.rect(x, 80, x + (RIGHT - LEFT) / 2 - 5, 150, color=GREY)
        canvas.text(x + 6, 93, title, size=7.5, color=GREY)
        canvas.lines(x + 6, 107, lines, size=9)
    y = _header_cells(canvas, 162, note)
    y = draw.pairs(
        canvas,
        LEFT,
        y + 16,
        [("Transporteur :", note.carrier), ("Immatriculation :", note.vehicle)],
        value_x=LEFT + 95,
        bold_first=False,
    )
    table, cells = draw.note_table(note, COLUMNS, "fr", size=8, header_fill=(0.9, 0.92, 0.95))
    y = draw.lines_table(canvas, y, table, note, cells, "Commande {po}")
    if note.valued:
        canvas.text(RIGHT, y + 12, f"Montants en {note.currency}", size=7.5, align="right")
    canvas.text(LEFT, y + 30, "Marchandise reçue conforme, sous réserve de déballage.", size=8.5)
    draw.signature_box(
        canvas,
        middle + 5,
        y + 48,
        RIGHT - middle - 5,
        note,
        ("Réceptionné par :", "Signature et cachet :"),
        rng,
    )
    footers(
        doc,
        [
            f"{supplier.name} - {supplier.street} - {supplier.city} - TVA {supplier.tax_id}",
            "Toute réclamation doit être portée sur le présent bon de livraison.",
        ],
        "Page {page}/{pages}",
    )
    return finished(doc)


FAMILY = Family(
    NAME,
    "heldout",
    "fr",
    "FR",
    "EUR",
    ("slash", "plain"),
    "0.20",
    UNITS,
    render,
    _number,
    DATE_STYLE,
    number_style="fr",
    valued_chance=0.5,
    prints_po_lines=False,
)
