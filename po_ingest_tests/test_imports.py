"""Timesheets and fuel logs (CSV) imported at once, through the API, the library and the CLI,
on SQLite and PostgreSQL: every row stored with one `processed` batch and the file kept — or,
for a file with any problem, every problem listed and nothing stored at all."""

import datetime as dt
import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from po_ingest.cli import main
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES
from po_ingest.lib.csv_imports.formats import FORMATS
from po_ingest.lib.csv_imports.importer import import_csv
from po_ingest.lib.housekeeping import collect_orphans
from po_ingest.lib.settings import BATCH_TYPES
from po_ingest.lib.sites import Site
from po_ingest.lib.store.schema import batches, fuel_log_entries, timesheet_entries
from po_ingest_tests.support.batch_rows import insert_batch_row
from po_ingest_tests.support.intake import TOKEN, intake_app, stored_files

REPO = Path(__file__).resolve().parents[1]
TIMESHEETS_CSV = (
    b"date,worker,employee_id,project_code,activity,hours,overtime_hours,notes\n"
    b"2026-11-02,Anna Novak,E-1042,P-100,Formwork,8.5,0.5,\n"
    b"2026-11-02,Jonas Berg,,p 100,Rebar,7.25,,north side\n"
    b"2026-11-03,Anna Novak,E-1042,P-99,Concrete pour,10,2,\n"
)
FUEL_LOGS_CSV = (
    "date;vehicle;project_code;fuel_type;litres;odometer_km;cost;currency\n"
    "2026-11-02;TRK-07;P-100;Diesel;182,4;48211;301,87;EUR\n"
    "2026-11-03;EXC-2;P-100;hvo;60;;;\n"
).encode("utf-8-sig")


def post_import(client, batch_type: str, content: bytes, filename="hours.csv", **data):
    return client.post(
        f"/api/imports/{batch_type}", files={"file": (filename, content, "text/csv")}, data=data
    )


def what_is_stored(store, files) -> dict:
    """Rows in the batch and entry tables, and every file in the store."""
    with store.engine.connect() as conn:
        counts = {
            table.name: conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()
            for table in (batches, timesheet_entries, fuel_log_entries)
        }
    return {**counts, "files": stored_files(files)}


@pytest.fixture
def harbour_tower(store) -> int:
    """A site whose project code is P-100; returns its id."""
    store.sites.upsert([Site(name="Harbour Tower", project_code="P-100")])
    return store.sites.all()[0].id


# -- a good file -------------------------------------------------------------------------------
def test_a_good_timesheet_file_is_stored_whole_with_one_processed_batch(
    client, store, files, harbour_tower
):
    response = post_import(client, "timesheets", TIMESHEETS_CSV, uploaded_by="site office")
    assert response.status_code == 201
    body = response.json()
    batch_id = body["batch_id"]
    assert body == {
        "batch_id": batch_id,
        "status": "processed",
        "batch_type": "timesheets",
        "rows": 3,
        "warnings": ["site_unmatched:P-99"],
        "duplicate_of": None,
    }
    assert response.headers["location"] == f"/api/batches/{batch_id}"

    batch = store.batches.get(batch_id)
    assert (batch.status, batch.attempts, batch.batch_type) == ("processed", 0, "timesheets")
    assert batch.processed_at is not None and batch.processed_at >= batch.date_uploaded
    assert (batch.content_type, batch.original_filename) == ("text/csv", "hours.csv")
    assert (batch.uploaded_by, batch.file_size) == ("site office", len(TIMESHEETS_CSV))
    assert batch.original_file == f"imports/{batch_id}.csv"
    assert files.read(batch.original_file) == TIMESHEETS_CSV
    assert batch.warnings == ["site_unmatched:P-99"]

    entries = store.entries.of_batch("timesheets", batch_id)
    assert [
        (e["source_row"], e["site_id"], e["date"], e["worker"], e["project_code"], e["hours"])
        for e in entries
    ] == [
        (2, harbour_tower, dt.date(2026, 11, 2), "Anna Novak", "P-100", Decimal("8.5")),
        (3, harbour_tower, dt.date(2026, 11, 2), "Jonas Berg", "p 100", Decimal("7.25")),
        (4, None, dt.date(2026, 11, 3), "Anna Novak", "P-99", Decimal("10")),
    ]
    first = entries[0]
    assert (first["employee_id"], first["activity"], first["notes"]) == ("E-1042", "Formwork", None)
    assert type(first["hours"]) is Decimal and first["overtime_hours"] == Decimal("0.5")
    assert entries[1]["overtime_hours"] is None and entries[1]["notes"] == "north side"

    assert store.batches.due_pending(BATCH_TYPES, limit=10) == []
    shown = client.get(f"/api/batches/{batch_id}").json()
    assert (shown["status"], shown["batch_type"], shown["order_url"]) == (
        "processed",
        "timesheets",
        None,
    )


