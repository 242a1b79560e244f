"""The line-item table: a header row of known column names, then rows assigned to columns
by position, continued on later pages under a repeated header."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from po_ingest.lib.extraction.local.layout import Row, Word
from po_ingest.lib.extraction.local.values import CURRENCY_CODES, parse_amount

_COLUMNS: dict[str, str] = {
    "line_number": r"pos\.?|position|line|ln|no\.?|nr\.?|#|item\s*no\.?|lfd\.?\s*nr\.?",
    "item_code": r"item\s*code|code|art\.?\s*-?\s*(?:no|nr)\.?|artikel\s*-?\s*(?:nr\.?|nummer)|sku"
    r"|part\s*(?:no\.?|number|#)|product\s*code|item\s*#|ref\.?|article\s*(?:no\.?|code)"
    r"|material(?:\s*no\.?)?",
    "description": r"description|bezeichnung|beschreibung|artikelbezeichnung|leistung|goods|details",
    "quantity": r"qty\.?|quantity|menge|anzahl",
    "unit": r"unit|uom|u/m|einheit|me|unit\s*of\s*measure",
    "unit_price": r"unit\s*price|price|rate|einzelpreis|preis|e-?preis|price\s*/\s*unit|unit\s*cost"
    r"|price\s*per\s*unit|net\s*price|list\s*price",
    "discount": r"disc\.?\s*%?|discount\s*%?|rabatt\s*%?",
    "line_total": r"total|amount|line\s*total|net|net\s*amount|gesamt|gesamtpreis|betrag|summe"
    r"|g-?preis|value|extended|line\s*amount|net\s*value|ext\.?\s*price|extended\s*price",
    "other": r"vat\s*%?|tax\s*%?|mwst\.?\s*%?|ust\.?\s*%?|tax\s*rate",
}
# "Item" or "Article" name the description when no column does, else the item code, else
# the position (SAP-style forms put "Item" = 10, 20, … left of "Material").
_WEAK_NAMES = re.compile(r"^(?:item|items|article|artikel|product|position)$", re.IGNORECASE)
_WEAK_ORDER = ("description", "item_code", "line_number")
_QUALIFIER = rf"(?:\s*\([^)]*\))?(?:\s*(?:{'|'.join(CURRENCY_CODES)}|[€$£]))?"
_COLUMN_RE = {
    name: re.compile(rf"^(?:{p}){_QUALIFIER}$", re.IGNORECASE) for name, p in _COLUMNS.items()
}
_REQUIRED = {"description", "quantity", "line_total"}
# How far a number may sit from its column header's edge.
_ALIGN_SLACK = 24.0
# A larger vertical gap between rows ends the table (footers are not items).
_MAX_ROW_GAP = 40.0
_TABLE_END = re.compile(
    r"^\W*(sub\s*-?\s*total|total|net\s|vat|tax|mwst|ust|sales\s*tax|zwischensumme|summe|gesamt"
    r"|netto|brutto|carried|continued|übertrag|page\s+\d|seite\s+\d|amount\s*due|grand|zzgl)",
    re.IGNORECASE,
)


@dataclass
class Column:
    name: str
    x0: float
    x1: float


@dataclass
class RawItem:
    cells: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, text: str) -> None:
        self.cells[name] = f"{self.cells[name]} {text}" if name in self.cells else text


def _one_phrase(words: list[Word]) -> bool:
    """Words set a plain space apart: one column name, not two neighbouring ones."""
    return all(
        b.x0 - a.x1 <= max(4.0, 0.6 * a.height) for a, b in zip(words, words[1:], strict=False)
    )


def _name_of(text: str) -> str | None:
    if _WEAK_NAMES.match(text):
        return "weak"
    return next((n for n, r in _COLUMN_RE.items() if r.match(text)), None)


def header_columns(row: Row) -> list[Column] | None:
    """The row's words read as column names (longest run of words first), if the row is an
    item table's header; None for any other row."""
    words, found, index = row.words, [], 0
    while index < len(words):
        for length in range(min(4, len(words) - index), 0, -1):
            run = words[index : index + length]
            if not _one_phrase(run):
                continue
            name = _name_of(" ".join(w.text for w in run))
            if name:
                found.append(Column(name, run[0].x0, run[-1].x1))
                index += length
                break
        else:
            return None  # a header row holds column names only
    names = [c.name for c in found]
    for column in found:
        if column.name == "weak":
            column.name = next((n for n in _WEAK_ORDER if n not in names), "other")
            names = [c.name for c in found]
    known = [n for n in names if n != "other"]
    if not set(known) >= _REQUIRED or len(known) != len(set(known)):
        return None
    return found


def _is_number(text: str) -> bool:
    return any(c.isdigit() for c in text) and (
        parse_amount(text, True) is not None or parse_amount(text, False) is not None
    )


def _distance(word: Word, column: Column) -> float:
    if column.x0 <= word.center_x <= column.x1:
        return 0.0
    return min(abs(word.x1 - column.x1), abs(word.x0 - column.x0))


def _column_of(word: Word, columns: list[Column]) -> str:
    """Numbers go to the column they align with (right or left edge, or inside it); other
    words to the last column starting left of them."""
    if _is_number(word.text):
        numeric = [c for c in columns if c.name not in ("description", "unit")]
        if numeric:
            nearest = min(numeric, key=lambda c: _distance(word, c))
            if _distance(word, nearest) <= _ALIGN_SLACK:
                return nearest.name
    chosen = columns[0].name
    for column in columns:
        if column.x0 - _ALIGN_SLACK / 4 <= word.x0:
            chosen = column.name
    return chosen


def _spill_code_into_description(item: RawItem) -> None:
    """An item code is one token; words after it overflowed from the description."""
    code = item.cells.get("item_code", "").split()
    if len(code) > 1:
        item.cells["item_code"] = code[0]
        rest = " ".join(code[1:])
        item.cells["description"] = f"{rest} {item.cells.get('description', '')}".strip()


@dataclass
class Table:
    columns: list[Column]
    items: list[RawItem]
    end_row: int  # index (in all rows) of the first row after the table


def find_items(rows: list[Row]) -> Table | None:
    """Items of the first item table, following it across pages; None when there is none."""
    columns: list[Column] | None = None
    items: list[RawItem] = []
    in_table = False
    end_row = len(rows)
    current_page = -1
    last_y = 0.0
    for index, row in enumerate(rows):
        if row.page != current_page:
            current_page, in_table = row.page, False
        header = header_columns(row)
        if header is not None:
            if columns is not None and [c.name for c in header] != [c.name for c in columns]:
                break  # another kind of table
            columns, in_table, last_y = header, True, row.y
            continue
        if not in_table or columns is None:
            continue
        cells = row.cells()
        if any(_TABLE_END.match(c.text) for c in cells) or row.y - last_y > _MAX_ROW_GAP:
            in_table, end_row = False, index
            continue
        last_y = row.y
        if not items and not any(c.isdigit() for c in row.text):
            continue  # the header's second line (currencies, units)
        values = RawItem()
        for word in row.words:
            values.add(_column_of(word, columns), word.text)
        _spill_code_into_description(values)
        numbers = set(values.cells) - {"description", "item_code", "unit"}
        if items and not numbers:
            for name, text in values.cells.items():  # a wrapped description line
                items[-1].add(name, text)
        else:
            items.append(values)
        end_row = index + 1
    if columns is None or not items:
        return None
    return Table(columns, items, end_row)
