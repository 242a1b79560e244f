"""The outcome a scenario is built to have: what each order line has received once its notes
are matched in order, and which exceptions each note must raise.

The rules the scenarios are written to (the matcher's contract as the test data sees it):
- a PO number on a note that is no known order: `unknown_order`;
- a line that is on none of the note's orders: `unknown_item` (not counted anywhere);
- a line whose unit is not the order line's (after `goods.UNIT_SPELLINGS`, so `Stk` is `pcs`):
  `unit_mismatch`, and its quantity is not counted until a person confirms it (a t line
  delivered "in kg" stays open);
- a line that takes an order line past what was ordered: `over_delivery` (only the line
  that crosses the limit; one delivered against a line already over does not);
- a line delivered against an order line that had received all it ordered before it:
  `order_complete` (the goods were not due any more), with `over_delivery` if it crosses.
Status per order line: `open` (nothing yet), `partial`, `complete`, `over`.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from po_ingest_tests.corpus.delivery_notes.making import Shipment
from po_ingest_tests.corpus.formats import decimal_text
from po_ingest_tests.corpus.orders import Order

Key = tuple[str, int]


def _status(ordered: Decimal, delivered: Decimal) -> str:
    if delivered == 0:
        return "open"
    if delivered < ordered:
        return "partial"
    return "complete" if delivered == ordered else "over"


def outcome(
    orders: Sequence[Order], notes: Sequence[tuple[Sequence[str], Sequence[Shipment]]]
) -> tuple[list[dict], list[list[dict]]]:
    """(per order line: ordered/delivered/open/status, per note: its expected exceptions)."""
    known = {order.po_number: order for order in orders}
    delivered: dict[Key, Decimal] = {
        (o.po_number, line.position): Decimal(0) for o in orders for line in o.lines
    }
    exceptions_per_note = []
    for po_refs, shipments in notes:
        exceptions: list[dict] = [
            {"code": "unknown_order", "po_number": ref} for ref in po_refs if ref not in known
        ]
        for n, shipment in enumerate(shipments):
            order, line = shipment.order, shipment.line
            if order is None or line is None or order.po_number not in known:
                if order is None or line is None:
                    exceptions.append({"code": "unknown_item", "note_line": n})
                continue
            where = {"po_number": order.po_number, "po_line": line.position, "note_line": n}
            if shipment.unit and shipment.unit != shipment.product.unit:
                exceptions.append({"code": "unit_mismatch", **where})
                continue
            key = (order.po_number, line.position)
            before = delivered[key]
            delivered[key] += shipment.quantity
            if before >= line.quantity:
                exceptions.append({"code": "order_complete", **where})
            if before <= line.quantity < delivered[key]:
                exceptions.append({"code": "over_delivery", **where})
        exceptions_per_note.append(exceptions)
    lines = []
    for order in orders:
        for line in order.lines:
            got = delivered[(order.po_number, line.position)]
            lines.append(
                {
                    "po_number": order.po_number,
                    "line_number": line.position,
                    "item_code": line.item_code,
                    "unit": line.unit,
                    "ordered": decimal_text(line.quantity),
                    "delivered": decimal_text(got),
                    "open": decimal_text(max(line.quantity - got, Decimal(0))),
                    "status": _status(line.quantity, got),
                }
            )
    return lines, exceptions_per_note
