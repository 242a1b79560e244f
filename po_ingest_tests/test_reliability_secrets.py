"""Secrets: an API key inside an exception message never reaches `last_error`, Dagster's
event log (messages, errors, metadata), the run record or the API's answers; the intake
refuses to start on an example, short or repetitive token, saying why without quoting it;
nothing the product writes (database, documents, folders) is readable by other users.

Every /api route without the token → 401 is `test_intake_api.py::
test_every_api_route_needs_the_token` (6 routes × 3 ids × 6 bad headers, checked against
the OpenAPI document); the Gemini client's own redaction is `test_gemini.py::
test_the_api_key_never_appears_in_an_error_and_errors_are_short`.
"""

import json
import os
import stat
import subprocess
import sys

import dagster as dg
import pytest
from fastapi.testclient import TestClient

from po_ingest.intake import serve
from po_ingest.intake.auth import ensure_api_token
from po_ingest.intake.settings import IntakeSettings, check_token
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import TOKEN, intake_app
from po_ingest_tests.support.pipeline import SCRIPTED, job_with, run_batch
from po_ingest_tests.support.reliability import LeakyExtractor, recorded_text
from po_ingest_tests.support.scripted_extractor import FAKE_API_KEY

# Shaped like nothing a credential pattern knows: only the literal value can be masked.
GEMINI_KEY = "gk-live-7Qm2xT9pL4vR8sW1zY6nB3cD"
LEAKY = "po_ingest_tests.support.reliability:LeakyExtractor"


def _api_answers(db_url, files, batch_id) -> str:
    with TestClient(intake_app(db_url, files.root)) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        answers = [
            client.get(f"/api/batches/{batch_id}"),
            client.get("/api/batches", params={"status": "dead"}),
            client.get("/api/batches"),
        ]
    assert all(a.status_code == 200 for a in answers)
    return "\n".join(a.text for a in answers)


def test_a_key_in_an_exception_reaches_no_record_of_the_batch(db_url, store, files, monkeypatch):
    monkeypatch.setenv("GEMINI_API_KEY", GEMINI_KEY)
    monkeypatch.setenv("PO_INGEST_API_TOKEN", TOKEN)
    batch = accept_upload(store, files, [purchase_order_pdf(order("PO-LEAK"))], filename="l.pdf")
    with dg.DagsterInstance.ephemeral() as instance:
        result = run_batch(job_with(db_url, files.root, extractor=LEAKY), instance, batch.id)
        recorded = recorded_text(instance, result.run_id)
    dead = store.batches.get(batch.id)
    assert (dead.status, dead.attempts) == ("dead", 3), dead.last_error
    assert LeakyExtractor.calls[batch.id] == 3
    assert "refused: *** / ***" in dead.last_error
    retries = [e for e in result.all_events if e.event_type_value == "STEP_UP_FOR_RETRY"]
    assert len(retries) == 2
    assert "credentials ***" in recorded and "RuntimeError" in recorded  # what was logged
    answers = _api_answers(db_url, files, batch.id)
    assert "refused: *** / ***" in answers
    for secret in (GEMINI_KEY, TOKEN):
        assert secret not in dead.last_error
        assert secret not in recorded, "in Dagster's event log or run record"
        assert secret not in answers, "in the API's JSON"
        assert secret not in json.dumps(dead.to_json())


