"""The extraction result: what a document says, validated (money as Decimal, dates as date)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

# Money: at most 12 digits before the point keeps absurd model answers out of the database.
Money = Annotated[Decimal, Field(max_digits=16, decimal_places=4)]
Quantity = Annotated[Decimal, Field(max_digits=16, decimal_places=4)]
# A price per piece of a small part is printed to 5 or 6 places (0.04579 EUR): kept as printed.
UnitPrice = Annotated[Decimal, Field(max_digits=18, decimal_places=6)]


# Control characters other than tab and newline: a model (or a PDF's text layer) may emit
# them, and PostgreSQL refuses NUL in text outright (the order could never be stored).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _strip(value: object) -> object:
    if isinstance(value, str):
        value = _CONTROL.sub("", value).strip()
        return value or None
    return value


class LineItem(BaseModel):
    model_config = ConfigDict(extra="ignore")

    line_number: int | None = Field(default=None, ge=1, le=100_000)
    item_code: str | None = Field(default=None, max_length=100)
    description: str = Field(min_length=1, max_length=1000)
    quantity: Quantity | None = None
    unit: str | None = Field(default=None, max_length=20)
    unit_price: UnitPrice | None = None
    line_total: Money | None = None

    _strip_text = field_validator("item_code", "description", "unit", mode="before")(_strip)


class ExtractedPurchaseOrder(BaseModel):
    model_config = ConfigDict(extra="ignore")

    po_number: str = Field(min_length=1, max_length=100)
    order_date: dt.date | None = None
    supplier_name: str | None = Field(default=None, max_length=300)
    project_code: str | None = Field(default=None, max_length=100)
    currency: str = Field(default="EUR", pattern=r"^[A-Z]{3}$")
    items: list[LineItem] = Field(min_length=1)
    subtotal: Money | None = None
    # Document-level discounts (subtracted) and shipping, freight, handling (added) between
    # the subtotal and the total; tax is the sum of every tax rate's amount.
    allowances: Money | None = None
    charges: Money | None = None
    tax: Money | None = None
    total: Money | None = None
    notes: str | None = Field(default=None, max_length=4000)

    _strip_text = field_validator(
        "po_number", "supplier_name", "project_code", "notes", mode="before"
    )(_strip)

    @field_validator("currency", mode="before")
    @classmethod
    def _upper_currency(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value


class Box(BaseModel):
    """Where a value is printed: page (0-based) and bounding box in PDF points (x0, y0, x1, y1;
    origin top left, as pymupdf gives word boxes)."""

    page: int = Field(ge=0)
    bbox: tuple[float, float, float, float]


class ExtractionRecord(BaseModel):
    """The extraction's own record, next to the document it found (shared by every type)."""

    extractor: str
    model: str | None = None
    accepted: bool = True
    confidence: float | None = None
    reasons: list[str] = Field(default_factory=list)  # why other extractors declined
    warnings: list[str] = Field(default_factory=list)
    input_tokens: int | None = None
    output_tokens: int | None = None
    duration_ms: int | None = None
    # Per value: "po_number", …, "items.<index from 0>.<field>" → where it is on the page, or
    # None when the value is not printed there. Only non-null values have an entry.
    provenance: dict[str, Box | None] = Field(default_factory=dict)
    # The embedded XML read (extractor "embedded_xml"): {"flavor": …, "profile": …}.
    embedded: dict[str, str] | None = None


class ExtractionResult(ExtractionRecord):
    """A purchase order's extraction."""

    order: ExtractedPurchaseOrder
