"""The delivery-note gate: a note prints little arithmetic, so every value must come from
where it belongs (a label, a column) and what arithmetic there is must hold: net weight =
gross − tare, a valued line's quantity × price = value, the lines' sum = a printed total."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from po_ingest.lib.delivery_note_model import DeliveryNote
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.extraction.local.gate import decline, where
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.notes.fields import AMBIGUOUS
from po_ingest.lib.extraction.local.totals import Totals
from po_ingest.lib.models import Box, ExtractedPurchaseOrder

WEIGHTS = ("gross_weight", "tare_weight", "net_weight")


def _weights(fields: dict[str, Found]) -> None:
    """Weights as values and one unit; declines a partial set or two units."""
    printed = [name for name in WEIGHTS if name in fields]
    if not printed:
        return
    if len(printed) != len(WEIGHTS):
        raise decline(
            f"weights printed in part ({', '.join(printed)}): net = gross − tare unchecked"
        )
    units = {fields[name].value[1].lower() for name in WEIGHTS}
    if len(units) > 1:
        raise decline(f"weights printed in different units: {sorted(units)}")
    gross, tare, net = (fields[name].value[0] for name in WEIGHTS)
    if net != gross - tare:
        raise decline(f"net weight {net} is not gross {gross} − tare {tare}")
    fields["weight_unit"] = Found(
        fields["net_weight"].value[1],
        fields["net_weight"].page,
        [w for w in fields["net_weight"].words if w.text.lower().rstrip(".") in units]
        or fields["net_weight"].words,
    )
    for name in WEIGHTS:
        amount = fields[name]
        number = [w for w in amount.words if w.text.lower().rstrip(".") not in units]
        fields[name] = Found(amount.value[0], amount.page, number or amount.words)


def _priced(dn_number: str, lines: list[dict[str, Found]], totals: Totals | None) -> None:
    """Valued lines add up, alone and to the totals printed under them."""
    if not any("line_total" in line for line in lines):
        return
    if not all("line_total" in line for line in lines):
        raise decline("some lines print a value and others do not")
    order = ExtractedPurchaseOrder(
        po_number=dn_number,
        items=[{n: f.value for n, f in line.items() if n != "po_line_ref"} for line in lines],
        subtotal=totals.subtotal.value if totals and totals.subtotal else None,
        tax=totals.tax.value if totals and totals.tax else None,
        total=totals.total.value if totals and totals.total else None,
    )
    if problems := arithmetic_warnings(order):
        raise decline(f"the valued lines do not add up ({', '.join(problems)})")


def accepted_note(
    fields: dict[str, Found], lines: list[dict[str, Found]], totals: Totals | None
) -> tuple[DeliveryNote, dict[str, Box | None]]:
    """The note and each value's box, or ExtractionDeclined saying what does not hold."""
    if "dn_number" not in fields:
        raise decline("no labelled delivery-note number")
    for name in ("dn_date", "delivery_date"):
        if name in fields and fields[name].value == AMBIGUOUS:
            raise decline(f"the {name.replace('_', ' ')} reads two ways (day or month first)")
    _weights(fields)
    _priced(fields["dn_number"].value, lines, totals)
    data: dict[str, Any] = {name: f.value for name, f in fields.items()}
    data["lines"] = [{name: f.value for name, f in line.items()} for line in lines]
    try:
        note = DeliveryNote.model_validate(data)
    except ValidationError as exc:
        raise decline(f"result does not validate: {exc.errors()[0]['msg']}") from None
    provenance: dict[str, Box | None] = {name: where(f) for name, f in fields.items()}
    for index, line in enumerate(lines):
        provenance |= {f"lines.{index}.{name}": where(f) for name, f in line.items()}
    return note, provenance