def test_a_labelled_key_in_a_transient_error_is_masked_everywhere_on_success(db_url, store, files):
    """The scripted extractor's 503 says `key=AIza…`: masked in last_error while it waits,
    and absent from the successful run's events, materialization metadata and the API."""
    pdf = purchase_order_pdf(order("PO-LEAK-OK"), {"fail_times": 1})
    batch = accept_upload(store, files, [pdf], filename="ok.pdf")
    with dg.DagsterInstance.ephemeral() as instance:
        result = run_batch(job_with(db_url, files.root, extractor=SCRIPTED), instance, batch.id)
        recorded = recorded_text(instance, result.run_id)
    assert result.success and store.batches.get(batch.id).status == "processed"
    assert "key=***" in recorded
    metadata = [
        m.metadata
        for node in ("extracted_purchase_order", "purchase_order")
        for m in result.asset_materializations_for_node(node)
    ]
    assert FAKE_API_KEY not in recorded and FAKE_API_KEY not in str(metadata)
    assert FAKE_API_KEY not in _api_answers(db_url, files, batch.id)


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("change-me-to-a-long-random-token", "the example from the documentation"),
        ("CHANGE-ME-please-0f3a9c71be42d85e", "the example from the documentation"),
        ("Xr4Kq9Tz2Lm7Wc5Vn8Bj3Hd", "too short (23 characters, at least 32)"),
        ("a" * 40, "too little variety (1 distinct characters"),
        ("abab" * 10, "too little variety (2 distinct characters"),
        ("zq-0123456789abcdefghij-Xr4Kq9Tz2", "a run of consecutive characters"),
    ],
)
def test_example_short_or_repetitive_tokens_are_refused_at_start_up(
    token, reason, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("PO_INGEST_API_TOKEN", token)
    monkeypatch.setenv("PO_INGEST_VAR_DIR", str(tmp_path))
    assert serve.main([]) == 2
    message = capsys.readouterr().err
    assert message.startswith("error: PO_INGEST_API_TOKEN is refused: it ")
    assert reason in message and "secrets.token_urlsafe(32)" in message
    assert token not in message


def test_a_generated_token_is_accepted(tmp_path):
    token = ensure_api_token(tmp_path)
    assert check_token(token) is None


def _world_readable(root) -> list[str]:
    return [
        f"{path.relative_to(root)} {stat.S_IMODE(path.stat().st_mode):o}"
        for path in [root, *root.rglob("*")]
        if path.stat().st_mode & 0o007
    ]


def test_nothing_the_product_writes_is_world_readable(tmp_path):
    """The CLI as an operator runs it (from a shell with umask 022): database, documents, folders."""
    var = tmp_path / "var"
    var.mkdir(mode=0o700)  # the operator's; what is in it is the product's
    env = {
        **os.environ,
        "PO_INGEST_VAR_DIR": str(var),
        "PO_INGEST_DATABASE_URL": f"sqlite:///{var / 'po_ingest.sqlite'}",
        "PO_INGEST_FILES_DIR": str(var / "files"),
    }
    pdf = tmp_path / "order.pdf"
    pdf.write_bytes(purchase_order_pdf(order("PO-PRIVATE-1")))
    cli = [sys.executable, "-c", "import sys; from po_ingest.cli import main; sys.exit(main())"]
    for args in (["db", "upgrade"], ["upload", str(pdf)]):
        subprocess.run(
            [*cli, *args],
            env=env,
            check=True,
            capture_output=True,
            preexec_fn=lambda: os.umask(0o022),
        )
    written = sorted(p.name for p in var.rglob("*") if p.is_file())
    assert "po_ingest.sqlite" in written and any(name.endswith(".pdf") for name in written)
    assert _world_readable(var) == []


def test_the_file_store_creates_private_files_whatever_the_umask(files):
    previous = os.umask(0o022)
    try:
        files.write("batches/abc.pdf", [b"%PDF-1.4"])
        files.copy("batches/abc.pdf", "orders/abc.pdf")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(files.path("orders/abc.pdf").stat().st_mode) == 0o640
    assert _world_readable(files.root) == []


def test_api_docs_are_off_unless_asked_for(sqlite_url, files, monkeypatch):
    with TestClient(intake_app(sqlite_url, files.root)) as anonymous:
        assert anonymous.get("/docs").status_code == 404
        assert anonymous.get("/redoc").status_code == 404
        assert anonymous.get("/openapi.json").json()["info"]["title"] == "po_ingest intake"
    monkeypatch.setenv("PO_INGEST_API_DOCS", "1")
    assert IntakeSettings.from_env().api_docs
    with TestClient(intake_app(sqlite_url, files.root, api_docs=True)) as anonymous:
        for path in ("/docs", "/redoc"):
            page = anonymous.get(path)
            assert page.status_code == 200
            assert page.headers["content-security-policy"].startswith("sandbox allow-scripts")
            assert "@5.17.14/" in page.text or "@2.1.5/" in page.text  # pinned, never @5
            assert "fastapi.tiangolo.com" not in page.text
