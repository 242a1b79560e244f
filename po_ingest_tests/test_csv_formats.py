"""The timesheet and fuel-log CSV formats as pure functions: what each cell becomes, and
every problem a file has, by row (as a spreadsheet numbers them) and column."""

import datetime as dt
from decimal import Decimal

import pytest

from po_ingest.lib.csv_imports.formats import FUEL_LOGS, TIMESHEETS
from po_ingest.lib.csv_imports.problems import CsvInvalid
from po_ingest.lib.csv_imports.reader import parse_csv

TIMESHEET_HEADER = "date,worker,project_code,activity,hours"


def problems(fmt, text: str | bytes) -> list[tuple]:
    content = text.encode() if isinstance(text, str) else text
    with pytest.raises(CsvInvalid) as caught:
        parse_csv(fmt, content)
    return [(p.row, p.column, p.message) for p in caught.value.problems]


def test_a_good_timesheet_is_typed_exactly():
    rows = parse_csv(
        TIMESHEETS,
        b"\xef\xbb\xbfDate , Worker,project_code,activity,hours,overtime_hours,notes\r\n"
        b'2026-11-02,Anna Novak,P-100,Formwork,8.25,0.25,"rain,\nthen sun"\r\n'
        b"\r\n"
        b"2026-11-03,Jonas Berg,P-200,Rebar,7,,\r\n",
    )
    assert [r.row for r in rows] == [2, 4]  # the blank line is row 3 in a spreadsheet
    first = rows[0].values
    assert first == {
        "date": dt.date(2026, 11, 2),
        "worker": "Anna Novak",
        "employee_id": None,
        "project_code": "P-100",
        "activity": "Formwork",
        "hours": Decimal("8.25"),
        "overtime_hours": Decimal("0.25"),
        "notes": "rain,\nthen sun",
    }
    assert type(first["hours"]) is Decimal and rows[1].values["overtime_hours"] is None


def test_a_good_fuel_log_is_typed_and_fuel_type_and_currency_normalised(monkeypatch):
    monkeypatch.setenv("PO_INGEST_DEFAULT_CURRENCY", "chf")
    rows = parse_csv(
        FUEL_LOGS,
        b"date,vehicle,project_code,fuel_type,litres,odometer_km,cost,currency\n"
        b"2026-11-02,TRK-07,P-100,Diesel,182.405,48211,301.87,eur\n"
        b"2026-11-02,EXC-2,P-100,adblue,20,,,\n",
    )
    first, second = (r.values for r in rows)
    assert (first["fuel_type"], first["litres"], first["odometer_km"]) == (
        "diesel",
        Decimal("182.405"),
        48211,
    )
    assert (first["cost"], first["currency"]) == (Decimal("301.87"), "EUR")
    assert (second["odometer_km"], second["cost"], second["currency"]) == (None, None, "CHF")
    assert second["driver"] is None and second["station"] is None  # optional, not in the file


def test_semicolons_and_decimal_commas_as_european_excel_writes_them():
    rows = parse_csv(
        TIMESHEETS,
        "date;worker;project_code;activity;hours\n2026-11-02;Zoë;P-1;Ausbau;7,5\n".encode(),
    )
    assert rows[0].values["hours"] == Decimal("7.5") and rows[0].values["worker"] == "Zoë"
    # In a comma-delimited file a comma cannot be a decimal mark.
    assert problems(TIMESHEETS, f'{TIMESHEET_HEADER}\n2026-11-02,A,P-1,x,"7,5"\n') == [
        (2, "hours", "'7,5' is not a number")
    ]


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("hours", "-1", "must not be negative (is -1)"),
        ("hours", "24.01", "must not be more than 24 (is 24.01)"),
        ("hours", "8.125", "'8.125' has more than 2 decimal places"),
        ("hours", "eight", "'eight' is not a number"),
        ("hours", "NaN", "'NaN' is not a number"),
        ("hours", "1e1", "'1e1' is not a number"),
        ("hours", "", "is required"),
        ("date", "02.11.2026", "'02.11.2026' is not a date written YYYY-MM-DD"),
        ("date", "2026-02-30", "'2026-02-30' is not a day of the calendar"),
        ("worker", "   ", "is required"),
        ("worker", "A" * 201, "is longer than 200 characters"),
        ("worker", "Anna\x00", "contains a control character"),
    ],
)
def test_a_bad_timesheet_cell_is_named_with_its_row_and_column(column, value, message):
    cells = {"date": "2026-11-02", "worker": "A", "project_code": "P-1", "activity": "x"}
    cells |= {"hours": "8", column: value}
    row = ",".join(f'"{cells[name]}"' for name in TIMESHEET_HEADER.split(","))
    assert problems(TIMESHEETS, f"{TIMESHEET_HEADER}\n{row}\n") == [(2, column, message)]


