"""One print style of a web ERP: its HTML template, its locale, and the orders it prints."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

import jinja2

from po_ingest_tests.corpus.ground_truth import ground_truth
from po_ingest_tests.corpus.html.style import NumberStyle, date_text
from po_ingest_tests.corpus.orders import Order, OrderLine, OrderSpec


def order_spec(currency: str, region: str, *tax_rates: str, **options) -> OrderSpec:
    """The orders of one family; the PO number comes from the family, not from `po_style`."""
    rates = tuple(Decimal(rate) for rate in tax_rates)
    return OrderSpec(currency, region, rates, po_style="plain", **options)


@dataclass(frozen=True)
class Family:
    name: str
    split: str  # "dev" or "heldout", dealt when the family was written (see SPLITS)
    spec: OrderSpec
    template: str  # jinja2: `order`, `family` and the filters below
    style: NumberStyle
    date_pattern: str  # see style.date_text
    po_number: Callable[[random.Random, Order], str]  # the number this tool gives its orders
    quantity_places: int | None = 2  # None: as many decimals as the quantity needs
    line_numbers: bool = False
    item_codes: bool = True
    units: dict[str, str] = field(default_factory=dict)  # catalog unit -> the unit printed
    paper: str = "A4"
    margin: str = "15mm"
    footer: str | None = None  # Chromium's footerTemplate: pageNumber, totalPages
    batch: int = 1  # families written together, blind, and dealt to the splits together

    @property
    def language(self) -> str:
        return self.spec.language

    def unit(self, line: OrderLine) -> str:
        return self.units.get(line.unit, line.unit)

    def quantity(self, value: Decimal) -> str:
        return self.style.number(value, self.quantity_places)

    def date(self, value) -> str:
        return date_text(value, self.date_pattern, self.language)

    def percent(self, rate: Decimal) -> str:
        return self.style.number(rate * 100, None)

    def html(self, order: Order) -> str:
        environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
        environment.filters.update(
            money=self.style.money,
            amount=self.style.number,
            qty=self.quantity,
            date=self.date,
            pct=self.percent,
            unit=self.unit,
        )
        return environment.from_string(self.template).render(order=order, family=self)

    def truth(self, order: Order) -> dict:
        """The fields as the page prints them: its units, its line numbers and codes or none."""
        truth = ground_truth(order, line_numbers=self.line_numbers, item_codes=self.item_codes)
        for item, line in zip(truth["items"], order.lines, strict=True):
            item["unit"] = self.unit(line)
        return truth
