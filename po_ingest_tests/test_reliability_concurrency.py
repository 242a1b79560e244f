"""Concurrency: 200 uploads at once over HTTP while 4 runs process the queue — every batch
processed exactly once, one order per po_number, no file lost or orphaned.

The uploads go through the real intake app served by uvicorn (32 client threads). The
processing is the real `process_batch` job, executed in-process by 4 worker threads (each
with its own Dagster instance), which launch runs for due pending batches the way the
`pending_batches` sensor does, and sometimes two for the same batch: the claim decides.
200 runs through the daemon would take minutes per database; in-process they take seconds
and exercise the same claim → extract → persist code and the same database races.
"""

import pytest

from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import TOKEN, BackgroundServer, intake_app
from po_ingest_tests.support.pipeline import job_with, run_batch
from po_ingest_tests.support.reliability import (
    Workers,
    assert_each_processed_once,
    assert_files_consistent,
    upload_concurrently,
)

UPLOADS = 200
DISTINCT_PO_NUMBERS = 190


def _documents() -> list[tuple[str, bytes]]:
    """190 orders; 5 more with the po_number of another order (other bytes), and 5 byte-for-byte
    re-uploads: duplicates must link to the first order, never store a second one."""
    docs = [
        (f"PO-C-{n}.pdf", purchase_order_pdf(order(f"PO-C-{n}", lines=1 + n % 3)))
        for n in range(DISTINCT_PO_NUMBERS)
    ]
    docs += [(f"again-{n}.pdf", purchase_order_pdf(order(f"PO-C-{n}", lines=4))) for n in range(5)]
    docs += [(f"copy-{n}.pdf", docs[10 + n][1]) for n in range(5)]
    assert len(docs) == UPLOADS
    return docs


@pytest.mark.slow
def test_200_concurrent_uploads_4_concurrent_runs_each_processed_once(db_url, store, files):
    job = job_with(db_url, files.root)

    def run(instance, batch_id, generation):
        return run_batch(job, instance, batch_id, generation=generation).success

    workers = Workers(store, run, count=4).start()
    with BackgroundServer(intake_app(db_url, files.root)) as server:
        responses = upload_concurrently(server.url, TOKEN, _documents(), threads=32)
    workers.stop_when_idle()

    assert [r.status_code for r in responses] == [202] * UPLOADS, {
        r.status_code: r.text for r in responses if r.status_code != 202
    }
    batch_ids = {r.json()["batch_id"] for r in responses}
    assert len(batch_ids) == UPLOADS
    orders = assert_each_processed_once(store, batch_ids)
    assert sorted(orders) == sorted(f"PO-C-{n}" for n in range(DISTINCT_PO_NUMBERS))
    for batch in store.batches.list(limit=UPLOADS):
        owner = store.orders.get(batch.processed_record_id)["batch_id"]
        if owner == batch.id:
            assert batch.original_file is None and "duplicate" not in batch.warnings
        else:  # a later upload of a stored order: linked to it, with the reason
            assert {"duplicate", "duplicate_file"} & set(batch.warnings), batch
    assert_files_consistent(store, files)
    # A winning run did its batch; the loser of a claim race changed nothing.
    assert workers.runs["won"] == UPLOADS - sum(
        1 for b in store.batches.list(limit=UPLOADS) if "duplicate_file" in b.warnings
    )
