"""The two CSV formats, each defined once: validation, storage and the README tables follow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from po_ingest.lib.csv_imports.columns import Column, Kind
from po_ingest.lib.settings import default_currency

# (column, message) for each problem a row has across its cells.
RowCheck = Callable[[dict], list[tuple[str, str]]]


@dataclass(frozen=True)
class CsvFormat:
    batch_type: str
    columns: tuple[Column, ...]
    row_checks: tuple[RowCheck, ...] = ()

    @property
    def names(self) -> list[str]:
        return [column.name for column in self.columns]


def _overtime_within_hours(row: dict) -> list[tuple[str, str]]:
    hours, overtime = row.get("hours"), row.get("overtime_hours")
    if hours is not None and overtime is not None and overtime > hours:
        return [("overtime_hours", f"is more than hours ({overtime} > {hours})")]
    return []


def _amount(
    name: str, required: bool, example: str, description: str, maximum: int, places: int
) -> Column:
    """A number from 0 to `maximum`; `places` 0 makes it a whole number."""
    kind = Kind.DECIMAL if places else Kind.INTEGER
    bounds = {"minimum": Decimal(0), "maximum": Decimal(maximum), "places": places}
    return Column(name, kind, required, example, description, **bounds)


_PROJECT_CODE = Column(
    "project_code", Kind.TEXT, True, "P-100", "the project, matched to a site", max_length=100
)

TIMESHEETS = CsvFormat(
    "timesheets",
    (
        Column("date", Kind.DATE, True, "2026-11-02", "the day worked, YYYY-MM-DD"),
        Column("worker", Kind.TEXT, True, "Anna Novak", "who worked"),
        Column(
            "employee_id",
            Kind.TEXT,
            False,
            "E-1042",
            "payroll number, up to 64 characters",
            max_length=64,
        ),
        _PROJECT_CODE,
        Column("activity", Kind.TEXT, True, "Formwork", "what was done"),
        _amount("hours", True, "8.5", "hours worked, 0–24, up to 2 decimals", 24, places=2),
        _amount(
            "overtime_hours", False, "0.5", "of those hours, how many are overtime", 24, places=2
        ),
        Column(
            "notes",
            Kind.TEXT,
            False,
            "rain from 14:00",
            "free text, up to 1000 characters",
            max_length=1000,
        ),
    ),
    row_checks=(_overtime_within_hours,),
)

FUEL_TYPES = ("diesel", "hvo", "petrol", "adblue", "lpg")

FUEL_LOGS = CsvFormat(
    "fuel_logs",
    (
        Column("date", Kind.DATE, True, "2026-11-02", "the day of the fill, YYYY-MM-DD"),
        Column("vehicle", Kind.TEXT, True, "TRK-07", "fleet number or plate", max_length=100),
        Column("driver", Kind.TEXT, False, "Jonas Berg", "who filled up"),
        _PROJECT_CODE,
        Column(
            "fuel_type",
            Kind.TEXT,
            True,
            "diesel",
            ", ".join(FUEL_TYPES),
            max_length=20,
            choices=FUEL_TYPES,
        ),
        _amount(
            "litres",
            True,
            "182.4",
            "litres filled, at most 100 000, up to 3 decimals",
            100_000,
            places=3,
        ),
        _amount("odometer_km", False, "48211", "odometer reading, whole km", 10_000_000, places=0),
        _amount(
            "cost", False, "301.87", "what the fill cost, up to 2 decimals", 10_000_000, places=2
        ),
        Column(
            "currency",
            Kind.CURRENCY,
            False,
            "EUR",
            "ISO code of cost; empty: PO_INGEST_DEFAULT_CURRENCY",
            default=default_currency,
        ),
        Column("station", Kind.TEXT, False, "Shell Hafenstraße", "supplier or station"),
    ),
)

FORMATS = {fmt.batch_type: fmt for fmt in (TIMESHEETS, FUEL_LOGS)}