def test_a_fuel_log_from_european_excel_is_typed_exactly(client, store, harbour_tower):
    """Semicolons, decimal commas and a BOM, as Excel writes CSV in German or French."""
    response = post_import(client, "fuel_logs", FUEL_LOGS_CSV, filename="fuel.csv")
    assert response.status_code == 201
    assert (response.json()["rows"], response.json()["warnings"]) == (2, [])
    entries = store.entries.of_batch("fuel_logs", response.json()["batch_id"])
    assert [
        (e["vehicle"], e["fuel_type"], e["litres"], e["odometer_km"], e["cost"], e["currency"])
        for e in entries
    ] == [
        ("TRK-07", "diesel", Decimal("182.4"), 48211, Decimal("301.87"), "EUR"),
        ("EXC-2", "hvo", Decimal("60"), None, None, "EUR"),
    ]
    assert {e["site_id"] for e in entries} == {harbour_tower}
    assert all(type(e["litres"]) is Decimal for e in entries)


# -- a bad file --------------------------------------------------------------------------------
def test_three_bad_rows_among_good_ones_are_listed_and_nothing_is_stored(client, store, files):
    assert post_import(client, "fuel_logs", FUEL_LOGS_CSV).status_code == 201
    before = what_is_stored(store, files)
    bad = (
        b"date,worker,project_code,activity,hours\n"
        b"2026-11-02,Anna Novak,P-100,Formwork,8\n"
        b"2026-11-02,Anna Novak,P-100,Formwork,-2\n"
        b"2026-11-02,Jonas Berg,P-100,Rebar,8\n"
        b"2026-11-31,Jonas Berg,P-100,Rebar,8\n"
        b"2026-11-03,,P-100,Rebar,6\n"
        b"2026-11-03,Anna Novak,P-100,Formwork,8\n"
    )
    response = post_import(client, "timesheets", bad)
    assert response.status_code == 400
    assert response.json() == {
        "detail": "3 problems in the CSV; nothing was stored",
        "errors": [
            {"row": 3, "column": "hours", "message": "must not be negative (is -2)"},
            {"row": 5, "column": "date", "message": "'2026-11-31' is not a day of the calendar"},
            {"row": 6, "column": "worker", "message": "is required"},
        ],
        "error_count": 3,
    }
    assert what_is_stored(store, files) == before


