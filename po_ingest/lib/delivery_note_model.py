"""A delivery note as extracted: what arrived, for which orders, validated like an order."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from po_ingest.lib.models import ExtractionRecord, Money, Quantity, UnitPrice, _strip


class DeliveryNoteLine(BaseModel):
    model_config = ConfigDict(extra="ignore")

    line_number: int | None = Field(default=None, ge=1, le=100_000)
    # The order's line number this line delivers against, when the note prints one.
    po_line_ref: int | None = Field(default=None, ge=1, le=100_000)
    item_code: str | None = Field(default=None, max_length=100)
    description: str = Field(min_length=1, max_length=1000)
    # Delivered; never negative (a return is a document of its own, not a minus sign here).
    quantity: Quantity = Field(ge=0)
    unit: str | None = Field(default=None, max_length=20)
    batch_or_lot: str | None = Field(default=None, max_length=100)
    unit_price: UnitPrice | None = None
    line_total: Money | None = None

    _strip_text = field_validator(
        "item_code", "description", "unit", "batch_or_lot", mode="before"
    )(_strip)


class DeliveryNote(BaseModel):
    model_config = ConfigDict(extra="ignore")

    dn_number: str = Field(min_length=1, max_length=100)
    dn_date: dt.date | None = None
    delivery_date: dt.date | None = None
    supplier_name: str | None = Field(default=None, max_length=300)
    # The order numbers printed on the note, as printed (none, one, or several orders).
    po_refs: list[str] = Field(default_factory=list, max_length=50)
    project_code: str | None = Field(default=None, max_length=100)
    delivered_to: str | None = Field(default=None, max_length=1000)
    received_by: str | None = Field(default=None, max_length=200)
    signature_present: bool | None = None
    vehicle: str | None = Field(default=None, max_length=100)
    carrier: str | None = Field(default=None, max_length=300)
    gross_weight: Quantity | None = Field(default=None, ge=0)
    tare_weight: Quantity | None = Field(default=None, ge=0)
    net_weight: Quantity | None = Field(default=None, ge=0)
    weight_unit: str | None = Field(default=None, max_length=20)
    currency: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")
    lines: list[DeliveryNoteLine] = Field(min_length=1, max_length=2000)

    _strip_text = field_validator(
        "dn_number",
        "supplier_name",
        "project_code",
        "delivered_to",
        "received_by",
        "vehicle",
        "carrier",
        "weight_unit",
        mode="before",
    )(_strip)

    @field_validator("po_refs", mode="before")
    @classmethod
    def _clean_refs(cls, value: object) -> object:
        """One order number given as text is a list of one; blanks are dropped, repeats kept once."""
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return value
        cleaned = [_strip(ref) for ref in value]
        return list(dict.fromkeys(ref for ref in cleaned if ref is not None))

    @field_validator("po_refs")
    @classmethod
    def _ref_length(cls, refs: list[str]) -> list[str]:
        too_long = [ref for ref in refs if len(ref) > 100]
        if too_long:
            raise ValueError(f"an order number is at most 100 characters: {too_long[0][:40]!r}…")
        return refs

    @field_validator("currency", mode="before")
    @classmethod
    def _upper_currency(cls, value: object) -> object:
        value = _strip(value)
        return value.upper() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _net_is_gross_minus_tare(self) -> DeliveryNote:
        gross, tare, net = self.gross_weight, self.tare_weight, self.net_weight
        if gross is not None and tare is not None and tare > gross:
            raise ValueError(f"tare_weight {tare} is more than gross_weight {gross}")
        if gross is not None and tare is not None and net is not None and net != gross - tare:
            raise ValueError(
                f"net_weight {net} is not gross_weight {gross} − tare_weight {tare} "
                f"(= {gross - tare})"
            )
        return self


class DeliveryNoteExtraction(ExtractionRecord):
    """A delivery note's extraction. Provenance keys: the header fields' names and
    `lines.<index from 0>.<field>`."""

    note: DeliveryNote


# The fields of a note's header and of its lines, in the model's order.
NOTE_FIELDS = tuple(name for name in DeliveryNote.model_fields if name != "lines")
NOTE_LINE_FIELDS = tuple(DeliveryNoteLine.model_fields)
