"""Checks on an extracted order: arithmetic (warnings, never a rejection) and which values
carry no box on the page."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult

LINE_TOTAL_MISMATCH = "line_total_mismatch"
SUBTOTAL_MISMATCH = "subtotal_mismatch"
TOTAL_MISMATCH = "total_mismatch"

# Rounding on a printed document: half a cent per line, a cent overall.
_CENT = Decimal("0.01")
_COMPUTED_PLACES = -3  # a price printed to three decimal places or more


def _close(a: Decimal, b: Decimal, tolerance: Decimal = _CENT) -> bool:
    return abs(a - b) <= tolerance


def line_adds_up(quantity: Decimal, price: Decimal, amount: Decimal) -> bool:
    """quantity × price = amount to the cent, or the price printed is a price rounded to the
    places it prints (6 at 21,666.67 for 130,000.00: 130,000 / 6 rounded) that gives the
    amount rounded to the cent (29,568 at 0.10175, printed 0.1018, is 3,008.54), where that
    rounding is a thousandth of the price at most: a price of 5 or 0.05 rounds too coarsely
    to vouch for the quantity. A price printed to three places or more was worked out from
    its amount, not set: "0,425" for 85,06 at 200 rounds all the same. Else a spreadsheet's
    price shown to the cent (`_price_kept_finer`)."""
    if _close(quantity * price, amount):
        return True
    places = price.as_tuple().exponent
    if quantity <= 0 or not isinstance(places, int) or places > 0:
        return False
    half = Decimal(10) ** places / 2
    fine = half * 1000 <= price or places <= _COMPUTED_PLACES
    if fine and abs(amount - quantity * price) <= quantity * half + _CENT / 2:
        return True
    return _price_kept_finer(quantity, price, amount, places)


_KEPT_PLACES = Decimal("0.001")  # a price set to a tenth of a cent at most
_MAX_COUNTS = 1000


def _price_kept_finer(quantity: Decimal, price: Decimal, amount: Decimal, places: int) -> bool:
    """A spreadsheet keeps a price to a tenth of a cent and shows it to the cent (313.20
    for 200 at a printed 1.57: 1.566). Taken when the quantity is a whole count and the
    only one that divides the amount to a price of at most three places which the printed
    one rounds: a price too coarse to tell the count (0.05 for 47.00: 1,000 at 0.047 or
    940 at 0.05) is not, nor one that would be finer still (0.43 for 85.06 at 200)."""
    if quantity != quantity.to_integral_value() or price <= 0 or amount <= 0:
        return False
    step = Decimal(10) ** places
    half = step / 2

    def rounds_to_price(count: int) -> bool:
        kept = amount / count
        return kept == kept.quantize(_KEPT_PLACES) and (
            kept.quantize(step, rounding=ROUND_HALF_UP) == price
        )

    low = int(amount / (price + half)) or 1
    high = int(amount / (price - half)) + 1 if price > half else low + _MAX_COUNTS + 1
    if high - low > _MAX_COUNTS:
        return False
    counts = [n for n in range(low, high + 1) if rounds_to_price(n)]
    return counts == [int(quantity)]


def arithmetic_warnings(order: ExtractedPurchaseOrder) -> list[str]:
    """`line_total_mismatch` (quantity × unit price ≠ line total on some line),
    `subtotal_mismatch` (lines ≠ subtotal), `total_mismatch` (subtotal − allowances + charges + tax ≠ total)."""
    found: list[str] = []
    for item in order.items:
        if None not in (item.quantity, item.unit_price, item.line_total) and not line_adds_up(
            item.quantity, item.unit_price, item.line_total
        ):
            found.append(LINE_TOTAL_MISMATCH)
            break
    line_totals = [i.line_total for i in order.items]
    if order.subtotal is not None and None not in line_totals:
        tolerance = _CENT * max(1, len(line_totals)) / 2
        if not _close(sum(line_totals, Decimal(0)), order.subtotal, max(tolerance, _CENT)):
            found.append(SUBTOTAL_MISMATCH)
    if order.total is not None:
        base = order.subtotal
        if base is None and None not in line_totals:
            base = sum(line_totals, Decimal(0))
        if base is None:
            return found
        expected = base - (order.allowances or 0) + (order.charges or 0) + (order.tax or 0)
        if not (_close(expected, order.total) or _rounded_to_unit(expected, order.total)):
            found.append(TOTAL_MISMATCH)
    return found


def _rounded_to_unit(expected: Decimal, total: Decimal) -> bool:
    """A payable total rounded to the whole unit, as Indian forms print it ("Round Off")
    even where their round-off line says 0.00: 1,62,372.00 + 29,226.96 = 1,91,599.00."""
    return (
        total == total.to_integral_value()
        and expected.quantize(Decimal(1), rounding=ROUND_HALF_UP) == total
    )


def value_paths(order: ExtractedPurchaseOrder) -> list[str]:
    """The provenance key of every non-null value: "po_number", …, "items.<i>.<field>"."""
    data = order.model_dump()
    paths = [k for k, v in data.items() if v is not None and k not in ("items", "notes")]
    for index, item in enumerate(data["items"]):
        paths += [f"items.{index}.{k}" for k, v in item.items() if v is not None]
    return paths


def unboxed_values(result: ExtractionResult) -> list[str]:
    """The non-null values of `result` that carry no box on the page."""
    return [p for p in value_paths(result.order) if result.provenance.get(p) is None]
