"""The local extractor: a general layout reader for a digital PDF's text layer, no model.

It accepts a document only when everything it read validates and adds up (lines, subtotal,
the totals block to the total); otherwise it declines, saying why, and the document goes to
Gemini. Every value it returns carries the box of the words it was read from.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import replace

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.local import probe
from po_ingest.lib.extraction.local.addressee import (
    disagrees_with_addressee,
    name_under_salutation,
)
from po_ingest.lib.extraction.local.amounts_first import find_amounts_first_items
from po_ingest.lib.extraction.local.bank_details import outside_company_money
from po_ingest.lib.extraction.local.code_descriptions import codes_as_descriptions
from po_ingest.lib.extraction.local.code_reference import codes_over_references
from po_ingest.lib.extraction.local.code_words import text_in_code
from po_ingest.lib.extraction.local.codes_under_text import split_codes_under_text
from po_ingest.lib.extraction.local.columns import (
    ORDER_COLUMNS,
    PRODUCT_CODE_ORDER_COLUMNS,
    UNIT_COUNTED_ORDER_COLUMNS,
    UNPRICED_ORDER_COLUMNS,
)
from po_ingest.lib.extraction.local.date_labels import names_another_date
from po_ingest.lib.extraction.local.dollar import (
    currency_warnings,
    dollarised,
    own_dollar_money,
)
from po_ingest.lib.extraction.local.empty_title_words import (
    word_at_another_columns_edge,
    word_under_empty_title,
)
from po_ingest.lib.extraction.local.fields import code, po_number, uses_decimal_comma
from po_ingest.lib.extraction.local.gate import accepted_order, decline
from po_ingest.lib.extraction.local.grid import GridTables, grid_headers
from po_ingest.lib.extraction.local.header import Found, disagreeing, find_labelled, same_number
from po_ingest.lib.extraction.local.item_labels import label_in_item
from po_ingest.lib.extraction.local.labelled_item import labelled_item_table
from po_ingest.lib.extraction.local.language import (
    beside_english,
    document_language,
    title_problem,
)
from po_ingest.lib.extraction.local.later_pages import unprefixed_number
from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.leading_codes import (
    codes_of_empty_column,
    split_bracketed_codes,
    split_leading_codes,
)
from po_ingest.lib.extraction.local.lines import read_item
from po_ingest.lib.extraction.local.number_date import date_after_number
from po_ingest.lib.extraction.local.pages import text_pages
from po_ingest.lib.extraction.local.party_name import (
    alone_with_its_label,
    another_name_under_the_label,
    beside_a_number_label,
    ends_a_phrase,
    in_a_column_of_numbers,
    label_in_a_column_of_labels,
    more_of_the_label,
    name,
    runs_on,
    runs_past_legal_form,
    title_beside_the_label,
    under_a_longer_label,
)
from po_ingest.lib.extraction.local.payment_terms import currency_evidence, term_free_text
from po_ingest.lib.extraction.local.place_date import place_date
from po_ingest.lib.extraction.local.position_blocks import find_position_block_items
from po_ingest.lib.extraction.local.position_codes import (
    position_as_code,
    positions_opening_descriptions,
)
from po_ingest.lib.extraction.local.product_rows import product_header
from po_ingest.lib.extraction.local.prose import currency_text, outside_prose
from po_ingest.lib.extraction.local.rate_table import rate_table_beside, rate_table_problem
from po_ingest.lib.extraction.local.reference_lines import reference_in_description
from po_ingest.lib.extraction.local.rules import HorizontalRules, text_across_rule
from po_ingest.lib.extraction.local.stacked_unit import units_under_quantities
from po_ingest.lib.extraction.local.stray_codes import (
    code_beside_untitled_part_number,
    part_number_in_text,
)
from po_ingest.lib.extraction.local.supplier_references import references_under_text
from po_ingest.lib.extraction.local.table import Table, find_items
from po_ingest.lib.extraction.local.tax_breakdown import taxes_under_items
from po_ingest.lib.extraction.local.title_date import date_by_title
from po_ingest.lib.extraction.local.title_number import (
    date_under_number,
    number_heading,
    number_under_title,
)
from po_ingest.lib.extraction.local.title_number_date import number_and_date_under_title
from po_ingest.lib.extraction.local.totals import find_totals, total_above
from po_ingest.lib.extraction.local.two_line import find_two_line_items
from po_ingest.lib.extraction.local.unit_before_text import unit_opening_text
from po_ingest.lib.extraction.local.unknown_labels import (
    date_of_unknown_label,
    number_of_unknown_label,
    numbered_code_besides,
)
from po_ingest.lib.extraction.local.unpriced import prints_no_prices, unpriced_problem
from po_ingest.lib.extraction.local.untitled_columns import (
    text_run_in_from_left,
    untitled_column_in_description,
    untitled_word_beside_text,
    untitled_word_in_code,
    words_set_aside_inside_text,
)
from po_ingest.lib.extraction.local.values import (
    country_day_first,
    date_order,
    find_currency,
    other_currency,
    parse_date,
)
from po_ingest.lib.extraction.local.variant_rows import bullets_off_text, prices_on_variant_rows
from po_ingest.lib.extraction.local.vocabulary import vocabulary
from po_ingest.lib.extraction.local.weak_pair import positions_beside_codes
from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.settings import default_currency

__all__ = ["ExtractionDeclined", "LocalExtractor"]

_DAY_FIRST = set(vocabulary()["date_order"]["day_first"])


class _HeaderFieldMissing(ExtractionDeclined):
    """A labelled field is missing above the item table. The table finder's header starts
    no lower than the words' one, leaving no more rows to find the label in: not worth its
    time."""


class _NoTable(ExtractionDeclined):
    """No column titles the vocabulary knows make an item table's header."""