@pytest.mark.parametrize(
    ("cells", "column", "message"),
    [
        ("coal,100,,", "fuel_type", "'coal' is not one of diesel, hvo, petrol, adblue, lpg"),
        ("diesel,-5,,", "litres", "must not be negative (is -5)"),
        ("diesel,10.1234,,", "litres", "'10.1234' has more than 3 decimal places"),
        ("diesel,10,48211.5,", "odometer_km", "'48211.5' is not a whole number"),
        ("diesel,10,,12.345", "cost", "'12.345' has more than 2 decimal places"),
    ],
)
def test_a_bad_fuel_log_cell_is_named_with_its_row_and_column(cells, column, message):
    text = (
        f"date,vehicle,project_code,fuel_type,litres,odometer_km,cost\n2026-11-02,T1,P-1,{cells}\n"
    )
    assert problems(FUEL_LOGS, text) == [(2, column, message)]


def test_overtime_cannot_exceed_the_hours_it_is_part_of():
    text = "date,worker,project_code,activity,hours,overtime_hours\n2026-11-02,A,P-1,x,4,5\n"
    assert problems(TIMESHEETS, text) == [(2, "overtime_hours", "is more than hours (5 > 4)")]


def test_every_problem_is_listed_and_the_good_rows_do_not_hide_them():
    text = (
        f"{TIMESHEET_HEADER}\n"
        "2026-11-02,Anna,P-1,Formwork,8\n"
        "2026-11-02,Anna,P-1,Formwork,-2\n"
        "2026-11-31,Jonas,P-1,Rebar,8\n"
        "2026-11-02,,P-1,Rebar,8\n"
        "2026-11-02,Anna,P-1,Formwork,8,surplus\n"
        "2026-11-02,Anna,P-1,Formwork,8,,\n"  # empty trailing cells are fine
    )
    assert problems(TIMESHEETS, text) == [
        (3, "hours", "must not be negative (is -2)"),
        (4, "date", "'2026-11-31' is not a day of the calendar"),
        (5, "worker", "is required"),
        (6, None, "has 6 cells; the header has 5"),
    ]


def test_the_first_100_problems_are_listed_and_all_are_counted():
    text = TIMESHEET_HEADER + "\n" + "2026-11-02,A,P-1,x,-1\n" * 150
    with pytest.raises(CsvInvalid) as caught:
        parse_csv(TIMESHEETS, text.encode())
    assert caught.value.count == 150 and len(caught.value.problems) == 100
    assert [p.row for p in caught.value.problems] == list(range(2, 102))
    assert str(caught.value) == "150 problems in the CSV; nothing was stored"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            "date,worker,project_code,activity,huors",
            [
                (1, "huors", "unknown column (did you mean 'hours'?); the columns are date, worker, employee_id, project_code, activity, hours, overtime_hours, notes"),
                (1, "hours", "required column is missing from the header"),
            ],
        ),
        (
            "date,worker,project_code,activity,hours,hours",
            [(1, "hours", "appears twice in the header")],
        ),
        ("date,,worker,project_code,activity,hours", [(1, None, "column 2 has no name")]),
        ("date\tworker\tproject_code\tactivity\thours", [(1, "date\tworker\tproject_code\tactivity\thours", "unknown column; the columns are date, worker, employee_id, project_code, activity, hours, overtime_hours, notes")] + [(1, name, "required column is missing from the header") for name in ("date", "worker", "project_code", "activity", "hours")]),
    ],
    ids=["typo", "twice", "unnamed", "tabs"],
)  # fmt: skip
def test_header_problems_are_reported_on_row_1(header, expected):
    assert problems(TIMESHEETS, f"{header}\n2026-11-02,A,P-1,x,8\n") == expected


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", [(None, None, "the file is empty")]),
        (b"\xef\xbb\xbf \r\n\r\n", [(None, None, "the file is empty")]),
        (f"{TIMESHEET_HEADER}\n\n".encode(), [(None, None, "the file has a header but no rows")]),
        (
            f"{TIMESHEET_HEADER}\n2026-11-02,A,P-1,x,8\n2026-11-02,J\xe9r\xf4me,P-1,x,8\n".encode("latin-1"),
            [(3, None, "not UTF-8 text (byte 0xe9); save the file as CSV UTF-8")],
        ),
        (TIMESHEET_HEADER.encode("utf-16"), [(None, None, "the file is UTF-16; save it as CSV UTF-8")]),
        (
            f'{TIMESHEET_HEADER}\n2026-11-02,A,P-1,x,8\n2026-11-02,"A,P-1,x,8\n'.encode(),
            [(3, None, "cannot be read as CSV (unexpected end of data); reading stopped here")],
        ),
    ],
    ids=["empty", "bom-and-blank-lines", "header-only", "latin-1", "utf-16", "unclosed-quote"],
)  # fmt: skip
def test_files_that_are_not_a_csv_of_rows_say_why(content, expected):
    assert problems(TIMESHEETS, content) == expected
