"""The local delivery-note reader: the order reader's layout parts (rows, labelled fields,
the item table, numbers, dates, boxes) with a delivery note's vocabulary, behind a strict
gate. It accepts a note only when its number is labelled, every line has a description and a
quantity from their columns, its dates read one way, and its weights and valued lines add
up; otherwise it declines, saying why. Every value carries the box it was read from."""

from __future__ import annotations

import time

from po_ingest.lib.delivery_note_model import DeliveryNoteExtraction
from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.local.fields import code, po_number, uses_decimal_comma
from po_ingest.lib.extraction.local.gate import decline
from po_ingest.lib.extraction.local.grid import GridTables, grid_headers
from po_ingest.lib.extraction.local.header import Found, find_labelled
from po_ingest.lib.extraction.local.language import document_language
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.notes import fields as note_fields
from po_ingest.lib.extraction.local.notes.gate import accepted_note
from po_ingest.lib.extraction.local.notes.kind import note_title_problem
from po_ingest.lib.extraction.local.notes.lines import read_line, stray_line
from po_ingest.lib.extraction.local.notes.signature import signature
from po_ingest.lib.extraction.local.notes.words import (
    NOTE_COLUMNS,
    NOTE_GRID_NEEDED,
    NOTE_LABELS,
    NOTE_VOTERS,
)
from po_ingest.lib.extraction.local.pages import text_pages
from po_ingest.lib.extraction.local.table import Table, find_items
from po_ingest.lib.extraction.local.title_number import number_under_title
from po_ingest.lib.extraction.local.totals import find_totals
from po_ingest.lib.extraction.local.values import date_order, find_currency

__all__ = ["LocalNoteExtractor"]

_FOOTER_FIELDS = ("received_by", "gross_weight", "tare_weight", "net_weight")


class LocalNoteExtractor:
    name = "local"

    def extract(self, document: Document) -> DeliveryNoteExtraction:
        started = time.monotonic()
        with text_pages(document) as (pdf, titles, rows):
            if problem := note_title_problem(titles, rows[:15]):
                raise decline(problem)
            table = find_items(rows, None, NOTE_COLUMNS)
            if table is None and (
                headers := grid_headers(GridTables(pdf), rows, NOTE_COLUMNS, NOTE_GRID_NEEDED)
            ):
                table = find_items(rows, headers, NOTE_COLUMNS)
            if table is None:
                raise decline("no table of delivered lines found")
            fields = self._fields(rows, titles, table)
            if found := signature(pdf, _outside(rows, table)):
                fields["signature_present"] = found
        if stray := stray_line(rows, table, _after_items(rows, table)):
            raise decline(f"a line is printed without a quantity: {stray!r}")
        decimal_comma = uses_decimal_comma(rows)
        lines = [read_line(raw, n, decimal_comma) for n, raw in enumerate(table.items, start=1)]
        valued = any("line_total" in line for line in lines)
        after = rows[_after_items(rows, table) :]
        totals = find_totals(after, decimal_comma) if valued else None
        if valued and "currency" not in fields and (currency := _currency(rows, table)):
            fields["currency"] = currency
        note, provenance = accepted_note(fields, lines, totals)
        return DeliveryNoteExtraction(
            note=note,
            extractor=self.name,
            model=None,
            accepted=True,
            confidence=1.0,
            input_tokens=0,
            output_tokens=0,
            duration_ms=int((time.monotonic() - started) * 1000),
            provenance=provenance,
        )

    def _fields(self, rows: list[Row], titles: list[str], table: Table) -> dict[str, Found]:
        header = [r for r in rows[: table.start_row] if r.page == 0]
        footer = rows[_after_items(rows, table) :]
        decimal_comma = uses_decimal_comma(rows)
        language = document_language(titles, header, NOTE_VOTERS)
        day_first = date_order([r.text for r in rows], language)
        weight = note_fields.weight_parser(decimal_comma)
        parsers = {
            "dn_number": po_number,
            "dn_date": note_fields.date_parser(language, day_first),
            "delivery_date": note_fields.date_parser(language, day_first),
            "supplier_name": note_fields.party,
            "po_refs": note_fields.order_refs,
            "project_code": code,
            "delivered_to": note_fields.address_line,
            "received_by": note_fields.party,
            "vehicle": note_fields.vehicle,
            "carrier": note_fields.party,
            "gross_weight": weight,
            "tare_weight": weight,
            "net_weight": weight,
            "currency": find_currency,
        }
        fields = find_labelled(header, parsers, NOTE_LABELS)
        footer_parsers = {name: parsers[name] for name in _FOOTER_FIELDS if name not in fields}
        fields |= find_labelled(footer, footer_parsers, NOTE_LABELS)
        if "dn_number" not in fields and (
            number := number_under_title(header, po_number, NOTE_LABELS.title)
        ):
            fields["dn_number"] = number
        for name, rows_of in (("po_refs", header), ("delivered_to", header)):
            if name in fields:
                fields[name] = _with_stacked(rows_of, fields[name], parsers[name], name)
        return fields


def _with_stacked(rows: list[Row], found: Found, parse, name: str) -> Found:
    """A value with the lines stacked under it: an address's lines, joined by ", "; more
    order numbers."""
    below = note_fields.stacked_below(rows, found, parse)
    words = found.words + [w for _, cell in below for w in cell.words]
    if name == "po_refs":
        refs = [*found.value, *(ref for value, _ in below for ref in value)]
        return Found(list(dict.fromkeys(refs)), found.page, words)
    return Found(", ".join([found.value, *(value for value, _ in below)]), found.page, words)


def _after_items(rows: list[Row], table: Table) -> int:
    """The index of the first row under the last line's words: the table reader keeps the
    text rows under its last line as its notes ("Received by", "GROSS 21.59 t")."""
    last = table.items[-1]
    bottom = max(w.y1 for words in last.cells.values() for w in words)
    return next(
        (
            i
            for i in range(table.start_row, len(rows))
            if (rows[i].page, rows[i].y) > (last.page, bottom)
        ),
        len(rows),
    )


def _outside(rows: list[Row], table: Table) -> list[Row]:
    return rows[: table.start_row] + rows[_after_items(rows, table) :]


def _currency(rows: list[Row], table: Table) -> Found | None:
    """The currency printed in the table or right under it ("Prices in GBP")."""
    near = rows[table.start_row : table.end_row + 4]
    for row in near:
        if currency := find_currency(row.text):
            words = [w for w in row.words if find_currency(w.text) == currency]
            return Found(currency, row.page, words or row.words)
    return None
