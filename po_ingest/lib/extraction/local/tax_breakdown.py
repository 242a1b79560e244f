"""An item's GST broken down on rows under it, as Indian forms print it: each component
named with its rate and amount under the table's own GST rate and amount titles."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.columns import Column
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem, column_of, is_number
from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_COMPONENT = re.compile(
    rf"^(?:{alternatives(vocabulary()['totals']['item_gst'])})\W*$", re.IGNORECASE
)
_TAX_COLUMNS = {"tax_rate", "tax_amount"}
_ITEM_AMOUNTS = {"quantity", "unit_price", "line_total", "taxable_value"}


def item_tax_row(row: Row, columns: list[Column]) -> bool:
    """A GST component ("CGST", "IGST") named in a cell, numbers right of it only under the
    GST rate and amount titles, none under the item's quantity, price or amounts: that
    item's tax broken down (SAP India's "CGST 0.00 0.00" … "IGST 12.00 369.80" under every
    item), not the order's totals, which end the table."""
    if not {c.name for c in columns} >= _TAX_COLUMNS:
        return False
    label = next((c for c in row.cells() if _COMPONENT.match(c.text)), None)
    if label is None:
        return False
    after = [w for w in row.words if w.x0 >= label.x1]
    before = [w for w in row.words if w.x1 <= label.x0]
    return (
        bool(after)
        and all(is_number(w.text) and column_of(w, columns) in _TAX_COLUMNS for w in after)
        and not any(is_number(w.text) and column_of(w, columns) in _ITEM_AMOUNTS for w in before)
    )


def item_tax_amounts(row: Row, columns: list[Column]) -> list[Word]:
    """The amounts of an item's tax row (`item_tax_row`): its words under the GST amount
    title ("41.47" of "IGST 5.00 41.47")."""
    return [w for w in row.words if is_number(w.text) and column_of(w, columns) == "tax_amount"]


def taxes_under_items(
    raws: list[RawItem], items: list[dict[str, Found]], decimal_comma: bool
) -> list[Found]:
    """The order's taxes as its items print them on the rows under each, where every item
    does and is read at its net, taxable value (`gross_lines.net_of_tax_below`): a totals
    block printing none, its total is the lines' values plus these. Else none."""
    if not raws or not all(
        raw.tax_below
        and item.get("line_total")
        and item["line_total"].words == raw.cells.get("taxable_value")
        for raw, item in zip(raws, items, strict=True)
    ):
        return []
    return [
        Found(parse_amount(w.text, decimal_comma), raw.page_of([w]), [w])
        for raw in raws
        for w in raw.tax_below
    ]