def test_more_than_100_problems_lists_the_first_100_and_counts_them_all(client, store, files):
    bad = ("date,worker,project_code,activity,hours\n" + "2026-11-02,A,P-1,x,25\n" * 250).encode()
    body = post_import(client, "timesheets", bad).json()
    assert (body["error_count"], len(body["errors"])) == (250, 100)
    assert [e["row"] for e in body["errors"]] == list(range(2, 102))
    assert body["detail"] == "250 problems in the CSV; nothing was stored"
    assert what_is_stored(store, files) == {
        "data_import_batches": 0,
        "timesheet_entries": 0,
        "fuel_log_entries": 0,
        "files": [],
    }


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"date,worker,activity,hours\n2026-11-02,A,x,8\n", {"row": 1, "column": "project_code", "message": "required column is missing from the header"}),
        (b"date,worker,project_code,activity,hours,shift\n2026-11-02,A,P-1,x,8,early\n", {"row": 1, "column": "shift", "message": "unknown column; the columns are date, worker, employee_id, project_code, activity, hours, overtime_hours, notes"}),
        (b"", {"row": None, "column": None, "message": "the file is empty"}),
        (b"date,worker,project_code,activity,hours\r\n", {"row": None, "column": None, "message": "the file has a header but no rows"}),
        ("date,worker,project_code,activity,hours\n2026-11-02,Jérôme,P-1,x,8\n".encode("cp1252"), {"row": 2, "column": None, "message": "not UTF-8 text (byte 0xe9); save the file as CSV UTF-8"}),
        (b"%PDF-1.7\n\xe2\xe3\xcf\xd3\n", {"row": 2, "column": None, "message": "not UTF-8 text (byte 0xe2); save the file as CSV UTF-8"}),
    ],
    ids=["missing-column", "unknown-column", "empty", "header-only", "windows-1252", "a-pdf"],
)  # fmt: skip
def test_a_file_that_is_not_a_timesheet_is_refused_saying_why(
    client, store, files, content, problem
):
    response = post_import(client, "timesheets", content)
    assert response.status_code == 400
    assert response.json()["errors"] == [problem]
    assert response.json()["error_count"] == 1
    assert store.batches.list() == [] and stored_files(files) == []


def test_over_20_mb_is_refused_with_413_and_nothing_kept(client, store, files):
    header = b"date,worker,project_code,activity,hours\n"
    row = b"2026-11-02,Anna Novak,P-100,Formwork,8\n"
    content = header + row * ((MAX_UPLOAD_BYTES - len(header)) // len(row) + 1)
    assert len(content) > MAX_UPLOAD_BYTES
    response = post_import(client, "timesheets", content)
    assert response.status_code == 413 and "20 MB" in response.json()["detail"]
    assert what_is_stored(store, files)["data_import_batches"] == 0
    assert stored_files(files) == []


@pytest.mark.parametrize(
    ("request_kwargs", "status", "message"),
    [
        ({"files": {"other": ("a.csv", b"x", "text/csv")}}, 400, "unexpected form field 'other'"),
        ({"files": {"uploaded_by": (None, "anna")}}, 400, "no file"),
        ({"content": b"date,worker", "headers": {"Content-Type": "text/csv"}}, 415, "multipart"),
    ],
    ids=["other-field", "no-file", "not-multipart"],
)
def test_a_malformed_form_is_refused_with_its_reason(
    client, store, request_kwargs, status, message
):
    response = client.post("/api/imports/timesheets", **request_kwargs)
    assert response.status_code == status and message in response.json()["detail"]
    assert store.batches.list() == []


def test_an_unknown_import_type_is_422(client, store):
    response = post_import(client, "invoices", TIMESHEETS_CSV)
    assert response.status_code == 422
    assert store.batches.list() == []


# -- the same bytes again ----------------------------------------------------------------------
def test_the_same_bytes_again_give_a_processed_duplicate_that_stores_nothing(client, store, files):
    first = post_import(client, "timesheets", TIMESHEETS_CSV).json()["batch_id"]
    before = what_is_stored(store, files)

    response = post_import(client, "timesheets", TIMESHEETS_CSV, filename="again.csv")
    assert response.status_code == 201
    body = response.json()
    assert (body["rows"], body["warnings"], body["duplicate_of"]) == (0, ["duplicate_file"], first)
    second = store.batches.get(body["batch_id"])
    assert (second.status, second.warnings, second.original_file) == (
        "processed",
        ["duplicate_file"],
        None,
    )
    after = what_is_stored(store, files)
    assert after == {**before, "data_import_batches": before["data_import_batches"] + 1}
    assert store.entries.of_batch("timesheets", second.id) == []

    third = post_import(client, "timesheets", TIMESHEETS_CSV).json()
    assert third["duplicate_of"] == first  # the original, not the previous duplicate
    changed = post_import(client, "timesheets", TIMESHEETS_CSV + b"2026-11-04,A,,P-1,x,1,,\n")
    assert (changed.json()["rows"], changed.json()["duplicate_of"]) == (4, None)


def test_identical_imports_at_the_same_moment_store_the_rows_once(store, files):
    """A double click: four imports of the same bytes racing; one stores, three point at it."""
    barrier = threading.Barrier(4)

    def one(_n: int):
        barrier.wait()
        return import_csv(store, files, "timesheets", TIMESHEETS_CSV)

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(one, range(4)))
    originals = [r for r in results if r.duplicate_of is None]
    assert len(originals) == 1 and originals[0].rows == 3
    assert {r.duplicate_of for r in results if r.duplicate_of} == {originals[0].batch_id}
    stored = what_is_stored(store, files)
    assert (stored["data_import_batches"], stored["timesheet_entries"]) == (4, 3)
    assert stored["files"] == [files.path(f"imports/{originals[0].batch_id}.csv")]


