"""Random but exactly consistent order data: every printed amount adds up to the cent."""

from __future__ import annotations

import datetime as dt
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from po_ingest_tests.corpus.catalog import PRODUCTS, Product
from po_ingest_tests.corpus.numbers import po_number, project_code, quantity, unit_price
from po_ingest_tests.corpus.parties import (
    BUYERS,
    CONTACTS,
    NOTES,
    PAYMENT_TERMS,
    SITES,
    SUPPLIERS,
    Party,
    Site,
)

CENT = Decimal("0.01")
DISCOUNTS = tuple(Decimal(d) for d in (2, 3, 5, 8, 10, 12, 15, 20))


@dataclass(frozen=True)
class OrderSpec:
    """What a layout asks of its data; everything else is drawn at random."""

    currency: str
    region: str  # picks buyer, supplier and site: DE, AT, NL, UK, US, CH
    tax_rates: tuple[Decimal, ...]  # two rates: lines are split between standard and reduced VAT
    po_style: str
    line_count: tuple[int, int] = (3, 8)
    language: str = "en"
    discounts: bool = False
    position_step: int = 1
    material_numbers: bool = False  # numeric ERP material numbers instead of catalog codes
    project_chance: float = 0.75
    # A discount on the whole order (one of these percentages, off the subtotal; one tax rate
    # only, so that the discount lowers a single tax base) and freight added before tax.
    order_discounts: tuple[Decimal, ...] = ()
    freight: tuple[int, int] | None = None  # lowest and highest freight in whole currency units
    # The same printed after the tax, untaxed (the dev families' totals blocks).
    allowance_pct: Decimal = Decimal(0)
    charges: bool = False
    # Every rate taxes the whole order (Canada's GST and QST, India's CGST and SGST) instead of
    # the lines being split between a standard and a reduced rate.
    stacked_taxes: bool = False
    # Catalog prices times this: currencies worth far less than the euro (COP, ZAR).
    price_scale: int = 1


@dataclass(frozen=True)
class OrderLine:
    position: int
    item_code: str
    description: str
    quantity: Decimal
    unit: str
    list_price: Decimal  # the printed unit price, before any discount
    discount_pct: Decimal
    vat_rate: Decimal
    line_total: Decimal

    @property
    def unit_price(self) -> Decimal:
        """The effective price: quantity × unit_price == line_total exactly, discount included."""
        return self.list_price * (100 - self.discount_pct) / 100


@dataclass(frozen=True)
class TaxLine:
    rate: Decimal
    base: Decimal
    amount: Decimal


@dataclass(frozen=True)
class Order:
    po_number: str
    order_date: dt.date
    delivery_date: dt.date
    buyer: Party
    supplier: Party
    supplier_number: str
    ship_to: Site
    contact: str
    project_code: str | None
    currency: str
    lines: tuple[OrderLine, ...]
    tax_lines: tuple[TaxLine, ...]
    payment_terms: str
    notes: str | None
    allowances: Decimal = Decimal(0)  # the order discount, printed as a negative amount
    allowance_pct: Decimal = Decimal(0)
    charges: Decimal = Decimal(0)  # freight

    @property
    def subtotal(self) -> Decimal:
        return sum((line.line_total for line in self.lines), Decimal(0))

    @property
    def tax(self) -> Decimal:
        return sum((t.amount for t in self.tax_lines), Decimal(0))

    @property
    def total(self) -> Decimal:
        return self.subtotal - self.allowances + self.charges + self.tax


def _material_number(code: str) -> str:
    """A nine-digit ERP material number, the same for the same product in every order."""
    return str(100_000_000 + zlib.crc32(code.encode()) % 900_000)


def _line(rng: random.Random, product: Product, position: int, spec: OrderSpec) -> OrderLine:
    discount = rng.choice(DISCOUNTS) if spec.discounts and rng.random() < 0.8 else Decimal(0)
    for _ in range(5000):
        qty = quantity(rng, product.quantity_kind)
        price = unit_price(rng, product.price_range) * spec.price_scale
        exact = qty * price * (100 - discount) / 100
        if exact == exact.quantize(CENT):  # printed totals are never rounded
            break
    else:
        raise RuntimeError(f"no exact line total for {product.code}")
    code = _material_number(product.code) if spec.material_numbers else product.code
    german = spec.language == "de"
    return OrderLine(
        position=position,
        item_code=code,
        description=product.description_de if german else product.description,
        quantity=qty,
        unit=product.unit_de if german else product.unit,
        list_price=price,
        discount_pct=discount,
        vat_rate=spec.tax_rates[0],
        line_total=exact.quantize(CENT),
    )


