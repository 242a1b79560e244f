"""Delivery notes made from orders: which lines ship, in what quantity, and what the
paperwork around them says (number, dates, vehicle, who signed)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from po_ingest_tests.corpus.catalog import Product
from po_ingest_tests.corpus.delivery_notes import goods
from po_ingest_tests.corpus.delivery_notes.family import Family
from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote, NoteLine, Weights
from po_ingest_tests.corpus.numbers import unit_price
from po_ingest_tests.corpus.orders import Order, OrderLine


@dataclass(frozen=True)
class Shipment:
    """One line of a note: an order line (or a product no order has) and how much came."""

    order: Order | None
    line: OrderLine | None
    product: Product
    quantity: Decimal
    unit: str | None = None  # a catalog unit printed instead of the order line's: a mismatch

    @property
    def catalog_unit(self) -> str:
        return self.unit or self.product.unit


def full(order: Order) -> list[Shipment]:
    """Every line of `order`, in full."""
    return [Shipment(order, line, goods.product_of(line), line.quantity) for line in order.lines]


def _receipt(rng: random.Random, language: str) -> tuple[str | None, bool]:
    """Who took the goods and whether they signed: signed, named only, or left blank."""
    draw = rng.random()
    if draw < 0.2:
        return None, False
    return rng.choice(goods.RECEIVERS[language]), draw >= 0.45


def _lines(
    rng: random.Random, family: Family, shipments: Sequence[Shipment], valued: bool, year: int
) -> tuple[NoteLine, ...]:
    lines = []
    for n, shipment in enumerate(shipments, start=1):
        product, line = shipment.product, shipment.line
        price = None
        if valued:
            price = line.unit_price if line else unit_price(rng, product.price_range)
        has_batch = rng.random() < family.batch_chance
        lines.append(
            NoteLine(
                line_number=n * family.line_step,
                description=product.description_de
                if family.language == "de"
                else product.description,
                quantity=shipment.quantity,
                unit=family.units[shipment.catalog_unit],
                po_number=shipment.order.po_number if shipment.order else None,
                po_line=line.position if line else None,
                item_code=line.item_code if line else product.code,
                batch_or_lot=goods.batch(rng, family.language, year) if has_batch else None,
                unit_price=price,
            )
        )
    return tuple(lines)


def weights(rng: random.Random, lines: Sequence[NoteLine], unit: str) -> Weights:
    """The truck weighed full and empty: net is the load the lines (in t) add up to."""
    net_t = sum((line.quantity for line in lines), Decimal(0))
    tare_t = Decimal(rng.randint(490, 760)) * Decimal("0.02")  # 9.8 - 15.2 t, 20 kg steps
    factor = Decimal(1000) if unit == "kg" else Decimal(1)
    return Weights((net_t + tare_t) * factor, tare_t * factor, unit)


def make_note(
    rng: random.Random,
    family: Family,
    orders: Sequence[Order],
    shipments: Sequence[Shipment],
    *,
    po_refs: Sequence[str] | None = None,
    valued: bool | None = None,
    days_after_order: int | None = None,
) -> DeliveryNote:
    """A note from the supplier of `orders[0]` to its site, quoting every order (or `po_refs`)."""
    first = orders[0]
    dn_date = first.order_date + dt.timedelta(
        days=days_after_order if days_after_order is not None else rng.randint(2, 25)
    )
    if valued is None:
        valued = rng.random() < family.valued_chance
    lines = _lines(rng, family, shipments, valued, dn_date.year)
    received_by, signed = _receipt(rng, family.language)
    carrier = rng.choice(goods.CARRIERS[family.region]) if rng.random() < 0.8 else None
    is_weighbridge = family.products is goods.AGGREGATES
    return DeliveryNote(
        dn_number=family.dn_number(rng, dn_date.year),
        dn_date=dn_date,
        delivery_date=None
        if family.single_date
        else dn_date + dt.timedelta(days=rng.choice((0, 0, 1))),
        supplier=first.supplier,
        po_refs=tuple(po_refs if po_refs is not None else (o.po_number for o in orders)),
        project_code=first.project_code,
        delivered_to=first.ship_to,
        received_by=received_by,
        signed=signed,
        vehicle=goods.registration(rng, family.region)
        if is_weighbridge or rng.random() < 0.85
        else None,
        carrier=carrier,
        lines=lines,
        currency=first.currency if valued else None,
        weights=weights(rng, lines, rng.choice(("kg", "t"))) if is_weighbridge else None,
        prints_po_lines=family.prints_po_lines,
        prints_item_codes=family.prints_item_codes,
    )
