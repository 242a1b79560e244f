"""The line-item table: under its header (`header_rows.py`), rows assigned to columns by
position, continued on later pages with or without a repeated header. Ruled grids give
their columns' true edges (pymupdf's table finder, `grid.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from po_ingest.lib.extraction.local.codes_under_text import CODE_UNDER, code_set_off
from po_ingest.lib.extraction.local.columns import (
    ORDER_COLUMNS,
    UNPRICED_ORDER_COLUMNS,
    Column,
    ColumnWords,
)
from po_ingest.lib.extraction.local.description_below import (
    more_text_below,
    opens_a_label,
    reference_before_description,
    without_date_after,
    wraps_description_below,
)
from po_ingest.lib.extraction.local.description_under_code import (
    description_goes_on_under_code,
    detail_under_code,
    starts_description_under_code,
)
from po_ingest.lib.extraction.local.header_rows import (
    Header,
    header_columns,
    same_amount_columns,
    titles_row,
    translated_under,
)
from po_ingest.lib.extraction.local.item_cells import (
    RawItem,
    assign,
    column_of,
    is_number,
    only_sums,
    split_code,
)
from po_ingest.lib.extraction.local.labelled_codes import (
    LABELLED_CODE,
    labelled_code,
    labelled_line_under,
    read_labelled_codes,
)
from po_ingest.lib.extraction.local.layout import Row, unspaced
from po_ingest.lib.extraction.local.page_sums import running_sum
from po_ingest.lib.extraction.local.position_heading import heading_of
from po_ingest.lib.extraction.local.price_basis import PRICE_BASIS, labelled_basis
from po_ingest.lib.extraction.local.rules import HorizontalRules
from po_ingest.lib.extraction.local.sheet_zeros import prints_formula_zeros, without_formula_zero
from po_ingest.lib.extraction.local.tax_breakdown import item_tax_amounts, item_tax_row
from po_ingest.lib.extraction.local.text_across import description_across
from po_ingest.lib.extraction.local.totals_kinds import closes_table, starting
from po_ingest.lib.extraction.local.under_item import (
    code_over_text,
    continue_item,
    continues,
    describes,
    digits_wrapped_unread,
    labels_flush_with_text,
    labels_over_values,
    measures_line,
    number_tail,
    packing_line,
    schedule_line,
    without_date_beside,
    without_references,
    wrap_position,
    wraps_position,
)
from po_ingest.lib.extraction.local.unit_words import is_unit
from po_ingest.lib.extraction.local.unread_wraps import left_unread
from po_ingest.lib.extraction.local.untitled_unit import read_untitled_units
from po_ingest.lib.extraction.local.values import find_currency, parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_AMOUNT_COLUMNS = {"quantity", "unit_price", "line_total"}
# A larger vertical gap between rows ends the table (footers are not items).
_MAX_ROW_GAP = 40.0
# The totals block closes the table (`closes_table`); "continued", "page 2" only pause it
# until the next page.
_TABLE_PAUSE = starting("table_end")
_PAGE_COUNT = re.compile(
    rf"^(\d+)\s+(?:{alternatives(vocabulary()['totals']['page_count'])})\s+(\d+)$",
    re.IGNORECASE,
)
_ITEM_TAX = starting("item_tax", "item_conditions")
_ITEM_SECTION = re.compile(
    rf"^\W*(?:{alternatives(vocabulary()['item_sections']['headings'])})\W*$", re.IGNORECASE
)


def _page_count(row: Row) -> bool:
    """The row is a page's count alone ("1 of 2"), no item's amounts."""
    match = _PAGE_COUNT.match(row.text)
    return bool(match) and 0 < int(match[1]) <= int(match[2])


def _is_full_item(row: Row, columns: list[Column]) -> bool:
    """A row with a number under each of quantity, unit price and amount (those printed)."""
    found = {column_of(w, columns) for w in row.words if is_number(w.text)}
    return found >= _AMOUNT_COLUMNS & {c.name for c in columns}


def _is_sentence(row: Row, columns: list[Column]) -> bool:
    """One run of words, without the gaps between cells, that is not a whole item: a note
    written across the columns ("Delivery via gate 3, call 24 h ahead"); its numbers are
    not an item's."""
    words = sum(w.text[:1].isalpha() for w in row.words)
    return len(row.cells()) == 1 and words >= 3 and not _is_full_item(row, columns)