# -- all or nothing ----------------------------------------------------------------------------
def test_a_file_store_that_cannot_be_written_gives_503_and_no_rows(db_url, store, tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_bytes(b"")
    with TestClient(intake_app(db_url, blocker / "files")) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        response = post_import(client, "timesheets", TIMESHEETS_CSV)
    assert response.status_code == 503 and "file store" in response.json()["detail"]
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(timesheet_entries)).scalar() == 0
    assert store.batches.list() == []


def test_a_failed_commit_leaves_no_row_and_no_file(store, files):
    def refuse(_conn):
        raise RuntimeError("commit refused")

    sa.event.listen(store.engine, "commit", refuse)
    try:
        with pytest.raises(RuntimeError, match="commit refused"):
            import_csv(store, files, "timesheets", TIMESHEETS_CSV)
    finally:
        sa.event.remove(store.engine, "commit", refuse)
    assert what_is_stored(store, files) == {
        "data_import_batches": 0,
        "timesheet_entries": 0,
        "fuel_log_entries": 0,
        "files": [],
    }


def test_housekeeping_keeps_an_imported_file_and_removes_an_orphan_beside_it(store, files):
    imported = import_csv(store, files, "timesheets", TIMESHEETS_CSV)
    kept = files.path(f"imports/{imported.batch_id}.csv")
    orphan = files.path("imports/crashedbeforecommit.csv")
    orphan.write_bytes(TIMESHEETS_CSV)
    two_hours_ago = time.time() - 7200
    for path in (kept, orphan):
        os.utime(path, (two_hours_ago, two_hours_ago))
    assert collect_orphans(store, files) == ["imports/crashedbeforecommit.csv"]
    assert kept.read_bytes() == TIMESHEETS_CSV


# -- who may import, and legacy rows -----------------------------------------------------------
def test_importing_needs_the_token(app, store, files):
    with TestClient(app) as anonymous:
        for batch_type in ("timesheets", "fuel_logs"):
            response = post_import(anonymous, batch_type, TIMESHEETS_CSV)
            assert response.status_code == 401
            assert response.headers["www-authenticate"] == "Bearer"
            wrong = {"Authorization": "Bearer wrong-token-0123456789abcdef"}
            files_part = {"file": ("a.csv", TIMESHEETS_CSV, "text/csv")}
            response = anonymous.post(f"/api/imports/{batch_type}", files=files_part, headers=wrong)
            assert response.status_code == 401
    assert what_is_stored(store, files)["data_import_batches"] == 0


def test_a_legacy_row_with_no_status_is_listed_and_counted_as_processed(client, store):
    legacy = insert_batch_row(store, "fuel_logs", None)
    pending = insert_batch_row(store, "purchase_orders", "pending")
    listing = client.get("/api/batches").json()
    assert listing["counts"] == {"processed": 1, "pending": 1}
    assert {b["id"]: b["status"] for b in listing["items"]} == {
        legacy: "processed",
        pending: "pending",
    }
    processed = client.get("/api/batches", params={"status": "processed"}).json()["items"]
    assert [b["id"] for b in processed] == [legacy]
    assert client.get(f"/api/batches/{legacy}").json()["status"] == "processed"
    assert [r.id for r in store.batches.due_pending(BATCH_TYPES, limit=10)] == [pending]


