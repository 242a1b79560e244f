import pytest

from po_ingest.lib.batch_state import Outcome, Status, Transition, next_state, retry_delay
from po_ingest.lib.settings import RetryPolicy

P, PR, F, D = Status.PENDING, Status.PROCESSING, Status.FAILED, Status.DEAD


@pytest.mark.parametrize(
    ("status", "outcome", "attempts", "expected"),
    [
        (P, Outcome.OK, 1, Transition(Status.PROCESSED)),
        (PR, Outcome.OK, 1, Transition(Status.PROCESSED)),
        (PR, Outcome.OK, 3, Transition(Status.PROCESSED)),
        (PR, Outcome.TRANSIENT, 1, Transition(F, 60)),
        (PR, Outcome.TRANSIENT, 2, Transition(F, 300)),
        (PR, Outcome.TRANSIENT, 3, Transition(D)),
        (PR, Outcome.TRANSIENT, 4, Transition(D)),
        (PR, Outcome.PERMANENT, 1, Transition(D)),
        (PR, Outcome.CANCELED, 1, Transition(D)),
        (F, Outcome.OK, 2, Transition(Status.PROCESSED)),
    ],
)
def test_next_state(status, outcome, attempts, expected):
    assert next_state(status, outcome, attempts) == expected


@pytest.mark.parametrize(("attempt", "delay"), [(1, 60), (2, 300), (3, None), (0, None)])
def test_retry_delay_defaults(attempt, delay):
    assert retry_delay(attempt) == delay


@pytest.mark.parametrize("status", [Status.PROCESSED, Status.DEAD])
def test_terminal_states_have_no_attempt_to_settle(status):
    with pytest.raises(ValueError):
        next_state(status, Outcome.OK, 1)


def test_policy_from_environment(monkeypatch):
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "1,2,4")
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "5")
    policy = RetryPolicy.from_env()
    assert [retry_delay(n, policy) for n in range(1, 6)] == [1, 2, 4, 4, None]
    assert next_state(PR, Outcome.TRANSIENT, 4, policy) == Transition(F, 4)
    assert next_state(PR, Outcome.TRANSIENT, 5, policy) == Transition(D)


@pytest.mark.parametrize("raw", ["a,b", "-1,5"])
def test_bad_delays_are_refused_clearly(monkeypatch, raw):
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", raw)
    with pytest.raises(ValueError, match="PO_INGEST_RETRY_DELAYS"):
        RetryPolicy.from_env()