def _totals_named(row: Row) -> int:
    """How many of the row's cells start with a totals label (a tax number's is none)."""
    return sum(closes_table(unspaced(c.text)) for c in row.cells())


def _amount(item: RawItem, name: str, decimal_comma: bool) -> Decimal | None:
    """The one number in the column's cell; a currency sign beside it ("£ 4.71") and a
    quantity's unit after it ("67.00 Units") are no other number."""
    words = [w for w in item.cells.get(name, []) if not _sign(w.text)]
    if name == "quantity" and len(words) == 2 and is_unit(words[1].text):
        words = words[:1]
    return parse_amount(words[0].text, decimal_comma) if len(words) == 1 else None


def _sign(text: str) -> bool:
    return find_currency(text) is not None and not any(c.isdigit() for c in text)


def _multiplies(item: RawItem) -> bool:
    """Its quantity × price is its amount, each one number in its column: an item whatever
    its text says ("VAT@5%" entered as a line of its own, 1 × 5,102.50; "3.000 × 855.00 =
    2565.00" beside its "IGST" rate), not a totals line. The three are read with one decimal
    separator, either: "3.000" alone does not tell which."""
    for decimal_comma in (False, True):
        quantity, price, amount = (
            _amount(item, n, decimal_comma) for n in ("quantity", "unit_price", "line_total")
        )
        if quantity is None or price is None or amount is None or quantity <= 0:
            continue
        if abs(quantity * price - amount) <= Decimal("0.01"):
            return True
    return False


def _reprinted(table: Table, header: Row, resumable: bool) -> bool:
    """A header heading a page after the table's items, the table not yet closed: where
    the table would carry on."""
    return resumable and bool(table.items) and table.items[-1].page < header.page


def _padded(pitch: float | None, wrap: float | None) -> float | None:
    """The step to the next item, when it is wider than an item's wrapped lines are apart:
    a grid's padding. Set at the pitch of the wrapped lines, the next item only follows
    the item's last line. A point or two wider, a row nearer the wrapped lines' step than
    the items' is a wrapped line (`continues` takes a row a point short of the pitch as
    one of its own): the pitch is moved so that its point short is half-way between."""
    if pitch is None or wrap is None:
        return pitch
    return None if pitch <= wrap + 1 else max(pitch, (pitch + wrap) / 2 + 1)


def _next_line(above: Row, row: Row) -> bool:
    return row.page == above.page and row.y - above.y <= 1.6 * row.height


def _leads(rows: list[Row], item: RawItem) -> bool:
    """Text rows right above an item's numbers, starting where its description starts."""
    description = item.cells.get("description")
    return bool(description) and all(abs(r.words[0].x0 - description[0].x0) <= 2 for r in rows)


def _half_line_over(row: Row, following: Row, columns: list[Column]) -> bool:
    """Text less than a line above an item's numbers: a cell of several lines centred
    on them (an HTML table's middle alignment), not a line of the item before."""
    if following.page != row.page or not 0 < following.y - row.y < 0.8 * row.height:
        return False
    values = assign(following, columns)
    return any(is_number(w.text) for name in _AMOUNT_COLUMNS for w in values.cells.get(name, []))


def _in_description(row: Row, columns: list[Column]) -> Row:
    """The row's runs of words in the description's column, whole ("3 Aspect signal
    head": its number is the description's); a centred date's line is not in it."""
    described = {id(w) for w in assign(row, columns).cells.get("description", [])}
    runs = [c for c in row.cells() if any(id(w) in described for w in c.words)]
    return Row(row.page, [w for run in runs for w in run.words] or row.words)


