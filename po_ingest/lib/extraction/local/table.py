"""The line-item table: a header row of known column names, then rows assigned to columns
by position, continued on later pages under a repeated header."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from po_ingest.lib.extraction.local.layout import Row

_COLUMNS: dict[str, str] = {
    "line_number": r"pos\.?|position|line|ln|no\.?|nr\.?|#|item\s*no\.?",
    "item_code": r"item\s*code|code|art\.?\s*-?\s*nr\.?|artikel\s*-?\s*(?:nr\.?|nummer)|sku|part\s*(?:no\.?|number|#)|product\s*code|item\s*#|ref\.?|article\s*(?:no\.?|code)",
    "description": r"description|item|items|article|bezeichnung|beschreibung|artikelbezeichnung|product|material|leistung|goods",
    "quantity": r"qty\.?|quantity|menge|anzahl",
    "unit": r"unit|uom|u/m|einheit|me",
    "unit_price": r"unit\s*price|price|rate|einzelpreis|preis|e-?preis|price\s*/\s*unit|unit\s*cost|price\s*per\s*unit",
    "discount": r"disc\.?\s*%?|discount\s*%?|rabatt\s*%?",
    "line_total": r"total|amount|line\s*total|net|net\s*amount|gesamt|gesamtpreis|betrag|summe|g-?preis|value|extended|line\s*amount",
}
_COLUMN_RE = {
    name: re.compile(rf"^(?:{p})(?:\s*\([^)]*\))?$", re.IGNORECASE) for name, p in _COLUMNS.items()
}
_REQUIRED = {"description", "quantity", "line_total"}
# A larger vertical gap between rows ends the table (footers are not items).
_MAX_ROW_GAP = 40.0
_TABLE_END = re.compile(
    r"^(sub\s*-?\s*total|total|net\s|vat|tax|mwst|ust|sales\s*tax|zwischensumme|summe|gesamt"
    r"|netto|brutto|carried|continued|übertrag|page\s+\d|seite\s+\d|amount\s*due|grand)",
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


def header_columns(row: Row) -> list[Column] | None:
    columns = []
    for cell in row.cells():
        name = next((n for n, r in _COLUMN_RE.items() if r.match(cell.text.strip())), None)
        if name is None:
            return None  # a header row holds column names only
        columns.append(Column(name, cell.x0, cell.x1))
    names = [c.name for c in columns]
    if not set(names) >= _REQUIRED or len(names) != len(set(names)):
        return None
    return columns


def _column_of(x0: float, x1: float, columns: list[Column]) -> str:
    """The column whose span (widened to its neighbours' midpoints) holds the word."""
    center = (x0 + x1) / 2
    for index, column in enumerate(columns):
        left = -1e9 if index == 0 else (columns[index - 1].x1 + column.x0) / 2
        right = 1e9 if index == len(columns) - 1 else (column.x1 + columns[index + 1].x0) / 2
        if left <= center < right:
            return column.name
    return columns[-1].name


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
        if _TABLE_END.match(cells[0].text) or row.y - last_y > _MAX_ROW_GAP:
            in_table, end_row = False, index
            continue
        last_y = row.y
        values = RawItem()
        for word in row.words:
            values.add(_column_of(word.x0, word.x1, columns), word.text)
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
