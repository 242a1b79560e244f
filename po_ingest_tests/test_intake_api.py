"""The intake API in-process (Starlette's TestClient) on a real database and file store."""

import hashlib
import os
import re
import select
import socket
import stat

import pytest
import sqlalchemy as sa
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient

from po_ingest.intake.app import create_app
from po_ingest.intake.auth import ensure_api_token
from po_ingest.intake.settings import ApiTokenRefused, IntakeSettings
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES
from po_ingest.lib.sites import Site
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import (
    DAGSTER_UI,
    TOKEN,
    BackgroundServer,
    import_batch,
    intake_app,
    put_in_state,
    stored_files,
)

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(64)
PDF = purchase_order_pdf(order("PO-API-1"))


def upload(client, content: bytes, filename="order.pdf", content_type="application/pdf", **data):
    return client.post("/api/batches", files={"file": (filename, content, content_type)}, data=data)


# -- uploads ---------------------------------------------------------------------------------
def test_upload_answers_202_and_writes_the_row_and_the_file(client, store, files):
    response = upload(client, PDF, filename="..\\..\\scans/order   one.pdf. ")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "queued"
    assert response.headers["location"] == f"/api/batches/{body['batch_id']}"

    batch = store.batches.get(body["batch_id"])
    assert (batch.status, batch.attempts, batch.batch_type) == ("pending", 0, "purchase_orders")
    assert batch.content_type == "application/pdf"
    assert batch.original_filename == "order one.pdf"
    assert (batch.file_size, batch.file_sha256) == (len(PDF), hashlib.sha256(PDF).hexdigest())
    assert files.read(batch.original_file) == PDF
    assert stored_files(files) == [files.path(batch.original_file)]


def test_content_type_comes_from_the_bytes_not_from_the_client(client, store, files):
    response = upload(client, PNG, filename="scan.pdf", content_type="application/pdf")
    assert response.status_code == 202
    batch = store.batches.get(response.json()["batch_id"])
    assert batch.content_type == "image/png"
    assert batch.original_file.endswith(".png")
    assert files.read(batch.original_file) == PNG


@pytest.mark.parametrize(
    ("content", "named"),
    [
        (b"\x00\xfe\x9a" + os.urandom(4096), "unknown binary data"),
        (b"PK\x03\x04" + os.urandom(512), "ZIP archive"),
        (b"hello, this is plain text", "text"),
    ],
)
def test_unsupported_bytes_are_refused_naming_what_they_are(client, store, files, content, named):
    response = upload(client, content, content_type="application/pdf")
    assert response.status_code == 400
    assert named in response.json()["detail"]
    assert "expected PDF, JPEG, PNG or WEBP" in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


def test_empty_file_is_refused(client, store, files):
    response = upload(client, b"")
    assert response.status_code == 400 and "empty" in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


def test_one_byte_over_20_mb_is_refused_with_nothing_left_on_disk(client, store, files):
    response = upload(client, b"%PDF-" + bytes(MAX_UPLOAD_BYTES - 4))
    assert response.status_code == 413
    assert "20 MB" in response.json()["detail"]
    assert store.batches.list() == []
    assert stored_files(files) == []  # no .tmp-* file either


def test_exactly_20_mb_is_accepted(client, store, files):
    response = upload(client, b"%PDF-" + bytes(MAX_UPLOAD_BYTES - 5))
    assert response.status_code == 202
    assert store.batches.get(response.json()["batch_id"]).file_size == MAX_UPLOAD_BYTES


