"""What a delivery-note layout family is: its words live in its module, its habits here."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING

from po_ingest_tests.corpus.catalog import Product
from po_ingest_tests.corpus.delivery_notes.goods import GOODS
from po_ingest_tests.corpus.orders import Order, OrderSpec
from po_ingest_tests.corpus.parties import SUPPLIERS

if TYPE_CHECKING:
    from po_ingest_tests.corpus.delivery_notes.note import DeliveryNote


@dataclass(frozen=True)
class Family:
    name: str
    # "dev": extraction may be tuned on it; "heldout": it is only ever scored.
    split: str
    language: str
    region: str
    currency: str
    po_styles: tuple[str, ...]
    tax_rate: str
    units: dict[str, str]  # catalog unit -> how this family prints it
    render: Callable[[DeliveryNote, int], bytes]
    dn_number: Callable[[random.Random, int], str]  # (rng, year) -> the note's number
    date_style: str
    number_style: str = "en"
    valued_chance: float = 0.0  # notes that print unit prices and line totals
    prints_po_lines: bool = True
    prints_item_codes: bool = True
    single_date: bool = False  # prints the note's date only, no separate delivery date
    batch_chance: float = 0.3
    line_step: int = 1
    line_count: tuple[int, int] = (2, 6)
    products: tuple[Product, ...] = GOODS
    # Who delivers this family's goods (by name, of the region's suppliers); any if empty.
    suppliers: tuple[str, ...] = ()

    def spec(self, index: int) -> OrderSpec:
        """The order a standalone note of this family delivers against."""
        style = self.po_styles[(index - 1) % len(self.po_styles)]
        return OrderSpec(
            self.currency,
            self.region,
            (Decimal(self.tax_rate),),
            style,
            line_count=self.line_count,
            language="de" if self.language == "de" else "en",
        )

    def supplied(self, order: Order) -> Order:
        """`order` placed with one of this family's suppliers."""
        if not self.suppliers or order.supplier.name in self.suppliers:
            return order
        chosen = [s for s in SUPPLIERS[self.region] if s.name in self.suppliers]
        return replace(order, supplier=chosen[len(order.po_number) % len(chosen)])
