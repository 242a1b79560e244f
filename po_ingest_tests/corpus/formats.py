"""How amounts, quantities, rates and dates are printed; each layout picks its own styles."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

# style -> (thousands separator, decimal separator)
NUMBER_STYLES = {
    "en": (",", "."),  # 1,234.56
    "de": (".", ","),  # 1.234,56
    "ch": ("'", "."),  # 1'234.56
    "fr": (" ", ","),  # 1 234,56
    "fr_nbsp": ("\u00a0", ","),  # 1 234,56 (a no-break space)
    "plain": ("", "."),  # 1234.56
    "plain_comma": ("", ","),  # 1234,56
}
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MONATE = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)
MESES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
MOIS = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)
MESI = (
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
)
MESES_PT = (
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
)
MAANDEN = (
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
)
CURRENCY_SYMBOLS = {"USD": "$", "GBP": "£"}  # the base-14 fonts have no € glyph: EUR stays a code


def _separate(text: str, style: str) -> str:
    thousands, decimal = NUMBER_STYLES[style]
    return text.replace(",", "\0").replace(".", decimal).replace("\0", thousands)


def money(value: Decimal, style: str = "en") -> str:
    return _separate(f"{value:,.2f}", style)


def signed_money(value: Decimal, style: str, negative: str) -> str:
    """A negative amount as `-1,234.56`, `1,234.56-` (SAP) or `(1,234.56)` (accounting)."""
    text = money(abs(value), style)
    if value >= 0:
        return text
    return {"minus": f"-{text}", "trailing": f"{text}-", "parens": f"({text})"}[negative]


def amount(value: Decimal, currency: str, style: str = "en") -> str:
    """`$1,234.56`, `£1,234.56`, or the ISO code in front: `CHF 1'234.56`."""
    symbol = CURRENCY_SYMBOLS.get(currency)
    return f"{symbol}{money(value, style)}" if symbol else f"{currency} {money(value, style)}"


def decimal_text(value: Decimal, min_places: int = 0) -> str:
    """Plain digits without exponent: at least `min_places` decimals, trailing zeros dropped."""
    text = f"{value:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    whole, _, frac = text.partition(".")
    frac = frac.ljust(min_places, "0")
    return f"{whole}.{frac}" if frac else whole


def quantity(value: Decimal, style: str = "en", places: int | None = None) -> str:
    text = f"{value:.{places}f}" if places is not None else decimal_text(value)
    return _separate(text, style)


def percent(rate: Decimal, style: str = "en") -> str:
    """0.19 -> `19%`; German and French style put a space before the sign: `8,1 %`."""
    number = _separate(decimal_text(rate * 100), style)
    return f"{number} %" if style in ("de", "fr", "fr_nbsp") else f"{number}%"


def date_text(day: dt.date, style: str) -> str:
    month = MONTHS[day.month - 1]
    ordinal_day = "1º" if day.day == 1 else str(day.day)  # Portuguese: 1º de março
    return {
        "iso": day.isoformat(),  # 2026-03-05
        "dots": f"{day.day:02d}.{day.month:02d}.{day.year}",  # 05.03.2026
        "long": f"{day.day} {month} {day.year}",  # 5 March 2026
        "us": f"{month[:3]} {day.day}, {day.year}",  # Mar 5, 2026
        "dashed": f"{day.day:02d}-{month[:3]}-{day.year}",  # 05-Mar-2026
        "erp": f"{day.day:02d} {month[:3].upper()} {day.year}",  # 05 MAR 2026
        "short": f"{day.day:02d} {month[:3]} {day.year}",  # 05 Mar 2026
        "german_long": f"{day.day}. {MONATE[day.month - 1]} {day.year}",  # 5. März 2026
        "dmy_slash": f"{day.day:02d}/{day.month:02d}/{day.year}",  # 05/03/2026
        "mdy_slash": f"{day.month:02d}/{day.day:02d}/{day.year}",  # 03/05/2026
        "dmy_dash": f"{day.day:02d}-{day.month:02d}-{day.year}",  # 05-03-2026
        "spanish_long": f"{day.day} de {MESES[day.month - 1]} de {day.year}",  # 5 de marzo de 2026
        "french_long": f"{day.day} {MOIS[day.month - 1]} {day.year}",  # 5 mars 2026
        "italian_long": f"{day.day} {MESI[day.month - 1]} {day.year}",  # 5 marzo 2026
        "italian_short": f"{day.day} {MESI[day.month - 1][:3]} {day.year}",  # 5 mar 2026
        "spanish_short": f"{day.day:02d}-{MESES[day.month - 1][:3]}-{day.year}",  # 05-mar-2026
        "dutch_long": f"{day.day} {MAANDEN[day.month - 1]} {day.year}",  # 5 maart 2026
        "portuguese_long": f"{ordinal_day} de {MESES_PT[day.month - 1]} de {day.year}",
        "dmy_short": f"{day.day:02d}/{day.month:02d}/{day.year % 100:02d}",  # 05/03/26
        "us_numeric": f"{day.month}/{day.day}/{day.year}",  # 3/5/2026
    }[style]
