"""Reading a whole CSV file against its format: every row typed, or every problem listed.

Row numbers are what a spreadsheet shows: the header is row 1, and a blank line still
takes a row (it is skipped, not an error).
"""

from __future__ import annotations

import csv
import difflib
import io
from dataclasses import dataclass, field

from po_ingest.lib.csv_imports.columns import CellError, Column
from po_ingest.lib.csv_imports.formats import CsvFormat
from po_ingest.lib.csv_imports.problems import CsvInvalid, Problem, ProblemList


@dataclass(frozen=True, slots=True)
class ParsedRow:
    row: int
    values: dict


def _decode(content: bytes) -> str:
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CsvInvalid([Problem(None, None, "the file is UTF-16; save it as CSV UTF-8")])
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = content.count(b"\n", 0, exc.start) + 1
        message = f"not UTF-8 text (byte 0x{content[exc.start]:02x}); save the file as CSV UTF-8"
        raise CsvInvalid([Problem(line, None, message)]) from None


def _delimiter(text: str) -> str:
    """`;` when the header line has more of them than commas (Excel in European locales)."""
    first_line = text.split("\n", 1)[0]
    return ";" if first_line.count(";") > first_line.count(",") else ","


def _header_columns(fmt: CsvFormat, header: list[str]) -> list[Column]:
    names = [cell.strip().casefold() for cell in header]
    while names and not names[-1]:
        names.pop()  # empty cells after the last column, as spreadsheets sometimes write
    known = {column.name: column for column in fmt.columns}
    problems = ProblemList()
    for position, name in enumerate(names, start=1):
        if not name:
            problems.add(1, None, f"column {position} has no name")
        elif name in names[: position - 1]:
            problems.add(1, name, "appears twice in the header")
        elif name not in known:
            close = difflib.get_close_matches(name, fmt.names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.add(1, name, f"unknown column{hint}; the columns are {', '.join(fmt.names)}")
    for column in fmt.columns:
        if column.required and column.name not in names:
            problems.add(1, column.name, "required column is missing from the header")
    problems.raise_if_any()
    return [known[name] for name in names]


# Distinct values remembered per column: repeated cells (dates, names, codes, hours) are
# parsed once and their values shared, which keeps a 20 MB file's rows small and quick.
_MEMO_LIMIT = 10_000


@dataclass(frozen=True)
class _Layout:
    """Which format column each cell position holds, and how numbers are written."""

    fmt: CsvFormat
    columns: list[Column]
    absent: list[Column]
    decimal_comma: bool
    memo: dict[str, dict[str, object]] = field(default_factory=dict)

    def parse(self, column: Column, raw: str) -> object:
        memo = self.memo.setdefault(column.name, {})
        if raw in memo:
            return memo[raw]
        value = column.parse(raw, self.decimal_comma)
        if len(memo) < _MEMO_LIMIT:
            memo[raw] = value
        return value


def _parse_row(layout: _Layout, cells: list[str], number: int, problems: ProblemList) -> dict:
    before = problems.count
    width = len(layout.columns)
    if any(cell.strip() for cell in cells[width:]):
        problems.add(number, None, f"has {len(cells)} cells; the header has {width}")
    values = {}
    padded = cells + [""] * (width - len(cells))
    for column, raw in zip(layout.columns, padded, strict=False):
        try:
            values[column.name] = layout.parse(column, raw)
        except CellError as exc:
            problems.add(number, column.name, str(exc))
    for column in layout.absent:
        values[column.name] = layout.parse(column, "")
    if problems.count == before:
        for check in layout.fmt.row_checks:
            for name, message in check(values):
                problems.add(number, name, message)
    return values


def parse_csv(fmt: CsvFormat, content: bytes) -> list[ParsedRow]:
    """Every row of `content`, typed by `fmt`; raises CsvInvalid listing every problem."""
    text = _decode(content)
    if not text.strip():
        raise CsvInvalid([Problem(None, None, "the file is empty")])
    delimiter = _delimiter(text)
    records = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(records)
    except csv.Error as exc:
        raise CsvInvalid([Problem(1, None, f"the header cannot be read as CSV ({exc})")]) from None
    columns = _header_columns(fmt, header)
    layout = _Layout(fmt, columns, [c for c in fmt.columns if c not in columns], delimiter == ";")
    problems, rows, number = ProblemList(), [], 1
    try:
        for number, cells in enumerate(records, start=2):
            if any(cell.strip() for cell in cells):
                rows.append(ParsedRow(number, _parse_row(layout, cells, number, problems)))
    except csv.Error as exc:
        problems.add(number + 1, None, f"cannot be read as CSV ({exc}); reading stopped here")
    problems.raise_if_any()
    if not rows:
        raise CsvInvalid([Problem(None, None, "the file has a header but no rows")])
    return rows
