"""A code rollout in the production shape (support/production.py): the code location's gRPC
server is gone while runs wait in the queue, long enough that the queue fails to launch them,
then a new one starts. Its own stack, with a small local lane, so that two busy runs make five
more wait in the queue, and a short wait between the queue's launch attempts."""

import pytest

from po_ingest.lib.lanes import LOCAL, MODEL
from po_ingest_tests.support.daemon import wait_for
from po_ingest_tests.support.production import production_stack, read_yaml

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]
BUSY, QUEUED = 2, 5


def _small_local_lane() -> dict:
    runs = read_yaml("dagster.yaml")["concurrency"]["runs"]
    runs["tag_concurrency_limits"] = [
        {"key": "po_ingest/lane", "value": LOCAL, "limit": BUSY},
        {"key": "po_ingest/lane", "value": MODEL, "limit": 2},
    ]
    queue = read_yaml("dagster.yaml")["run_coordinator"]
    queue["config"]["user_code_failure_retry_delay"] = 5
    return {"concurrency": {"runs": runs}, "run_coordinator": queue}


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    with production_stack(tmp_path_factory.mktemp("rollout"), _small_local_lane()) as stack:
        yield stack


def test_runs_queued_while_the_code_location_is_gone_all_import(stack):
    # Busy until released: queued runs must not start before the code location goes.
    busy = [stack.upload(f"PO-ROLL-BUSY-{n}", script={"hold": "busy"}) for n in range(BUSY)]
    wait_for(
        lambda: all(stack.batch(b)["status"] == "processing" for b in busy),
        120,
        "the local lane to be busy",
    )
    waiting = [stack.upload(f"PO-ROLL-{n}") for n in range(QUEUED)]

    def queued() -> bool:
        """One run per batch, all still queued."""
        runs = [[r["status"] for r in stack.runs_of(b)] for b in waiting]
        started = sum(statuses != ["QUEUED"] for statuses in runs)
        return all(len(statuses) == 1 for statuses in runs) and started == 0

    # The intake asks the webserver for each run (the sensor would make them all in one tick);
    # on 2 cores beside other end-to-end tests that can take a while.
    wait_for(queued, 180, f"{QUEUED} runs in the queue, one per batch", poll=1)
    stack.kill_code_location()  # its running runs go on, as run containers would
    stack.release("busy")
    try:
        wait_for(
            lambda: all(stack.batch(b)["status"] == "processed" for b in busy),
            120,
            "the busy runs to end without their code server",
        )
    except TimeoutError as exc:  # seen when a busy run failed on the gemini pool race (README)
        runs = [run["runId"] for b in busy for run in stack.runs_of(b)]
        events = [f"{r}: {m}" for r in runs for m in stack.engine_messages(r)[-8:]]
        raise AssertionError(
            "\n".join([str(exc), stack.describe(busy), *events, stack.logs()])
        ) from None
    queued_runs = [stack.runs_of(b)[0]["runId"] for b in waiting]
    wait_for(
        lambda: any(
            "failed to reach the user code server, re-submitting" in message
            for run_id in queued_runs
            for message in stack.engine_messages(run_id)
        ),
        60,
        "the queue to fail to launch a run and keep it queued",
    )
    stack.start_code_location()

    settled = stack.wait_all_settled(busy + waiting, timeout=300)
    assert {b["id"]: b["status"] for b in settled} == {b: "processed" for b in busy + waiting}
    for n in range(QUEUED):
        assert stack.orders_with_po_number(f"PO-ROLL-{n}") == 1
    assert stack.store.batches.list(status="pending") == []
    assert stack.store.batches.list(status="processing") == []