# -- the CLI -----------------------------------------------------------------------------------
@pytest.fixture
def cli(db_url, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    monkeypatch.setenv("PO_INGEST_FILES_DIR", str(tmp_path / "cli-files"))

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_cli_imports_a_good_file_and_prints_id_rows_and_warnings(cli, store, tmp_path):
    path = tmp_path / "week 45.csv"
    path.write_bytes(TIMESHEETS_CSV)
    code, out, _ = cli("import", "timesheets", str(path), "--uploaded-by", "anna")
    assert code == 0
    batch_id, rest = out.strip().split("  ", 1)
    assert rest == "processed  rows=3  warnings=site_unmatched:P-100,site_unmatched:P-99"
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.uploaded_by, batch.original_filename) == (
        "processed",
        "anna",
        "week 45.csv",
    )
    assert (tmp_path / "cli-files" / batch.original_file).read_bytes() == TIMESHEETS_CSV
    assert len(store.entries.of_batch("timesheets", batch_id)) == 3

    code, out, _ = cli("import", "timesheets", str(path), "--json")
    assert code == 0 and json.loads(out)["duplicate_of"] == batch_id
    fuel = tmp_path / "fuel.csv"
    fuel.write_bytes(FUEL_LOGS_CSV)
    code, out, _ = cli("import", "fuel-logs", str(fuel))
    assert code == 0 and re.fullmatch(r"[a-z2-9]{12}  processed  rows=2  \S+\n", out)


def test_cli_lists_every_problem_of_a_bad_file_and_exits_2(cli, store, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(
        "date,worker,project_code,activity,hours\n2026-11-02,A,P-1,x,-2\n2026-11-02,,P-1,x,8\n"
    )
    code, out, err = cli("import", "timesheets", str(path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"error: {path}: 2 problems in the CSV; nothing was stored",
        "  row 2, hours: must not be negative (is -2)",
        "  row 3, worker: is required",
    ]
    path.write_text("date,worker,project_code,activity,hours\n" + "2026-11-02,A,P-1,x,-2\n" * 130)
    code, _, err = cli("import", "timesheets", str(path))
    assert code == 2 and err.splitlines()[-1] == "  … and 30 more"
    assert len(err.splitlines()) == 102
    assert store.batches.list() == []
    code, _, err = cli("import", "fuel-logs", str(tmp_path / "missing.csv"))
    assert code == 2 and "no such file" in err


# -- the README's formats and sample files -----------------------------------------------------
def _readme_section() -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split("## Timesheets and fuel logs (CSV)", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("batch_type", ["timesheets", "fuel_logs"])
def test_the_readme_tables_are_the_format_specs(batch_type):
    section = _readme_section()
    for column in FORMATS[batch_type].columns:
        required = "yes" if column.required else "no"
        expected = (
            f"| `{column.name}` | {required} | {column.kind.value} | `{column.example}` "
            f"| {column.description} |"
        )
        assert expected in section, expected


@pytest.mark.parametrize(
    ("batch_type", "sample"), [("timesheets", "timesheets.csv"), ("fuel_logs", "fuel_logs.csv")]
)
def test_each_sample_file_imports_with_every_row(store, files, batch_type, sample):
    content = (REPO / "examples" / sample).read_bytes()
    data_lines = [line for line in content.decode().splitlines()[1:] if line.strip()]
    imported = import_csv(store, files, batch_type, content)
    assert imported.rows == len(data_lines) >= 5
    header = content.decode().splitlines()[0].split(",")
    assert header == FORMATS[batch_type].names  # the samples show every column
    assert f"`examples/{sample}`" in _readme_section()