def _describes_with_a_count(row: Row, values: RawItem, table: Table, last_y: float) -> bool:
    """In a table without a description column, the row right under an item that prints
    its description, with a bare number where the quantity stands but no price or amount
    ("PALLET CHEP   Whse 101"): a detail beside the description, not an item."""
    names = {c.name for c in table.columns}
    if "description" in names or not {"unit_price", "line_total"} & names:
        return False
    if set(values.cells) & {"unit_price", "line_total"}:
        return False
    return describes(row, table.items[-1], last_y, table.columns)


def _other_table(row: Row, kind: ColumnWords) -> bool:
    """Titles of a table of goods and quantities under a priced table's items (an SAP
    form's "Dados Variante" breaks its model's quantity down by size and colour): its
    rows are not the priced table's."""
    return kind is not UNPRICED_ORDER_COLUMNS and titles_row(row, kind)


@dataclass
class Table:
    columns: list[Column]
    items: list[RawItem]
    start_row: int  # index (in all rows) of the first header row
    end_row: int  # index (in all rows) of the first row after the table
    notes: list[str] = field(default_factory=list)  # text rows inside the table
    subtitles: list[Row] = field(default_factory=list)  # text rows right under the header
    # Its one item's values are labelled in boxes of a form, not cells of one row: the rules
    # drawn between them are the boxes', no other row's (`labelled_item.py`).
    form: bool = False