def _with_reduced_rate(rng: random.Random, lines: list[OrderLine], reduced: Decimal) -> None:
    chosen = rng.sample(range(len(lines)), max(1, len(lines) // 3))
    for index in chosen:
        lines[index] = replace(lines[index], vat_rate=reduced)


def _tax_lines(
    lines: Sequence[OrderLine],
    rates: tuple[Decimal, ...],
    adjustment: Decimal = Decimal(0),
    stacked: bool = False,
) -> tuple[TaxLine, ...]:
    """One line per rate; `adjustment` (freight minus discount) is taxed at the first rate, or
    at every rate when the rates are `stacked`."""
    found = []
    for n, rate in enumerate(rates):
        taxed = [line for line in lines if stacked or line.vat_rate == rate]
        base = sum((line.line_total for line in taxed), Decimal(0))
        base += adjustment if n == 0 or stacked else 0
        found.append(TaxLine(rate, base, (base * rate).quantize(CENT, ROUND_HALF_UP)))
    return tuple(found)


def _with_allowance_and_charge(rng: random.Random, order: Order, spec: OrderSpec) -> Order:
    if spec.order_discounts and len(spec.tax_rates) > 1 and not spec.stacked_taxes:
        raise ValueError("an order discount needs a single tax rate")
    pct = rng.choice(spec.order_discounts) if spec.order_discounts else Decimal(0)
    allowance = (order.subtotal * pct / 100).quantize(CENT, ROUND_HALF_UP)
    charge = Decimal(rng.randint(*spec.freight)) if spec.freight else Decimal(0)
    tax_lines = _tax_lines(order.lines, spec.tax_rates, charge - allowance, spec.stacked_taxes)
    return replace(
        order, allowances=allowance, allowance_pct=pct, charges=charge, tax_lines=tax_lines
    )


def make_order(
    rng: random.Random, spec: OrderSpec, products: Sequence[Product] = PRODUCTS
) -> Order:
    """An order of `spec.line_count` distinct `products` (by default the whole catalog)."""
    products = rng.sample(products, rng.randint(*spec.line_count))
    lines = [_line(rng, p, (n + 1) * spec.position_step, spec) for n, p in enumerate(products)]
    if len(spec.tax_rates) > 1 and not spec.stacked_taxes:
        _with_reduced_rate(rng, lines, spec.tax_rates[1])
    order_date = dt.date(2025, 9, 1) + dt.timedelta(days=rng.randrange(240))
    has_project = rng.random() < spec.project_chance
    subtotal = sum((line.line_total for line in lines), Decimal(0))
    charges = Decimal(rng.randint(15, 180)) if spec.charges else Decimal(0)
    order = Order(
        po_number=po_number(rng, spec.po_style, order_date.year),
        order_date=order_date,
        delivery_date=order_date + dt.timedelta(days=rng.randint(5, 30)),
        buyer=rng.choice(BUYERS[spec.region]),
        supplier=rng.choice(SUPPLIERS[spec.region]),
        supplier_number=f"{rng.choice(['V', 'K', 'S'])}-{rng.randint(10000, 79999)}",
        ship_to=rng.choice(SITES[spec.region]),
        contact=rng.choice(CONTACTS[spec.language]),
        project_code=project_code(rng, order_date.year) if has_project else None,
        currency=spec.currency,
        lines=tuple(lines),
        tax_lines=_tax_lines(lines, spec.tax_rates, stacked=spec.stacked_taxes),
        payment_terms=rng.choice(PAYMENT_TERMS[spec.language]),
        notes=rng.choice(NOTES[spec.language]) if rng.random() < 0.5 else None,
        allowances=(subtotal * spec.allowance_pct / 100).quantize(CENT, ROUND_HALF_UP),
        charges=charges,
    )
    # Drawn last, so that the layouts without them get the same orders as before.
    if spec.order_discounts or spec.freight:
        order = _with_allowance_and_charge(rng, order, spec)
    return order
