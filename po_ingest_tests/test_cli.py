"""`po-ingest` as a user types it: output, exit codes, and what lands in the database."""

import json
import os
import subprocess
import sys

import pytest

from po_ingest.cli import main
from po_ingest.lib.store import Store
from po_ingest_tests.support.documents import order, purchase_order_pdf


@pytest.fixture
def cli(db_url, monkeypatch, capsys):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def pdf(tmp_path):
    path = tmp_path / "order 17.pdf"
    path.write_bytes(purchase_order_pdf(order("PO-CLI")))
    return path


def test_upload_prints_the_batch_id_and_queues_it(cli, pdf, db_url):
    code, out, _ = cli("upload", str(pdf))
    assert code == 0
    batch = Store(db_url).batches.get(out.strip())
    assert batch.status == "pending" and batch.original_filename == "order 17.pdf"
    code, out, _ = cli("upload", str(pdf), "--json", "--type", "delivery_notes")
    assert json.loads(out)["status"] == "queued"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"just some text", "unsupported file type: text"),
        (b"", "the file is empty"),
        (b"PK\x03\x04zipzipzip", "ZIP archive"),
    ],
)
def test_upload_refuses_what_is_not_a_document(cli, tmp_path, content, message, db_url):
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(content)
    code, _, err = cli("upload", str(bad))
    assert code == 2 and message in err
    assert Store(db_url).batches.list() == []


def test_upload_refuses_files_over_20_mb(cli, tmp_path):
    big = tmp_path / "big.pdf"
    big.write_bytes(b"%PDF-1.4\n" + b"0" * (20 * 1024 * 1024))
    code, _, err = cli("upload", str(big))
    assert code == 2 and "20 MB" in err


def test_status_list_and_retry(cli, pdf, db_url):
    _, out, _ = cli("upload", str(pdf))
    batch_id = out.strip()
    code, out, _ = cli("status", batch_id, "--json")
    assert code == 0 and json.loads(out)["status"] == "pending"
    code, _, err = cli("retry", batch_id)
    assert code == 2 and "pending" in err
    store = Store(db_url)
    store.batches.claim(batch_id, "run-a", statuses=["pending"], generation=0)
    store.batches.mark_dead(batch_id, "run-a", "unreadable scan")
    code, out, _ = cli("status", batch_id)
    assert code == 1 and "dead" in out and "unreadable scan" in out
    code, out, _ = cli("list", "--status", "dead")
    assert batch_id in out
    assert cli("retry", batch_id)[0] == 0
    assert store.batches.get(batch_id).status == "pending"
    store.batches.claim(batch_id, "run-b", statuses=["pending"], generation=1)
    store.batches.mark_dead(batch_id, "run-b", "again")
    code, out, _ = cli("retry", "--all-dead")
    assert code == 0 and out.startswith("1 dead")


def test_status_of_unknown_and_malformed_ids(cli):
    assert "no batch" in cli("status", "aaaaaaaaaaaa")[2]
    assert "not a batch id" in cli("status", "../etc/passwd")[2]


def test_status_wait_returns_when_the_batch_settles(cli, pdf, db_url):
    _, out, _ = cli("upload", str(pdf))
    code, out, _ = cli("status", out.strip(), "--wait", "--timeout", "1")
    assert code == 3 and "pending" in out


def test_sites_import(cli, tmp_path, db_url):
    csv = tmp_path / "sites.csv"
    csv.write_text("name,project_code,aliases\nNorth yard,P-100,NY;north\nDepot,,\n")
    assert cli("sites", "import", str(csv))[1].strip() == "2 sites added, 0 updated"
    assert cli("sites", "import", str(csv))[1].strip() == "0 sites added, 2 updated"
    sites = {s.name: s for s in Store(db_url).sites.all()}
    assert sites["North yard"].aliases == ["NY", "north"]
    csv.write_text("name,code\nX,1\n")
    code, _, err = cli("sites", "import", str(csv))
    assert code == 2 and "missing" in err


def test_commands_before_migrations_say_what_to_do(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", f"sqlite:///{tmp_path / 'new.sqlite'}")
    assert main(["list"]) == 2
    assert "po-ingest db upgrade" in capsys.readouterr().err
    assert main(["db", "upgrade"]) == 0
    assert main(["list"]) == 0


def test_an_upload_imports_neither_dagster_nor_the_document_models(db_url, pdf, tmp_path):
    """`po-ingest upload` starts in a fraction of a second: it loads the batch store and
    nothing that only reading, reviewing or alerting needs (issue 20)."""
    probe = (
        "import sys\n"
        "from po_ingest.cli import main\n"
        f"assert main(['upload', {str(pdf)!r}]) == 0\n"
        "heavy = {'dagster', 'pydantic', 'pymupdf', 'fitz', 'apprise', 'google', 'pandas',"
        " 'alembic', 'httpx', 'rapidfuzz'}\n"
        "print(sorted(heavy & {name.split('.')[0] for name in sys.modules}))\n"
    )
    env = {**os.environ, "PO_INGEST_DATABASE_URL": db_url, "PO_INGEST_VAR_DIR": str(tmp_path)}
    env.pop("PO_INGEST_DAGSTER_GRAPHQL_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    batch_id, loaded = done.stdout.strip().splitlines()
    assert Store(db_url).batches.get(batch_id).status == "pending"
    assert loaded == "[]"
