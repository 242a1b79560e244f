"""The note's lines: the order reader's item table with a note's columns (a quantity
delivered and a description are needed, prices are optional), and what a note's line adds:
the order line it delivers against and its batch or lot."""

from __future__ import annotations

from po_ingest.lib.extraction.local.gate import decline
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem, column_of
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.lines import read_item
from po_ingest.lib.extraction.local.notes.fields import blank
from po_ingest.lib.extraction.local.table import Table

_PRICES = {"unit_price", "line_total"}


def read_line(raw: RawItem, number: int, decimal_comma: bool) -> dict[str, Found]:
    """The line's fields, or ExtractionDeclined: a description and a quantity from their
    columns, a price and a value together or neither, an order line that is a number."""
    for name in [n for n in raw.cells if blank(raw.text(n) or "")]:
        del raw.cells[name]  # "—" under "Lot / Serial": nothing printed
    found = read_item(raw, number, decimal_comma, required={"quantity"}, unit_words=2)
    priced = _PRICES & set(found)
    if priced and priced != _PRICES:
        raise decline(f"line {number} prints a price without its value: {sorted(priced)}")
    if (ref := raw.text("po_line_ref")) is not None:
        if not ref.isdigit() or not 1 <= int(ref) <= 100_000:
            raise decline(f"line {number} has an order line that is no number: {ref!r}")
        found["po_line_ref"] = Found(int(ref), raw.page, raw.cells["po_line_ref"])
    if batch := raw.text("batch_or_lot"):
        found["batch_or_lot"] = Found(batch, raw.page, raw.cells["batch_or_lot"])
    return found


def stray_line(rows: list[Row], table: Table, end: int) -> str | None:
    """A row among the lines, read as none of them, with a position in the position column:
    a line printed without a quantity, which must not go missing from the note."""
    taken = {id(w) for item in table.items for words in item.cells.values() for w in words}
    for row in rows[table.start_row : end]:
        for word in row.words:
            if id(word) in taken or not word.text.rstrip(".").isdigit():
                continue
            if column_of(word, table.columns) == "line_number":
                return row.text
    return None
