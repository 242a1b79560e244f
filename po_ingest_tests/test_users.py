"""Named users: tokens (hashed), roles (401 before 403 before anything else), own batches."""

import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from po_ingest.cli import main
from po_ingest.intake import callers
from po_ingest.lib.store.schema import users
from po_ingest.lib.tokens import token_problem
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import TOKEN

PDF = purchase_order_pdf(order("PO-USERS-1"))


@pytest.fixture
def cli(sqlite_url, monkeypatch, capsys):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", sqlite_url)

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def db_url(sqlite_url):
    """Roles and tokens do not depend on the database: SQLite only, to stay fast."""
    return sqlite_url


def _client(app, token: str) -> TestClient:
    client = TestClient(app)
    client.headers["Authorization"] = f"Bearer {token}"
    return client


def _upload(client: TestClient, **data):
    return client.post("/api/batches", files={"file": ("o.pdf", PDF, "application/pdf")}, data=data)


def test_users_add_prints_the_token_alone_on_the_last_line_and_stores_only_a_hash(
    cli, sqlite_url, store
):
    code, out, _ = cli("users", "add", "ana", "--role", "reviewer")
    token = out.splitlines()[-1]
    assert code == 0 and token_problem(token) is None
    with store.engine.connect() as conn:
        stored = [tuple(map(str, row)) for row in conn.execute(sa.select(users)).all()]
    assert stored and not any(token in value for row in stored for value in row)
    assert store.users.caller_for(token).name == "ana"

    code, out, _ = cli("users", "list")
    assert "ana" in out and "reviewer" in out and "revoked" not in out
    assert cli("users", "add", "ana", "--role", "uploader")[0] == 2
    assert cli("users", "revoke", "ana")[0] == 0
    assert store.users.caller_for(token) is None
    assert "revoked" in cli("users", "list")[1]
    code, _, err = cli("users", "revoke", "ana")
    assert code == 2 and "no active user" in err


def test_an_uploaders_batches_are_theirs_and_others_are_not_shown(app, store):
    ana, ben = store.users.add("ana", "uploader"), store.users.add("ben", "uploader")
    with _client(app, ana) as as_ana, _client(app, ben) as as_ben, _client(app, TOKEN) as admin:
        mine = _upload(as_ana, uploaded_by="somebody else").json()["batch_id"]
        shared = _upload(admin, uploaded_by="site office").json()["batch_id"]
        assert store.batches.get(mine).uploaded_by == "ana"
        assert store.batches.get(shared).uploaded_by == "site office"

        assert [b["id"] for b in as_ana.get("/api/batches").json()["items"]] == [mine]
        assert as_ana.get("/api/batches").json()["counts"] == {"pending": 1}
        assert as_ben.get("/api/batches").json()["items"] == []
        assert as_ben.get(f"/api/batches/{mine}").status_code == 404
        assert as_ana.get(f"/api/batches/{mine}").status_code == 200
        assert len(admin.get("/api/batches").json()["items"]) == 2


def test_a_wrong_role_is_403_and_a_bad_token_401_before_anything_else(app, store):
    uploader = store.users.add("ana", "uploader")
    with _client(app, uploader) as as_ana, _client(app, "x" * 40) as stranger:
        response = as_ana.post("/api/batches/not-an-id/retry")
        assert response.status_code == 403 and "reviewer" in response.json()["detail"]
        assert stranger.post("/api/batches/not-an-id/retry").status_code == 401


def test_a_revoked_token_is_refused_within_seconds(app, store, monkeypatch):
    monkeypatch.setattr(callers, "REMEMBER_SECONDS", 0.2)
    token = store.users.add("ana", "reviewer")
    with _client(app, token) as as_ana:
        assert as_ana.get("/api/batches").status_code == 200
        store.users.revoke("ana")
        time.sleep(0.3)
        response = as_ana.get("/api/batches")
    assert response.status_code == 401 and "revoked" in response.json()["detail"]