def _send_chunked_upload(url: str, chunks) -> tuple[bytes, int]:
    """POST a chunked multipart body over a raw socket, stopping when the server answers.
    Returns (the response's head, the file bytes sent)."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
    boundary = "b0undary"
    sock.sendall(
        f"POST /api/batches HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {TOKEN}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        "Transfer-Encoding: chunked\r\n\r\n".encode()
    )

    def send_chunk(data: bytes) -> None:
        sock.sendall(b"%x\r\n%s\r\n" % (len(data), data))

    sent = 0
    try:
        send_chunk(
            f"--{boundary}\r\nContent-Disposition: form-data; name=file; filename=big.pdf\r\n"
            "Content-Type: application/pdf\r\n\r\n".encode()
        )
        for chunk in chunks:
            if select.select([sock], [], [], 0)[0]:
                break  # the server has answered: stop sending
            send_chunk(chunk)
            sent += len(chunk)
        else:
            send_chunk(f"\r\n--{boundary}--\r\n".encode())
            sock.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.settimeout(30)
    head = sock.recv(4096)
    sock.close()
    return head, sent


def test_a_streamed_upload_is_read_only_up_to_the_limit(app, store, files):
    """No Content-Length (chunked, 50 MB offered): the server stops reading near 20 MB."""
    chunk = 64 * 1024
    chunks = (b"%PDF-" + bytes(chunk - 5) if n == 0 else bytes(chunk) for n in range(800))
    with BackgroundServer(app) as server:
        head, sent = _send_chunked_upload(server.url, chunks)
    assert head.startswith(b"HTTP/1.1 413")
    assert MAX_UPLOAD_BYTES < sent < MAX_UPLOAD_BYTES + 8 * 1024 * 1024, sent
    assert store.batches.list() == [] and stored_files(files) == []


def test_a_declared_length_far_over_the_limit_is_refused_before_reading(client, files):
    response = client.post(
        "/api/batches",
        content=b"x" * 10,
        headers={
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": str(MAX_UPLOAD_BYTES * 2),
        },
    )
    assert response.status_code == 413
    assert stored_files(files) == []


@pytest.mark.parametrize("field_first", [True, False], ids=["type-before-file", "type-after"])
def test_unknown_batch_type_is_refused_and_nothing_is_kept(client, store, files, field_first):
    boundary = b"formboundary"
    type_part = (
        b'--formboundary\r\nContent-Disposition: form-data; name="batch_type"\r\n\r\ninvoices\r\n'
    )
    file_part = (
        b"--formboundary\r\n"
        b'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n' + PDF + b"\r\n"
    )
    parts = type_part + file_part if field_first else file_part + type_part
    response = client.post(
        "/api/batches",
        content=parts + b"--formboundary--\r\n",
        headers={"Content-Type": f"multipart/form-data; boundary={boundary.decode()}"},
    )
    assert response.status_code == 400
    assert "unknown batch_type 'invoices'" in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


def test_batch_type_is_taken_from_the_form(client, store):
    response = upload(client, PDF, batch_type="delivery_notes", uploaded_by="site office")
    batch = store.batches.get(response.json()["batch_id"])
    assert (batch.batch_type, batch.uploaded_by) == ("delivery_notes", "site office")


@pytest.mark.parametrize("batch_type", ["timesheets", "fuel_logs"])
def test_a_csv_type_is_not_queued_and_the_answer_says_where_it_goes(
    client, store, files, batch_type
):
    """No run ever takes these types: queued, they would wait as `pending` forever."""
    response = upload(client, PDF, batch_type=batch_type)
    assert response.status_code == 400
    assert f"POST /api/imports/{batch_type}" in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


@pytest.mark.parametrize(
    ("body", "content_type", "status", "message"),
    [
        (b"--b\r\nContent-Disposition: form-data; name=\"batch_type\"\r\n\r\npurchase_orders\r\n--b--\r\n", "multipart/form-data; boundary=b", 400, "no file"),
        (b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4 trunc", "multipart/form-data; boundary=b", 400, "ended"),
        (b"--b\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nx\r\n--b--\r\n", "multipart/form-data; boundary=b", 400, "unexpected form field 'other'"),
        (b"%PDF-1.4", "application/pdf", 415, "multipart/form-data"),
        (b"--b\r\n\r\n", "multipart/form-data", 400, "boundary"),
    ],
    ids=["no-file", "truncated", "unknown-field", "not-multipart", "no-boundary"],
)  # fmt: skip
def test_malformed_forms_are_refused(client, store, files, body, content_type, status, message):
    response = client.post("/api/batches", content=body, headers={"Content-Type": content_type})
    assert response.status_code == status
    assert message in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


def test_two_files_in_one_upload_are_refused(client, store, files):
    response = client.post(
        "/api/batches",
        files=[("file", ("a.pdf", PDF, "application/pdf")), ("file", ("b.png", PNG, "image/png"))],
    )
    assert response.status_code == 400 and "one file" in response.json()["detail"]
    assert store.batches.list() == [] and stored_files(files) == []


# -- duplicates ------------------------------------------------------------------------------
def test_identical_bytes_already_imported_become_processed_at_once(client, store, files):
    first = store.batches.get(upload(client, PDF).json()["batch_id"])
    order_id = import_batch(store, files, first, "PO-API-1")
    files_before = stored_files(files)

    response = upload(client, PDF, filename="again.pdf")
    assert response.status_code == 202
    second = store.batches.get(response.json()["batch_id"])
    assert second.status == "processed"
    assert second.processed_record_id == order_id
    assert second.warnings == ["duplicate_file"]
    assert second.original_file is None and second.attempts == 0
    assert stored_files(files) == files_before  # the order keeps the one copy

    shown = client.get(f"/api/batches/{second.id}").json()
    assert (shown["status"], shown["processed_record_id"]) == ("processed", order_id)
    assert shown["order_url"] == f"/orders/{order_id}"


def test_identical_bytes_not_yet_imported_are_queued_normally(client, store):
    first = upload(client, PDF).json()["batch_id"]
    second = upload(client, PDF).json()["batch_id"]
    assert [store.batches.get(b).status for b in (first, second)] == ["pending", "pending"]


def test_identical_bytes_of_another_batch_type_are_queued_normally(client, store, files):
    first = store.batches.get(upload(client, PDF).json()["batch_id"])
    import_batch(store, files, first, "PO-API-1")
    note = upload(client, PDF, batch_type="delivery_notes").json()["batch_id"]
    assert store.batches.get(note).status == "pending"


# -- status, retry, list ---------------------------------------------------------------------
def test_batch_status_shows_progress_and_the_dagster_run(client, store):
    batch_id = upload(client, PDF).json()["batch_id"]
    put_in_state(store, store.batches.get(batch_id), "failed")
    body = client.get(f"/api/batches/{batch_id}").json()
    assert body["status"] == "failed" and body["attempts"] == 1
    assert body["last_error"] == "model unavailable (503)"
    assert body["next_retry_at"] is not None
    assert body["dagster_run_id"] == f"run-{batch_id}"
    assert body["dagster_run_url"] == f"{DAGSTER_UI}/runs/run-{batch_id}"
    assert body["warnings"] == [] and body["processed_record_id"] is None


def test_unknown_batch_is_404_and_a_malformed_id_400(client):
    assert client.get("/api/batches/abcdefghjkmn").status_code == 404
    assert client.post("/api/batches/abcdefghjkmn/retry").status_code == 404
    for bad in ("nope", "ABCDEFGHJKMN", "abcdefghjkm0", "a" * 40):
        assert client.get(f"/api/batches/{bad}").status_code == 400
        assert client.post(f"/api/batches/{bad}/retry").status_code == 400
    assert "is not a batch id" in client.get("/api/batches/nope").json()["detail"]


@pytest.mark.parametrize("status", ["pending", "processing"])
def test_retry_of_a_batch_in_flight_is_409(client, store, status):
    batch_id = upload(client, PDF).json()["batch_id"]
    put_in_state(store, store.batches.get(batch_id), status)
    response = client.post(f"/api/batches/{batch_id}/retry")
    assert response.status_code == 409
    assert f"is {status}" in response.json()["detail"]
    assert store.batches.get(batch_id).status == status


def test_retry_of_a_processed_batch_is_409(client, store, files):
    batch = store.batches.get(upload(client, PDF).json()["batch_id"])
    import_batch(store, files, batch, "PO-API-1")
    assert client.post(f"/api/batches/{batch.id}/retry").status_code == 409
    assert store.batches.get(batch.id).status == "processed"


@pytest.mark.parametrize("status", ["failed", "dead"])
def test_retry_of_a_failed_or_dead_batch_starts_it_over(client, store, status):
    batch_id = upload(client, PDF).json()["batch_id"]
    put_in_state(store, store.batches.get(batch_id), status)
    response = client.post(f"/api/batches/{batch_id}/retry")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["attempts"]) == ("pending", 0)
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.attempts, batch.generation) == ("pending", 0, 1)


def test_list_filters_by_status_and_type_and_pages(client, store):
    ids = {}
    for status in ("pending", "processing", "failed", "dead"):
        ids[status] = upload(client, PDF).json()["batch_id"]
        put_in_state(store, store.batches.get(ids[status]), status)
    note = upload(client, PNG, batch_type="delivery_notes").json()["batch_id"]

    everything = client.get("/api/batches").json()
    assert {b["id"] for b in everything["items"]} == {*ids.values(), note}
    assert everything["counts"] == {"pending": 2, "processing": 1, "failed": 1, "dead": 1}
    assert (everything["limit"], everything["offset"]) == (50, 0)

    dead = client.get("/api/batches", params={"status": "dead"}).json()["items"]
    assert [b["id"] for b in dead] == [ids["dead"]]
    notes = client.get("/api/batches", params={"batch_type": "delivery_notes"}).json()["items"]
    assert [b["id"] for b in notes] == [note]
    both = client.get("/api/batches", params={"status": "pending", "batch_type": "purchase_orders"})
    assert [b["id"] for b in both.json()["items"]] == [ids["pending"]]

    newest_first = [b["id"] for b in everything["items"]]
    page = client.get("/api/batches", params={"limit": 2, "offset": 1}).json()["items"]
    assert [b["id"] for b in page] == newest_first[1:3]


@pytest.mark.parametrize(
    "params",
    [
        {"status": "done"},
        {"batch_type": "invoices"},
        {"limit": 0},
        {"limit": 501},
        {"limit": "ten"},
        {"offset": -1},
        {"offset": 10**12},
    ],
)
def test_list_refuses_bad_parameters(client, params):
    response = client.get("/api/batches", params=params)
    assert response.status_code == 422
    assert response.json()["detail"]


# -- orders ----------------------------------------------------------------------------------
def test_order_shows_header_lines_warnings_site_and_batch(client, store, files):
    store.sites.upsert([Site(name="Harbour Tower", project_code="P-100")])
    batch = store.batches.get(upload(client, PDF, filename="po one.pdf").json()["batch_id"])
    order_id = import_batch(store, files, batch, "PO-API-1")

    body = client.get(f"/api/purchase-orders/{order_id}").json()
    assert body["po_number"] == "PO-API-1" and body["id"] == order_id
    assert (body["supplier_name"], body["order_date"]) == ("Acme Building Supplies", "2026-11-02")
    assert body["site"]["name"] == "Harbour Tower" and body["project_code"] == "P-100"
    assert (body["currency"], body["subtotal"], body["tax"], body["total"]) == (
        "EUR",
        "42.00",
        "8.40",
        "50.40",
    )
    assert body["batch_id"] == batch.id and body["warnings"] == []
    assert body["file_url"] == f"/api/purchase-orders/{order_id}/file"
    assert [(i["line_number"], i["item_code"], i["quantity"], i["line_total"]) for i in body["items"]] == [
        (1, "IT-001", "2", "21.00"),
        (2, "IT-002", "2", "21.00"),
    ]  # fmt: skip


def test_order_without_a_matching_site_has_the_warning(client, store, files):
    batch = store.batches.get(upload(client, PDF).json()["batch_id"])
    order_id = import_batch(store, files, batch, "PO-API-1")
    body = client.get(f"/api/purchase-orders/{order_id}").json()
    assert body["site"] is None and body["warnings"] == ["site_unmatched"]


def test_order_file_is_the_stored_original_with_its_content_type(client, store, files):
    batch = store.batches.get(upload(client, PNG, filename="photo.png").json()["batch_id"])
    order_id = import_batch(store, files, batch, "PO-API-PHOTO")
    response = client.get(f"/api/purchase-orders/{order_id}/file")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert response.content == PNG
    assert 'filename="photo.png"' in response.headers["content-disposition"]
    assert response.headers["content-disposition"].startswith("inline")


def test_unknown_or_malformed_order_ids(client):
    assert client.get("/api/purchase-orders/4242").status_code == 404
    assert client.get("/api/purchase-orders/4242/file").status_code == 404
    for bad in ("abc", "0", "-1", str(2**31)):
        assert client.get(f"/api/purchase-orders/{bad}").status_code == 422
        assert client.get(f"/api/purchase-orders/{bad}/file").status_code == 422


def test_order_whose_file_went_missing_is_404(client, store, files):
    batch = store.batches.get(upload(client, PDF).json()["batch_id"])
    order_id = import_batch(store, files, batch, "PO-API-1")
    files.delete(store.orders.get(order_id)["file_key"])
    response = client.get(f"/api/purchase-orders/{order_id}/file")
    assert response.status_code == 404 and "missing" in response.json()["detail"]


# -- authentication --------------------------------------------------------------------------
def _api_calls(app):
    """(method, path template) for every /api route of the app, checked against the OpenAPI."""
    calls = []
    for route in iter_route_contexts(app.routes):
        if route.path and route.path.startswith("/api"):
            calls += [(method, route.path) for method in route.methods]
    documented = [
        (method.upper(), path)
        for path, operations in app.openapi()["paths"].items()
        for method in operations
    ]
    assert len(calls) == len(documented) == 23
    return calls


def test_every_api_route_needs_the_token(app, client, store, files):
    batch_id = upload(client, PDF).json()["batch_id"]  # a real batch: 401, not 404
    calls = _api_calls(app)
    bad_headers = [
        {},
        {"Authorization": "Bearer wrong-token-0123456789abcdef"},
        {"Authorization": f"Bearer {TOKEN}x"},
        {"Authorization": f"Basic {TOKEN}"},
        {"Authorization": TOKEN},
        {"Authorization": "Bearer "},
    ]
    with TestClient(app) as anonymous:
        for method, template in calls:
            # An unknown id, a real one, a malformed one: auth comes first, so 401 for all.
            for batch, order_id in (("abcdefghjkmn", "1"), (batch_id, "1"), ("NOT-AN-ID", "x")):
                real_path = (
                    template.replace("{batch_id}", batch)
                    .replace("{order_id}", order_id)
                    .replace("{note_id}", order_id)
                    .replace("{line_id}", order_id)
                    .replace("{batch_type}", "timesheets")
                    .replace("{page}", "1")
                )
                assert "{" not in real_path, f"fill in the parameters of {template}"
                for headers in bad_headers:
                    response = anonymous.request(method, real_path, headers=headers)
                    assert response.status_code == 401, (method, real_path, headers)
                    assert response.headers["www-authenticate"] == "Bearer"
        assert anonymous.get("/api/batches", params={"limit": "ten"}).status_code == 401
        response = anonymous.post("/api/batches", files={"file": ("a.pdf", PDF, "application/pdf")})
        assert response.status_code == 401
    assert [b.id for b in store.batches.list()] == [batch_id]
    assert store.batches.get(batch_id).status == "pending"


def test_pages_and_static_files_are_public(app):
    with TestClient(app) as anonymous:
        page = anonymous.get("/")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert 'id="drop-zone"' in page.text
        assert anonymous.get("/orders/12").status_code == 200
        for path in ("/review", "/review/12"):
            review = anonymous.get(path)
            assert review.status_code == 200 and 'id="review-form"' in review.text
            assert "default-src 'self'" in review.headers["content-security-policy"]
        modules = ("review", "review_form", "review_lines", "review_queue", "review_document")
        scripts = [f"{name}.js" for name in (*modules, "arithmetic")]
        for name in ("app.js", "api.js", "order.js", "style.css", *scripts):
            assert anonymous.get(f"/static/{name}").status_code == 200
        assert anonymous.get("/openapi.json").status_code == 200


def test_the_app_refuses_to_start_without_a_token(db_url, files, monkeypatch):
    monkeypatch.delenv("PO_INGEST_API_TOKEN", raising=False)
    with pytest.raises(ApiTokenRefused, match="PO_INGEST_API_TOKEN is not set"):
        create_app(IntakeSettings.from_env())
    with pytest.raises(ApiTokenRefused, match="too short \\(5 characters"):
        create_app(IntakeSettings(api_token="short", database_url=db_url, files_dir=files.root))
    monkeypatch.setenv("PO_INGEST_API_TOKEN", TOKEN)
    monkeypatch.setenv("PO_INGEST_DAGSTER_UI_URL", "https://dagster.example.com/")
    settings = IntakeSettings.from_env()
    assert settings.dagster_ui_url == "https://dagster.example.com"
    create_app(settings)


def test_ensure_api_token_creates_a_private_token_once(tmp_path):
    token = ensure_api_token(tmp_path / "var")
    path = tmp_path / "var" / "api_token"
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert ensure_api_token(tmp_path / "var") == token
    path.chmod(0o644)
    assert ensure_api_token(tmp_path / "var") == token
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# -- unavailable database or disk --------------------------------------------------------------
def _assert_503_and_nothing_stored(client, files):
    response = upload(client, PDF)
    assert response.status_code == 503
    assert "unavailable" in response.json()["detail"]
    assert response.headers["retry-after"]
    assert stored_files(files) == []


def test_503_and_no_orphan_file_when_the_sqlite_table_is_gone(sqlite_url, files):
    with sa.create_engine(sqlite_url).begin() as conn:
        conn.exec_driver_sql("ALTER TABLE data_import_batches RENAME TO gone")
    with TestClient(intake_app(sqlite_url, files.root)) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        _assert_503_and_nothing_stored(client, files)
        assert client.get("/api/batches").status_code == 503


def test_503_and_no_orphan_file_when_postgres_is_unreachable(files):
    url = "postgresql+psycopg2://postgres@127.0.0.1:1/po_ingest?connect_timeout=2"
    try:
        with TestClient(intake_app(url, files.root)) as client:
            client.headers["Authorization"] = f"Bearer {TOKEN}"
            _assert_503_and_nothing_stored(client, files)
            assert client.get("/api/batches/abcdefghjkmn").status_code == 503
    finally:
        dispose_all()


def test_503_when_the_file_store_cannot_be_written(sqlite_url, tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_bytes(b"")
    with TestClient(intake_app(sqlite_url, blocker / "files")) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        response = upload(client, PDF)
        assert response.status_code == 503
        assert "file store" in response.json()["detail"]
    assert Store(sqlite_url).batches.list() == []
