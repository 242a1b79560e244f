"""One CSV column: what its cells must hold, and the typed value each one becomes."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum


class Kind(StrEnum):
    TEXT = "text"
    DATE = "date"
    DECIMAL = "decimal"
    INTEGER = "integer"
    CURRENCY = "currency"


class CellError(ValueError):
    """Why one cell is not acceptable, for the person who wrote the file."""


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DECIMAL = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_INTEGER = re.compile(r"-?\d+")
_CURRENCY = re.compile(r"[A-Za-z]{3}")
# Tabs and line breaks are fine inside a quoted cell; other control characters are not text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Column:
    name: str
    kind: Kind
    required: bool
    example: str
    description: str
    max_length: int = 200
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    places: int = 0
    choices: tuple[str, ...] = ()
    default: Callable[[], str] | None = None

    def parse(self, raw: str, decimal_comma: bool = False) -> object:
        """The typed value of a cell (None when empty and optional); raises CellError."""
        value = raw.strip()
        if not value:
            if self.default is not None:
                return self.default()
            if self.required:
                raise CellError("is required")
            return None
        return _PARSERS[self.kind](self, value, decimal_comma)


def _text(column: Column, value: str, _decimal_comma: bool) -> str:
    if _CONTROL.search(value):
        raise CellError("contains a control character")
    if len(value) > column.max_length:
        raise CellError(f"is longer than {column.max_length} characters")
    if column.choices:
        if value.casefold() not in column.choices:
            raise CellError(f"{value!r} is not one of {', '.join(column.choices)}")
        return value.casefold()
    return value


def _date(_column: Column, value: str, _decimal_comma: bool) -> dt.date:
    if not _DATE.fullmatch(value):
        raise CellError(f"{value!r} is not a date written YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise CellError(f"{value!r} is not a day of the calendar") from None


def _number(column: Column, value: str, decimal_comma: bool) -> Decimal | int:
    written = value
    if decimal_comma and value.count(",") == 1 and "." not in value:
        value = value.replace(",", ".")
    whole = column.kind is Kind.INTEGER
    if not (_INTEGER if whole else _DECIMAL).fullmatch(value):
        raise CellError(f"{written!r} is not a {'whole number' if whole else 'number'}")
    number = Decimal(value)
    if -number.as_tuple().exponent > column.places:
        raise CellError(f"{written!r} has more than {column.places} decimal places")
    if column.minimum is not None and number < column.minimum:
        bound = "negative" if column.minimum == 0 else f"less than {column.minimum}"
        raise CellError(f"must not be {bound} (is {written})")
    if column.maximum is not None and number > column.maximum:
        raise CellError(f"must not be more than {column.maximum} (is {written})")
    return int(number) if whole else number


def _currency(_column: Column, value: str, _decimal_comma: bool) -> str:
    if not _CURRENCY.fullmatch(value):
        raise CellError(f"{value!r} is not a three-letter currency code such as EUR")
    return value.upper()


_PARSERS = {
    Kind.TEXT: _text,
    Kind.DATE: _date,
    Kind.DECIMAL: _number,
    Kind.INTEGER: _number,
    Kind.CURRENCY: _currency,
}