class LocalExtractor:
    name = "local"

    def extract(self, document: Document) -> ExtractionResult:
        started = time.monotonic()
        with text_pages(document) as (pdf, titles, rows):
            problem = title_problem(titles, rows[:15])
            if problem:
                raise decline(problem)
            rules = HorizontalRules(pdf)
            table = None
            try:
                table = (
                    find_items(rows, rules=rules)
                    or find_two_line_items(rows)
                    or find_amounts_first_items(rows)
                    or find_items(rows, None, UNIT_COUNTED_ORDER_COLUMNS, rules)
                    or find_items(rows, None, UNPRICED_ORDER_COLUMNS, rules)
                    or find_position_block_items(rows)
                    or labelled_item_table(rows, uses_decimal_comma(rows))
                )
                order, provenance = self._read(rows, titles, table, rules)
            except _HeaderFieldMissing:
                raise
            except ExtractionDeclined as declined:
                try:
                    order, provenance = (
                        self._read_two_line(rows, titles, table, rules)
                        or self._read_grid(pdf, rows, titles, rules)
                        or self._read_products(rows, titles, rules, declined)
                    )
                except ExtractionDeclined as otherwise:
                    order, provenance = self._read_product_codes(rows, titles, rules, otherwise)
        return ExtractionResult(
            order=order,
            extractor=self.name,
            model=None,
            accepted=True,
            confidence=1.0,
            warnings=currency_warnings(rows, order.currency, provenance.get("currency")),
            input_tokens=0,
            output_tokens=0,
            duration_ms=int((time.monotonic() - started) * 1000),
            provenance=provenance,
        )

    def _read_two_line(
        self, rows: list[Row], titles: list[str], table: Table | None, rules: HorizontalRules
    ):
        """The order of a two-line table (`two_line.py`) whose two lines of titles the
        table finder read as one header, that giving no order: SAP's text line over its
        amounts line, read as such; None when there is no such table, or it gives none."""
        if table is None or (found := find_two_line_items(rows)) is None:
            return None
        try:
            return self._read(rows, titles, found, rules)
        except ExtractionDeclined:
            return None

    def _read_grid(self, pdf, rows: list[Row], titles: list[str], rules: HorizontalRules):
        """The order under a ruled grid's (or an aligned table's) header: its titles read
        as usual, else with "Unit" counting; None when neither gives an order."""
        grid = GridTables(pdf)
        for kind in (ORDER_COLUMNS, UNIT_COUNTED_ORDER_COLUMNS):
            if headers := grid_headers(grid, rows, kind):
                try:
                    table = find_items(rows, headers, kind, rules)
                    return self._read(rows, titles, table, rules)
                except ExtractionDeclined:
                    return None
        return None

    def _read_products(
        self, rows: list[Row], titles: list[str], rules: HorizontalRules, declined
    ) -> tuple:
        """The order under the titles over a table of multiplying rows (`product_rows.py`),
        else ExtractionDeclined: why that table gave no order when it was the only one
        found, else `declined`, why the table the titles name gave none."""
        headers = product_header(rows, uses_decimal_comma(rows))
        if headers is None:
            raise declined from None
        try:
            return self._read(rows, titles, find_items(rows, headers, rules=rules), rules)
        except ExtractionDeclined as otherwise:
            raise (otherwise if isinstance(declined, _NoTable) else declined) from None

    def _read_product_codes(
        self, rows: list[Row], titles: list[str], rules: HorizontalRules, declined
    ) -> tuple:
        """The order under "Product" then "Description" titles with no code column, the
        first holding each line's code, when nothing else read one; else `declined`, or
        why this table gave no order when no other was found. A line without its code
        there says the column is not one of codes."""
        table = find_items(rows, None, PRODUCT_CODE_ORDER_COLUMNS, rules)
        if table is None:
            raise declined
        if not all("item_code" in item.cells for item in table.items):
            raise (
                _NoTable(*decline("a line prints no code under 'Product'").args)
                if isinstance(declined, _NoTable)
                else declined
            )
        try:
            return self._read(rows, titles, table, rules)
        except ExtractionDeclined as otherwise:
            raise (otherwise if isinstance(declined, _NoTable) else declined) from None

    def _read(
        self, rows: list[Row], titles: list[str], table: Table | None, rules: HorizontalRules
    ):
        if table is None:
            raise _NoTable(*decline("no line-item table found").args)
        with probe.reading():
            return self._read_table(rows, titles, table, rules)

    def _read_table(self, rows: list[Row], titles: list[str], table: Table, rules: HorizontalRules):
        header_rows = [r for r in rows[: table.start_row] if r.page == 0]
        language = document_language(titles, header_rows)
        decimal_comma = uses_decimal_comma(rows)
        if (
            decimal_comma is None
            and language == "en"
            and country_day_first([r.text for r in rows]) is False
        ):
            decimal_comma = False  # no cents to tell: a US order's "532.000" is 532
        outside_items = rows[: table.start_row] + rows[table.end_row :]
        day_first = date_order([r.text for r in rows], language, [r.text for r in outside_items])
        if day_first is None and beside_english(titles, header_rows) in _DAY_FIRST:
            day_first = True  # "Data / Date": an Italian order printed in English too

        def read_date(text: str):
            return parse_date(text, language, day_first)

        def read_order_date(text: str):
            return None if names_another_date(text) else read_date(text)

        fields = find_labelled(
            header_rows,
            {
                "po_number": po_number,
                "document_number": po_number,
                "order_reference": po_number,
                "order_date": read_order_date,
                "supplier_name": name,
                "project_code": code,
                "currency": find_currency,
            },
        )
        if "document_number" in fields:
            # A bare "Number" is as likely a supplier's or a page count's: the title's own
            # number must not say otherwise.
            document_number = fields.pop("document_number")
            if "po_number" in fields and not same_number(
                str(fields["po_number"].value), str(document_number.value)
            ):
                probe.refuse(
                    decline(
                        f"two purchase-order numbers: {fields['po_number'].value} and"
                        f" the document's {document_number.value}"
                    )
                )
            fields.setdefault("po_number", document_number)
        if "po_number" in fields and (
            other := disagreeing(header_rows, "po_number", po_number, fields["po_number"])
            or _titled_number_disagreeing(header_rows, fields["po_number"], read_date)
        ):
            probe.refuse(
                decline(
                    f"two purchase-order numbers: {fields['po_number'].value} and {other.value}"
                )
            )
        if "order_date" in fields and (
            other := disagreeing(header_rows, "order_date", read_order_date, fields["order_date"])
        ):
            probe.refuse(
                decline(f"two order dates: {fields['order_date'].value} and {other.value}")
            )
        addressed = True  # the addressee may stand for a labelled name left out
        if "supplier_name" in fields and (
            runs_on(fields["supplier_name"], header_rows)
            or ends_a_phrase(fields["supplier_name"], header_rows)
            or more_of_the_label(fields["supplier_name"], header_rows)
            or another_name_under_the_label(fields["supplier_name"], header_rows)
            or under_a_longer_label(fields["supplier_name"], header_rows)
            or runs_past_legal_form(fields["supplier_name"])
            or beside_a_number_label(fields["supplier_name"], header_rows)
            or title_beside_the_label(fields["supplier_name"], header_rows)
            or label_in_a_column_of_labels(fields["supplier_name"], header_rows)
            or in_a_column_of_numbers(fields["supplier_name"], header_rows)
            or alone_with_its_label(fields["supplier_name"], header_rows)
        ):
            del fields["supplier_name"]  # optional: left out rather than read cut short
        elif "supplier_name" in fields and disagrees_with_addressee(
            fields["supplier_name"], header_rows
        ):
            del fields["supplier_name"]  # two names for the supplier: which is not known
            addressed = False
        if "project_code" in fields and disagreeing(
            header_rows, "project_code", code, fields["project_code"]
        ):
            del fields["project_code"]  # two project labels, two codes: which is not known
        reference = fields.pop("order_reference", None)
        labelled = set(fields)
        if (
            "supplier_name" not in fields
            and addressed
            and (addressee := name_under_salutation(header_rows))
        ):
            fields["supplier_name"] = addressee
        if "po_number" not in fields and (number := number_under_title(header_rows, po_number)):
            fields["po_number"] = number
            if "order_date" not in fields and (
                date := date_under_number(header_rows, number, read_date)
            ):
                fields["order_date"] = date
        if "po_number" not in fields and (
            pair := number_and_date_under_title(header_rows, po_number, read_date)
        ):
            fields["po_number"] = pair[0]
            fields.setdefault("order_date", pair[1])
        if "po_number" not in fields and (number := number_heading(header_rows, po_number)):
            fields["po_number"] = number
        if (
            "po_number" not in fields
            and reference
            and not numbered_code_besides(header_rows, po_number, reference)
        ):
            fields["po_number"] = reference
        if "po_number" not in fields and (
            number := number_of_unknown_label(header_rows, po_number)
        ):
            fields["po_number"] = number
        number = fields.get("po_number")
        if "order_date" not in fields and number:
            date = date_after_number(header_rows, number, read_date)
            if date is None and "po_number" in labelled:
                date = date_under_number(header_rows, number, read_date, labelled=True)
            if date:
                fields["order_date"] = date
        if "order_date" not in fields and (date := place_date(header_rows, read_date)):
            fields["order_date"] = date
        if "order_date" not in fields and (date := date_by_title(header_rows, read_date)):
            fields["order_date"] = date
        if "po_number" not in fields:
            probe.refuse(_HeaderFieldMissing(*decline("no labelled purchase-order number").args))
        if (
            "po_number" in fields
            and "order_date" not in fields
            and (date := date_of_unknown_label(header_rows, read_date, fields["po_number"]))
        ):
            fields["order_date"] = date
        if "po_number" in fields and (bare := unprefixed_number(rows, fields["po_number"])):
            # Whether labelled or read under the title: later pages print it bare.
            fields["po_number"] = bare
        if "order_date" not in fields:
            probe.refuse(_HeaderFieldMissing(*decline("no unambiguous order date").args))
        after_items, rate_lines = rate_table_beside(rows[table.end_row :], decimal_comma)
        totals = find_totals(after_items, decimal_comma)
        probe.note(fields=fields, totals=totals)
        if totals.unknown:
            probe.refuse(decline(f"totals block has lines it cannot place: {totals.unknown}"))
        if rate_lines and (problem := rate_table_problem(rate_lines, totals)):
            probe.refuse(decline(problem))
        unpriced = prints_no_prices(table)
        if totals.total is None and not unpriced:
            totals.total = total_above(rows[: table.start_row], decimal_comma)
        if totals.total is None and not unpriced:
            probe.refuse(decline("no total found"))
        if unpriced and (problem := unpriced_problem(table, totals, labelled, rows)):
            probe.refuse(decline(problem))
        money_rows = outside_prose(outside_company_money(rows))
        if "currency" not in fields:
            # Printed with the totals, else in the table, else anywhere: a code standing
            # alone in the header ("USD" under a title the vocabulary lacks) is the order's
            # when nothing else prints another, which the check below makes sure of.
            after = rows[table.end_row :] + rows[table.start_row : table.end_row]
            for where in (after, money_rows):
                if found := _currency_in(where):
                    fields["currency"] = found
                    break
        money_text = " ".join(currency_text(r) for r in money_rows)
        if (
            _bare_dollar(fields.get("currency"))
            and (money := own_dollar_money(rows[: table.start_row] + rows[table.end_row :]))
            and other_currency(money_text, money) is None
        ):
            fields["currency"] = replace(fields["currency"], value=money)
        if "currency" in fields and (
            other := other_currency(
                currency_evidence(money_rows, fields["currency"]),
                fields["currency"].value,
            )
        ):
            probe.refuse(decline(f"prints two currencies, {fields['currency'].value} and {other}"))
        bare_dollar = _bare_dollar(fields.get("currency"))
        if bare_dollar and language not in (None, "en") and not dollarised(rows):
            probe.refuse(
                decline(
                    "a '$' without a currency code outside English: a peso as often as a dollar"
                )
            )
        totals_printed = any(c.name == "line_total" for c in table.columns)
        required = {"quantity"} if unpriced else None
        table.items = prices_on_variant_rows(table.items)
        bullets_off_text(table.items)
        positions_opening_descriptions(table.items)
        codes_over_references(table.items, rows[table.start_row : table.end_row + 1])
        split_leading_codes(table.items)
        split_bracketed_codes(table.items)
        codes_of_empty_column(table.items, table.columns)
        positions_beside_codes(table.items, table.columns)
        references_under_text(table.items)
        units_under_quantities(table.items, table.columns, rows, table.start_row)
        codes_describe = split_codes_under_text(table.items) or codes_as_descriptions(table.items)
        items = [
            probe.attempt(
                read_item,
                *(raw, n, decimal_comma, totals_printed, required),
                codes_describe=codes_describe,
            )
            for n, raw in enumerate(table.items, start=1)
        ]
        probe.note(items=items)
        if totals.tax is None:
            totals.taxes = taxes_under_items(table.items, items, decimal_comma)
        if problem := position_as_code(items):
            probe.refuse(decline(problem))
        if problem := untitled_column_in_description(items, table.columns):
            probe.refuse(decline(problem))
        if problem := untitled_word_beside_text(items):
            probe.refuse(decline(problem))
        if problem := text_run_in_from_left(items, table.columns):
            probe.refuse(decline(problem))
        if problem := unit_opening_text(items):
            probe.refuse(decline(problem))
        for line, problem in words_set_aside_inside_text(items, table.items):
            probe.refuse(decline(problem))
            items[line - 1] = {}  # probing reads on: the line's text as read is not its own
        if problem := label_in_item(items):
            probe.refuse(decline(problem))
        if problem := reference_in_description(items):
            probe.refuse(decline(problem))
        if problem := text_in_code(items):
            probe.refuse(decline(problem))
        if problem := part_number_in_text(items, table.items, table.columns):
            probe.refuse(decline(problem))
        if problem := code_beside_untitled_part_number(items, table.items, table.columns):
            probe.refuse(decline(problem))
        if problem := untitled_word_in_code(items, table.columns):
            probe.refuse(decline(problem))
        if problem := word_under_empty_title(table.items, table.columns):
            probe.refuse(decline(problem))
        if problem := word_at_another_columns_edge(table.items):
            probe.refuse(decline(problem))
        if not table.form and (line := text_across_rule(items, rules)) is not None:
            probe.refuse(
                decline(f"line {line}'s text was read across a ruled row: another row's words")
            )
        return accepted_order(fields, items, totals, default_currency())


def _titled_number_disagreeing(
    rows: list[Row], labelled: Found, read_date: Callable[[str], dt.date | None]
) -> Found | None:
    """The number the title gives (under it, beside it, or a number heading) when it is not
    the labelled one: a label that is not what it seems ("PO 5833" of a post-office box)."""
    pair = number_and_date_under_title(rows, po_number, read_date)
    for titled in (
        number_under_title(rows, po_number),
        pair[0] if pair else None,
        number_heading(rows, po_number),
    ):
        if titled is not None and not same_number(str(titled.value), str(labelled.value)):
            return titled
    return None


def _currency_in(rows: list[Row]) -> Found | None:
    currency = find_currency(" ".join(term_free_text(r) for r in rows))
    if currency is None:
        return None
    row = next(r for r in rows if find_currency(term_free_text(r)) == currency)
    words = [w for w in row.words if find_currency(w.text) == currency]
    return Found(currency, row.page, words or row.words)


def _bare_dollar(currency: Found | None) -> bool:
    """The currency was read from a "$" alone, not from "USD", "US$" or "dólares"."""
    if currency is None or currency.value != "USD":
        return False
    texts = [w.text for w in currency.words]
    return any("$" in t for t in texts) and not any("USD" in t or "US$" in t for t in texts)
