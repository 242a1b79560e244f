"""Identifiers and amounts drawn at random: PO numbers, project codes, quantities, prices."""

from __future__ import annotations

import random
from decimal import Decimal

# kind -> (step, smallest and largest multiple of the step)
_QUANTITY_STEPS = {
    "count": ("1", 1, 150),
    "length": ("0.5", 10, 900),
    "area": ("0.25", 40, 3200),
    "tonnes": ("0.05", 20, 700),
    "kg": ("0.5", 10, 2400),
    "hours": ("0.5", 4, 120),
    "volume": ("0.5", 4, 120),
    "days": ("1", 1, 20),
    "litres": ("50", 4, 60),
}
_SITE_WORDS = ("NORTH", "SOUTH", "EAST", "WEST", "HARBOUR", "CENTRAL", "DOCK")


def quantity(rng: random.Random, kind: str) -> Decimal:
    step, low, high = _QUANTITY_STEPS[kind]
    # Small orders are the common case; the square pulls the draw towards `low`.
    multiple = low + int((high - low) * rng.random() ** 2)
    return Decimal(step) * multiple


def unit_price(rng: random.Random, price_range: tuple[float, float]) -> Decimal:
    low, high = price_range
    cents = rng.randint(round(low * 100), round(high * 100))
    if rng.random() < 0.4:  # round prices are frequent on real price lists
        cents = max(5, cents - cents % (10 if high < 20 else 50))
    return Decimal(cents).scaleb(-2)


def po_number(rng: random.Random, style: str, year: int) -> str:
    styles = {
        "po_year": lambda: f"PO-{year}-{rng.randint(100, 99999):05d}",  # PO-2026-00123
        "sap": lambda: f"4500{rng.randint(10000, 999999):06d}",  # 4500012345
        "bst": lambda: f"BST-{rng.randint(10000, 99999)}",  # BST-88123
        "slash": lambda: f"PO/{year % 100:02d}/{rng.randint(1, 9999):04d}",  # PO/26/0451
        "ord": lambda: f"ORD-{rng.randint(100000, 999999)}",  # ORD-604512
        "plain": lambda: f"{rng.randint(20000, 89999)}",  # 48213
        "b_year": lambda: f"B-{year}-{rng.randint(1, 9999):04d}",  # B-2026-0412
    }
    return styles[style]()


def project_code(rng: random.Random, year: int) -> str:
    styles = (
        lambda: f"P-{year}-{rng.randint(1, 250):03d}",  # P-2026-017
        lambda: f"SITE-{rng.choice(_SITE_WORDS)}-{rng.randint(1, 12):02d}",  # SITE-NORTH-04
        lambda: f"PRJ-{rng.randint(1000, 9999)}",  # PRJ-1187
        lambda: f"JOB-{year % 100:02d}{rng.randint(100, 999)}",  # JOB-26117
    )
    return rng.choice(styles)()
