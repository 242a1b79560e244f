"""A generated delivery note and its ground truth, in the shape of the DeliveryNote model."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from po_ingest_tests.corpus.formats import decimal_text
from po_ingest_tests.corpus.parties import Party, Site

DELIVERY_NOTE = "delivery_note"


@dataclass(frozen=True)
class NoteLine:
    line_number: int
    description: str
    quantity: Decimal
    unit: str  # as printed: "Stk", "bags", "m³"
    # Which order line this delivers against (what the matcher must find), printed or not.
    po_number: str | None
    po_line: int | None
    item_code: str | None
    batch_or_lot: str | None = None
    unit_price: Decimal | None = None  # set on valued notes only

    @property
    def line_total(self) -> Decimal | None:
        if self.unit_price is None:
            return None
        return (self.quantity * self.unit_price).quantize(Decimal("0.01"))


@dataclass(frozen=True)
class Weights:
    gross: Decimal
    tare: Decimal
    unit: str  # "kg" or "t"

    @property
    def net(self) -> Decimal:
        return self.gross - self.tare


@dataclass(frozen=True)
class DeliveryNote:
    dn_number: str
    dn_date: dt.date
    delivery_date: dt.date | None  # None: the note prints one date only
    supplier: Party
    po_refs: tuple[str, ...]
    project_code: str | None
    delivered_to: Site
    received_by: str | None
    signed: bool
    vehicle: str | None
    carrier: str | None
    lines: tuple[NoteLine, ...]
    currency: str | None = None  # valued notes print prices in it
    weights: Weights | None = None
    # What the layout prints: the truth leaves out what the page does not say.
    prints_po_lines: bool = True
    prints_item_codes: bool = True

    @property
    def valued(self) -> bool:
        return self.currency is not None


def delivered_to_text(site: Site) -> str:
    """The delivery address as one string: the lines the note prints, joined by ", "."""
    return ", ".join(site.address_lines)


def _number(value: Decimal | None, places: int = 0) -> str | None:
    return None if value is None else decimal_text(value, places)


def note_truth(note: DeliveryNote) -> dict:
    """Quantities and money as exact decimal strings, dates ISO, unprinted fields null."""
    weights = note.weights
    lines = [
        {
            "line_number": line.line_number,
            "po_line_ref": line.po_line if note.prints_po_lines else None,
            "item_code": line.item_code if note.prints_item_codes else None,
            "description": line.description,
            "quantity": decimal_text(line.quantity),
            "unit": line.unit,
            "batch_or_lot": line.batch_or_lot,
            "unit_price": _number(line.unit_price, 2),
            "line_total": _number(line.line_total, 2),
        }
        for line in note.lines
    ]
    return {
        "dn_number": note.dn_number,
        "dn_date": note.dn_date.isoformat(),
        "delivery_date": note.delivery_date.isoformat() if note.delivery_date else None,
        "supplier_name": note.supplier.name,
        "po_refs": list(note.po_refs),
        "project_code": note.project_code,
        "delivered_to": delivered_to_text(note.delivered_to),
        "received_by": note.received_by,
        "signature_present": note.signed,
        "vehicle": note.vehicle,
        "carrier": note.carrier,
        "gross_weight": _number(weights.gross) if weights else None,
        "tare_weight": _number(weights.tare) if weights else None,
        "net_weight": _number(weights.net) if weights else None,
        "weight_unit": weights.unit if weights else None,
        "currency": note.currency,
        "lines": lines,
    }
