"""What arrives on a truck: the catalog's physical goods, how each note spells their units,
and who drives, hauls and signs."""

from __future__ import annotations

import random
from decimal import Decimal

from po_ingest_tests.corpus.catalog import PRODUCTS, UNITS, Product
from po_ingest_tests.corpus.orders import OrderLine

# Services and rentals are ordered but never delivered on a note.
_NOT_DELIVERED = {"STO-PAL-W", "HDL-PAL", "FNC-35", "SKP-10"}
GOODS: tuple[Product, ...] = tuple(
    p for p in PRODUCTS if p.unit not in ("h", "day") and p.code not in _NOT_DELIVERED
)
AGGREGATES: tuple[Product, ...] = tuple(
    p for p in GOODS if p.code in ("GRV-032", "SND-02", "CRS-1632", "TPS-010")
)
_BY_CODE = {p.code: p for p in PRODUCTS}
# The catalog's kinds of quantity that come in whole numbers.
_WHOLE = {"count", "days"}

# Every spelling a note (or an order) uses for a catalog unit: one unit, many words. The
# matcher must treat these as the same unit; anything else is a unit mismatch.
UNIT_SPELLINGS: dict[str, tuple[str, ...]] = {
    "pcs": ("pcs", "ea", "Stk", "pce", "ud"),
    "bag": ("bag", "bags", "Sack", "sac", "saco"),
    "pallet": ("pallet", "plt", "Pal.", "pal", "palé"),
    "m": ("m", "lin m", "ml"),
    "m²": ("m²", "sq m"),
    "t": ("t", "tonnes", "Tn"),
    "kg": ("kg",),
    "m³": ("m³", "m3"),
    "l": ("l", "ltr", "L"),
}


def product_of(line: OrderLine) -> Product:
    return _BY_CODE[line.item_code]


def canonical_unit(line: OrderLine) -> str:
    """The catalog unit of an order line, whether the order printed it in English or German."""
    return product_of(line).unit


def is_whole(unit: str) -> bool:
    return UNITS[unit][1] in _WHOLE


def half(quantity: Decimal, unit: str) -> Decimal:
    """About half of `quantity`, in whole units where the unit is counted."""
    return quantity // 2 if is_whole(unit) else quantity / 2


RECEIVERS = {
    "en": ("D. Hughes", "Craig Milner", "Priya Shah", "Kevin O'Brien", "S. Walsh"),
    "de": ("M. Krüger", "Stefan Wolf", "Ayla Demir", "Frank Lorenz", "K. Brandt"),
    "fr": ("P. Lambert", "Karim Benali", "Sophie Marchand", "L. Robin"),
    "es": ("J. Navarro", "Carmen Ortega", "Raúl Molina", "P. Castillo"),
}
CARRIERS = {
    "UK": ("Pennine Haulage Ltd", "own transport", "J. Ward Transport", "Severn Tippers Ltd"),
    "DE": ("Spedition Nordlicht GmbH", "Eigener Fuhrpark", "Logistik Brandl KG"),
    "FR": ("Transports Giraud", "Messagerie Ouest SAS", "nos soins"),
    "ES": ("Transportes Ebro S.L.", "medios propios", "Trans-Levante S.A."),
}
_LETTERS = "ABCDEFGHJKLMNPRSTVWXY"


def _letters(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(_LETTERS) for _ in range(count))


def registration(rng: random.Random, region: str) -> str:
    """A plausible number plate for the region: `LK19 XHD`, `HH-KB 4172`, `AB-123-CD`."""
    if region == "UK":
        return f"{_letters(rng, 2)}{rng.randint(10, 74)} {_letters(rng, 3)}"
    if region == "DE":
        city = rng.choice(("HH", "DU", "M", "KE", "MA"))
        return f"{city}-{_letters(rng, 2)} {rng.randint(100, 9999)}"
    if region == "FR":
        return f"{_letters(rng, 2)}-{rng.randint(100, 999)}-{_letters(rng, 2)}"
    return f"{rng.randint(1000, 9999)} {_letters(rng, 3)}"


def batch(rng: random.Random, language: str, year: int) -> str:
    """A batch or lot number as suppliers print them."""
    number = rng.randint(100, 9999)
    return {
        "en": f"B{year % 100:02d}-{number:04d}",
        "de": f"CH{year % 100:02d}{rng.randint(1, 52):02d}-{number}",
        "fr": f"L{year % 100:02d}{number:04d}",
        "es": f"LT-{number:04d}/{year % 100:02d}",
    }[language]
