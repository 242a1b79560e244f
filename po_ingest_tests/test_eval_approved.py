"""`po-ingest eval --approved`: the current extractor on the stored files of the orders
people approved, scored against the values they approved."""

import json

import pytest

from po_ingest.cli import main
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import import_batch
from po_ingest_tests.support.pipeline import SCRIPTED


def _stored(store, files, po_number: str) -> int:
    batch = accept_upload(store, files, [purchase_order_pdf(order(po_number))], filename="o.pdf")
    return import_batch(store, files, batch, po_number)


@pytest.fixture
def approved(store, files, db_url, monkeypatch, tmp_path):
    """PO-1 approved as read, PO-2 approved with a total the person typed, PO-3 rejected,
    PO-4 still in review, PO-5 approved but its file is gone."""
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", db_url)
    monkeypatch.setenv("PO_INGEST_FILES_DIR", str(files.root))
    monkeypatch.setenv("PO_INGEST_TEST_STATE_DIR", str(tmp_path / "state"))
    ids = {po: _stored(store, files, po) for po in ("PO-1", "PO-2", "PO-3", "PO-4", "PO-5")}
    store.reviews.correct(ids["PO-2"], "rita", 1, {"total": "99.00"})
    for po in ("PO-1", "PO-2", "PO-5"):
        store.reviews.approve(ids[po], "rita")
    store.reviews.reject(ids["PO-3"], "rita", "duplicate")
    files.delete(store.orders.get(ids["PO-5"])["file_key"])
    return ids


def test_eval_approved_scores_the_extractor_against_what_people_approved(approved, capsys):
    """The scripted extractor reads each PDF's own values, as printed."""
    assert main(["eval", "--approved", "--extractor", SCRIPTED]) == 0
    out, err = capsys.readouterr()
    rows = {line.split(" (")[0]: line for line in out.splitlines() if line.startswith("PO-")}
    assert sorted(rows) == ["PO-1", "PO-2"]
    assert " exact " in rows["PO-1"] and " WRONG " in rows["PO-2"]
    assert "2 purchase orders: 2 accepted (1 exact, 1 with a wrong value)" in out
    assert "1 approved orders have no stored file: PO-5" in err

    assert main(["eval", "--approved", "--extractor", SCRIPTED, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["approved"]
    assert (len(report["documents"]), report["exact"]) == (2, 1)
    (wrong,) = report["wrong_values"]
    assert wrong.startswith("PO-2 (") and wrong.endswith("total: 50.40 (truth 99)")


def test_eval_without_folders_or_approved_says_what_to_give(capsys):
    assert main(["eval"]) == 2
    assert "or --approved" in capsys.readouterr().err
