"""The ground truth of a generated document, in the shape of ExtractedPurchaseOrder as JSON."""

from __future__ import annotations

from po_ingest_tests.corpus.formats import decimal_text
from po_ingest_tests.corpus.orders import Order


def ground_truth(order: Order, *, line_numbers: bool = True, item_codes: bool = True) -> dict:
    """Money and quantities as exact decimal strings ("1234.50"); dates as ISO strings.

    For a discounted line `unit_price` is the effective price after the discount (up to four
    decimals), so that quantity × unit_price == line_total holds exactly. It is printed
    nowhere: the layout reader leaves it out, which the scorers do not count as wrong.
    """
    items = [
        {
            "line_number": line.position if line_numbers else None,
            "item_code": line.item_code if item_codes else None,
            "description": line.description,
            "quantity": decimal_text(line.quantity),
            "unit": line.unit,
            "unit_price": decimal_text(line.unit_price, 2),
            "line_total": decimal_text(line.line_total, 2),
        }
        for line in order.lines
    ]
    # Only orders that print a discount or freight say so (the other truths stay as they were).
    adjustments = {
        name: decimal_text(value, 2)
        for name, value in (("allowances", order.allowances), ("charges", order.charges))
        if value
    }
    return {
        "po_number": order.po_number,
        "order_date": order.order_date.isoformat(),
        "supplier_name": order.supplier.name,
        "project_code": order.project_code,
        "currency": order.currency,
        "items": items,
        "subtotal": decimal_text(order.subtotal, 2),
        **adjustments,
        "tax": decimal_text(order.tax, 2),
        "total": decimal_text(order.total, 2),
        "notes": order.notes,
    }
