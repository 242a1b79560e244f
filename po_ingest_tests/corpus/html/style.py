"""How a locale prints numbers, money and dates: the few choices a print template makes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
    "dezembro",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
}


@dataclass(frozen=True)
class NumberStyle:
    group: str  # "," "." " " (or a no-break space) between thousands
    decimal: str
    symbol: str  # "$", "€", "EUR": what the money columns print
    symbol_after: bool = False
    symbol_space: bool = True
    later_groups: int = 3  # 2: India's lakh and crore grouping, 1,23,45,678.00

    def number(self, value: Decimal, places: int | None = 2) -> str:
        """`value` with exactly `places` decimals, or as few as it needs when `places` is None."""
        if places is None:
            text = format(value.normalize(), "f")
        else:
            text = format(value.quantize(Decimal(1).scaleb(-places)), "f")
        sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
        whole, _, fraction = text.partition(".")
        groups = []
        size = 3
        while len(whole) > size:
            whole, groups = whole[:-size], [whole[-size:], *groups]
            size = self.later_groups
        whole = self.group.join([whole, *groups])
        return sign + (f"{whole}{self.decimal}{fraction}" if fraction else whole)

    def money(self, value: Decimal) -> str:
        space = " " if self.symbol_space else ""
        amount = self.number(value)
        return (
            f"{amount}{space}{self.symbol}"
            if self.symbol_after
            else f"{self.symbol}{space}{amount}"
        )


def date_text(date: dt.date, pattern: str, language: str = "en") -> str:
    """`pattern` in str.format fields: {d} {dd} {m} {mm} {yyyy} {month} {mon}."""
    month = MONTHS[language].split()[date.month - 1]
    return pattern.format(
        d=date.day,
        dd=f"{date.day:02d}",
        m=date.month,
        mm=f"{date.month:02d}",
        yyyy=date.year,
        month=month,
        mon=month[:3].capitalize() if language == "en" else month[:3],
    )
