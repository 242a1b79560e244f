"""The intake's launch-now when Dagster cannot take it: refused → the launch is given back to the
pending sensor; sent but unanswered → kept, for the reconciliation (the run may exist)."""

import socket
import threading

import pytest

from po_ingest.lib import launch_now as launch_now_module
from po_ingest.lib.intake import accept_upload
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import free_port


def _upload(store, files):
    pdf = purchase_order_pdf(order("PO-NOW-1"))
    return accept_upload(store, files, [pdf], filename="PO-NOW-1.pdf")


@pytest.fixture
def silent_server():
    """Accepts connections and never answers."""
    server = socket.create_server(("127.0.0.1", 0))
    held = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/graphql"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_a_refused_launch_is_left_to_the_sensor(store, files):
    batch = _upload(store, files)
    url = f"http://127.0.0.1:{free_port()}/graphql"  # nothing listens
    assert launch_now_module.launch_now(store, files, batch, url) is None
    again = store.batches.get(batch.id)
    assert again.launched_generation is None, "the sensor's next tick launches it"
    assert [b.id for b in store.batches.due_pending(["purchase_orders"], limit=10)] == [batch.id]


def test_an_unanswered_launch_stays_marked_so_no_second_run_starts(
    store, files, silent_server, monkeypatch
):
    monkeypatch.setattr(launch_now_module, "TIMEOUT_SECONDS", 0.5)
    batch = _upload(store, files)
    assert launch_now_module.launch_now(store, files, batch, silent_server) is None
    again = store.batches.get(batch.id)
    assert again.launched_generation == batch.generation
    assert store.batches.due_pending(["purchase_orders"], limit=10) == []


def test_without_a_url_nothing_is_marked(store, files, monkeypatch):
    monkeypatch.delenv("PO_INGEST_DAGSTER_GRAPHQL_URL", raising=False)
    batch = _upload(store, files)
    assert launch_now_module.launch_now(store, files, batch) is None
    assert store.batches.get(batch.id).launched_generation is None
