"""Exact values out of e-order XML: text, Decimal, dates (CII format codes, ISO)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from lxml import etree

# The model keeps a unit price to 6 decimal places; a price per basis quantity of 3 has more.
_PLACES = Decimal("0.000001")


def path(steps: str) -> str:
    """ "A/B/C" → "{*}A/{*}B/{*}C": the same element in every version's namespaces."""
    return "/".join(f"{{*}}{step}" for step in steps.split("/"))


def text(node: etree._Element | None, steps: str) -> str | None:
    if node is None:
        return None
    value = node.findtext(path(steps))
    return value.strip() if value and value.strip() else None


def joined(node: etree._Element, steps: str) -> str | None:
    """Every occurrence's text, one per line (notes)."""
    found = [n.text.strip() for n in node.findall(path(steps)) if n.text and n.text.strip()]
    return "\n".join(found) or None


def number(value: str | None, what: str) -> Decimal | None:
    if value is None or not value.strip():
        return None
    try:
        parsed = Decimal(value.strip())
    except InvalidOperation:
        parsed = None
    if parsed is None or not parsed.is_finite():  # Decimal also reads "NaN" and "Infinity"
        raise ValueError(f"{what} is not a number: {value!r}")
    return parsed


def decimal(node: etree._Element | None, steps: str) -> Decimal | None:
    return number(text(node, steps), steps)


def per_unit(amount: Decimal | None, basis: Decimal | None) -> Decimal | None:
    """A price given per basis quantity (e.g. 20.00 per 2), per one unit."""
    if amount is None or not basis or basis == 1:
        return amount
    price = amount / basis
    return price if price == price.quantize(_PLACES) else price.quantize(_PLACES)


# UN/CEFACT date formats that name a day: 102 CCYYMMDD, 203 CCYYMMDDHHMM, 204 CCYYMMDDHHMMSS.
# Others (610 a month, 616 a week) name no single day: refused rather than guessed.
_DAY_FORMATS = (None, "102", "203", "204")


def cii_date(node: etree._Element | None, steps: str) -> dt.date | None:
    element = node.find(path(steps)) if node is not None else None
    value = (element.text or "").strip() if element is not None else ""
    if not value:
        return None
    try:
        if element.get("format") not in _DAY_FORMATS:
            raise ValueError
        return dt.datetime.strptime(value[:8], "%Y%m%d").date()
    except ValueError:
        raise ValueError(
            f"{steps} is not a day: {value!r} (format {element.get('format')})"
        ) from None


def iso_date(node: etree._Element | None, steps: str) -> dt.date | None:
    value = text(node, steps)
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        raise ValueError(f"{steps} is not a date: {value!r}") from None
