"""A running sum at a page's foot ("Zwischensumme 902,55" under the page's items, the
header printed again on the next page, the items going on under it): the items so far
added up, not the order's totals, which close the table on its last page."""

from __future__ import annotations

from decimal import Decimal

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.header_rows import same_amount_columns
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.totals_kinds import kind_of
from po_ingest.lib.extraction.local.values import parse_amount


def running_sum(
    items: list[RawItem], columns: list[Column], closing: Row, header: Row, reprinted: list[Column]
) -> bool:
    """`closing`, the totals line that ended the table, is a subtotal of the line amounts
    read so far, and `header` on the next page reprints the table's `columns`. A "Total"
    there is the order's, a copy of the order following it."""
    same = [c.name for c in columns] == [c.name for c in reprinted] or same_amount_columns(
        columns, reprinted
    )
    subtotal = kind_of([closing.cells()[0].text]) == "subtotal"
    if header.page != closing.page + 1 or not items or not same or not subtotal:
        return False
    for decimal_comma in (False, True):
        amount = parse_amount(closing.words[-1].text, decimal_comma)
        lines = [_line_total(item, decimal_comma) for item in items]
        if amount is not None and None not in lines and sum(lines) == amount:
            return True
    return False


def _line_total(item: RawItem, decimal_comma: bool) -> Decimal | None:
    text = item.text("line_total")
    return parse_amount(text, decimal_comma) if text else None