def find_items(
    rows: list[Row],
    known: dict[int, Header] | None = None,
    kind: ColumnWords = ORDER_COLUMNS,
    rules: HorizontalRules | None = None,
) -> Table | None:
    """Items of the first item table (of `kind`'s columns), following it across pages; None
    when there is none. `known` gives headers found otherwise (a ruled grid's cells), by the
    index of their row; `rules`, the page's drawn rules, which tell a wrapped line far under
    its item from a row of its own."""
    table: Table | None = None
    in_table, closed, current_page, last_y, index = False, False, -1, 0.0, 0
    closing: Row | None = None  # the totals line that closed the table
    pitch: float | None = None
    wrap: float | None = None  # the smallest step from an item's line to its wrapped line
    lead: list[Row] = []  # text rows right above the next row, kept as notes so far
    centred: list[Row] = []  # text rows half a line over the next item's numbers
    unplaced: list[Row] = []  # text rows since the last item, none of its text
    sheet = False  # the table prints its line-total formula's zero on empty rows
    while index < len(rows):
        row = rows[index]
        if row.page != current_page:
            current_page, in_table = row.page, False
            resumable = table is not None and not closed
        header = (known or {}).get(index) or header_columns(rows, index, kind)
        if header is not None:
            columns, span = header
            if closed:
                if not (closing and running_sum(table.items, table.columns, closing, row, columns)):
                    break  # the order's table is over; what follows is another one
                closed, resumable = False, True  # a page's running sum: the table goes on
            if table is not None and [c.name for c in columns] != [c.name for c in table.columns]:
                if not (
                    _reprinted(table, row, resumable)
                    and same_amount_columns(table.columns, columns)
                ):
                    break  # another kind of table
                columns = table.columns  # its rows set as on the page before
            if table is None:
                table = Table(columns, [], index, len(rows))
            table.columns, in_table = columns, True
            span += translated_under(rows, index + span, columns, kind)
            sheet = sheet or prints_formula_zeros(rows, index + span, columns)
            last_y = rows[index + span - 1].y
            index += span
            continue
        if table is not None and table.items and _other_table(row, kind):
            break  # under the items, another table's titles: the order's table is over
        index += 1
        if closed and closing and row.page == closing.page and _totals_named(row):
            closing = None  # more totals under it: the order's totals block, no page's sum
        if table is None or closed:
            continue
        if not in_table:
            if (
                resumable
                and table.items
                and table.items[-1].page == row.page
                and _totals_named(row) >= 2
            ):
                # A boxed totals grid's titles under the gap ("Base imponible", "Total"):
                # the full row under them is its values, no item.
                closed = True
                continue
            if not (resumable and _is_full_item(row, table.columns)):
                continue
            # The table runs on over a page without repeating its header, or past a gap.
            in_table, resumable, last_y = True, False, row.y
        if sheet and not (row := without_formula_zero(row, table.columns)).words:
            table.end_row, last_y = index, rows[index - 1].y  # an empty row of the sheet
            continue
        cells = row.cells()
        if table.items and item_tax_row(row, table.columns):
            table.notes.append(row.text)  # "IGST 12.00 369.80": the item's tax, no totals
            table.items[-1].text_ended = True  # what follows it is no more of its text
            table.items[-1].tax_below += item_tax_amounts(row, table.columns)
            table.end_row, last_y = index, row.y
            continue
        if _totals_named(row) and not _multiplies(assign(row, table.columns)):
            in_table, closed, table.end_row, closing = False, True, index - 1, row
            continue
        if any(_TABLE_PAUSE.match(c.text) for c in cells) or _page_count(row):
            in_table, table.end_row = False, index - 1
            continue
        if row.y - last_y > _MAX_ROW_GAP and not _is_full_item(row, table.columns):
            # A footer, or space before a group heading ("2 BEDROOM"): a full item further
            # down resumes the table, as on the next page.
            in_table, resumable, table.end_row = False, True, index - 1
            continue
        if table.items and _ITEM_TAX.match(row.text):
            table.notes.append(row.text)  # SAP's "Item Tax 0 0.00", "Bruttopreis …" under it
            table.end_row, last_y = index, row.y
            continue
        if table.items and (basis := labelled_basis(row, table.columns)):
            table.items[-1].cells[PRICE_BASIS] = basis  # before a digit under it is a tail
            if not (rest := [w for w in row.words if w not in basis]):
                table.end_row, last_y = index, row.y
                continue
            row = Row(row.page, rest)
        values = assign(row, table.columns)
        if table.items and (tail := number_tail(row, values, table.items[-1], last_y)):
            row = Row(row.page, [w for w in row.words if w is not tail])
            values = assign(row, table.columns)
        if table.items and (wrapped := digits_wrapped_unread(row, values, table.items[-1], last_y)):
            table.notes.append(" ".join(w.text for w in wrapped))
            if not (rest := [w for w in row.words if w not in wrapped]):
                table.end_row, last_y = index, row.y
                continue
            row = Row(row.page, rest)
            values = assign(row, table.columns)
        if table.items and (
            schedule_line(values, table.items[-1])
            or packing_line(row, values)
            or measures_line(row)
        ):
            table.notes.append(row.text)
            table.end_row, last_y = index, row.y
            continue
        if table.items and only_sums(values):
            in_table, closed, table.end_row, closing = False, True, index - 1, None  # sums
            continue
        previous_y, last_y = last_y, row.y
        numbers = [
            name
            for name, words in values.cells.items()
            if name in _AMOUNT_COLUMNS and any(is_number(w.text) for w in words)
        ]
        across = table.items and description_across(row, table.items[-1], previous_y, table.columns)
        if (
            across
            or _is_sentence(row, table.columns)
            or (table.items and _describes_with_a_count(row, values, table, previous_y))
        ):
            numbers = []
        if (
            not numbers
            and table.items
            and (labelled := labelled_code(row, table.items[-1], previous_y))
        ):
            cell, code = labelled
            table.items[-1].add(LABELLED_CODE, code)
            if not (rest := [w for w in row.words if w not in cell.words]):
                table.end_row = index
                continue
            row = Row(row.page, rest)  # the unit under the quantity beside it, as usual
            values = assign(row, table.columns)
        if not numbers:
            items = table.items
            following = rows[index] if index < len(rows) else None
            if items and detail_under_code(row, items[-1], previous_y, table.columns):
                table.notes.append(row.text)  # "Supplier Item:SMOE-62542" under "024901"
            elif items and starts_description_under_code(row, items[-1], previous_y, table.columns):
                pass  # "Verbindungsmuffe KS 24kV 1L" under "281748" alone
            elif items and description_goes_on_under_code(row, items[-1], previous_y):
                pass
            elif following and _half_line_over(row, following, table.columns):
                centred.append(row)  # a line of the next item's cell, centred on its numbers
                table.end_row = index
            elif items and following and labels_over_values(row, following):
                if labels_flush_with_text(row, items[-1], previous_y):
                    items[-1].unread_line = row.text
                table.notes += [row.text, following.text]  # "Requested Date" over its date
                index, last_y = index + 1, following.y
            elif items and _ITEM_SECTION.match(row.text):
                table.notes.append(row.text)  # "DELIVERY SCHEDULE" under the item
                items[-1].text_ended = True
            elif items and wraps_position(items[-1], values):
                wrap_position(items[-1], values.cells["line_number"])
            elif items and code_over_text(row, items[-1], previous_y, table.columns):
                items[-1].cells["item_code"] = items[-1].cells.pop("description")
                items[-1].cells["description"] = row.cells()[0].words
                items[-1].described_below = True
                # A row between the code and the text (the code again, other columns'
                # values beside it) ended none of this text: it starts here.
                items[-1].text_ended = False
                if not next(c for c in table.columns if c.name == "description").weak:
                    items[-1].references_beside = []  # its next lines, flush under it, go on
            elif items and wraps_description_below(row, items[-1], previous_y, table.columns):
                items[-1].cells["description"] += row.words
            elif items and more_text_below(row, items[-1], previous_y, table.columns):
                items[-1].cells["description"] += without_date_after(row).words
            elif items and reference_before_description(row, items[-1]):
                table.notes.append(row.text)  # "Ihre Materialnummer A24886-000" over the text
            elif across:
                items[-1].cells["description"] = across  # a line of text across the columns
                items[-1].described_below = True
                # Spaced out to a word far right, the line is whole: nothing wraps from it.
                items[-1].text_ended = len(row.cells()) > 1
            elif items and describes(row, items[-1], previous_y, table.columns):
                items[-1].cells["description"] = row.cells()[0].words
                # Details beside the line ("Whse: 001") make it the whole description.
                items[-1].described_below = True
                items[-1].text_ended = len(row.cells()) > 1
                if opens_a_label(row):
                    items[-1].unread_line = items[-1].unread_line or row.text
            elif (
                items
                and (text := without_references(without_date_beside(row, items[-1])))
                and continues(
                    text, items[-1], previous_y, table.subtitles, _padded(pitch, wrap), rules
                )
            ):
                continue_item(items[-1], text, table.columns)
                wrap = min(wrap or row.y - previous_y, row.y - previous_y)
            elif items and code_set_off(row, items[-1], previous_y):
                items[-1].cells[CODE_UNDER] = row.words  # "0-690407-4" under "CRIMPER SPACER"
                items[-1].text_ended = True
            elif not items and row.y - previous_y <= 1.8 * row.height:
                table.subtitles.append(row)
                unplaced.append(row)
            else:
                if items and any(s.text == row.text for s in table.subtitles):
                    # The second line of titles, reprinted under the header on a later
                    # page: what each item prints under it there is no text either.
                    table.subtitles.append(row)
                if items or any(c.isdigit() for c in row.text):
                    table.notes.append(row.text)
                if items and left_unread(
                    row, items[-1], previous_y, table.columns, table.subtitles, _padded(pitch, wrap)
                ):
                    items[-1].unread_line = items[-1].unread_line or row.text
                if items:
                    if (code := labelled_line_under(row, items[-1], previous_y)) is not None:
                        items[-1].code_under_at = code.x0
                    items[-1].text_ended = True
                lead = lead + [row] if lead and _next_line(lead[-1], row) else [row]
                unplaced.append(row)
            table.end_row = index
            continue
        if table.items and table.items[-1].page == row.page:
            pitch = min(pitch or row.y - previous_y, row.y - previous_y)
        split_code(values, table.columns)
        if centred:
            values.above = [_in_description(r, table.columns) for r in centred]
            centred = []
        elif not table.items and lead and _next_line(lead[-1], row) and _leads(lead, values):
            # A description centred on its numbers' line starts above them, or a note stands
            # over the first item: the words alone cannot tell which.
            values.above = list(lead)
        if heading := heading_of(unplaced, values):
            values.cells["description"] = heading
        lead, unplaced = [], []
        table.items.append(values)
        table.end_row = index
    if table is None or not table.items:
        return None
    read_untitled_units(table.columns, table.items)
    read_labelled_codes(table.items)
    return table
