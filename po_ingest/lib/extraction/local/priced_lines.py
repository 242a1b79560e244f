"""Lines printed with a quantity and a price but no total: the order's own total is then
the only check on them, so it must be printed and must equal the lines' sum."""

from __future__ import annotations

from decimal import Decimal

from po_ingest.lib.models import ExtractedPurchaseOrder

_CENT = Decimal("0.01")


def unpriced_lines_problem(order: ExtractedPurchaseOrder) -> str | None:
    """Why quantity × price on lines without a printed total does not give the order's
    subtotal (or its total, less tax and charges, plus allowances); None when it does."""
    missing = [item.line_total is None for item in order.items]
    if not any(missing) or all(item.unit_price is None for item in order.items):
        return None  # totals printed, or no prices at all (unpriced.py says when that is taken)
    if not all(missing):
        return "some lines print a total and others do not"
    lines = sum((i.quantity * i.unit_price for i in order.items), Decimal(0))
    tolerance = max(_CENT, _CENT * len(order.items) / 2)
    if order.subtotal is not None:
        expected, printed = order.subtotal, lines
    elif order.total is not None:
        printed = order.total - (order.tax or 0) - (order.charges or 0) + (order.allowances or 0)
        expected = lines
    else:
        return "lines without totals and no total to check them"
    if abs(expected - printed) > tolerance:
        return "quantity × price of the lines does not give the order's total"
    return None
